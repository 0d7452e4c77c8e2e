package metatag

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/msg"
)

var (
	msgOutsideHead  = msg.Def("meta.diag.outside_head", "this robots meta tag is outside <head>; it belongs in the head, and crawlers may ignore it in the body")
	msgHTTPEquiv    = msg.Def("meta.diag.http_equiv", "<meta http-equiv=\"{{.Name}}\"> is not read by crawlers: send X-Robots-Tag as a real HTTP header, or use <meta name=\"robots\">")
	msgNoindexBlock = msg.Def("meta.diag.noindex_block", "Yandex <noindex> blocks: {{.Count}}. Yandex does not index the text inside them; other crawlers ignore the tag, and links inside are still followed")
	msgUnclosed     = msg.Def("meta.diag.unclosed_noindex", "a <noindex> block opened on line {{.Line}} is never closed: Yandex may leave out the rest of the page")
)

// otherCrawlerNames are meta names of crawlers not modelled here, read as
// robots metas so they are shown, not dropped.
var otherCrawlerNames = []string{"slurp", "baiduspider", "duckduckbot", "yandexbot", "yandeximages", "applebot",
	"googlebot-image", "googlebot-video", "adsbot-google", "mediapartners-google", "teoma", "seznambot", "naver"}

// headElements may stand in <head>; anything else opens the body implicitly.
var headElements = []string{"html", "head", "title", "base", "link", "meta", "style", "script", "noscript", "template"}

// rawTextElements hold text that does not open the body.
var rawTextElements = []string{"title", "script", "style", "noscript", "template"}

// AnalyseHTML finds every robots directive of a page: robots meta tags (any
// case, several of them, names for specific crawlers), the X-Robots-Tag lines
// in opt.Headers, Yandex <noindex> blocks, rel="nofollow" links and the
// historical meta tags, then resolves the policy per crawler.
func AnalyseHTML(page []byte, opt Options) Report {
	r := Report{HTML: true}
	r.scanHTML(page)
	r.addHeaders(opt.Headers)
	r.finish(opt)
	return r
}

// scanHTML walks the page once with the x/net/html tokenizer, which keeps
// <script>, <style> and comments out of the way and lets us count lines.
func (r *Report) scanHTML(page []byte) {
	z := html.NewTokenizer(bytes.NewReader(page))
	line, inHead := 1, true
	rawText := ""  // the open <title>, <script>… whose text is not body content
	var open []int // lines of open <noindex> blocks
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		at := line
		line += bytes.Count(z.Raw(), []byte{'\n'})
		switch tt {
		case html.TextToken:
			if inHead && rawText == "" && len(bytes.TrimSpace(z.Text())) > 0 {
				inHead = false
			}
		case html.CommentToken:
			switch strings.ToLower(strings.TrimSpace(string(z.Text()))) {
			case "noindex":
				open = append(open, at)
			case "/noindex":
				r.closeNoindex(&open)
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			if string(name) == rawText {
				rawText = ""
			}
			switch string(name) {
			case "head":
				inHead = false
			case "noindex":
				r.closeNoindex(&open)
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			tag := string(name)
			attrs := readAttrs(z)
			if tt == html.StartTagToken && contains(rawTextElements, tag) {
				rawText = tag
			}
			if inHead && !contains(headElements, tag) {
				inHead = false
			}
			switch tag {
			case "meta":
				r.meta(attrs, at, inHead)
			case "noindex":
				if tt == html.StartTagToken {
					open = append(open, at)
				}
			case "a":
				r.link(attrs)
			}
		}
	}
	for _, l := range open {
		r.Noindex.Unclosed++
		r.Diagnostics = append(r.Diagnostics, Diagnostic{Diagnostic: diag.Diagnostic{Severity: diag.Warning, Code: codeUnclosedBlock, Message: msg.New(msgUnclosed, "Line", l), Span: diag.NoSpan}, Engines: []Engine{Yandex}, Source: -1, Line: l})
	}
	if n := r.Noindex.Count + r.Noindex.Unclosed; n > 0 {
		r.Diagnostics = append(r.Diagnostics, Diagnostic{Diagnostic: diag.Diagnostic{Severity: diag.Info, Code: codeNoindexBlock, Message: msg.New(msgNoindexBlock, "Count", n), Span: diag.NoSpan}, Engines: []Engine{Yandex}, Source: -1})
	}
}

func (r *Report) closeNoindex(open *[]int) {
	if len(*open) == 0 {
		return
	}
	l := (*open)[len(*open)-1]
	*open = (*open)[:len(*open)-1]
	r.Noindex.Count++
	r.Noindex.Lines = append(r.Noindex.Lines, l)
}

// attrs are a tag's attributes; presence matters (content="" differs from no content).
type attrs map[string]string

// readAttrs collects the current tag's attributes, lower-case keys, the
// first occurrence winning as in browsers.
func readAttrs(z *html.Tokenizer) attrs {
	out := attrs{}
	for {
		k, v, more := z.TagAttr()
		if k == nil && !more {
			return out
		}
		key := strings.ToLower(string(k))
		if _, dup := out[key]; !dup {
			out[key] = string(v)
		}
		if !more {
			return out
		}
	}
}

func (r *Report) meta(a attrs, line int, inHead bool) {
	if eq, ok := a["http-equiv"]; ok {
		e := strings.ToLower(strings.TrimSpace(eq))
		if e == "x-robots-tag" || e == "robots" {
			r.Diagnostics = append(r.Diagnostics, Diagnostic{Diagnostic: diag.Diagnostic{Severity: diag.Warning, Code: codeHTTPEquiv, Message: msg.New(msgHTTPEquiv, "Name", strings.TrimSpace(eq)), Span: diag.NoSpan}, Source: -1, Line: line})
		}
		return
	}
	name := strings.ToLower(strings.TrimSpace(a["name"]))
	if name == "" {
		return // <meta charset>, <meta property=…>: addressed to no crawler
	}
	content, hasContent := a["content"]
	if h, ok := historicalTag(name, content, line); ok {
		r.Historical = append(r.Historical, h)
		r.Diagnostics = append(r.Diagnostics, historicalDiagnostics(h)...)
		return
	}
	known := name == "robots" || contains(otherCrawlerNames, name)
	for _, c := range Crawlers {
		known = known || contains(c.Names, name)
	}
	ds, issues := parseContent(content, name)
	if !known && !looksLikeRobots(ds) {
		return
	}
	if !hasContent {
		content = ""
	}
	r.Sources = append(r.Sources, Source{Kind: FromMeta, Name: name, Line: line, Content: content,
		Directives: ds, InHead: inHead, issues: issues})
	if !inHead {
		r.Diagnostics = append(r.Diagnostics, Diagnostic{Diagnostic: diag.Diagnostic{Severity: diag.Warning, Code: codeOutsideHead, Message: msg.New(msgOutsideHead), Span: diag.NoSpan}, Source: len(r.Sources) - 1, Line: line})
	}
}

// looksLikeRobots: an unfamiliar meta name whose content is nothing but
// robots directives is a tag for some crawler ("otherbot"). "all" or "none"
// alone is too common a word to count (<meta name="rating" content="all">).
func looksLikeRobots(ds []Directive) bool {
	telling := false
	for _, d := range ds {
		if lookup(d.Name) == nil {
			return false
		}
		telling = telling || d.Name != "all" && d.Name != "none"
	}
	return telling
}

func (r *Report) link(a attrs) {
	if _, ok := a["href"]; !ok {
		return
	}
	r.Links.Total++
	for _, rel := range strings.Fields(strings.ToLower(a["rel"])) {
		switch rel {
		case "nofollow":
			r.Links.Nofollow++
		case "ugc":
			r.Links.UGC++
		case "sponsored":
			r.Links.Sponsored++
		}
	}
}
