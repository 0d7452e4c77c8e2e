package lint

import (
	"math"
	"net/url" // stands in for the WHATWG URL parser Lighthouse calls (new URL), not for tester/uri
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Readers are programs that read robots.txt without being crawlers, and
// judge it: a line one of them rejects can cost a site elsewhere. Each is
// data — the fields it knows, the checks it makes in its own words, its
// limits — with its source and the date it was read; RS052 lints with them.
// (The crawlers' own limits — Google's 500 KiB, Yandex's 500 KB, line
// lengths — are the engines' Traits, linted by RS031 and RS032; no reader's
// documentation gives a size limit of its own.)

// Reader is one such program, in one range of versions.
type Reader struct {
	Name     string // "Lighthouse"
	Versions string // "13.0.2–13.4.1"; empty when the reader has no versions to choose
	// Accepts are the field names it knows, lower case; a field off the
	// list gets Checks.UnknownField. Nil: every field but those in Flags.
	Accepts []string
	// Flags are the fields it is documented to flag when Accepts is nil.
	Flags  []string
	Checks Checks
	Limits Limits
	// Cost is what a rejected line costs, in its words.
	Cost   msg.Text
	Source string // where its behaviour was read
	Read   string // when
	// SaidBy is the lint rule that already reports this reader's
	// rejections; RS052 leaves them to it.
	SaidBy string
}

// Reason is a check a reader makes: its own error text (empty when it does
// not make the check) and whether it calls the finding an error. Lighthouse
// fails its audit on any of its checks, so all of its reasons are errors;
// Yandex Webmaster sorts its list into errors and warnings.
type Reason struct {
	Text  string
	Error bool
}

// Checks are the line checks a reader makes, in the order Reader.Rejects
// applies them.
type Checks struct {
	NoColon         Reason // a line that is no field
	UnknownField    Reason // a field it does not know
	EmptyAgent      Reason // User-agent without a value
	PathStart       Reason // an Allow or Disallow path starting with neither / nor *
	DollarInside    Reason // a $ before the end of a path
	RuleBeforeAgent Reason // an Allow or Disallow before any User-agent
	RuleTooLong     Reason // a path longer than Limits.RuleChars
	SitemapURL      Reason // a Sitemap that is not an absolute URL
	SitemapScheme   Reason // a Sitemap URL whose scheme is off SitemapSchemes
	CleanParam      Reason // a Clean-param that is not `p0[&p1…] [path]`
	TooManyRules    Reason // the rule past Limits.Rules
	// SitemapSchemes are the schemes SitemapScheme accepts.
	SitemapSchemes []string
}

// Limits are what a reader documents it counts; 0: no limit.
type Limits struct {
	Rules     int // Allow and Disallow lines in the file
	RuleChars int // characters of one rule's path
}

// rejection is a reader's verdict on one line: the reason and which check
// gave it.
type rejection struct {
	Reason
	field bool // the check was UnknownField
}

// Lighthouse's robots-txt audit (core/audits/seo/robots-txt.js) fails when
// any line breaks one of its checks: a line without a colon, a field off
// its list, a user-agent without a value, an Allow or Disallow before any
// user-agent, a path that starts with neither / nor *, a $ before the end,
// a sitemap that is not an http, https or ftp URL. The audit weighs 1 in
// the SEO category, whose weights add up to 9 + 93/23 in 13.4.1
// (core/config/default-config.js), so failing it costs about 8 points.
const (
	lighthouseSource = "https://github.com/GoogleChrome/lighthouse/blob/v13.4.1/core/audits/seo/robots-txt.js"
	lighthouseRead   = "2026-11-28"
)

var lighthouseBase = []string{"user-agent", "disallow", "allow", "sitemap", "crawl-delay", "clean-param", "host",
	"request-rate", "visit-time", "noindex"}

var lighthouseChecks = Checks{
	NoColon:         Reason{"Syntax not understood", true},
	UnknownField:    Reason{"Unknown directive", true},
	EmptyAgent:      Reason{"No user-agent specified", true},
	PathStart:       Reason{`Pattern should either be empty, start with "/" or "*"`, true},
	DollarInside:    Reason{`"$" should only be used at the end of the pattern`, true},
	RuleBeforeAgent: Reason{"No user-agent specified", true},
	SitemapURL:      Reason{"Invalid sitemap URL", true},
	SitemapScheme:   Reason{"Invalid sitemap URL protocol", true},
	SitemapSchemes:  []string{"http", "https", "ftp"},
}

// seoPoints is what one failed audit of weight 1 costs in Lighthouse
// 13.4.1's SEO category, rounded.
var seoPoints = int(math.Round(100 / (9 + 93.0/23)))

// Yandex Webmaster's robots.txt analysis: its reference of errors and
// warnings lists the texts below, and the limits of 2048 rules in a file and
// 1024 characters in a rule ("Robots.txt file size limit exceeded", "Rule
// too long"). The page says what the analysis reports, not what the robot
// then does with the rules past a limit. "Unknown directive found" is a
// directive the rules for using robots.txt do not describe: Yandex's help
// describes User-agent, Disallow, Allow, Sitemap, Clean-param and
// Crawl-delay (which the robot no longer takes into account, since
// 2018-02-22). Host, which Yandex read until 2018 (RS023), is taken as
// known: no page read says the analysis flags it. Not modelled: "Multiple
// 'User-agent: *' rules found" (a finding about the file, RS016's) and the
// warning for "a special character other than * and $" (the page names no
// characters).
const (
	yandexSource = "https://yandex.com/support/webmaster/en/error-dictionary/robots-txt"
	yandexRead   = "2026-11-29"
)

var yandexFields = []string{"user-agent", "disallow", "allow", "sitemap", "clean-param", "crawl-delay", "host"}

var yandexChecks = Checks{
	NoColon:         Reason{"Syntax error", false},
	UnknownField:    Reason{"Unknown directive found", false},
	PathStart:       Reason{"Rule doesn't start with / or *", true},
	RuleBeforeAgent: Reason{"No User-agent directive in front of rule.", true},
	RuleTooLong:     Reason{"Rule too long", true},
	SitemapURL:      Reason{"Invalid Sitemap file URL format", true},
	CleanParam:      Reason{"Invalid Clean-param directive format", true},
	TooManyRules:    Reason{"Robots.txt file size limit exceeded", true},
}

// Google Search Console's robots.txt report: Cloudflare's documentation of
// its managed robots.txt warns that the report may show "Syntax not
// understood" for Content Signals (a caution added on 2025-09-30,
// cloudflare-docs pull request 25534) and says it
// has observed no effect on crawling or SEO. Google's own help says nothing
// of Content-Signal, and no source read says the report flags Content-Usage,
// so only Content-Signal is modelled. RS048 already says it.
const (
	searchConsoleSource = "https://developers.cloudflare.com/bots/additional-configurations/managed-robots-txt/"
	searchConsoleRead   = "2026-11-29"
)

var (
	msgLighthouseCost    = msg.Def("lint.readers.lighthouse_cost", "the robots-txt audit fails: about −{{.Points}} points of the SEO score")
	msgYandexCost        = msg.Def("readers.yandex_cost", "Yandex's help does not say what the robot does with what the analysis reports")
	msgSearchConsoleCost = msg.Def("readers.search_console_cost", "Cloudflare has observed no effect on crawling or ranking from it")
)

// Readers lists the readers RS052 checks; the versions of one reader come
// together, newest first.
func Readers() []Reader {
	cost := msg.New(msgLighthouseCost, "Points", seoPoints)
	return []Reader{
		// content-signal joined the list in commit 1ddd51b (2026-01-12),
		// first released in 13.0.2 (2026-02-06).
		{Name: "Lighthouse", Versions: "13.0.2–13.4.1", Accepts: append(append([]string{}, lighthouseBase...), "content-signal"),
			Checks: lighthouseChecks, Cost: cost, Source: lighthouseSource, Read: lighthouseRead},
		{Name: "Lighthouse", Versions: "12.x–13.0.1", Accepts: lighthouseBase,
			Checks: lighthouseChecks, Cost: cost, Source: lighthouseSource, Read: lighthouseRead},
		{Name: "Yandex Webmaster", Accepts: yandexFields, Checks: yandexChecks, Limits: Limits{Rules: 2048, RuleChars: 1024},
			Cost: msg.New(msgYandexCost), Source: yandexSource, Read: yandexRead},
		{Name: "Google Search Console", Flags: []string{"content-signal"}, Checks: Checks{UnknownField: Reason{"Syntax not understood", false}},
			Cost: msg.New(msgSearchConsoleCost), Source: searchConsoleSource, Read: searchConsoleRead, SaidBy: "RS048"},
	}
}

// Rejects says why r rejects line ("" when it does not), with its own
// error text; afterUA is whether a User-agent line came before it in the
// file. Limits on the whole file (TooManyRules) are not a line's: RS052
// counts them.
func (r Reader) Rejects(line string, afterUA bool) string {
	return r.rejects(line, afterUA).Text
}

func (r Reader) rejects(line string, afterUA bool) rejection {
	c := &r.Checks
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	line = strings.TrimSpace(line)
	if line == "" {
		return rejection{}
	}
	name, value, ok := strings.Cut(line, ":")
	if !ok {
		return rejection{Reason: c.NoColon}
	}
	name, value = strings.ToLower(strings.TrimSpace(name)), strings.TrimSpace(value)
	if !r.knows(name) {
		return rejection{Reason: c.UnknownField, field: true}
	}
	var why Reason
	switch name {
	case "sitemap":
		u, err := url.Parse(value)
		switch {
		case err != nil || !u.IsAbs():
			why = c.SitemapURL
		case len(c.SitemapSchemes) > 0 && !slices.Contains(c.SitemapSchemes, strings.ToLower(u.Scheme)):
			why = c.SitemapScheme
		}
	case "user-agent":
		if value == "" {
			why = c.EmptyAgent
		}
	case "clean-param":
		if !cleanParamError(value).IsZero() {
			why = c.CleanParam
		}
	case "allow", "disallow":
		if value != "" && value[0] != '/' && value[0] != '*' {
			why = c.PathStart
		}
		if i := strings.IndexByte(value, '$'); why.Text == "" && i >= 0 && i != len(value)-1 {
			why = c.DollarInside
		}
		if why.Text == "" && !afterUA {
			why = c.RuleBeforeAgent
		}
		if why.Text == "" && r.tooLong(value) {
			why = c.RuleTooLong
		}
	}
	return rejection{Reason: why}
}

// knows reports whether r accepts the field name (lower case).
func (r Reader) knows(name string) bool {
	if r.Accepts == nil {
		return !slices.Contains(r.Flags, name)
	}
	return slices.Contains(r.Accepts, name)
}

// tooLong reports whether the rule path v is past r's limit, counted in
// characters.
func (r Reader) tooLong(v string) bool {
	n := r.Limits.RuleChars
	return n > 0 && len(v) > n && utf8.RuneCountInString(v) > n
}

var (
	msgReaderAll    = msg.Def("lint.readers.rejected_all", "{{.Reader}} {{.Versions}} rejects this line (`{{.Reason}}`): {{.Cost}} (read from {{.Source}}, {{.Read}})")
	msgReaderOlds   = msg.Def("lint.readers.rejected_older", "{{.Reader}} {{.Versions}} rejects this line (`{{.Reason}}`), newer versions accept it: with those older versions {{.Cost}} (read from {{.Source}}, {{.Read}})")
	msgReaderOne    = msg.Def("readers.rejected", "{{.Reader}} reports {{if .Error}}an error{{else}}a warning{{end}} on this line (`{{.Reason}}`): {{.Cost}} (read from {{.Source}}, {{.Read}})")
	msgReadersAnd   = msg.Def("readers.and", "{{.First}}; {{.Rest}}")
	msgTooManyRules = msg.Def("readers.too_many_rules", "{{.Reader}} counts {{.Count}} rules (Allow and Disallow lines) in this file, and its limit is {{.Limit}}: this is rule {{.Rule}}, and it reports an error (`{{.Reason}}`); {{.Cost}} (read from {{.Source}}, {{.Read}})")
	msgRulesTooLong = msg.Def("readers.rules_too_long", "{{.Count}} rules are longer than {{.Limit}} characters, the limit of {{.Reader}}; this one has {{.Chars}}, and it reports an error (`{{.Reason}}`) on each; {{.Cost}} (read from {{.Source}}, {{.Read}})")
	_               = msg.One("readers.rules_too_long", "{{.Count}} rule is longer than {{.Limit}} characters, the limit of {{.Reader}}; this one has {{.Chars}}, and it reports an error (`{{.Reason}}`) on it; {{.Cost}} (read from {{.Source}}, {{.Read}})")
)

// readerLimit counts one reader's limits over the file.
type readerLimit struct {
	r                     *Reader
	ruleAt                int // line of the rule past Limits.Rules
	long, longAt, longLen int // rules past Limits.RuleChars, the first one's line and length
}

// checkReaders: lines a reader of the file (not a crawler) rejects, and
// files past a reader's limits. One finding per line naming every reader
// that rejects it: a warning when one of them calls it an error (for
// Lighthouse: when its newest versions reject it), else a note. Then one
// finding per limit a reader counts past.
func checkReaders(s *state) {
	readers := Readers()
	var limits []readerLimit
	for i := range readers {
		if readers[i].Limits != (Limits{}) {
			limits = append(limits, readerLimit{r: &readers[i]})
		}
	}
	afterUA := false
	rules := 0
	for n := 1; n <= len(s.doc.Lines); n++ {
		l := &s.doc.Lines[n-1]
		if l.Kind == syntax.UserAgent && !l.Value.Empty() {
			afterUA = true // Lighthouse opens a group at a user-agent line it accepts
		}
		if l.Kind.IsRule() && !l.Has(syntax.FlagTypo) && !l.Has(syntax.FlagKeyPrefix) {
			rules++
			for i := range limits {
				lim := &limits[i]
				if rules == lim.r.Limits.Rules+1 {
					lim.ruleAt = n
				}
				if v := s.val(n); lim.r.tooLong(v) {
					if lim.long++; lim.longAt == 0 {
						lim.longAt, lim.longLen = n, utf8.RuneCountInString(v)
					}
				}
			}
			continue
		}
		// Only the lines a site adds on purpose for some reader — fields
		// beyond User-agent, Allow, Disallow and Sitemap, written as such:
		// the others' mistakes have their own rules (RS001, RS003, RS008,
		// RS009, RS015), which say what they cost the crawlers; so does a
		// malformed Clean-param (RS026). What is left is a field a reader
		// does not know.
		if l.Kind < syntax.Host || l.Kind > syntax.Unknown || l.Has(syntax.FlagTypo) || l.Has(syntax.FlagKeyPrefix) || l.Has(syntax.FlagMissingColon) {
			continue
		}
		raw := string(s.doc.Src[l.Start:l.End])
		if text, sev, ok := readersRejecting(readers, raw, afterUA); ok {
			a, b := s.lineSpan(n)
			s.report(finding{code: "RS052", sev: sev, start: a, end: b, text: text})
		}
	}
	for _, lim := range limits {
		r := lim.r
		if lim.ruleAt > 0 {
			a, b := s.lineSpan(lim.ruleAt)
			s.report(finding{code: "RS052", sev: readerSeverity(r.Checks.TooManyRules), start: a, end: b,
				text: msg.New(msgTooManyRules, "Reader", r.Name, "Count", rules, "Limit", r.Limits.Rules, "Rule", r.Limits.Rules+1,
					"Reason", r.Checks.TooManyRules.Text, "Cost", r.Cost, "Source", r.Source, "Read", r.Read)})
		}
		if lim.long > 0 {
			a, b := s.lineSpan(lim.longAt)
			s.report(finding{code: "RS052", sev: readerSeverity(r.Checks.RuleTooLong), start: a, end: b,
				text: msg.New(msgRulesTooLong, "Reader", r.Name, "Count", lim.long, "Limit", r.Limits.RuleChars, "Chars", lim.longLen,
					"Reason", r.Checks.RuleTooLong.Text, "Cost", r.Cost, "Source", r.Source, "Read", r.Read)})
		}
	}
}

// readersRejecting is the text naming every reader that rejects a field
// line because it does not know the field, each once (a reader's versions
// together), and the finding's severity; ok is false when none does.
func readersRejecting(readers []Reader, raw string, afterUA bool) (text msg.Text, sev diag.Severity, ok bool) {
	var parts []msg.Text
	grave := false
	for i := 0; i < len(readers); {
		r := readers[i]
		j := i + 1
		for j < len(readers) && readers[j].Name == r.Name {
			j++
		}
		family := readers[i:j]
		i = j
		if r.SaidBy != "" {
			continue
		}
		newest := r.rejects(raw, afterUA)
		switch {
		case newest.field && r.Versions == "":
			parts = append(parts, msg.New(msgReaderOne, "Reader", r.Name, "Error", newest.Error, "Reason", newest.Text,
				"Cost", r.Cost, "Source", r.Source, "Read", r.Read))
			grave = grave || newest.Error
		case newest.field:
			// every version from the newest back to the oldest that rejects it
			oldest := r
			for _, o := range family[1:] {
				if !o.rejects(raw, afterUA).field {
					break
				}
				oldest = o
			}
			span := versionFrom(oldest.Versions) + "–" + versionTo(r.Versions)
			parts = append(parts, msg.New(msgReaderAll, "Reader", r.Name, "Versions", span, "Reason", newest.Text,
				"Cost", r.Cost, "Source", r.Source, "Read", r.Read))
			grave = grave || newest.Error
		default:
			for _, o := range family[1:] {
				if why := o.rejects(raw, afterUA); why.field {
					parts = append(parts, msg.New(msgReaderOlds, "Reader", o.Name, "Versions", o.Versions, "Reason", why.Text,
						"Cost", o.Cost, "Source", o.Source, "Read", o.Read))
					break
				}
			}
		}
	}
	if len(parts) == 0 {
		return msg.Text{}, 0, false
	}
	text = parts[len(parts)-1]
	for k := len(parts) - 2; k >= 0; k-- {
		text = msg.New(msgReadersAnd, "First", parts[k], "Rest", text)
	}
	return text, readerSeverity(Reason{Error: grave}), true
}

// readerSeverity is a warning for what the reader calls an error, else a
// note.
func readerSeverity(why Reason) diag.Severity {
	if why.Error {
		return diag.Warning
	}
	return diag.Info
}

// versionFrom and versionTo are the ends of a range of versions
// ("12.x–13.0.1").
func versionFrom(v string) string { a, _, _ := strings.Cut(v, "–"); return a }

func versionTo(v string) string {
	if _, b, ok := strings.Cut(v, "–"); ok {
		return b
	}
	return v
}
