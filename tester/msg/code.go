package msg

import (
	"strconv"
	"strings"
)

// Messages quote robots.txt lines, names and paths as code between
// backticks, as Markdown does: a run of n backticks opens a piece of code
// and the next run of exactly n closes it, so code that holds a backtick is
// quoted with a longer run (``a`b``). A run with no partner is text. The
// window draws code in the code font without its backticks
// (ui/richmsg); the command line prints the text as it is.

// Span is a piece of a message: code (between backtick runs) or not.
type Span struct {
	Text string
	Code bool
}

// piece is a span with where it lies in the text: s[start:end] is the span
// with its fences, fence the length of its backtick runs (0 for text).
type piece struct {
	start, end, fence int
	text              string
}

// pieces cuts s at its code spans. Text pieces that follow each other are
// one.
func pieces(s string) []piece {
	var out []piece
	text := func(start, end int) {
		if start == end {
			return
		}
		if n := len(out); n > 0 && out[n-1].fence == 0 {
			out[n-1].end = end
			out[n-1].text = s[out[n-1].start:end]
			return
		}
		out = append(out, piece{start: start, end: end, text: s[start:end]})
	}
	done := 0 // s[:done] is in out
	i := 0
	for i < len(s) {
		open := strings.IndexByte(s[i:], '`')
		if open < 0 {
			break
		}
		open += i
		n := runAt(s, open)
		close := closing(s, open+n, n)
		if close < 0 {
			i = open + n // a run with no partner is text
			continue
		}
		text(done, open)
		code := s[open+n : close]
		// one space inside each fence is the fence's, when both are
		// there and the code is not only spaces: `` `a `` is `a
		if len(code) >= 2 && code[0] == ' ' && code[len(code)-1] == ' ' && strings.Trim(code, " ") != "" {
			code = code[1 : len(code)-1]
		}
		out = append(out, piece{start: open, end: close + n, fence: n, text: code})
		done, i = close+n, close+n
	}
	text(done, len(s))
	return out
}

// runAt is the length of the run of backticks at s[i].
func runAt(s string, i int) int {
	n := 0
	for i+n < len(s) && s[i+n] == '`' {
		n++
	}
	return n
}

// closing is where the first run of exactly n backticks at or after from
// starts, or -1.
func closing(s string, from, n int) int {
	for from < len(s) {
		j := strings.IndexByte(s[from:], '`')
		if j < 0 {
			return -1
		}
		j += from
		m := runAt(s, j)
		if m == n {
			return j
		}
		from = j + m
	}
	return -1
}

// Spans cuts s into its code and its text. A backtick run without a
// partner run of the same length is text, shown as written.
func Spans(s string) []Span {
	ps := pieces(s)
	out := make([]Span, len(ps))
	for i, p := range ps {
		out[i] = Span{Text: p.text, Code: p.fence > 0}
	}
	return out
}

// Plain is s as the reader sees it, without the backticks that mark code:
// for a place that shows one line of plain text (a tooltip, a menu item, a
// table cell).
func Plain(s string) string {
	if !strings.Contains(s, "`") {
		return s
	}
	var b strings.Builder
	for _, p := range pieces(s) {
		b.WriteString(p.text)
	}
	return b.String()
}

// Code is s quoted as code: between single backticks, or between runs one
// longer than the longest run s holds (with a space inside each when s
// starts or ends with a backtick), so that Spans reads s back whole.
func Code(s string) string {
	longest := 0
	for i := 0; i < len(s); {
		if s[i] != '`' {
			i++
			continue
		}
		n := runAt(s, i)
		longest = max(longest, n)
		i += n
	}
	fence := strings.Repeat("`", longest+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") ||
		len(s) >= 2 && s[0] == ' ' && s[len(s)-1] == ' ' && strings.Trim(s, " ") != "" {
		s = " " + s + " "
	}
	return fence + s + fence
}

// Literal is s to put in a message's text so that it reads back as
// written: s itself when it holds no backtick, else s quoted as code (its
// backticks would mark code or pair with the message's).
func Literal(s string) string {
	if !strings.Contains(s, "`") {
		return s
	}
	return Code(s)
}

// Quoted renders a message with render (a template filled with data) so
// that a backtick in a value of data never pairs with one of the
// template's: a value the template quotes as code stays one piece of code
// (a rule such as "Disallow: /a`b" in "line 3 `{{.Rule}}`" gives
// "line 3 “Disallow: /a`b“"), and a value outside code whose backticks do
// not pair among themselves (a path /a`b) is quoted as code. A value whose
// backticks pair (a message rendered before, with its own code) and values
// without backticks are filled in as they are.
func Quoted(data map[string]any, render func(map[string]any) string) string {
	var values []string // by placeholder number
	var swapped map[string]any
	for k, v := range data {
		s, ok := v.(string)
		if !ok || !strings.Contains(s, "`") {
			continue
		}
		if swapped == nil {
			swapped = make(map[string]any, len(data))
			for k2, v2 := range data {
				swapped[k2] = v2
			}
		}
		swapped[k] = placeholder(len(values))
		values = append(values, s)
	}
	if swapped == nil {
		return render(data)
	}
	out := render(swapped)
	fill := strings.NewReplacer(pairs(values)...)            // in code
	fillText := strings.NewReplacer(pairs(alone(values))...) // in text
	var b strings.Builder
	for _, p := range pieces(out) {
		if p.fence > 0 && strings.Contains(p.text, placeholderOpen) {
			b.WriteString(Code(fill.Replace(p.text)))
			continue
		}
		b.WriteString(fillText.Replace(out[p.start:p.end]))
	}
	return b.String()
}

// alone is values with each whose backticks do not all pair among
// themselves quoted as code: put in text as it is, its odd backtick would
// pair with the next one of the message.
func alone(values []string) []string {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = v
		for _, p := range pieces(v) {
			if p.fence == 0 && strings.Contains(p.text, "`") {
				out[i] = Code(v)
				break
			}
		}
	}
	return out
}

// A placeholder stands for a value while the template is filled: private
// use characters that no template or translation holds.
const (
	placeholderOpen  = "\uE000"
	placeholderClose = "\uE001"
)

func placeholder(i int) string { return placeholderOpen + strconv.Itoa(i) + placeholderClose }

// pairs are the (placeholder, value) pairs of a strings.Replacer.
func pairs(values []string) []string {
	out := make([]string, 0, 2*len(values))
	for i, v := range values {
		out = append(out, placeholder(i), v)
	}
	return out
}
