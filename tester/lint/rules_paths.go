package lint

import (
	"regexp"
	"strings"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/uri"
)

var (
	msgPathURL        = msg.Def("lint.path.url", "`{{.Value}}` is a whole URL, but rules hold paths: it matches nothing; write `{{.Path}}`")
	msgPathHost       = msg.Def("lint.path.host", "`{{.Value}}` starts with a host name, but rules hold paths: it matches nothing; write `{{.Path}}`")
	msgPathRelative   = msg.Def("lint.path.relative", "`{{.Value}}` does not start with `/` or `*`: a rule is compared from the first character of the path, which is always `/`, so it matches nothing{{if .Adds}}, except for {{.Adds}}, where a `/` is put in front{{end}} (RFC 9309 §2.2.2)")
	msgFixPath        = msg.Def("lint.fix.path", "Write the path `{{.Path}}`")
	msgSpacePaths     = msg.Def("lint.space.paths", "several paths on one line: they are split by {{.Lists}} only; {{if .Stream}}only `{{.First}}` is read by {{.Stream}}, and {{end}}the others read one path with a space in it, which no URL has (RFC 9309 §2.2.2; the Lycos 1996 text)")
	msgFixSplitPaths  = msg.Def("lint.fix.split_paths", "One rule per path")
	msgSpaceInPath    = msg.Def("lint.space.in_path", "a space inside the path `{{.Value}}`: URLs carry it as %20, so for {{.Whole}} the rule matches nothing{{if .Stream}}; only `{{.First}}` is read by {{.Stream}}{{end}}")
	msgFixSpace       = msg.Def("lint.fix.space", "Write the space as %20")
	msgDollarMid      = msg.Def("lint.dollar_mid", "`$` anchors the end of the URL only as the last character of a rule; here it is read as a literal `$` by {{.Literal}}{{if .Anchor}}, and as an anchor that never matches by {{.Anchor}}{{end}} (write %24 for a dollar sign) (RFC 9309 §2.2.3)")
	msgWildLiteral    = msg.Def("lint.wildcard.literal", "`*` and `$` are ordinary characters for {{.Historic}}: this rule matches only paths that contain them literally (robotstxt.org/orig.html; the 1996 Internet-Draft)")
	msgWildLiteralSum = msg.Def("lint.wildcard.summary", "{{.Count}} rules use `*` or `$`, which are ordinary characters for {{.Historic}}: for robots following them these rules match only paths that contain those characters (this is the first) (robotstxt.org/orig.html; the 1996 Internet-Draft)")
	_                 = msg.One("lint.wildcard.summary", "{{.Count}} rule uses `*` or `$`, which are ordinary characters for {{.Historic}}: for robots following them it matches only paths that contain those characters (robotstxt.org/orig.html; the 1996 Internet-Draft)")
	msgStarOnly       = msg.Def("lint.star_only", "`{{.Rule}}` covers every path for {{.Crawlers}}, but none for {{.Literal}} (`*` is an ordinary character there){{if .Dropped}} or {{.Dropped}}, where a trailing `*` is dropped{{end}}; `/` means the same to every reader (RFC 9309 §2.2.3; robotstxt.org/orig.html)")
	msgFixStarOnly    = msg.Def("lint.fix.star_only", "Write `/` instead of `*`")
	msgNoAllow        = msg.Def("lint.no_allow.line", "Allow is not read by {{.NoAllow}}: robots following them ignore this line (robotstxt.org/orig.html)")
	msgNoAllowSum     = msg.Def("lint.no_allow.summary", "Allow is not read by {{.NoAllow}}: robots following them ignore the {{.Count}} Allow lines and stay out of everything the Disallow lines close (this is the first) (robotstxt.org/orig.html)")
	_                 = msg.One("lint.no_allow.summary", "Allow is not read by {{.NoAllow}}: robots following them ignore the Allow line and stay out of everything the Disallow lines close (robotstxt.org/orig.html)")
	msgNonASCII       = msg.Def("lint.non_ascii", "non-ASCII characters in the path: they are %-encoded before comparing by {{.Encode}}; the others compare the raw bytes, which a URL never carries; `{{.Encoded}}` works for all (RFC 9309 §2.2.2)")
	msgFixEncode      = msg.Def("lint.fix.encode", "%-encode the path")
	msgFileType       = msg.Def("lint.file_type", "`{{.Value}}` has no `/` before the `*`: for {{.Wild}} it stands for every URL with `{{.Ext}}` anywhere in it, so `/report{{.Ext}}x`, `/old{{.Ext}}/list` and `/report{{.Ext}}?page=2` are closed too, and for {{.Literal}} it matches nothing. To close the files ending in `{{.Ext}}`, write `{{.Fixed}}` (`$` marks the end of the URL; without it, `/*{{.Ext}}` keeps closing the longer URLs) (RFC 9309 §2.2.3; Google Search Central)")
	msgFixFileType    = msg.Def("lint.fix.file_type", "Close only URLs ending in {{.Ext}}: `{{.Fixed}}`")
)

// fileType matches `*.doc`: a file-type rule written without its leading
// `/*` and without the `$` that ends it.
var fileType = regexp.MustCompile(`^\*+(\.[A-Za-z0-9]+)$`)

// checkPaths: the value of every Allow/Disallow line.
func checkPaths(s *state) {
	wild, wildFirst := 0, 0
	allows, allowFirst := 0, 0
	for n := 1; n <= len(s.doc.Lines); n++ {
		k := s.kind(n)
		if !k.IsRule() {
			continue
		}
		if k == syntax.Allow {
			if allows++; allowFirst == 0 {
				allowFirst = n
			}
		}
		v := s.val(n)
		if v == "" {
			continue
		}
		l := &s.doc.Lines[n-1]
		a, b := int(l.Value.Start), int(l.Value.End)
		switch {
		case strings.Trim(v, "*") == "":
			// A reader of relative paths reads `*` as `/*`, longer than `/`.
			f := finding{code: "RS007", sev: diag.Warning, start: a, end: b, engines: s.f.starDropped | s.f.historic | s.f.relativePaths,
				text: msg.New(msgStarOnly, "Rule", s.doc.RuleText(n), "Crawlers", s.names(s.f.crawlers&s.f.wildcard), "Literal", s.names(s.f.historic), "Dropped", s.names(s.f.starDropped))}
			if v == "*" { // `*` and `/` both score 1 in a longest-match contest
				f.fix = newFix(msg.New(msgFixStarOnly), true, f.engines.names(s.all), Edit{Start: a, End: b, Text: []byte("/")})
			}
			s.report(f)
			continue
		case strings.ContainsAny(v, " \t\v\f"):
			s.spaceInPath(n, v, a, b)
		case v[0] != '/' && v[0] != '*':
			s.relativePath(v, a, b)
		case fileType.MatchString(v):
			s.fileTypeRule(v, a, b)
		}
		if i := strings.IndexByte(v, '$'); i >= 0 && i < len(v)-1 {
			s.report(finding{code: "RS005", sev: diag.Warning, start: a + i, end: a + i + 1, engines: s.f.wildcard, text: msg.New(msgDollarMid, "Literal", s.names(s.f.wildcard&^s.f.dollarAnywhere), "Anchor", s.names(s.f.dollarAnywhere))})
		}
		if strings.ContainsAny(v, "*$") {
			if wild++; wildFirst == 0 {
				wildFirst = n
			}
			if s.onlyHistoric() {
				s.report(finding{code: "RS006", sev: diag.Warning, start: a, end: b, engines: s.f.historic, text: msg.New(msgWildLiteral, "Historic", s.names(s.f.historic))})
			}
		}
		if l.Has(syntax.FlagNonASCII) {
			enc := uri.EscapeNonASCII(v)
			e := s.every &^ s.f.encodes
			if l.Has(syntax.FlagBadUTF8) {
				e |= s.f.utf8Only // they never see these bytes as the fix writes them
			}
			s.report(finding{code: "RS034", sev: diag.Info, start: a, end: b, engines: e,
				text: msg.New(msgNonASCII, "Encoded", enc, "Encode", s.names(s.f.encodes)),
				fix:  newFix(msg.New(msgFixEncode), false, e.names(s.all), Edit{Start: a, End: b, Text: []byte(enc)})})
		}
		if k == syntax.Allow && s.onlyHistoric() {
			a, b := s.fieldSpan(n)
			s.report(finding{code: "RS036", sev: diag.Warning, start: a, end: b, engines: s.f.noAllow, text: msg.New(msgNoAllow, "NoAllow", s.names(s.f.noAllow))})
		}
	}
	if wild > 0 && !s.onlyHistoric() {
		a, b := s.valueSpan(wildFirst)
		s.report(finding{code: "RS006", sev: diag.Info, start: a, end: b, engines: s.f.historic, text: msg.New(msgWildLiteralSum, "Count", wild, "Historic", s.names(s.f.historic))})
	}
	if allows > 0 && !s.onlyHistoric() {
		a, b := s.fieldSpan(allowFirst)
		s.report(finding{code: "RS036", sev: diag.Info, start: a, end: b, engines: s.f.noAllow, text: msg.New(msgNoAllowSum, "Count", allows, "NoAllow", s.names(s.f.noAllow))})
	}
}

func (s *state) spaceInPath(n int, v string, a, b int) {
	words := strings.Fields(v)
	paths := true
	for _, w := range words {
		paths = paths && (w[0] == '/' || w[0] == '*')
	}
	if paths {
		e := s.every &^ s.f.listsPerLine
		s.report(finding{code: "RS004", sev: diag.Error, start: a, end: b, engines: e,
			text: msg.New(msgSpacePaths, "First", words[0], "Lists", s.names(s.f.listsPerLine), "Stream", s.names(s.f.tokenStream)),
			fix:  newFix(msg.New(msgFixSplitPaths), true, e.names(s.all), Edit{Start: a, End: b, Text: s.splitValue(n, words)})})
		return
	}
	enc := strings.NewReplacer(" ", "%20", "\t", "%09", "\v", "%0B", "\f", "%0C").Replace(v)
	s.report(finding{code: "RS004", sev: diag.Error, start: a, end: b, engines: s.every &^ s.f.listsPerLine,
		text: msg.New(msgSpaceInPath, "Value", v, "First", words[0], "Whole", s.names(s.f.crawlers&^(s.f.listsPerLine|s.f.tokenStream)), "Stream", s.names(s.f.tokenStream)),
		fix:  newFix(msg.New(msgFixSpace), false, s.every.names(s.all), Edit{Start: a, End: b, Text: []byte(enc)})})
}

// fileTypeRule: `Disallow: *.doc`. The author means "the .doc files"; the
// fix writes `/*.doc$`. It changes what the wildcard readings close: only
// URLs that end in .doc, no longer .docx, .doc/… or .doc?query. For the
// 1994/1996 readings both forms are literal prefixes no real URL path
// starts with (`*.doc` has no leading `/`, `/*.doc$` holds a literal `*`),
// but the prefix differs, so the fix names every engine.
func (s *state) fileTypeRule(v string, a, b int) {
	ext := fileType.FindStringSubmatch(v)[1]
	fixed := "/*" + ext + "$"
	s.report(finding{code: "RS050", sev: diag.Warning, start: a, end: b, engines: s.f.wildcard,
		text: msg.New(msgFileType, "Value", v, "Ext", ext, "Fixed", fixed, "Wild", s.names(s.f.wildcard), "Literal", s.names(s.f.historic)),
		fix: newFix(msg.New(msgFixFileType, "Ext", ext, "Fixed", fixed), false, s.every.names(s.all),
			Edit{Start: a, End: b, Text: []byte(fixed)})})
}

func (s *state) relativePath(v string, a, b int) {
	if _, ok := uri.SplitAbsolute(v); ok {
		path := uri.PathOf(v)
		s.report(finding{code: "RS003", sev: diag.Error, start: a, end: b, engines: s.every,
			text: msg.New(msgPathURL, "Value", v, "Path", path),
			fix:  newFix(msg.New(msgFixPath, "Path", path), false, s.every.names(s.all), Edit{Start: a, End: b, Text: []byte(path)})})
		return
	}
	if j := strings.IndexByte(v, '/'); j > 0 && looksLikeHost(v[:j]) {
		path := v[j:]
		s.report(finding{code: "RS003", sev: diag.Error, start: a, end: b, engines: s.every,
			text: msg.New(msgPathHost, "Value", v, "Path", path),
			fix:  newFix(msg.New(msgFixPath, "Path", path), false, s.every.names(s.all), Edit{Start: a, End: b, Text: []byte(path)})})
		return
	}
	e := s.every &^ s.f.relativePaths
	s.report(finding{code: "RS003", sev: diag.Error, start: a, end: b, engines: e,
		text: msg.New(msgPathRelative, "Value", v, "Adds", s.names(s.f.relativePaths)),
		fix:  newFix(msg.New(msgFixPath, "Path", "/"+v), false, e.names(s.all), Edit{Start: a, End: a, Text: []byte("/")})})
}

// fileExtensions end names that look like host names but are files.
var fileExtensions = map[string]bool{"php": true, "html": true, "htm": true, "asp": true, "aspx": true, "jsp": true,
	"cgi": true, "pl": true, "xml": true, "txt": true, "js": true, "css": true, "json": true, "gif": true, "jpg": true,
	"png": true, "pdf": true, "do": true, "action": true, "shtml": true, "php3": true, "phtml": true}

// looksLikeHost reports whether s is a dotted host name (with an optional
// port) rather than a file or directory name.
func looksLikeHost(s string) bool {
	if i := strings.LastIndexByte(s, ':'); i > 0 {
		s = s[:i]
	}
	labels := strings.Split(s, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" {
			return false
		}
		for i := 0; i < len(l); i++ {
			c := l[i]
			if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-') {
				return false
			}
		}
	}
	tld := strings.ToLower(labels[len(labels)-1])
	if fileExtensions[tld] || len(tld) < 2 {
		return false
	}
	for i := 0; i < len(tld); i++ {
		if tld[i] < 'a' || tld[i] > 'z' {
			return false
		}
	}
	return true
}
