package metatag

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/uri"
)

// Historical is a meta tag from the early days of search engines that the
// 1990s guides teach (KEYWORDS, DESCRIPTION, DOCUMENT-STATE, URL,
// revisit-after), with what it means today.
type Historical struct {
	Name        string // lower-case meta name
	Content     string
	Line        int
	Explanation msg.Text
}

var (
	msgHistKeywords    = msg.Def("meta.hist.keywords", "KEYWORDS: phrases meant to help indexing. Google has ignored it since 2009 (Google Search Central blog, September 2009), other major engines give it little or no weight, and a long list can look like spam")
	msgHistDescription = msg.Def("meta.hist.description", "DESCRIPTION: the page summary; still read, and search engines may show it as the snippet (nosnippet and max-snippet limit that)")
	msgHistDocState    = msg.Def("meta.hist.document-state", "DOCUMENT-STATE: proposed in the 1990s guides (no original specification survives) to mark a page STATIC (the default) or DYNAMIC so robots would revisit it; no crawler reads it today")
	msgHistURL         = msg.Def("meta.hist.url", "URL: proposed in the 1990s guides (no original specification survives) to give a page's main address, for mirrors and generated pages; no crawler reads it: use <link rel=\"canonical\" href=\"…\"> today")
	msgHistRevisit     = msg.Def("meta.hist.revisit-after", "REVISIT-AFTER: asks robots to come back after some days; major engines ignore it and set their own crawl schedule")
	msgBadDocState     = msg.Def("meta.diag.bad_document_state", "DOCUMENT-STATE is STATIC or DYNAMIC, not “{{.Value}}”")
	msgBadURL          = msg.Def("meta.diag.bad_url", "the URL meta tag was meant to hold an absolute address (http://…), not “{{.Value}}”")
)

var historicalNames = map[string]string{
	"keywords":       msgHistKeywords,
	"description":    msgHistDescription,
	"document-state": msgHistDocState,
	"url":            msgHistURL,
	"revisit-after":  msgHistRevisit,
}

// historicalTag recognises a historical meta name.
func historicalTag(name, content string, line int) (Historical, bool) {
	key, ok := historicalNames[name]
	if !ok {
		return Historical{}, false
	}
	return Historical{Name: name, Content: content, Line: line, Explanation: msg.New(key)}, true
}

// historicalDiagnostics checks the values the 1996 proposals defined.
func historicalDiagnostics(h Historical) []Diagnostic {
	v := strings.TrimSpace(h.Content)
	bad := func(key string) []Diagnostic {
		return []Diagnostic{Diagnostic{Diagnostic: diag.Diagnostic{Severity: diag.Warning, Code: codeBadHistorical, Message: msg.New(key, "Value", v), Span: diag.NoSpan}, Source: -1, Line: h.Line}}
	}
	switch h.Name {
	case "document-state":
		if !strings.EqualFold(v, "static") && !strings.EqualFold(v, "dynamic") {
			return bad(msgBadDocState)
		}
	case "url":
		if a, ok := uri.SplitAbsolute(v); !ok || !a.WellFormed(v) {
			return bad(msgBadURL)
		}
	}
	return nil
}
