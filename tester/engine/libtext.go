package engine

import (
	"strings"
	"unicode/utf8"

	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/uri"
)

// This file holds the string handling the library readings (pyrobots.go,
// protego.go, robotsparser.go) share: how Python and JavaScript split a
// file into lines, trim them and take URLs apart. Each is written from the
// languages' documented behaviour and held to the real libraries by the
// differential tests (libs_agreement_test.go).

// libLine is one line as a library sees it: its text and the editor's line
// number it lies on (Python splits some editor lines further).
type libLine struct {
	text string
	n    int // 1-based line of the Document
}

// pyLineBreak reports the width of a line break Python's str.splitlines
// finds at s[i] beyond the editor's own (\n, \r, \r\n): VT, FF, the
// information separators 1C–1E, NEL, LS and PS; 0 when there is none.
func pyLineBreak(s string, i int) int {
	switch c := s[i]; c {
	case '\v', '\f', 0x1c, 0x1d, 0x1e:
		return 1
	case 0xc2:
		if i+1 < len(s) && s[i+1] == 0x85 {
			return 2
		}
	case 0xe2:
		if i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xa8 || s[i+2] == 0xa9) {
			return 3
		}
	}
	return 0
}

// pyLines is doc as str.splitlines() splits the decoded text: the editor's
// lines, each split again at Python's other line breaks. A byte order mark
// stays on the first line (the libraries are given the text decoded as
// plain UTF-8, which keeps it as U+FEFF).
func pyLines(doc *syntax.Document) []libLine {
	src := string(doc.Src)
	out := make([]libLine, 0, len(doc.Lines))
	for i := range doc.Lines {
		l := &doc.Lines[i]
		start, end := int(l.Start), int(l.End)
		if i == 0 {
			start = 0
		}
		from := start
		for j := start; j < end; j++ {
			if w := pyLineBreak(src, j); w > 0 {
				out = append(out, libLine{src[from:j], i + 1})
				from = j + w
				j += w - 1
			}
		}
		// A break at the end of the text ends the last line; nothing follows.
		if l.EOL == syntax.EOLNone && from == end {
			continue
		}
		out = append(out, libLine{src[from:end], i + 1})
	}
	return out
}

// jsLines is doc as robots-parser splits it (/\r\n|\r|\n/): the editor's
// lines. A byte order mark is dropped (JavaScript's trim removes U+FEFF);
// bytes that are not UTF-8 become U+FFFD, as a Node.js crawler's decoding
// of the body (TextDecoder, fetch's text()) makes them.
func jsLines(doc *syntax.Document) []libLine {
	out := make([]libLine, 0, len(doc.Lines))
	for i := range doc.Lines {
		l := &doc.Lines[i]
		out = append(out, libLine{pyDecode(doc.Src[l.Start:l.End]), i + 1})
	}
	return out
}

// pySpace is Python's str.isspace for one character.
func pySpace(r rune) bool {
	switch {
	case r >= '\t' && r <= '\r', r >= 0x1c && r <= ' ', r == 0x85, r == 0xa0, r == 0x1680,
		r >= 0x2000 && r <= 0x200a, r == 0x2028, r == 0x2029, r == 0x202f, r == 0x205f, r == 0x3000:
		return true
	}
	return false
}

// jsSpace is what JavaScript's String.prototype.trim removes.
func jsSpace(r rune) bool {
	switch {
	case r >= '\t' && r <= '\r', r == ' ', r == 0xa0, r == 0x1680, r >= 0x2000 && r <= 0x200a,
		r == 0x2028, r == 0x2029, r == 0x202f, r == 0x205f, r == 0x3000, r == 0xfeff:
		return true
	}
	return false
}

func pyStrip(s string) string { return strings.TrimFunc(s, pySpace) }

// pyLower is str.lower (and JavaScript's toLowerCase) for what a robots.txt
// holds: Go's lower case, except that U+0130 becomes "i" and a combining dot.
func pyLower(s string) string {
	return strings.ToLower(strings.ReplaceAll(s, "\u0130", "i\u0307"))
}
func jsTrim(s string) string { return strings.TrimFunc(s, jsSpace) }

// cutComment is s up to its first '#'.
func cutComment(s string) string {
	if h := strings.IndexByte(s, '#'); h >= 0 {
		return s[:h]
	}
	return s
}

// pyLen is len() of a Python str: characters, not bytes.
func pyLen(s string) int { return utf8.RuneCountInString(s) }

// pyDecode is bytes.decode("utf-8", "replace"): each maximal invalid
// sequence (a cut-short character counts as one) becomes U+FFFD.
func pyDecode(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var sb strings.Builder
	for i := 0; i < len(b); {
		r, w := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || w > 1 {
			sb.WriteString(string(b[i : i+w]))
			i += w
			continue
		}
		sb.WriteRune(utf8.RuneError)
		i += invalidRun(b[i:])
	}
	return sb.String()
}

// invalidRun is the length of the maximal subpart of a UTF-8 sequence at
// the start of b, which is not a valid character: its lead byte and the
// continuation bytes that fit it.
func invalidRun(b []byte) int {
	lo, hi, need := byte(0x80), byte(0xbf), 0
	switch c := b[0]; {
	case c >= 0xc2 && c <= 0xdf:
		need = 1
	case c == 0xe0:
		lo, need = 0xa0, 2
	case c == 0xed:
		hi, need = 0x9f, 2
	case c >= 0xe1 && c <= 0xef:
		need = 2
	case c == 0xf0:
		lo, need = 0x90, 3
	case c == 0xf4:
		hi, need = 0x8f, 3
	case c >= 0xf1 && c <= 0xf3:
		need = 3
	default:
		return 1
	}
	n := 1
	for ; n <= need && n < len(b); n++ {
		if b[n] < lo || b[n] > hi {
			break
		}
		lo, hi = 0x80, 0xbf
	}
	return n
}

// pyUnquote is urllib.parse.unquote: %-escapes in the ASCII runs of s are
// decoded to bytes and each run read as UTF-8 with replacement; characters
// beyond ASCII stay as they are.
func pyUnquote(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); {
		if s[i] >= utf8.RuneSelf {
			j := i
			for j < len(s) && s[j] >= utf8.RuneSelf {
				j++
			}
			sb.WriteString(s[i:j])
			i = j
			continue
		}
		j := i
		for j < len(s) && s[j] < utf8.RuneSelf {
			j++
		}
		sb.WriteString(pyDecode(percentBytes(s[i:j], nil)))
		i = j
	}
	return sb.String()
}

// percentBytes decodes the %-escapes of s to bytes, except the bytes keep
// names, which stay escaped (in upper case).
func percentBytes(s string, keep func(b byte) bool) []byte {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if b, ok := uri.EscapeAt(s, i); ok {
			if keep != nil && keep(b) {
				out = append(out, '%', upper(s[i+1]), upper(s[i+2]))
			} else {
				out = append(out, b)
			}
			i += 2
			continue
		}
		out = append(out, s[i])
	}
	return out
}

// pyQuote is urllib.parse.quote(s, safe): the UTF-8 bytes of s, each
// %-escaped in upper case unless it is a letter, a digit, one of "_.-~" or
// in safe.
func pyQuote(s, safe string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < utf8.RuneSelf && (uri.IsUnreserved(c) || strings.IndexByte(safe, c) >= 0) {
			sb.WriteByte(c)
		} else {
			uri.WriteEscape(&sb, c)
		}
	}
	return sb.String()
}

// pyURL is urllib.parse.urlparse's six parts.
type pyURL struct {
	scheme, netloc, path, params, query, fragment string
	bad                                           bool // urlparse raises ValueError (an unbalanced [ or ] in the host)
}

// pySchemeChar is a character urlsplit allows in a scheme.
func pySchemeChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'
}

// pyURLParse is urllib.parse.urlparse as Python 3.11 has it: leading C0
// controls and spaces go, as do tabs and line breaks anywhere; a scheme,
// a //netloc, the #fragment, the ?query, and the ;params of the last
// segment.
func pyURLParse(url string) pyURL {
	url = strings.TrimLeft(url, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\v\f\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
	if strings.ContainsAny(url, "\t\r\n") {
		url = strings.NewReplacer("\t", "", "\r", "", "\n", "").Replace(url)
	}
	var u pyURL
	if i := strings.IndexByte(url, ':'); i > 0 && ('a' <= url[0]|0x20 && url[0]|0x20 <= 'z') {
		ok := true
		for j := 0; j < i; j++ {
			if !pySchemeChar(url[j]) {
				ok = false
				break
			}
		}
		if ok {
			u.scheme, url = strings.ToLower(url[:i]), url[i+1:]
		}
	}
	if strings.HasPrefix(url, "//") {
		end := len(url)
		if k := strings.IndexAny(url[2:], "/?#"); k >= 0 {
			end = 2 + k
		}
		u.netloc, url = url[2:end], url[end:]
		if strings.Contains(u.netloc, "[") != strings.Contains(u.netloc, "]") {
			u.bad = true
		}
	}
	if h := strings.IndexByte(url, '#'); h >= 0 {
		url, u.fragment = url[:h], url[h+1:]
	}
	if q := strings.IndexByte(url, '?'); q >= 0 {
		url, u.query = url[:q], url[q+1:]
	}
	if pyUsesParams(u.scheme) && strings.Contains(url, ";") {
		i := -1
		if slash := strings.LastIndexByte(url, '/'); slash >= 0 {
			i = strings.IndexByte(url[slash:], ';')
			if i >= 0 {
				i += slash
			}
		} else {
			i = strings.IndexByte(url, ';')
		}
		if i >= 0 {
			url, u.params = url[:i], url[i+1:]
		}
	}
	u.path = url
	return u
}

func pyUsesParams(scheme string) bool {
	switch scheme {
	case "", "ftp", "hdl", "prospero", "http", "imap", "https", "shttp", "rtsp", "rtspu", "sip", "sips", "mms", "sftp", "tel":
		return true
	}
	return false
}

func pyUsesNetloc(scheme string) bool {
	switch scheme {
	case "ftp", "http", "gopher", "nntp", "telnet", "imap", "wais", "file", "mms", "https", "shttp", "snews",
		"prospero", "rtsp", "rtspu", "rsync", "svn", "svn+ssh", "sftp", "nfs", "git", "git+ssh", "ws", "wss":
		return true
	}
	return false
}

// String is urllib.parse.urlunparse (Python 3.11): empty params, query and
// fragment leave no ';', '?' or '#'.
func (u pyURL) String() string {
	url := u.path
	if u.params != "" {
		url += ";" + u.params
	}
	if u.netloc != "" || u.scheme != "" && pyUsesNetloc(u.scheme) && !strings.HasPrefix(url, "//") {
		if url != "" && url[0] != '/' {
			url = "/" + url
		}
		url = "//" + u.netloc + url
	}
	if u.scheme != "" {
		url = u.scheme + ":" + url
	}
	if u.query != "" {
		url += "?" + u.query
	}
	if u.fragment != "" {
		url += "#" + u.fragment
	}
	return url
}

// libURL is the URL a library is asked about: a path is put on a site
// (the libraries are given whole URLs; robots-parser checks the host).
func libURL(url string) string {
	if url == "" {
		return libSite + "/"
	}
	if url[0] == '/' && (len(url) == 1 || url[1] != '/') {
		return libSite + url
	}
	return url
}

// libSite is the site of the paths asked about.
const libSite = "http://example.com"

// globMatch reports whether path matches pattern, where `*` matches any run
// of bytes and a `$` at the very end anchors the pattern at the end of
// path; elsewhere `$` is an ordinary byte. Without `$` the pattern needs
// only to match a prefix of path.
func globMatch(pattern, path string) bool {
	anchored := strings.HasSuffix(pattern, "$")
	if anchored {
		pattern = pattern[:len(pattern)-1]
	}
	pieces := strings.Split(pattern, "*")
	if len(pieces) == 1 {
		if anchored {
			return path == pattern
		}
		return strings.HasPrefix(path, pattern)
	}
	if !strings.HasPrefix(path, pieces[0]) {
		return false
	}
	pos := len(pieces[0])
	last := len(pieces) - 1
	for i := 1; i < last; i++ {
		j := strings.Index(path[pos:], pieces[i])
		if j < 0 {
			return false
		}
		pos += j + len(pieces[i])
	}
	if anchored {
		return len(path)-pos >= len(pieces[last]) && strings.HasSuffix(path, pieces[last])
	}
	return strings.Contains(path[pos:], pieces[last])
}
