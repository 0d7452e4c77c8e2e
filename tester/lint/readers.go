package lint

import (
	"math"
	"net/url" // stands in for the WHATWG URL parser Lighthouse calls (new URL), not for tester/uri
	"strings"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Readers are programs that read robots.txt without being crawlers, and
// judge it: a line one of them rejects can cost a site elsewhere. Each is
// data with its source and the date it was read; RS052 lints with them.
// (The crawlers' own limits — Google's 500 KiB, line lengths — are the
// engines' Traits, linted by RS031 and RS032.)

// Reader is one such program, in one range of versions.
type Reader struct {
	Name     string // "Lighthouse"
	Versions string // "13.0.2–13.4.1"
	// Accepts are the field names it knows, lower case.
	Accepts []string
	// Cost is what a rejected line costs, in its words.
	Cost   msg.Text
	Source string // where its behaviour was read
	Read   string // when
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

// seoPoints is what one failed audit of weight 1 costs in Lighthouse
// 13.4.1's SEO category, rounded.
var seoPoints = int(math.Round(100 / (9 + 93.0/23)))

var msgLighthouseCost = msg.Def("lint.readers.lighthouse_cost", "the robots-txt audit fails: about −{{.Points}} points of the SEO score")

// Readers lists the readers RS052 checks, newest first.
func Readers() []Reader {
	cost := msg.New(msgLighthouseCost, "Points", seoPoints)
	return []Reader{
		// content-signal joined the list in commit 1ddd51b (2026-01-12),
		// first released in 13.0.2 (2026-02-06).
		{Name: "Lighthouse", Versions: "13.0.2–13.4.1", Accepts: append(append([]string{}, lighthouseBase...), "content-signal"),
			Cost: cost, Source: lighthouseSource, Read: lighthouseRead},
		{Name: "Lighthouse", Versions: "12.x–13.0.1", Accepts: lighthouseBase,
			Cost: cost, Source: lighthouseSource, Read: lighthouseRead},
	}
}

// Rejects says why r rejects line ("" when it does not), with its own
// error text; afterUA is whether a User-agent line came before it in the
// file.
func (r Reader) Rejects(line string, afterUA bool) string {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	line = strings.TrimSpace(line)
	if line == "" {
		return ""
	}
	name, value, ok := strings.Cut(line, ":")
	if !ok {
		return "Syntax not understood"
	}
	name, value = strings.ToLower(strings.TrimSpace(name)), strings.TrimSpace(value)
	known := false
	for _, a := range r.Accepts {
		known = known || a == name
	}
	switch {
	case !known:
		return "Unknown directive"
	case name == "sitemap":
		u, err := url.Parse(value)
		if err != nil || !u.IsAbs() {
			return "Invalid sitemap URL"
		}
		if s := strings.ToLower(u.Scheme); s != "http" && s != "https" && s != "ftp" {
			return "Invalid sitemap URL protocol"
		}
	case name == "user-agent" && value == "":
		return "No user-agent specified"
	case name == "allow" || name == "disallow":
		if value != "" && value[0] != '/' && value[0] != '*' {
			return `Pattern should either be empty, start with "/" or "*"`
		}
		if i := strings.IndexByte(value, '$'); i >= 0 && i != len(value)-1 {
			return `"$" should only be used at the end of the pattern`
		}
		if !afterUA {
			return "No user-agent specified"
		}
	}
	return ""
}

var (
	msgReaderAll  = msg.Def("lint.readers.rejected_all", "{{.Reader}} {{.Versions}} rejects this line (`{{.Reason}}`): {{.Cost}} (read from {{.Source}}, {{.Read}})")
	msgReaderOlds = msg.Def("lint.readers.rejected_older", "{{.Reader}} {{.Versions}} rejects this line (`{{.Reason}}`), newer versions accept it: with those older versions {{.Cost}} (read from {{.Source}}, {{.Read}})")
)

// checkReaders: lines a reader of the file (not a crawler) rejects. One
// finding per line: a warning when the newest versions read reject it,
// else a note naming the older ones that do. Rejects itself models the
// whole audit (every check), for callers that want all of it.
func checkReaders(s *state) {
	readers := Readers()
	afterUA := false
	for n := 1; n <= len(s.doc.Lines); n++ {
		l := &s.doc.Lines[n-1]
		raw := string(s.doc.Src[l.Start:l.End])
		if l.Kind == syntax.UserAgent && !l.Value.Empty() {
			afterUA = true // Lighthouse opens a group at a user-agent line it accepts
		}
		// Only the lines a site adds on purpose for some reader — fields
		// beyond User-agent, Allow, Disallow and Sitemap, written as such:
		// the others' mistakes have their own rules (RS001, RS003, RS008,
		// RS009, RS015), which say what they cost the crawlers.
		if l.Kind < syntax.Host || l.Kind > syntax.Unknown || l.Has(syntax.FlagTypo) || l.Has(syntax.FlagKeyPrefix) || l.Has(syntax.FlagMissingColon) {
			continue
		}
		newest := readers[0].Rejects(raw, afterUA)
		if newest == "" {
			for _, r := range readers[1:] {
				if why := r.Rejects(raw, afterUA); why != "" {
					a, b := s.lineSpan(n)
					s.report(finding{code: "RS052", sev: diag.Info, start: a, end: b,
						text: msg.New(msgReaderOlds, "Reader", r.Name, "Versions", r.Versions, "Reason", why, "Cost", r.Cost, "Source", r.Source, "Read", r.Read)})
					break
				}
			}
		} else {
			r := readers[0]
			a, b := s.lineSpan(n)
			s.report(finding{code: "RS052", sev: diag.Warning, start: a, end: b,
				text: msg.New(msgReaderAll, "Reader", r.Name, "Versions", "12.x–13.4.1", "Reason", newest, "Cost", r.Cost, "Source", r.Source, "Read", r.Read)})
		}
	}
}
