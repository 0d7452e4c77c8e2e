package cli

import (
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// printable escapes what a terminal or a line-based reader would obey
// instead of show: control characters (C0, DEL, C1), line and paragraph
// separators, the bidirectional controls (U+202E turns the rest of a line
// around: a name could read as another) and invalid UTF-8 become Go escapes
// (\n, \x1b, \u2028, \u202e). Text output stays one line per result
// whatever an agent, URL or rule contains; JSON output is escaped by the
// encoder. It is the one escaping routine of every text output.
func printable(s string) string {
	if !strings.ContainsFunc(s, needsEscape) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x` + strconv.FormatUint(uint64(s[i])|0x100, 16)[1:])
		case needsEscape(r):
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func needsEscape(r rune) bool {
	return r == utf8.RuneError || unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Bidi_Control, r)
}

// terminalSafe wraps a text output whose lines carry text from the input
// (meta, host): control characters other than line feed, tab and a CRLF
// line ending are shown escaped, so no page or name can move the cursor, clear the screen or
// retitle the terminal. Values that could hold a line break are passed
// through printable where they are printed.
type terminalSafe struct{ w io.Writer }

func (t terminalSafe) Write(p []byte) (int, error) {
	s := string(p)
	if !strings.ContainsFunc(s, unsafeInTerminal) && strings.Count(s, "\r") == strings.Count(s, "\r\n") {
		return t.w.Write(p)
	}
	var b strings.Builder
	for _, line := range strings.SplitAfter(s, "\n") {
		body, nl := strings.CutSuffix(line, "\n")
		body, cr := strings.CutSuffix(body, "\r") // a CRLF line ending (a diff of a CRLF file) stays as it is
		if cr && !nl {
			body += "\r"
		}
		for _, field := range strings.SplitAfter(body, "\t") {
			f, tab := strings.CutSuffix(field, "\t")
			b.WriteString(printable(f))
			if tab {
				b.WriteByte('\t')
			}
		}
		if cr && nl {
			b.WriteByte('\r')
		}
		if nl {
			b.WriteByte('\n')
		}
	}
	if _, err := io.WriteString(t.w, b.String()); err != nil {
		return 0, err
	}
	return len(p), nil
}

func unsafeInTerminal(r rune) bool { return r != '\n' && r != '\t' && r != '\r' && needsEscape(r) }
