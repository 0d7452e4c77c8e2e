package fetch

import (
	"bytes"
	"mime"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

var (
	msgCrossHost   = msg.Def("live.warn.cross_host", "redirected to {{.To}}: that host's file is the one that governs {{.From}}")
	msgLoop        = msg.Def("live.warn.loop", "a redirect loop: {{.URL}} was already asked for")
	msgSoft404     = msg.Def("live.warn.soft404", "an HTML page answered with status {{.Status}}: probably a \"soft 404\"; crawlers read it as a robots.txt that has no rules, so everything is allowed")
	msgContentType = msg.Def("live.warn.content_type", "served as {{.Type}}; a robots.txt should be text/plain")
	msgNoType      = msg.Def("live.warn.no_content_type", "the answer has no Content-Type; a robots.txt should be text/plain")
	msgNotUTF8     = msg.Def("live.warn.not_utf8", "the body is not UTF-8{{if .Charset}} (the server says {{.Charset}}){{end}}: RFC 9309 and Google read robots.txt as UTF-8, so rules with non-ASCII paths will not match what the author meant")
	msgHours       = msg.Def("live.n.hours", "{{.Count}} hours")
	msgLongCache   = msg.Def("live.warn.cache", "Cache-Control {{.Header}} asks to keep the file for {{.Hours}}; RFC 9309 §2.4 says crawlers should not use a cached copy for more than 24 hours")
	msgTruncated   = msg.Def("live.warn.truncated", "the file is {{.Size}}: {{.Engines}} read only the first {{.Limit}} and stop in line {{.Line}}; rules after that are not seen")
	msgNoteBOM     = msg.Def("live.note.bom", "the file starts with a UTF-8 byte order mark; Google skips it")
	msgNoteCRLF    = msg.Def("live.note.crlf", "lines end with CR LF (Windows style); every reading accepts that")
	msgNoteGzip    = msg.Def("live.note.gzip", "served gzip-compressed: {{.Wire}} bytes on the wire, {{.Size}} bytes of text")
	msgNoteEmpty   = msg.Def("live.note.empty", "the body is empty: an empty robots.txt allows everything")
)

// Outcome is one engine's conclusion from the fetch.
type Outcome struct {
	Engine        string
	Outcome       engine.FetchOutcome // use-file, allow-all, disallow-all, fail, or follow (not resolved)
	Why           msg.Text
	Status        int // the status the decision rests on (0: no answer)
	ReadLimit     int // bytes the engine reads; 0 = all
	TruncatedAt   int // byte offset where the engine stops reading; -1 = it reads the whole body
	TruncatedLine int // the line that offset falls in
}

// Simulate is what every engine concludes if the server answered status
// (0: the server cannot be reached; a 3xx: redirects past the five a
// crawler follows), without touching the network.
func Simulate(status int) []Outcome {
	r := &Result{MaxRedirects: DefaultMaxRedirects, Hops: []Hop{{Status: status}}}
	if status >= 300 && status < 400 {
		r.Hops = make([]Hop, DefaultMaxRedirects+1)
		for i := range r.Hops {
			r.Hops[i].Status = status
		}
	}
	r.Unreachable = status == 0
	return Conclude(r)
}

// inspect adds the warnings and notes about the final answer.
func (r *Result) inspect() {
	if !r.OK() {
		return
	}
	body := r.Body
	mediaType, params, _ := mime.ParseMediaType(r.ContentType)
	switch {
	case mediaType == "text/html" || mediaType == "application/xhtml+xml" || looksHTML(body):
		r.Warnings = append(r.Warnings, msg.New(msgSoft404, "Status", r.Status))
	case strings.TrimSpace(r.ContentType) == "":
		r.Warnings = append(r.Warnings, msg.New(msgNoType))
	case mediaType != "text/plain":
		r.Warnings = append(r.Warnings, msg.New(msgContentType, "Type", r.ContentType))
	}
	if !utf8.Valid(body) {
		r.Warnings = append(r.Warnings, msg.New(msgNotUTF8, "Charset", params["charset"]))
	}
	if secs, header, ok := maxAge(r.CacheControl); ok && secs > 24*3600 {
		r.Warnings = append(r.Warnings, msg.New(msgLongCache, "Header", header, "Hours", msg.New(msgHours, "Count", secs/3600)))
	}
	var cut []string
	limit, line := 0, 0
	for _, o := range r.Outcomes {
		if o.TruncatedAt >= 0 && (limit == 0 || o.TruncatedAt == limit) {
			limit, line = o.TruncatedAt, o.TruncatedLine
			cut = append(cut, engine.NameOf(o.Engine).String())
		}
	}
	if limit > 0 {
		r.Warnings = append(r.Warnings, msg.New(msgTruncated, "Size", msg.New(msgBytes, "Count", len(body)), "Engines", strings.Join(cut, ", "), "Limit", msg.New(msgBytes, "Count", limit), "Line", line))
	}
	if r.Gzip {
		r.Notes = append(r.Notes, msg.New(msgNoteGzip, "Wire", r.WireBytes, "Size", len(body)))
	}
	if bytes.HasPrefix(body, []byte("\xef\xbb\xbf")) {
		r.Notes = append(r.Notes, msg.New(msgNoteBOM))
	}
	if bytes.Contains(body, []byte("\r\n")) {
		r.Notes = append(r.Notes, msg.New(msgNoteCRLF))
	}
	if len(body) == 0 {
		r.Notes = append(r.Notes, msg.New(msgNoteEmpty))
	}
}

// TruncatedAt is where Google stops reading the body, or -1.
func (r *Result) TruncatedAt() int {
	if o, ok := r.Outcome(engine.Default); ok {
		return o.TruncatedAt
	}
	return -1
}

// looksHTML reports whether body starts like an HTML page.
func looksHTML(body []byte) bool {
	b := bytes.TrimLeft(bytes.TrimPrefix(body, []byte("\xef\xbb\xbf")), " \t\r\n")
	if len(b) > 64 {
		b = b[:64]
	}
	l := strings.ToLower(string(b))
	return strings.HasPrefix(l, "<!doctype html") || strings.HasPrefix(l, "<html") || strings.HasPrefix(l, "<head") || strings.HasPrefix(l, "<?xml")
}

// maxAge reads max-age (or s-maxage) from a Cache-Control header.
func maxAge(header string) (secs int, directive string, ok bool) {
	for _, part := range strings.Split(header, ",") {
		name, val, found := strings.Cut(strings.TrimSpace(part), "=")
		name = strings.ToLower(strings.TrimSpace(name))
		if !found || (name != "max-age" && name != "s-maxage") {
			continue
		}
		n, err := strconv.Atoi(strings.Trim(strings.TrimSpace(val), `"`))
		if err == nil && n > secs {
			secs, directive, ok = n, strings.TrimSpace(part), true
		}
	}
	return secs, directive, ok
}

// disallowAll is the file that means "crawl nothing".
var disallowAll = syntax.Parse([]byte("User-agent: *\nDisallow: /\n"))

// DocFor is the document engine id obeys after this fetch: doc (the body)
// for use-file, an empty file for allow-all, and `Disallow: /` for every
// other outcome (crawl nothing; an unresolved or failed fetch counts as
// that). A nil Result means the file did not come from the network.
func (r *Result) DocFor(id string, doc *syntax.Document) *syntax.Document {
	if r == nil {
		return doc
	}
	o, _ := r.Outcome(id)
	switch o.Outcome {
	case engine.FetchUseFile:
		return doc
	case engine.FetchAllowAll:
		return syntax.Parse(nil)
	}
	return disallowAll
}
