package syntax

import (
	"bytes"
	"encoding/binary"
	"unicode/utf8"
)

var bom = []byte{0xEF, 0xBB, 0xBF}

// Parse reads src in one pass. It never fails: every byte sequence is a
// Document, and Reassemble gives src back. The Document keeps src (not a copy).
func Parse(src []byte) *Document {
	d := &Document{Src: src}
	// Counting terminators (SIMD) sizes the table exactly: no regrowth.
	crs := bytes.Count(src, []byte{'\r'})
	d.Lines = make([]Line, 0, bytes.Count(src, []byte{'\n'})+crs+1)
	pos := 0
	if len(src) >= 3 && src[0] == bom[0] && src[1] == bom[1] && src[2] == bom[2] {
		d.BOM = true
		pos = 3
	}
	n := len(src)
	// Whole-file checks let the per-line loop skip searches that cannot
	// succeed: most files have no CR, no NUL and no byte above 0x7F.
	anyCR := crs > 0
	anyNUL := bytes.IndexByte(src, 0) >= 0
	anyHigh := hasHigh(src)
	for {
		d.Lines = d.Lines[:len(d.Lines)+1]
		l := &d.Lines[len(d.Lines)-1]
		l.Start = int32(pos)
		if d.BOM && len(d.Lines) == 1 {
			l.Flags |= FlagBOM
		}
		// Find the end of the line, then the first '#', ':' and NUL in it,
		// with the SIMD-backed IndexByte: most lines are short and plain.
		i := n
		if nl := bytes.IndexByte(src[pos:], '\n'); nl >= 0 {
			i = pos + nl
		}
		if anyCR {
			if cr := bytes.IndexByte(src[pos:i], '\r'); cr >= 0 {
				i = pos + cr
			}
		}
		line := src[pos:i]
		hash := bytes.IndexByte(line, '#')
		head := line
		if hash >= 0 {
			head = line[:hash]
			hash += pos
		}
		colon := bytes.IndexByte(head, ':')
		if colon >= 0 {
			colon += pos
		}
		nul := -1
		if anyNUL {
			if nul = bytes.IndexByte(line, 0); nul >= 0 {
				nul += pos
			}
		}
		high := anyHigh && hasHigh(line)
		l.End = int32(i)
		switch {
		case i >= n:
			l.EOL, l.Next = EOLNone, int32(n)
		case src[i] == '\r' && i+1 < n && src[i+1] == '\n':
			l.EOL, l.Next = EOLCRLF, int32(i+2)
		case src[i] == '\r':
			l.EOL, l.Next = EOLCR, int32(i+1)
		default:
			l.EOL, l.Next = EOLLF, int32(i+1)
		}
		if high && !utf8.Valid(src[pos:i]) {
			l.Flags |= FlagBadUTF8
		}
		classify(src, l, hash, colon, nul)
		if l.EOL == EOLNone {
			break
		}
		pos = int(l.Next)
	}
	return d
}

// hasHigh reports whether b has a byte ≥ 0x80, eight bytes at a time.
func hasHigh(b []byte) bool {
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b)&0x8080808080808080 != 0 {
			return true
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= 0x80 {
			return true
		}
	}
	return false
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\v' || c == '\f' }

// classify fills Cut, Key, Value, Comment, Kind and flags of one line, reading
// it the way Google's parser does (the most permissive reading; stricter
// engines look at the flags).
func classify(src []byte, l *Line, hash, colon, nul int) {
	start, end := int(l.Start), int(l.End)
	cut := end
	if end-start > MaxLineBytes {
		cut = start + MaxLineBytes
		l.Flags |= FlagTooLong
	}
	if nul >= 0 && nul < cut {
		cut = nul
		l.Flags |= FlagNUL
	} else if nul >= 0 {
		l.Flags |= FlagNUL
	}
	l.Cut = int32(cut)
	body := cut
	if hash >= 0 && hash < cut {
		l.Comment = Span{int32(hash), int32(cut)}
		l.Flags |= FlagComment
		body = hash
	}
	if start < end && isBlank(src[start]) {
		l.Flags |= FlagIndented
	}
	s, e := start, body
	for s < e && isBlank(src[s]) {
		s++
	}
	for e > s && isBlank(src[e-1]) {
		e--
	}
	if s == e {
		if l.Flags&FlagComment != 0 {
			l.Kind = Comment
		} else {
			l.Kind = Blank
		}
		return
	}
	var ks, ke, vs, ve int
	if colon >= 0 && colon < e {
		ks, ke = s, colon
		for ke > ks && isBlank(src[ke-1]) {
			ke--
		}
		vs, ve = colon+1, e
		for vs < ve && isBlank(src[vs]) {
			vs++
		}
	} else {
		// Google accepts "Disallow /x": whitespace instead of the colon, but
		// only when the line is exactly two words.
		sep := s
		for sep < e && !isBlank(src[sep]) {
			sep++
		}
		if sep == e {
			l.Kind = Invalid
			return
		}
		vs = sep
		for vs < e && isBlank(src[vs]) {
			vs++
		}
		for j := vs; j < e; j++ {
			if isBlank(src[j]) {
				l.Kind = Invalid
				return
			}
		}
		ks, ke, ve = s, sep, e
		l.Flags |= FlagMissingColon
	}
	if ks == ke {
		l.Kind = Invalid
		return
	}
	l.Key = Span{int32(ks), int32(ke)}
	l.Value = Span{int32(vs), int32(ve)}
	for j := vs; j < ve; j++ {
		if src[j] >= 0x80 {
			l.Flags |= FlagNonASCII
			break
		}
	}
	kind, flags := KeyKind(src[ks:ke])
	l.Kind = kind
	l.Flags |= flags
}

// prefixField is a field Google recognises by prefix, with its accepted typos.
type prefixField struct {
	kind  Kind
	name  string
	typos []string
}

// Google's order of checks matters: "user-agent" before "allow" before "disallow".
var prefixFields = []prefixField{
	{UserAgent, "user-agent", []string{"useragent", "user agent"}},
	{Allow, "allow", nil},
	{Disallow, "disallow", []string{"dissallow", "dissalow", "disalow", "diasllow", "disallaw"}},
	{Sitemap, "sitemap", []string{"site-map"}},
}

var exactFields = []struct {
	kind Kind
	name string
}{
	{Host, "host"}, {CrawlDelay, "crawl-delay"}, {CleanParam, "clean-param"},
	{RequestRate, "request-rate"}, {VisitTime, "visit-time"}, {Noindex, "noindex"},
	{ContentSignal, "content-signal"}, {ContentUsage, "content-usage"},
}

// KeyKind classifies a field name: Google's four fields by case-insensitive
// prefix (with its accepted typos), the others by exact case-insensitive name.
func KeyKind(key []byte) (Kind, Flags) {
	if len(key) == 0 {
		return Unknown, 0
	}
	first := key[0] | 0x20 // ASCII lower case
	for _, f := range prefixFields {
		if f.name[0] != first {
			continue
		}
		if hasPrefixFold(key, f.name) {
			if len(key) == len(f.name) {
				return f.kind, 0
			}
			return f.kind, FlagKeyPrefix
		}
		for _, t := range f.typos {
			if hasPrefixFold(key, t) {
				if len(key) == len(t) {
					return f.kind, FlagTypo
				}
				return f.kind, FlagTypo | FlagKeyPrefix
			}
		}
	}
	for _, f := range exactFields {
		if len(key) == len(f.name) && hasPrefixFold(key, f.name) {
			return f.kind, 0
		}
	}
	return Unknown, 0
}

// hasPrefixFold reports whether s starts with lower-case ASCII prefix p, ignoring ASCII case.
func hasPrefixFold(s []byte, p string) bool {
	if len(s) < len(p) {
		return false
	}
	for i := 0; i < len(p); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != p[i] {
			return false
		}
	}
	return true
}

// CanonicalName is the standard spelling of a field kind ("Disallow").
func CanonicalName(k Kind) string {
	switch k {
	case UserAgent:
		return "User-agent"
	case Allow:
		return "Allow"
	case Disallow:
		return "Disallow"
	case Sitemap:
		return "Sitemap"
	case Host:
		return "Host"
	case CrawlDelay:
		return "Crawl-delay"
	case CleanParam:
		return "Clean-param"
	case RequestRate:
		return "Request-rate"
	case VisitTime:
		return "Visit-time"
	case Noindex:
		return "Noindex"
	case ContentSignal:
		return "Content-Signal"
	case ContentUsage:
		return "Content-Usage"
	}
	return ""
}
