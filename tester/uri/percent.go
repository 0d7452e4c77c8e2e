package uri

import "strings"

const upperHex = "0123456789ABCDEF"

// IsHex reports whether c is a hex digit (either case).
func IsHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// Unhex is the value of hex digit c (IsHex(c) must hold).
func Unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// HexPair is the byte the two hex digits at s[i] and s[i+1] write; ok is
// false when s is too short or either is no hex digit.
func HexPair(s string, i int) (b byte, ok bool) {
	if i < 0 || i+1 >= len(s) || !IsHex(s[i]) || !IsHex(s[i+1]) {
		return 0, false
	}
	return Unhex(s[i])<<4 | Unhex(s[i+1]), true
}

// EscapeAt is the byte the escape %XX at s[i] stands for; ok is false when
// s[i:] does not start with '%' and two hex digits.
func EscapeAt(s string, i int) (b byte, ok bool) {
	if i >= len(s) || s[i] != '%' {
		return 0, false
	}
	return HexPair(s, i+1)
}

// WriteEscape writes c as an escape with upper-case hex digits (%2F).
func WriteEscape(b *strings.Builder, c byte) {
	b.WriteByte('%')
	b.WriteByte(upperHex[c>>4])
	b.WriteByte(upperHex[c&15])
}

// IsUnreserved reports whether c is an unreserved character of RFC 3986
// §2.3: a letter, a digit, "-", ".", "_" or "~".
func IsUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

// Decode replaces every %XX escape with its byte; a '%' without two hex
// digits after it stays as written.
func Decode(s string) string { return decode(s, -1) }

// DecodeExcept is Decode but for escapes of byte keep, which stay escapes,
// upper-cased (the 1996 draft keeps %2F: a "/" that is data, not a
// separator, and %2f matches it too).
func DecodeExcept(s string, keep byte) string { return decode(s, int(keep)) }

func decode(s string, keep int) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if d, ok := EscapeAt(s, i); ok {
			if int(d) == keep {
				WriteEscape(&b, d)
			} else {
				b.WriteByte(d)
			}
			i += 2
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// EscapeNonASCII %-encodes every byte of s at or above 0x80 and upper-cases
// existing %xx escapes, leaving everything else alone: Google's normalisation
// of a rule, and the form sitemaps.org asks a <loc> URL to take
// (/ümlat.php → /%C3%BCmlat.php).
func EscapeNonASCII(s string) string {
	need := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 || c == '%' && i+2 < len(s) && IsHex(s[i+1]) && IsHex(s[i+2]) && (s[i+1] >= 'a' || s[i+2] >= 'a') {
			need = true
			break
		}
	}
	if !need {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if d, ok := EscapeAt(s, i); ok {
			WriteEscape(&b, d)
			i += 2
			continue
		}
		if c >= 0x80 {
			WriteEscape(&b, c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
