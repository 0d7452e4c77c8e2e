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
//     August 2026), which also keeps the vocabulary flat — each `y` or `n`. A
//     Content-Usage line applies to the paths it matches, longest pattern
//     first like Allow and Disallow, and only to paths that may be crawled.
//
// Neither vocabulary is settled; both are drafts or vendor proposals.
package aipref

import "strings"

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

// Problem is one thing wrong with a value; Off and End are byte offsets in
// the value.
type Problem struct {
	Kind     ProblemKind
	Detail   string
	Off, End int
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
			u.Problems = append(u.Problems, Problem{Kind: ProblemEmpty, Off: len(value), End: len(value)})
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
		u.Problems = append(u.Problems, Problem{Kind: ProblemPath, Detail: v[:end], Off: 0, End: end})
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
		return nil, []Problem{{Kind: ProblemEmpty, Off: base, End: base + len(value)}}
	}
	seen := map[string]bool{}
	pos := 0
	for _, member := range strings.Split(value, ",") {
		start := pos
		pos += len(member) + 1
		lead := len(member) - len(strings.TrimLeft(member, " \t"))
		m := strings.TrimSpace(member)
		off, end := base+start+lead, base+start+lead+len(m)
		if m == "" {
			probs = append(probs, Problem{Kind: ProblemSyntax, Detail: "", Off: off, End: end})
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
			probs = append(probs, Problem{Kind: ProblemSyntax, Detail: m, Off: off, End: end})
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
			probs = append(probs, Problem{Kind: ProblemValue, Detail: key + "=" + val, Off: off, End: end})
		}
		known, earlier := SignalKeys, []string(nil)
		if usage {
			known, earlier = UsageKeys, EarlierUsageKeys
		}
		switch {
		case contains(known, lk), !usage && lk == SignalUse:
		case contains(earlier, lk):
			probs = append(probs, Problem{Kind: ProblemEarlierKey, Detail: key, Off: off, End: off + len(key)})
		default:
			probs = append(probs, Problem{Kind: ProblemUnknownKey, Detail: key, Off: off, End: off + len(key)})
		}
		if seen[lk] {
			probs = append(probs, Problem{Kind: ProblemDuplicate, Detail: key, Off: off, End: end})
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
