package metatag

import (
	"html"
	"strings"
	"time"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// Spec is what the builder's form holds. Numbers and the date are text as
// typed, so that a bad value is explained instead of lost.
type Spec struct {
	// Target is the meta name / header prefix: "robots" (every crawler),
	// "googlebot", "googlebot-news", "yandex", "bingbot" or any crawler name.
	Target string

	All, None, Index, NoIndex, Follow, NoFollow bool // the 1996 set

	NoArchive, NoSnippet, NoTranslate, NoImageIndex, IndexIfEmbedded bool

	MaxSnippet       string // "" = not set
	MaxImagePreview  string // "", "none", "standard", "large"
	MaxVideoPreview  string // "" = not set
	UnavailableAfter string // "" = not set; any date ParseDate accepts

	// Files is the file pattern of the .htaccess <Files> block (the form
	// starts it at *.pdf, in view); "" leaves the block out, so the header
	// goes on every file the .htaccess covers.
	Files string

	// With1996 also judges the choice by the 1996 rules (the HTML 4.01
	// robots meta tag). Off, the notes about what a 1996 robot skips are
	// left out: nobody asked about those robots.
	With1996 bool
}

// Built is the builder's output. Content is empty when nothing is chosen.
type Built struct {
	Content  string // the content attribute / header value
	Meta     string // <meta name="…" content="…">
	Header   string // X-Robots-Tag: …
	Apache   string // Header set X-Robots-Tag "…"
	Nginx    string // add_header X-Robots-Tag "…" always;
	Htaccess string // <Files "…"> block
	// Problems explains every questionable or invalid choice. When one is an
	// Error the outputs are still shown, so the user sees what would be wrong.
	Problems []Diagnostic
}

// OK reports whether no problem is an Error.
func (b Built) OK() bool {
	for _, p := range b.Problems {
		if p.Severity == diag.Error {
			return false
		}
	}
	return true
}

var (
	msgNothingChosen = msg.Def("meta.build.nothing", "nothing chosen: crawlers index the page and follow its links by default, no tag is needed")
	msgBadTarget     = msg.Def("meta.build.bad_target", "“{{.Target}}” cannot be a crawler name: use letters, digits, “-” and “_” only")
	msgBadFiles      = msg.Def("meta.build.bad_files", "“{{.Files}}” cannot be a <Files> pattern: give a file name or a wildcard such as *.pdf, without quotes or slashes")
	msgEveryFile     = msg.Def("meta.build.every_file", "no file pattern: the .htaccess snippet sets the header on every file of its folder, pages included")
	msgUnknownTarget = msg.Def("meta.build.unknown_target", "{{.Target}} is not a crawler this tool models: check its documentation for the directives it reads")
)

// builderOrder is the order directives are written in.
var builderOrder = []string{"all", "none", "index", "noindex", "follow", "nofollow", "indexifembedded",
	"noarchive", "nosnippet", "max-snippet", "max-image-preview", "max-video-preview", "notranslate",
	"noimageindex", "unavailable_after"}

// Build makes the tag, the header and the server snippets for spec and
// explains every problem of the combination (indexifembedded without
// noindex, all with noindex, none with nofollow, bad values…), using the same
// checks as Validate for the engines the target speaks to.
func Build(spec Spec, now time.Time) Built {
	var b Built
	target := strings.ToLower(strings.TrimSpace(spec.Target))
	if target == "" {
		target = "robots"
	}
	files := strings.TrimSpace(spec.Files)
	if !isToken(target) || strings.Contains(target, ".") {
		b.Problems = append(b.Problems, Diagnostic{Diagnostic: diag.Diagnostic{Severity: diag.Error, Code: codeBadTarget, Message: msg.New(msgBadTarget, "Target", spec.Target), Span: diag.NoSpan}, Source: -1})
		target = "robots"
	}
	if strings.ContainsAny(files, "\"/\\\n\r<>") {
		b.Problems = append(b.Problems, Diagnostic{Diagnostic: diag.Diagnostic{Severity: diag.Error, Code: codeBadFiles, Message: msg.New(msgBadFiles, "Files", spec.Files), Span: diag.NoSpan}, Source: -1})
		files = ""
	}

	chosen := map[string]string{
		"all": flag(spec.All), "none": flag(spec.None), "index": flag(spec.Index), "noindex": flag(spec.NoIndex),
		"follow": flag(spec.Follow), "nofollow": flag(spec.NoFollow), "indexifembedded": flag(spec.IndexIfEmbedded),
		"noarchive": flag(spec.NoArchive), "nosnippet": flag(spec.NoSnippet), "notranslate": flag(spec.NoTranslate),
		"noimageindex":      flag(spec.NoImageIndex),
		"max-snippet":       valued("max-snippet:", spec.MaxSnippet),
		"max-image-preview": valued("max-image-preview:", spec.MaxImagePreview),
		"max-video-preview": valued("max-video-preview:", spec.MaxVideoPreview),
		"unavailable_after": valued("unavailable_after: ", spec.UnavailableAfter),
	}
	var items []string
	for _, name := range builderOrder {
		switch v := chosen[name]; v {
		case "":
		case "x":
			items = append(items, name)
		default:
			items = append(items, v)
		}
	}
	if len(items) == 0 {
		b.Problems = append(b.Problems, Diagnostic{Diagnostic: diag.Diagnostic{Severity: diag.Info, Code: codeDefault, Message: msg.New(msgNothingChosen), Span: diag.NoSpan}, Source: -1})
		return b
	}
	b.Content = strings.Join(items, ", ")

	engines := scopeEngines(target)
	if len(engines) == 0 {
		engines = Engines
		b.Problems = append(b.Problems, Diagnostic{Diagnostic: diag.Diagnostic{Severity: diag.Info, Code: codeOtherCrawler, Message: msg.New(msgUnknownTarget, "Target", target), Span: diag.NoSpan}, Source: -1})
	}
	if !spec.With1996 {
		engines = without(engines, Strict1996)
	}
	ds, issues := parseContent(b.Content, target)
	r := Report{Sources: []Source{{Kind: FromMeta, Name: target, Content: b.Content, Directives: ds, InHead: true, issues: issues}}}
	r.finish(Options{Now: now, Engines: engines})
	b.Problems = append(b.Problems, r.Diagnostics...)
	if target != "robots" && !contains(engines, Google) {
		b.Problems = append(b.Problems, Diagnostic{Diagnostic: diag.Diagnostic{Severity: diag.Info, Code: codeUnverifiedNote, Message: msg.New(msgUnverifiedPrefix, "Name", target), Span: diag.NoSpan}, Source: -1})
	}

	value := b.Content
	if target != "robots" {
		value = target + ": " + b.Content
	}
	b.Meta = `<meta name="` + html.EscapeString(target) + `" content="` + html.EscapeString(b.Content) + `">`
	b.Header = "X-Robots-Tag: " + value
	b.Apache = `Header set X-Robots-Tag "` + value + `"`
	b.Nginx = `add_header X-Robots-Tag "` + value + `" always;`
	if files == "" {
		b.Htaccess = "<IfModule mod_headers.c>\n  " + b.Apache + "\n</IfModule>"
		b.Problems = append(b.Problems, Diagnostic{Diagnostic: diag.Diagnostic{Severity: diag.Info, Code: codeEveryFile, Message: msg.New(msgEveryFile), Span: diag.NoSpan}, Source: -1})
	} else {
		b.Htaccess = "<IfModule mod_headers.c>\n  <Files \"" + files + "\">\n    " + b.Apache + "\n  </Files>\n</IfModule>"
	}
	return b
}

func flag(on bool) string {
	if on {
		return "x"
	}
	return ""
}

// valued writes a directive with a value. Quotes, backslashes and line
// breaks are dropped so the snippets stay well-formed; anything else is kept
// for the checks to judge.
func valued(prefix, v string) string {
	v = strings.TrimSpace(v)
	if v == "" {
		return ""
	}
	v = strings.NewReplacer(`"`, "", `\`, "", "\n", " ", "\r", " ").Replace(v)
	return prefix + v
}
