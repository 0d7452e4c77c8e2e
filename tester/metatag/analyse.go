package metatag

import (
	"sort"
	"strings"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/msg"
)

var (
	msgNoDirectives = msg.Def("meta.diag.no_directives", "no robots meta tag and no X-Robots-Tag header: every crawler may index the page and follow its links (the default)")
	msgRedirects    = msg.Def("meta.diag.redirects", "the headers hold {{.Count}} responses (redirects?); only the last response's X-Robots-Tag lines count")
	msgNotHeader    = msg.Def("meta.diag.not_header", "line {{.Line}} of the headers is not a “Name: value” header line and was skipped")
)

// Validate checks one content string as if it stood in
// <meta name="robots" content="…">. A string that starts with
// "X-Robots-Tag:" is read as a header line instead (botname prefixes and all).
// opt.Headers, when given, is analysed along with it.
func Validate(content string, opt Options) Report {
	var r Report
	if name, value, ok := strings.Cut(content, ":"); ok && strings.EqualFold(strings.TrimSpace(name), "X-Robots-Tag") {
		ds, issues := parseHeaderValue(value, len(name)+1)
		r.Sources = append(r.Sources, Source{Kind: FromHeader, Name: "X-Robots-Tag", Content: content,
			Directives: ds, InHead: true, issues: issues})
	} else {
		ds, issues := parseContent(content, "robots")
		r.Sources = append(r.Sources, Source{Kind: FromContent, Name: "robots", Content: content,
			Directives: ds, InHead: true, issues: issues})
	}
	r.addHeaders(opt.Headers)
	r.finish(opt)
	return r
}

// AnalyseHeaders reads response headers alone (opt.Headers), for files
// that carry no <meta> tag: PDFs, images, feeds.
func AnalyseHeaders(opt Options) Report {
	var r Report
	r.addHeaders(opt.Headers)
	r.finish(opt)
	return r
}

// addHeaders reads pasted response headers into header sources.
func (r *Report) addHeaders(text string) {
	if strings.TrimSpace(text) == "" {
		return
	}
	b := parseHeaders(text)
	if b.responses > 1 {
		r.Diagnostics = append(r.Diagnostics, Diagnostic{Diagnostic: diag.Diagnostic{Severity: diag.Info, Code: codeRedirects, Message: msg.New(msgRedirects, "Count", b.responses), Span: diag.NoSpan}, Source: -1, Headers: true})
	}
	for _, l := range b.junk {
		r.Diagnostics = append(r.Diagnostics, Diagnostic{Diagnostic: diag.Diagnostic{Severity: diag.Warning, Code: codeNotHeader, Message: msg.New(msgNotHeader, "Line", l), Span: diag.NoSpan}, Source: -1, Line: l, Headers: true})
	}
	for _, h := range b.lines {
		r.Sources = append(r.Sources, Source{Kind: FromHeader, Name: "X-Robots-Tag", Line: h.Line, Content: h.Value,
			Directives: h.Directives, InHead: true, issues: h.issues})
	}
}

// finish checks every source, resolves the policies and keeps the
// diagnostics that concern the chosen engines.
func (r *Report) finish(opt Options) {
	now := opt.now()
	for si := range r.Sources {
		r.check(si, now)
	}
	r.checkScopes()
	if len(r.Sources) == 0 {
		r.Diagnostics = append(r.Diagnostics, Diagnostic{Diagnostic: diag.Diagnostic{Severity: diag.Info, Code: codeNoDirectives, Message: msg.New(msgNoDirectives), Span: diag.NoSpan}, Source: -1})
	}
	engines := opt.engines()
	seen := map[string]bool{}
	for _, c := range Crawlers {
		if !contains(engines, c.Engine) {
			continue
		}
		p := r.resolve(c, now, seen)
		r.blocked(&p, opt, seen)
		r.Policies = append(r.Policies, p)
	}
	for i, d := range r.Diagnostics {
		if d.Source >= 0 && d.Source < len(r.Sources) {
			src := r.Sources[d.Source]
			if d.Line == 0 {
				r.Diagnostics[i].Line = src.Line
			}
			r.Diagnostics[i].Headers = src.Kind == FromHeader && src.Line > 0
		}
	}
	r.Diagnostics = r.Filter(engines)
	if !contains(engines, Strict1996) {
		// The 1996 rules are named only to those who asked for them.
		for i, d := range r.Diagnostics {
			if d.Message.Key == msgContradictory {
				r.Diagnostics[i].Message.Key = msgContradictoryNow
			}
		}
	}
	sort.SliceStable(r.Diagnostics, func(i, j int) bool {
		a, b := r.Diagnostics[i], r.Diagnostics[j]
		// the worst first: a robots.txt that hides the page from a
		// crawler is an error that makes its tags moot, so it leads
		if a.Severity != b.Severity {
			return a.Severity > b.Severity
		}
		if ab, bb := a.Code == codeBlockedNoindex || a.Code == codeBlocked, b.Code == codeBlockedNoindex || b.Code == codeBlocked; ab != bb {
			return ab
		}
		if (a.Source < 0) != (b.Source < 0) {
			return b.Source < 0
		}
		if a.Source != b.Source {
			return a.Source < b.Source
		}
		return a.Span.Start < b.Span.Start
	})
}

// checkScopes notes header prefixes and meta names for crawlers this package
// does not model, and prefixes whose support is undocumented.
func (r *Report) checkScopes() {
	reported := map[string]bool{}
	for si, s := range r.Sources {
		for _, d := range s.Directives {
			if d.Scope == "robots" || reported[d.Scope] {
				continue
			}
			reported[d.Scope] = true
			dg := Diagnostic{Diagnostic: diag.Diagnostic{Severity: diag.Info, Span: diag.Span{Start: d.Offset, End: d.Offset + len(d.Raw)}}, Source: si, Line: s.Line}
			switch engines := scopeEngines(d.Scope); {
			case len(engines) == 0:
				dg.Code, dg.Message = codeOtherCrawler, msg.New(msgOtherCrawler, "Name", d.Scope)
			case s.Kind == FromHeader && !contains(engines, Google):
				dg.Code, dg.Engines = codeUnverifiedNote, engines
				dg.Message = msg.New(msgUnverifiedPrefix, "Name", d.Scope)
			default:
				continue
			}
			r.Diagnostics = append(r.Diagnostics, dg)
		}
	}
}
