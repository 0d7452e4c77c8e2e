// Package sitemap checks sitemap files (sitemaps.org protocol 0.9) and the
// pair they form with a robots.txt. A sitemap is read as a stream — an XML
// urlset or sitemapindex, gzip-compressed or not (told by its first bytes),
// or a plain-text list of URLs — so a 50 MB file is never held in memory;
// every finding carries the line and column it is about. The cross-check
// tests every listed URL against a robots.txt for chosen crawlers and names
// the rule that blocks it; the builder writes valid sitemaps from a list.
package sitemap

import (
	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// Namespace is the sitemaps.org protocol's XML namespace.
const Namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"

// Limits of the sitemaps.org protocol, and the older ones many tutorials
// still teach: 10 MB (10,485,760 bytes) per file until November 2016, when
// Bing and Google raised it to 50 MB (Bing Webmaster blog, "Increasing the
// size limit of Sitemaps file"), and 1,000 sitemaps per index in Google's
// early guidelines.
const (
	MaxURLs         = 50000
	MaxBytes        = 50 * 1024 * 1024
	OldMaxBytes     = 10 * 1024 * 1024
	MaxSitemaps     = 50000
	OldMaxSitemaps  = 1000
	MaxLocLen       = 2048 // a <loc> must be shorter than this
	maxFindingsCode = 1000 // findings of one code kept per file; the rest are counted
	// hardLimit stops reading a file (a gzip bomb, an endless stream):
	// five times the protocol's size limit is enough to count everything
	// a real oversized sitemap holds.
	hardLimit = 5 * MaxBytes
	// maxDepth is how deep elements may nest: the protocol needs three
	// levels (urlset, url, loc) and its extensions a few more. Deeper, the
	// reading stops, so no input can make the decoder keep millions of
	// open elements.
	maxDepth = 64
	// maxToken is the most one piece of text, tag or comment may take
	// (a <loc> must stay under 2,048 characters): longer, the reading
	// stops instead of holding it.
	maxToken = 1 << 20
	// maxOpenTags bounds the bytes of the start tags still open (their
	// attributes and namespace declarations are kept until they close).
	maxOpenTags = 1 << 20
)

// Kind is what a sitemap file turned out to be.
type Kind int

// Kinds of sitemap file.
const (
	KindUnknown Kind = iota // not read yet, or not a sitemap
	KindURLSet              // <urlset>: pages
	KindIndex               // <sitemapindex>: other sitemaps
	KindText                // one URL a line
)

func (k Kind) String() string {
	switch k {
	case KindURLSet:
		return "urlset"
	case KindIndex:
		return "sitemapindex"
	case KindText:
		return "text"
	}
	return "unknown"
}

// Finding is one problem (or note) about a sitemap or its robots.txt, at
// File:Line:Col: a diag.Diagnostic (code, severity, message) with what is
// the sitemap's own. Blocked-URL findings also name the crawler, the engine
// and the robots.txt rule that decided. Unlike lint's, its position is the
// line and column the streaming reader stood at, since a sitemap of many
// megabytes is read once and not kept. The Diagnostic's Span is empty, at
// the byte offset of that place (after gzip is undone; Entry.Off), so
// diag.List sorts a file's findings as Line and Col do; a finding about no
// place (a file that does not open, a line of a URL list) has diag.NoSpan.
type Finding struct {
	diag.Diagnostic
	File   string
	Line   int
	Col    int
	URL    string       // the URL the finding is about, if any
	Agent  string       // for a blocked URL: the crawler
	Engine string       // for a blocked URL: the engine id that decided
	Rule   *engine.Rule // for a blocked URL: the deciding robots.txt rule
}

// newDiag is the Diagnostic of a finding with code and message text, about
// no place in particular (the file as a whole, a line of a URL list).
func newDiag(code string, text msg.Text) diag.Diagnostic {
	return diag.Diagnostic{Code: code, Severity: SeverityOf(code), Span: diag.NoSpan, Message: text}
}

// newDiagAt is newDiag at byte offset off of the file: an empty span
// there, so diag.List orders the findings of a file as its lines and
// columns do; a negative off is no place (diag.NoSpan).
func newDiagAt(code string, text msg.Text, off int) diag.Diagnostic {
	d := newDiag(code, text)
	if off >= 0 {
		d.Span = diag.Span{Start: off, End: off}
	}
	return d
}

// Entry is one URL a sitemap lists (a page, or a sitemap for an index).
type Entry struct {
	Loc   string
	Line  int // where the URL text starts
	Col   int
	Off   int  // and its byte offset in the file, gzip undone (in a UTF-16 file: in the text as decoded); -1: unknown
	Index bool // listed by a sitemap index: the URL of a sitemap
}

// Codes of the findings. They are stable: scripts and docs refer to them.
const (
	CodeNotUTF8        = "SM001"
	CodeEncodingDecl   = "SM002"
	CodeMalformed      = "SM003"
	CodeUnescaped      = "SM004"
	CodeRoot           = "SM005"
	CodeNamespace      = "SM006"
	CodeNoLoc          = "SM007"
	CodeNotAbsolute    = "SM008"
	CodeTooLong        = "SM009"
	CodeNotEncoded     = "SM010"
	CodeOtherHost      = "SM011"
	CodeOutsideDir     = "SM012"
	CodeLastmod        = "SM013"
	CodeLastmodZone    = "SM014"
	CodeChangefreq     = "SM015"
	CodePriority       = "SM016"
	CodeTooManyURLs    = "SM017"
	CodeTooBig         = "SM018"
	CodeOldSize        = "SM019"
	CodeTooManyMaps    = "SM020"
	CodeOldMaps        = "SM021"
	CodeNestedIndex    = "SM022"
	CodeDuplicate      = "SM023"
	CodeMisplaced      = "SM024"
	CodeRepeated       = "SM025"
	CodeEmpty          = "SM026"
	CodeStopped        = "SM027"
	CodeMore           = "SM028"
	CodeBlocked        = "SM101"
	CodeSitemapBlocked = "SM102"
	CodeNoSitemapLine  = "SM103"
	CodeUnresolved     = "SM104"
	CodeNotListed      = "SM105"
	CodePattern        = "SM106"
)

var (
	msgNotUTF8      = msg.Def("sitemap.not_utf8", "the file is not valid UTF-8; sitemaps must be UTF-8 encoded")
	msgEncodingDecl = msg.Def("sitemap.encoding_decl", "the XML declaration names the encoding {{.Encoding}}; sitemaps must be UTF-8 (the file was read as UTF-8)")
	msgMalformed    = msg.Def("sitemap.malformed", "not well-formed XML: {{.Error}}; crawlers reject the whole file")
	msgUnescaped    = msg.Def("sitemap.unescaped", "a bare & (or an unknown entity): write & as &amp; — and < > ' \" as &lt; &gt; &apos; &quot; — inside a sitemap ({{.Error}})")
	msgRoot         = msg.Def("sitemap.root", "the root element is <{{.Name}}>; a sitemap starts with <urlset> or, for an index, <sitemapindex>")
	msgNamespace    = msg.Def("sitemap.namespace", "<{{.Name}}> is in the namespace \"{{.Space}}\"; the protocol's is xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"")
	msgNoLoc        = msg.Def("sitemap.no_loc", "<{{.Name}}> has no <loc>: every entry needs its URL")
	msgNotAbsolute  = msg.Def("sitemap.not_absolute", "`{{.URL}}` is not an absolute URL: a <loc> starts with the scheme and host (http://www.example.com/…)")
	msgTooLong      = msg.Def("sitemap.too_long", "the URL is {{.Len}} characters long; a <loc> must be shorter than 2,048")
	msgNotEncoded   = msg.Def("sitemap.not_encoded", "the URL has characters a URL cannot carry raw; %-encode them (UTF-8): {{.Encoded}}")
	msgOtherHost    = msg.Def("sitemap.other_host", "{{.URL}} is on {{.Host}}, but the sitemap is on {{.Own}}: a sitemap may list only its own host's URLs, unless that host's robots.txt names the sitemap")
	msgOtherHostF   = msg.Def("sitemap.other_host_first", "{{.URL}} is on {{.Host}}, but the sitemap's first URL is on {{.Own}}: a sitemap lists the URLs of one host")
	msgOutsideDir   = msg.Def("sitemap.outside_dir", "{{.URL}} is outside {{.Dir}}: a sitemap lists only URLs under its own directory, unless the host's robots.txt names it")
	msgLastmod      = msg.Def("sitemap.lastmod", "<lastmod> `{{.Value}}` is not a W3C Datetime: write YYYY-MM-DD (2007-11-02) or a full time with its zone (2007-11-02T18:50:24+01:00)")
	msgLastmodZone  = msg.Def("sitemap.lastmod_zone", "<lastmod> `{{.Value}}` has a time but no time zone; W3C Datetime wants Z or ±hh:mm after it ({{.Value}}Z)")
	msgChangefreq   = msg.Def("sitemap.changefreq", "<changefreq> `{{.Value}}` is not one of always, hourly, daily, weekly, monthly, yearly, never")
	msgPriority     = msg.Def("sitemap.priority", "<priority> `{{.Value}}` is not a number from 0.0 to 1.0 (the default is 0.5)")
	msgTooManyURLs  = msg.Def("sitemap.too_many_urls", "{{.Count}} URLs: a sitemap lists at most 50,000; split it and list the parts in a sitemap index")
	msgTooBig       = msg.Def("sitemap.too_big", "{{.Size}} bytes uncompressed: a sitemap may be at most 50 MB (52,428,800 bytes) uncompressed; split it")
	msgOldSize      = msg.Def("sitemap.old_size", "{{.Size}} bytes uncompressed: more than 10 MB, the limit before 2016 that older guides still give (today's limit is 50 MB)")
	msgTooManyMaps  = msg.Def("sitemap.too_many_maps", "{{.Count}} sitemaps: an index lists at most 50,000")
	msgOldMaps      = msg.Def("sitemap.old_maps", "{{.Count}} sitemaps: more than 1,000, the index limit older guides give (today's limit is 50,000)")
	msgNestedIndex  = msg.Def("sitemap.nested_index", "a sitemap index may not list another sitemap index")
	msgDuplicate    = msg.Def("sitemap.duplicate", "{{.URL}} is listed again (first at line {{.Line}})")
	msgMisplaced    = msg.Def("sitemap.misplaced", "<{{.Name}}> cannot stand inside <{{.Parent}}>; it belongs inside <{{.Want}}>")
	msgRepeated     = msg.Def("sitemap.repeated", "a second <{{.Name}}> in the same <{{.Parent}}>; only one is allowed")
	msgEmpty        = msg.Def("sitemap.empty", "the sitemap lists no URLs")
	msgStopped      = msg.Def("sitemap.stopped", "reading stopped after {{.Size}} bytes: the rest of the file was not checked")
	msgMore         = msg.Def("sitemap.more", "{{.Count}} more findings [{{.Code}}] not listed one by one")
	msgPattern      = msg.Def("sitemap.pattern", "`{{.URL}}` holds `{{.Char}}`: it looks like a robots.txt rule pattern, not the address of a page")
	msgTextNotURL   = msg.Def("sitemap.text_not_url", "`{{.URL}}` is not an absolute URL: a text sitemap holds one full URL a line and nothing else")
)

// Severities of each code.
var severities = map[string]diag.Severity{
	CodeNotUTF8: diag.Error, CodeEncodingDecl: diag.Error, CodeMalformed: diag.Error, CodeUnescaped: diag.Error,
	CodeRoot: diag.Error, CodeNamespace: diag.Error, CodeNoLoc: diag.Error, CodeNotAbsolute: diag.Error,
	CodeTooLong: diag.Error, CodeNotEncoded: diag.Error, CodeOtherHost: diag.Error, CodeOutsideDir: diag.Error,
	CodeLastmod: diag.Error, CodeLastmodZone: diag.Warning, CodeChangefreq: diag.Error, CodePriority: diag.Error,
	CodeTooManyURLs: diag.Error, CodeTooBig: diag.Error, CodeOldSize: diag.Info, CodeTooManyMaps: diag.Error,
	CodeOldMaps: diag.Info, CodeNestedIndex: diag.Error, CodeDuplicate: diag.Warning, CodeMisplaced: diag.Error,
	CodeRepeated: diag.Error, CodeEmpty: diag.Warning, CodeStopped: diag.Error, CodeMore: diag.Info,
	CodeBlocked: diag.Error, CodeSitemapBlocked: diag.Error, CodeNoSitemapLine: diag.Warning,
	CodeUnresolved: diag.Warning, CodeNotListed: diag.Info, CodePattern: diag.Warning,
}

// SeverityOf is the severity findings with code carry.
func SeverityOf(code string) diag.Severity { return severities[code] }

// Codes lists every finding code in order.
func Codes() []string {
	return []string{CodeNotUTF8, CodeEncodingDecl, CodeMalformed, CodeUnescaped, CodeRoot, CodeNamespace, CodeNoLoc,
		CodeNotAbsolute, CodeTooLong, CodeNotEncoded, CodeOtherHost, CodeOutsideDir, CodeLastmod, CodeLastmodZone,
		CodeChangefreq, CodePriority, CodeTooManyURLs, CodeTooBig, CodeOldSize, CodeTooManyMaps, CodeOldMaps,
		CodeNestedIndex, CodeDuplicate, CodeMisplaced, CodeRepeated, CodeEmpty, CodeStopped, CodeMore, CodeBlocked,
		CodeSitemapBlocked, CodeNoSitemapLine, CodeUnresolved, CodeNotListed, CodePattern}
}

// HasError reports whether any finding is an error.
func HasError(fs []Finding) bool { return diag.List[Finding](fs).HasError() }
