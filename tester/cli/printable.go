package cli

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// printable escapes what a terminal or a line-based reader would obey
// instead of show: control characters (C0, DEL, C1), line and paragraph
// separators and invalid UTF-8 become Go escapes (\n, \x1b, \u2028). Text
// output stays one line per result whatever an agent, URL or rule contains;
// JSON output is escaped by the encoder.
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
	return r == utf8.RuneError || unicode.IsControl(r) || r == '\u2028' || r == '\u2029'
}
