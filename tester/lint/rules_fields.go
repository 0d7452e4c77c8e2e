package lint

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/textdist"
	"github.com/robots-studio/robots-studio/tester/uri"
)

var (
	msgTypo          = msg.Def("lint.typo", "`{{.Key}}` is not `{{.Name}}`: it is read as `{{.Name}}` by {{.Readers}} only, and the others ignore the line (google/robotstxt on GitHub lists the spellings Google forgives)")
	msgFixKey        = msg.Def("lint.fix.key", "Write `{{.Name}}`")
	msgMissingColon  = msg.Def("lint.missing_colon", "no colon after `{{.Key}}`: the line is read all the same by {{.Readers}}, and the others ignore it (RFC 9309 §2.2; google/robotstxt on GitHub)")
	msgFixColon      = msg.Def("lint.fix.colon", "Add the colon")
	msgUnknown       = msg.Def("lint.unknown", "no crawler known to this app reads `{{.Key}}` ({{.Count}} lines): the lines are ignored")
	_                = msg.One("lint.unknown", "no crawler known to this app reads `{{.Key}}` ({{.Count}} line): the line is ignored")
	msgUnknownTypo   = msg.Def("lint.unknown.typo", "`{{.Key}}` looks like a misspelling of `{{.Name}}` that no crawler accepts: the line is ignored")
	msgInvalid       = msg.Def("lint.invalid", "this line is neither a field (`name: value`) nor a comment: every crawler ignores it")
	msgHTML          = msg.Def("lint.html", "this looks like an HTML page, not a robots.txt: crawlers find no rules in it (a server answering every URL with a page?)")
	msgNoindex       = msg.Def("lint.noindex", "`Noindex` in robots.txt is not read by any crawler (Google dropped it on 2019-09-01): use a robots meta tag or an X-Robots-Tag header, on pages that are not blocked (Google Search Central blog, July 2019)")
	msgCrawlDelay    = msg.Def("lint.crawl_delay", "Crawl-delay is read by {{.Honour}} only: the other crawlers do not wait for it{{if .Ignore}}, {{.Ignore}} on purpose{{end}} (Bing Webmaster blog: 1 to 30 seconds; Yandex Webmaster help: ignored since 2018)")
	msgCrawlDelayBad = msg.Def("lint.crawl_delay.bad", "Crawl-delay `{{.Value}}` is not a number of seconds: the line is ignored by {{.Honour}}{{if .Strict}}, and the whole file is rejected by {{.Strict}}{{end}}")
	msgHostOld       = msg.Def("lint.host.deprecated", "Host is read by {{.Mirror}} only, as the name of the main mirror (Yandex ignores it since 2018 and wants a 301 redirect to the main mirror); the other crawlers never read it (Yandex Webmaster help; Google Search Central lists Host as unsupported)")
	msgHostInvalid   = msg.Def("lint.host.invalid", "this Host would be ignored by {{.Mirror}}: {{.Reason}} (Yandex Webmaster help)")
	msgFixHost       = msg.Def("lint.fix.host", "Write the host name only: `{{.Host}}`")
	msgHostMany      = msg.Def("lint.host.many", "another Host line (the first is at line {{.Line}}): {{if .First}}{{.First}} {{if .First.Many}}take{{else}}takes{{end}} the first one{{if .Last}}, {{end}}{{end}}{{if .Last}}{{.Last}} the last one{{end}}")
	msgCleanParam    = msg.Def("lint.clean_param", "this Clean-param is ignored by {{.Readers}}: {{.Reason}} (Yandex Webmaster help: Clean-param)")
	msgCPEmpty       = msg.Def("lint.clean_param.empty", "it needs parameter names, e.g. `Clean-param: utm_source&utm_medium /catalog/`")
	msgCPParts       = msg.Def("lint.clean_param.parts", "it takes parameter names joined by `&` and at most one path prefix after a space")
	msgCPName        = msg.Def("lint.clean_param.name", "`{{.Name}}` is not a parameter name (names only: no `=`, `?`, `/` or `#`)")
	msgCPPath        = msg.Def("lint.clean_param.path", "the path prefix `{{.Path}}` may use only letters, digits and `.-/*_`")
	msgCPLong        = msg.Def("lint.clean_param.long", "the line is longer than 500 characters")
	msgRequestRate   = msg.Def("lint.request_rate", "Request-rate `{{.Value}}` does not follow `pages/seconds` (e.g. `1/5`, `10/1m`) with an optional `HHMM-HHMM` window; this field is read by {{.Readers}} only (Python's urllib.robotparser documentation; Protego's source)")
	msgVisitTime     = msg.Def("lint.visit_time", "Visit-time `{{.Value}}` is not a `HHMM-HHMM` UTC window (e.g. `0600-0845`); no major crawler reads this field")
	msgSitemapRel    = msg.Def("lint.sitemap.relative", "the sitemap `{{.Value}}` is not a full URL: crawlers ignore it; write it with scheme and host, e.g. `https://example.com/sitemap.xml` (sitemaps.org protocol)")
	msgSitemapBad    = msg.Def("lint.sitemap.malformed", "the sitemap `{{.Value}}` is not a valid http or https URL: crawlers ignore it (sitemaps.org protocol)")
)

// fieldNames are the canonical field names, for misspelling suggestions.
var fieldNames = []syntax.Kind{syntax.UserAgent, syntax.Allow, syntax.Disallow, syntax.Sitemap, syntax.Host,
	syntax.CrawlDelay, syntax.CleanParam, syntax.RequestRate, syntax.VisitTime, syntax.Noindex}

// checkKeys: Google's accepted misspellings, missing colons, unknown fields
// and lines that are not fields at all.
func checkKeys(s *state) {
	unknown := map[string]int{}
	var unknownOrder []string
	firstUnknown := map[string]int{}
	if n := s.firstContent(); n > 0 {
		if a, b := s.lineSpan(n); a < b && s.doc.Src[a] == '<' {
			// An HTML page served as robots.txt: one finding, not one per line.
			s.report(finding{code: "RS011", sev: diag.Error, start: a, end: b, engines: s.every, text: msg.New(msgHTML)})
			return
		}
	}
	for n := 1; n <= len(s.doc.Lines); n++ {
		l := &s.doc.Lines[n-1]
		if n == 1 && s.m.damaged > 0 {
			continue // RS030
		}
		switch {
		case l.Kind == syntax.Invalid:
			a, b := s.lineSpan(n)
			s.report(finding{code: "RS011", sev: diag.Warning, start: a, end: b, engines: s.every, text: msg.New(msgInvalid)})
		case l.Kind == syntax.Unknown:
			key := s.doc.Text(l.Key)
			if name := nearField(key); name != "" {
				a, b := int(l.Key.Start), int(l.Key.End)
				s.report(finding{code: "RS010", sev: diag.Warning, start: a, end: b, engines: s.every,
					text: msg.New(msgUnknownTypo, "Key", key, "Name", name),
					fix:  newFix(msg.New(msgFixKey, "Name", name), false, s.every.names(s.all), Edit{Start: a, End: b, Text: []byte(name)})})
				continue
			}
			lk := strings.ToLower(key)
			if unknown[lk] == 0 {
				unknownOrder = append(unknownOrder, lk)
				firstUnknown[lk] = n
			}
			unknown[lk]++
		case l.Has(syntax.FlagTypo) || l.Has(syntax.FlagKeyPrefix):
			s.typo(n, l)
		case l.Has(syntax.FlagMissingColon) && l.Kind.IsField():
			a, b := int(l.Key.Start), int(l.Key.End)
			e := s.every &^ s.f.colonOptional
			s.report(finding{code: "RS009", sev: diag.Error, start: a, end: b, engines: e,
				text: msg.New(msgMissingColon, "Key", s.doc.Text(l.Key), "Readers", s.names(s.f.colonOptional)),
				fix:  newFix(msg.New(msgFixColon), true, e.names(s.all), Edit{Start: b, End: b, Text: []byte(":")})})
		}
	}
	for _, k := range unknownOrder {
		n := firstUnknown[k]
		l := &s.doc.Lines[n-1]
		s.report(finding{code: "RS010", sev: diag.Info, start: int(l.Key.Start), end: int(l.Key.End), engines: s.every,
			text: msg.New(msgUnknown, "Key", s.doc.Text(l.Key), "Count", unknown[k])})
	}
}

// firstContent is the first line that is not blank.
func (s *state) firstContent() int {
	for n := 1; n <= len(s.doc.Lines); n++ {
		if s.doc.Lines[n-1].Kind != syntax.Blank {
			return n
		}
	}
	return 0
}

func (s *state) typo(n int, l *syntax.Line) {
	key := s.doc.Text(l.Key)
	name := syntax.CanonicalName(l.Kind)
	// The readers of the line as written: those that read misspellings, or
	// for a longer word ("Disallowed") those that read it as the field.
	readers := s.f.lenientKeys
	if l.Has(syntax.FlagKeyPrefix) {
		readers = s.f.keyPrefixes
	}
	e := s.every &^ readers
	if strings.EqualFold(key, "useragent") {
		e &^= s.f.joinedUA
	}
	edit := Edit{Start: int(l.Key.Start), End: int(l.Key.End), Text: []byte(name)}
	if l.Has(syntax.FlagMissingColon) {
		edit.End = int(l.Value.Start)
		edit.Text = []byte(name + ": ")
	}
	// "Disallowed" or "Sitemaps" is surely the field; a longer tail may be another word.
	safe := l.Has(syntax.FlagTypo) && !l.Has(syntax.FlagKeyPrefix) || len(key)-len(name) <= 2
	s.report(finding{code: "RS008", sev: diag.Error, start: int(l.Key.Start), end: int(l.Key.End), engines: e,
		text: msg.New(msgTypo, "Key", key, "Name", name, "Readers", s.names(s.every&^e)),
		fix:  newFix(msg.New(msgFixKey, "Name", name), safe, e.names(s.all), edit)})
}

// nearField returns the field name key misspells (at most two edits away,
// for keys of four letters or more), or "".
func nearField(key string) string {
	if len(key) < 4 || len(key) > 20 {
		return ""
	}
	lk := strings.ToLower(key)
	for _, k := range fieldNames {
		name := syntax.CanonicalName(k)
		limit := 2
		if len(name) <= 5 {
			limit = 1
		}
		if d := textdist.Levenshtein(lk, strings.ToLower(name)); d > 0 && d <= limit {
			return name
		}
	}
	return ""
}

var (
	requestRate = regexp.MustCompile(`^[0-9]+/[0-9]+[smh]?(?:[ \t]+([0-9]{4})-([0-9]{4}))?$`)
	visitTime   = regexp.MustCompile(`^([0-9]{4})-([0-9]{4})$`)
	cleanPath   = regexp.MustCompile(`^[A-Za-z0-9.\-/*_]+$`)
)

// checkFields: the values of Noindex, Crawl-delay, Host, Clean-param,
// Request-rate, Visit-time and Sitemap lines.
func checkFields(s *state) {
	crawlDelay, firstHost := false, 0
	for n := 1; n <= len(s.doc.Lines); n++ {
		k := s.kind(n)
		v := s.val(n)
		a, b := s.fieldSpan(n)
		va, vb := s.valueSpan(n)
		switch k {
		case syntax.Noindex:
			s.report(finding{code: "RS021", sev: diag.Warning, start: a, end: b, engines: s.every, text: msg.New(msgNoindex)})
		case syntax.CrawlDelay:
			d, err := strconv.ParseFloat(v, 64)
			if err != nil || d < 0 || math.IsInf(d, 0) || math.IsNaN(d) {
				s.report(finding{code: "RS022", sev: diag.Error, start: va, end: vb, engines: s.f.delayHonoured,
					text: msg.New(msgCrawlDelayBad, "Value", v, "Honour", s.names(s.f.delayHonoured&s.f.crawlers), "Strict", s.names(s.f.strictParse))})
			} else if !crawlDelay {
				crawlDelay = true
				s.report(finding{code: "RS022", sev: diag.Info, start: a, end: b, engines: s.f.crawlers, text: msg.New(msgCrawlDelay, "Honour", s.names(s.f.delayHonoured&s.f.crawlers), "Ignore", s.names(s.f.delayIgnored&s.f.crawlers))})
			}
		case syntax.Host:
			if firstHost == 0 {
				firstHost = n
				s.report(finding{code: "RS023", sev: diag.Info, start: a, end: b, engines: s.f.hostMirror, text: msg.New(msgHostOld, "Mirror", s.names(s.f.hostMirror))})
			} else {
				s.report(finding{code: "RS025", sev: diag.Warning, start: a, end: b, engines: s.f.hostReaders,
					text: msg.New(msgHostMany, "Line", firstHost, "First", s.names(s.f.hostFirst), "Last", s.names(s.f.hostLast))})
			}
			if reason := HostError(v); !reason.IsZero() {
				f := finding{code: "RS024", sev: diag.Warning, start: va, end: vb, engines: s.f.hostMirror,
					text: msg.New(msgHostInvalid, "Reason", reason, "Mirror", s.names(s.f.hostMirror))}
				if bare, ok := HostFix(v); ok {
					// Unsafe: once the line is valid, Yandex treats every other
					// host serving this file as closed.
					f.fix = newFix(msg.New(msgFixHost, "Host", bare), false, s.f.hostMirror.names(s.all),
						Edit{Start: va, End: vb, Text: []byte(bare)})
				}
				s.report(f)
			}
		case syntax.CleanParam:
			if reason := cleanParamError(v); !reason.IsZero() {
				s.report(finding{code: "RS026", sev: diag.Warning, start: va, end: vb, engines: s.f.cleanParam,
					text: msg.New(msgCleanParam, "Reason", reason, "Readers", s.names(s.f.cleanParam))})
			}
		case syntax.RequestRate:
			if m := requestRate.FindStringSubmatch(v); m == nil || m[1] != "" && !(validHHMM(m[1]) && validHHMM(m[2])) {
				s.report(finding{code: "RS027", sev: diag.Warning, start: va, end: vb, text: msg.New(msgRequestRate, "Value", v, "Readers", s.names(s.f.requestRate))})
			}
		case syntax.VisitTime:
			if m := visitTime.FindStringSubmatch(v); m == nil || !validHHMM(m[1]) || !validHHMM(m[2]) {
				s.report(finding{code: "RS028", sev: diag.Warning, start: va, end: vb, text: msg.New(msgVisitTime, "Value", v)})
			}
		case syntax.Sitemap:
			if sitemapOK(v) {
				continue
			}
			key := msgSitemapBad
			if scheme, _, found := strings.Cut(v, ":"); v != "" && (!found || !uri.IsScheme(scheme)) && !strings.ContainsAny(v, " \t") {
				key = msgSitemapRel
			}
			s.report(finding{code: "RS015", sev: diag.Warning, start: va, end: vb, engines: s.f.sitemapReaders, text: msg.New(key, "Value", v)})
		}
	}
}

func validHHMM(s string) bool {
	h, _ := strconv.Atoi(s[:2])
	m, _ := strconv.Atoi(s[2:])
	return h < 24 && m < 60
}

func sitemapOK(v string) bool {
	if v == "" || strings.ContainsAny(v, " \t") {
		return false
	}
	a, ok := uri.SplitAbsolute(v)
	return ok && a.WellFormed(v) && (a.Scheme == "http" || a.Scheme == "https")
}

// cleanParamError checks Yandex's `Clean-param: p0[&p1&…] [path]`.
func cleanParamError(v string) msg.Text {
	parts := strings.Fields(v)
	switch {
	case len(parts) == 0:
		return msg.New(msgCPEmpty)
	case len(parts) > 2:
		return msg.New(msgCPParts)
	case len(v) > 500:
		return msg.New(msgCPLong)
	}
	names := 0
	for _, p := range strings.Split(parts[0], "&") {
		if p == "" {
			continue // `&a`, `a&&b`: Yandex splits at `&` and skips empty names
		}
		names++
		if strings.ContainsAny(p, "=?/#") {
			return msg.New(msgCPName, "Name", p)
		}
	}
	if names == 0 {
		return msg.New(msgCPEmpty)
	}
	if len(parts) == 2 && !cleanPath.MatchString(parts[1]) {
		return msg.New(msgCPPath, "Path", parts[1])
	}
	return msg.Text{}
}
