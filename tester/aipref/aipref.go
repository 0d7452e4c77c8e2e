// Package aipref reads the lines that say what fetched content may be used
// for, beside the rules that say what may be fetched:
//
//   - Content-Signal, from Cloudflare's Content Signals Policy (published
//     24 September 2025, contentsignals.org): `search`, `ai-input` and
//     `ai-train`, each `yes` or `no`, comma-separated.
//   - Content-Usage, from the IETF AI Preferences drafts: the attachment
//     draft draft-ietf-aipref-attach-05 (19 August 2026) puts an optional
//     path pattern, then a preference, in a robots.txt group; the preference
//     is a Structured Fields dictionary (RFC 9651) whose labels come from the
//     vocabulary draft — `train-ai` and `search` since
//     draft-ietf-aipref-vocab-05 (1 December 2025), unchanged in -07 (19
//     August 2026), which also keeps the vocabulary flat — each `y` or `n`
//     (-08, of 14 September 2026, could not be read here; docs/ai.md). A
//     Content-Usage line applies to the paths it matches, longest pattern
//     first like Allow and Disallow, and only to paths that may be crawled.
//
// Neither vocabulary is settled; both are drafts or vendor proposals.
package aipref

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Draft names what this package follows, for the UI and the docs.
const (
	AttachDraft   = "draft-ietf-aipref-attach-05 (2026-08-19)"
	VocabDraft    = "draft-ietf-aipref-vocab-07 (2026-08-19)"
	SignalsPolicy = "Cloudflare Content Signals Policy (2025-09-24)"
)

// Content-Signal keys.
const (
	SignalSearch  = "search"
	SignalAIInput = "ai-input"
	SignalAITrain = "ai-train"
)

// SignalUse is the `use` key Cloudflare's managed robots.txt adds to
// Content-Signal ("how AI systems may consume the content"), with one of
// UseValues; it is not part of the 2025-09-24 policy text.
const SignalUse = "use"

// UseValues are the values of `use`: immediate (interact, keep nothing),
// reference (index, excerpt and link back), full (summarize and reproduce).
var UseValues = []string{"immediate", "reference", "full"}

// SignalKeys are the keys of the Content Signals Policy.
var SignalKeys = []string{SignalSearch, SignalAIInput, SignalAITrain}

// Content-Usage labels.
const (
	UsageTrainAI = "train-ai"
	UsageSearch  = "search"
)

// UsageKeys are the vocabulary's current labels.
var UsageKeys = []string{UsageTrainAI, UsageSearch}

// EarlierUsageKeys are labels earlier vocabulary drafts had and the current
// one dropped.
var EarlierUsageKeys = []string{"train-genai", "ai-use", "bots"}

// Pref is one key=value member of a signal or usage line.
type Pref struct {
	Key   string // as written
	Value string // as written
	// Set is true when the value says yes or no (yes/no for Content-Signal,
	// y/n for Content-Usage); Yes is then the answer.
	Set bool
	Yes bool
	Off int // byte offset of the member in the line's value
}

// ProblemKind classifies what is wrong with a value.
type ProblemKind uint8

// Problems a value can have.
const (
	ProblemEmpty      ProblemKind = iota // no value at all
	ProblemSyntax                        // a member that is not key=value (Detail: the member)
	ProblemValue                         // a value other than the allowed ones (Detail: key=value)
	ProblemUnknownKey                    // a key the vocabulary does not have (Detail: the key)
	ProblemEarlierKey                    // a label an earlier draft had (Detail: the key)
	ProblemDuplicate                     // a key given twice in one line (Detail: the key)
	ProblemPath                          // a Content-Usage path that does not start with / or * (Detail: the path)
)

// Problem is one thing wrong with a value: a diag.Diagnostic (a warning,
// its Span in bytes of the value, its Code the kind's name, the sentence for
// the user) with the Kind and Detail a caller such as lint builds its own
// finding and fix from.
type Problem struct {
	diag.Diagnostic
	Kind   ProblemKind
	Detail string
}

var kindCodes = [...]string{"empty", "syntax", "value", "unknown-key", "earlier-key", "duplicate", "path"}

// String is the kind's name, the Code of its problems.
func (k ProblemKind) String() string {
	if int(k) < len(kindCodes) {
		return kindCodes[k]
	}
	return "problem?"
}

// The sentences keep the keys they had when lint wrote them.
var (
	msgPrefEmpty     = msg.Def("lint.aipref.empty", "`{{.Field}}` has no preference: write e.g. `{{.Example}}`")
	msgSignalSyntax  = msg.Def("lint.aipref.signal_syntax", "`{{.Member}}` is not `name=yes` or `name=no`: readers of the Content Signals Policy skip it")
	msgSignalValue   = msg.Def("lint.aipref.signal_value", "`{{.Member}}`: a content signal is `yes` or `no`")
	msgUsageSyntax   = msg.Def("lint.aipref.usage_syntax", "`{{.Member}}` is not a preference of the form `label=y` or `label=n` (lower-case label): the AI Preferences draft ignores it")
	msgUsageValue    = msg.Def("lint.aipref.usage_value", "`{{.Member}}`: a usage preference is `y` or `n`; anything else states no preference")
	msgUsagePath     = msg.Def("lint.aipref.usage_path", "`{{.Path}}` is not a path: a Content-Usage path starts with `/` (or `*`), like an Allow or Disallow path")
	msgPrefDuplicate = msg.Def("lint.aipref.duplicate", "`{{.Key}}` appears twice on this line")
	msgSignalUnknown = msg.Def("lint.aipref.signal_unknown", "`{{.Key}}` is not a content signal (search, ai-input, ai-train): it is ignored")
	msgUsageUnknown  = msg.Def("lint.aipref.usage_unknown", "`{{.Key}}` is not a label of the AI Preferences vocabulary (train-ai, search): it is ignored")
	msgUsageEarlier  = msg.Def("lint.aipref.usage_earlier", "`{{.Key}}` was a label in earlier AI Preferences drafts; the current one has only train-ai and search")
)

// newProblem is a problem of kind k at [off, end) of a value; member is the
// text there as written, usage says a Content-Usage value (else a
// Content-Signal one).
func newProblem(k ProblemKind, detail, member string, off, end int, usage bool) Problem {
	var text msg.Text
	switch k {
	case ProblemEmpty:
		field, example := syntax.CanonicalName(syntax.ContentSignal), "search=yes, ai-train=no"
		if usage {
			field, example = syntax.CanonicalName(syntax.ContentUsage), "train-ai=n"
		}
		text = msg.New(msgPrefEmpty, "Field", field, "Example", example)
	case ProblemSyntax:
		text = msg.New(pick(usage, msgUsageSyntax, msgSignalSyntax), "Member", member)
	case ProblemValue:
		text = msg.New(pick(usage, msgUsageValue, msgSignalValue), "Member", member)
	case ProblemPath:
		text = msg.New(msgUsagePath, "Path", detail)
	case ProblemDuplicate:
		text = msg.New(msgPrefDuplicate, "Key", detail)
	case ProblemEarlierKey:
		text = msg.New(msgUsageEarlier, "Key", detail)
	case ProblemUnknownKey:
		text = msg.New(pick(usage, msgUsageUnknown, msgSignalUnknown), "Key", detail)
	}
	return Problem{Diagnostic: diag.Diagnostic{Code: k.String(), Severity: diag.Warning, Span: diag.Span{Start: off, End: end},
		Message: text}, Kind: k, Detail: detail}
}

func pick(usage bool, ifUsage, ifSignal string) string {
	if usage {
		return ifUsage
	}
	return ifSignal
}

// Signal is a parsed Content-Signal value.
type Signal struct {
	Prefs    []Pref
	Problems []Problem
}

// Usage is a parsed Content-Usage value.
type Usage struct {
	Path     string // "" when the line has none: it applies to every path
	Prefs    []Pref
	Problems []Problem
}

// ParseSignal reads a Content-Signal value such as
// `search=yes, ai-train=no`. Keys compare without regard to case.
func ParseSignal(value string) Signal {
	var s Signal
	s.Prefs, s.Problems = parseMembers(value, 0, false)
	return s
}

// ParseUsage reads a Content-Usage value such as `/blog/ train-ai=y`.
func ParseUsage(value string) Usage {
	var u Usage
	off := 0
	v := value
	if v != "" && (v[0] == '/' || v[0] == '*') {
		end := strings.IndexAny(v, " \t")
		if end < 0 {
			u.Path = v
			u.Problems = append(u.Problems, newProblem(ProblemEmpty, "", "", len(value), len(value), true))
			return u
		}
		u.Path = v[:end]
		off = end
		for off < len(v) && (v[off] == ' ' || v[off] == '\t') {
			off++
		}
	} else if word, _, spaced := strings.Cut(v, " "); spaced && !strings.ContainsAny(word, "=,") {
		// A first word that is neither a path nor a preference: a path
		// written without its leading slash ("blog/ train-ai=n").
		end := strings.IndexAny(v, " \t")
		u.Problems = append(u.Problems, newProblem(ProblemPath, v[:end], v[:end], 0, end, true))
		return u
	}
	u.Prefs, u.Problems = parseMembers(value[off:], off, true)
	return u
}

// parseMembers reads comma-separated key=value members. usage selects the
// Content-Usage rules (RFC 9651 keys, y/n values, `;parameters` ignored).
func parseMembers(value string, base int, usage bool) ([]Pref, []Problem) {
	var prefs []Pref
	var probs []Problem
	if strings.TrimSpace(value) == "" {
		return nil, []Problem{newProblem(ProblemEmpty, "", value, base, base+len(value), usage)}
	}
	seen := map[string]bool{}
	pos := 0
	for _, member := range strings.Split(value, ",") {
		start := pos
		pos += len(member) + 1
		lead := len(member) - len(strings.TrimLeft(member, " \t"))
		m := strings.TrimSpace(member)
		written := m
		off, end := base+start+lead, base+start+lead+len(m)
		if m == "" {
			probs = append(probs, newProblem(ProblemSyntax, "", written, off, end, usage))
			continue
		}
		if usage {
			if i := strings.IndexByte(m, ';'); i >= 0 {
				m = strings.TrimSpace(m[:i]) // parameters carry nothing this vocabulary defines
			}
		}
		key, val, ok := strings.Cut(m, "=")
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		if !ok || key == "" || val == "" || strings.ContainsAny(key, " \t") || strings.ContainsAny(val, " \t") ||
			usage && !isSFKey(key) {
			probs = append(probs, newProblem(ProblemSyntax, m, written, off, end, usage))
			continue
		}
		p := Pref{Key: key, Value: val, Off: off}
		lk := strings.ToLower(key)
		switch {
		case !usage && lk == SignalUse && contains(UseValues, strings.ToLower(val)):
			// how much of the content AI systems may keep: not a yes or no
		case usage && (val == "y" || val == "n"):
			p.Set, p.Yes = true, val == "y"
		case !usage && (strings.EqualFold(val, "yes") || strings.EqualFold(val, "no")):
			p.Set, p.Yes = true, strings.EqualFold(val, "yes")
		default:
			probs = append(probs, newProblem(ProblemValue, key+"="+val, written, off, end, usage))
		}
		known, earlier := SignalKeys, []string(nil)
		if usage {
			known, earlier = UsageKeys, EarlierUsageKeys
		}
		switch {
		case contains(known, lk), !usage && lk == SignalUse:
		case contains(earlier, lk):
			probs = append(probs, newProblem(ProblemEarlierKey, key, key, off, off+len(key), usage))
		default:
			probs = append(probs, newProblem(ProblemUnknownKey, key, key, off, off+len(key), usage))
		}
		if seen[lk] {
			probs = append(probs, newProblem(ProblemDuplicate, key, written, off, end, usage))
		}
		seen[lk] = true
		prefs = append(prefs, p)
	}
	return prefs, probs
}

// isSFKey reports whether k is a Structured Fields dictionary key (RFC 9651
// §3.1.2): a lower-case letter or `*`, then lower-case letters, digits and
// `_-.*`.
func isSFKey(k string) bool {
	if k == "" || !(k[0] >= 'a' && k[0] <= 'z' || k[0] == '*') {
		return false
	}
	for i := 1; i < len(k); i++ {
		c := k[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.' || c == '*') {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
