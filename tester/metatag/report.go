package metatag

import (
	"slices"
	"time"

	"github.com/robots-studio/robots-studio/tester/diag"
)

// Diagnostic codes (stable, for JSON and tests).
const (
	codeUnknown        = "unknown"           // no crawler knows the directive
	codeIgnored        = "ignored"           // this engine does not read it
	codeObsolete       = "obsolete"          // nobody reads it any more
	codeRepeated       = "repeated"          // same effect twice in one string
	codeContradictory  = "contradictory"     // opposite effects in one string
	codeConflict       = "conflict"          // opposite effects in two tags/headers
	codeBadValue       = "bad-value"         // value missing, unexpected or malformed
	codeDatePassed     = "date-passed"       // unavailable_after lies in the past
	codeNeedsNoindex   = "needs-noindex"     // indexifembedded without noindex
	codeEmptyItem      = "empty-item"        // ",," or a trailing comma
	codeSemicolon      = "semicolon"         // ";" used as a separator
	codeMissingComma   = "missing-comma"     // "noindex nofollow"
	codeEmptyScope     = "empty-scope"       // "googlebot:" with nothing after it
	codeEmptyContent   = "empty-content"     // content="" or no content attribute
	codeDefault        = "default"           // only says what is the default anyway
	codeMoot           = "moot"              // read, but has no visible effect today
	codeSameAs         = "same-as"           // max-snippet:0 is nosnippet…
	codeBlockedNoindex = "blocked-noindex"   // robots.txt hides the noindex
	codeBlocked        = "blocked"           // robots.txt hides the page's tags
	codeOutsideHead    = "outside-head"      // robots meta in <body>
	codeHTTPEquiv      = "http-equiv"        // <meta http-equiv="X-Robots-Tag">
	codeOtherCrawler   = "other-crawler"     // meta for a crawler we do not model
	codeEveryFile      = "every-file"        // a .htaccess snippet without a <Files> pattern
	codeNoindexBlock   = "noindex-block"     // Yandex <noindex> text block
	codeUnclosedBlock  = "unclosed-noindex"  // <noindex> without </noindex>
	codeHistorical     = "historical"        // keywords, revisit-after…
	codeBadHistorical  = "historical-value"  // document-state other than static/dynamic…
	codeRedirects      = "redirects"         // several responses in the headers
	codeNotHeader      = "not-header"        // a pasted line that is not "Name: value"
	codeNoDirectives   = "no-directives"     // page and headers say nothing
	codeUnverifiedNote = "unverified-prefix" // botname: prefix for a crawler that may not read it
	codeBadTarget      = "bad-target"        // builder: target name unusable
	codeBadFiles       = "bad-files"         // builder: <Files> pattern unusable
)

// Diagnostic is one finding: a diag.Diagnostic whose Span is bytes of the
// source's content (Report.Sources[Source].Content), diag.NoSpan for the
// whole source, with where the source stands.
type Diagnostic struct {
	diag.Diagnostic
	// Engines the finding concerns; nil means every engine.
	Engines []Engine
	// Source indexes Report.Sources; -1 when the finding is about the page.
	Source int
	// Line is the 1-based line in the HTML text, or in the headers text when
	// Headers is set; 0 when unknown.
	Line    int
	Headers bool
}

// concerns reports whether the diagnostic matters for one of engines.
func (d Diagnostic) concerns(engines []Engine) bool {
	if d.Engines == nil {
		return true
	}
	for _, e := range d.Engines {
		if slices.Contains(engines, e) {
			return true
		}
	}
	return false
}

// SourceKind says where directives came from.
type SourceKind uint8

// Kinds of source.
const (
	FromContent SourceKind = iota // a content string given on its own
	FromMeta                      // a <meta name=… content=…> tag
	FromHeader                    // an X-Robots-Tag header
)

var sourceKindNames = [...]string{"content", "meta", "header"}

func (k SourceKind) String() string {
	if int(k) < len(sourceKindNames) {
		return sourceKindNames[k]
	}
	return "source?"
}

// Source is one tag or header line with its directives.
type Source struct {
	Kind SourceKind
	// Name is the meta name, lower-case ("robots", "googlebot"…); for a
	// header it is "X-Robots-Tag" and each directive carries its own Scope.
	Name       string
	Line       int    // 1-based line in the HTML or headers text; 0 for a bare content string
	Content    string // the content attribute or header value as written
	Directives []Directive
	InHead     bool // a meta inside <head> (always true for the other kinds)
	issues     []syntaxIssue
}

// RobotsCheck answers whether robots.txt lets crawler (a user-agent token
// such as "Googlebot") fetch url, and why in one sentence. The window passes
// one built from the open robots.txt; nil means no robots.txt is known.
type RobotsCheck func(crawler, url string) (allowed bool, reason string)

// Options tune an analysis.
type Options struct {
	URL     string      // the page's address, for the robots.txt check
	Headers string      // response headers as text (curl -I style); may be empty
	Robots  RobotsCheck // nil: robots.txt unknown
	Now     time.Time   // for unavailable_after; zero means time.Now()
	// Engines limits the policies and diagnostics; nil means all.
	Engines []Engine
}

func (o Options) engines() []Engine {
	if len(o.Engines) == 0 {
		return Engines
	}
	return o.Engines
}

func (o Options) now() time.Time {
	if o.Now.IsZero() {
		return time.Now()
	}
	return o.Now
}

// Report is the outcome of Validate or AnalyseHTML.
type Report struct {
	Sources     []Source
	Historical  []Historical
	Noindex     NoindexBlocks
	Links       LinkCount
	Policies    []Policy
	Diagnostics []Diagnostic
	// HTML is true when a page was analysed (not a bare content string).
	HTML bool
}

// NoindexBlocks counts Yandex's <noindex>…</noindex> (or <!--noindex-->) blocks.
type NoindexBlocks struct {
	Count    int
	Unclosed int
	Lines    []int
}

// LinkCount counts <a href> links and their rel hints.
type LinkCount struct {
	Total, Nofollow, UGC, Sponsored int
}

// SourceCounts is how many of the report's sources are tags in the page
// (or content strings) and how many are X-Robots-Tag headers.
func (r Report) SourceCounts() (tags, headers int) {
	for _, s := range r.Sources {
		if s.Kind == FromHeader {
			headers++
		} else {
			tags++
		}
	}
	return tags, headers
}

// HasError reports whether a diagnostic of severity Error concerns one of
// engines (nil: any engine).
func (r Report) HasError(engines []Engine) bool {
	if len(engines) == 0 {
		engines = Engines
	}
	for _, d := range r.Diagnostics {
		if d.Severity == diag.Error && d.concerns(engines) {
			return true
		}
	}
	return false
}

// Filter returns the diagnostics that concern one of engines, in order.
func (r Report) Filter(engines []Engine) []Diagnostic {
	if len(engines) == 0 {
		return r.Diagnostics
	}
	var out []Diagnostic
	for _, d := range r.Diagnostics {
		if d.concerns(engines) {
			out = append(out, d)
		}
	}
	return out
}
