package metatag

import (
	"strings"
)

// Directive is one comma-separated item of a content string or header value.
type Directive struct {
	Name     string // lower-case name as written ("noindex", "max-snippet", or an unknown word)
	Value    string // what follows the first colon, trimmed; "" when none
	HasValue bool   // a colon was present
	Raw      string // the item as written, trimmed
	Offset   int    // byte offset of Raw in the parsed text
	// Scope is the crawler the directive is for, lower-case: the meta name
	// ("robots", "googlebot"…) or an X-Robots-Tag "botname:" prefix; a header
	// without a prefix speaks to every crawler and gets "robots".
	Scope string
}

// Canonical is the directive as a builder would write it.
func (d Directive) Canonical() string {
	if !d.HasValue {
		return d.Name
	}
	if d.Name == "unavailable_after" {
		return d.Name + ": " + d.Value
	}
	return d.Name + ":" + d.Value
}

// syntaxIssue is a problem the splitter saw; check turns it into a Diagnostic.
type syntaxIssue struct {
	code   string
	offset int
	length int
	text   string // the offending text
}

// item is a piece of text with its offset.
type item struct {
	text   string
	offset int
}

// splitItems cuts s at commas and semicolons (the latter reported), trims
// each piece and drops empty ones (reported unless s is blank). An RFC 850
// date ("unavailable_after: Friday, 25-Jun-10 15:00:00 PST") has a comma after
// the weekday; the two pieces are joined back.
func splitItems(s string, base int, issues *[]syntaxIssue) []item {
	var items []item
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != ',' && s[i] != ';' {
			continue
		}
		if i < len(s) && s[i] == ';' {
			*issues = append(*issues, syntaxIssue{code: codeSemicolon, offset: base + i, length: 1, text: ";"})
		}
		piece, off := trimWithOffset(s[start:i], start)
		if piece == "" {
			if strings.TrimSpace(s) != "" {
				*issues = append(*issues, syntaxIssue{code: codeEmptyItem, offset: base + min(start, len(s)), length: 0})
			}
		} else if n := len(items); n > 0 && s[start-1] == ',' && endsWithWeekday(items[n-1].text) && piece[0] >= '0' && piece[0] <= '9' {
			items[n-1].text = s[items[n-1].offset-base : off+len(piece)]
		} else {
			items = append(items, item{text: piece, offset: base + off})
		}
		start = i + 1
	}
	return items
}

// endsWithWeekday reports whether text ends in "unavailable_after: <weekday>",
// the first half of an RFC 850 date that a comma split in two.
func endsWithWeekday(text string) bool {
	lower := strings.ToLower(text)
	i := strings.Index(lower, "unavailable_after")
	if i < 0 {
		return false
	}
	rest := strings.TrimSpace(lower[i+len("unavailable_after"):])
	if !strings.HasPrefix(rest, ":") {
		return false
	}
	v := strings.TrimSpace(rest[1:])
	for _, d := range weekdays {
		if v == d || v == d[:3] {
			return true
		}
	}
	return false
}

var weekdays = []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}

func trimWithOffset(s string, off int) (string, int) {
	t := strings.TrimLeft(s, " \t\r\n\f")
	off += len(s) - len(t)
	return strings.TrimRight(t, " \t\r\n\f"), off
}

// ParseContent splits a robots meta content string into directives. It never
// fails: unknown words become directives with unknown names, and the checks
// in Validate report them.
func ParseContent(content string) []Directive {
	ds, _ := parseContent(content, "robots")
	return ds
}

func parseContent(content, scope string) ([]Directive, []syntaxIssue) {
	var issues []syntaxIssue
	var out []Directive
	for _, it := range splitItems(content, 0, &issues) {
		out = append(out, parseItem(it, scope, &issues)...)
	}
	return out, issues
}

// parseItem reads "name" or "name:value". Words separated by blanks instead of
// commas ("noindex nofollow") are split when every word is a directive, and
// reported.
func parseItem(it item, scope string, issues *[]syntaxIssue) []Directive {
	name, value, hasValue := strings.Cut(it.text, ":")
	name = strings.TrimSpace(name)
	if !hasValue {
		if words := strings.Fields(it.text); len(words) > 1 && allDirectives(words) {
			*issues = append(*issues, syntaxIssue{code: codeMissingComma, offset: it.offset, length: len(it.text), text: it.text})
			var out []Directive
			pos := 0
			for _, w := range words {
				i := strings.Index(it.text[pos:], w) + pos
				out = append(out, Directive{Name: strings.ToLower(w), Raw: w, Offset: it.offset + i, Scope: scope})
				pos = i + len(w)
			}
			return out
		}
	}
	return []Directive{{
		Name:     strings.ToLower(name),
		Value:    strings.TrimSpace(value),
		HasValue: hasValue,
		Raw:      it.text,
		Offset:   it.offset,
		Scope:    scope,
	}}
}

func allDirectives(words []string) bool {
	for _, w := range words {
		if lookup(strings.TrimRight(w, ":")) == nil {
			return false
		}
	}
	return true
}

// ParseHeaderValue splits the value of one X-Robots-Tag header. A "botname:"
// prefix scopes the directives after it, up to the next prefix
// ("googlebot: nofollow", "otherbot: noindex, nofollow"); directives before
// any prefix are for every crawler. Because "unavailable_after: 25 Jun 2010
// 15:00:00 PST" contains colons too, a word is a prefix only when it is not a
// directive name.
func ParseHeaderValue(value string) []Directive {
	ds, _ := parseHeaderValue(value, 0)
	return ds
}

func parseHeaderValue(value string, base int) ([]Directive, []syntaxIssue) {
	var issues []syntaxIssue
	var out []Directive
	scope := "robots"
	for _, it := range splitItems(value, base, &issues) {
		if bot, rest, restOff, ok := botPrefix(it); ok {
			scope = bot
			if rest == "" {
				issues = append(issues, syntaxIssue{code: codeEmptyScope, offset: it.offset, length: len(it.text), text: it.text})
				continue
			}
			it = item{text: rest, offset: restOff}
		}
		out = append(out, parseItem(it, scope, &issues)...)
	}
	return out, issues
}

// botPrefix recognises "botname: directive…" in a header item.
func botPrefix(it item) (bot, rest string, restOff int, ok bool) {
	name, after, found := strings.Cut(it.text, ":")
	if !found {
		return "", "", 0, false
	}
	name = strings.TrimSpace(name)
	if name == "" || lookup(name) != nil || !isToken(name) {
		return "", "", 0, false
	}
	rest, restOff = trimWithOffset(after, it.offset+len(it.text)-len(after))
	first, _, _ := strings.Cut(rest, ":")
	if rest == "" || lookup(strings.TrimSpace(first)) != nil || suggest(name) == "" {
		return strings.ToLower(name), rest, restOff, true
	}
	// "max-snipet: 20" is a misspelt directive, not a crawler called max-snipet.
	return "", "", 0, false
}

func isToken(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return s != ""
}

// HeaderLine is one X-Robots-Tag header found in a block of response headers.
type HeaderLine struct {
	Line       int    // 1-based line number in the headers text
	Value      string // the header value, continuation lines joined
	Directives []Directive
	issues     []syntaxIssue
}

// headerBlock is the result of reading a pasted header block.
type headerBlock struct {
	lines     []HeaderLine
	responses int   // status lines seen ("HTTP/1.1 200 OK"); >1 means redirects
	junk      []int // line numbers that are not header lines
}

// ParseHeaders reads response headers as curl -I or a browser shows them and
// returns the X-Robots-Tag lines. Header names are case-insensitive; folded
// continuation lines are joined; when several responses follow each other
// (redirects) only the last one counts.
func ParseHeaders(text string) []HeaderLine {
	return parseHeaders(text).lines
}

func parseHeaders(text string) headerBlock {
	var b headerBlock
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	type field struct {
		line  int
		name  string
		parts []string // the value and its continuation lines, joined once at the end
	}
	var fields []field
	for i, l := range lines {
		raw := strings.TrimRight(l, "\r")
		if strings.TrimSpace(raw) == "" {
			continue
		}
		if strings.HasPrefix(raw, "HTTP/") {
			b.responses++
			fields, b.junk = nil, nil
			continue
		}
		if (raw[0] == ' ' || raw[0] == '\t') && len(fields) > 0 {
			// Appending keeps folding linear; `value += …` copied the whole
			// value for every continuation line.
			f := &fields[len(fields)-1]
			f.parts = append(f.parts, strings.TrimSpace(raw))
			continue
		}
		name, value, ok := strings.Cut(raw, ":")
		if !ok || !isToken(strings.TrimSpace(name)) || strings.TrimSpace(name) != name {
			b.junk = append(b.junk, i+1)
			continue
		}
		fields = append(fields, field{line: i + 1, name: name, parts: []string{strings.TrimSpace(value)}})
	}
	for _, f := range fields {
		if !strings.EqualFold(f.name, "X-Robots-Tag") {
			continue
		}
		value := strings.Join(f.parts, " ")
		ds, issues := parseHeaderValue(value, 0)
		b.lines = append(b.lines, HeaderLine{Line: f.line, Value: value, Directives: ds, issues: issues})
	}
	return b
}
