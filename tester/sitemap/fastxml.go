package sitemap

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"unicode/utf8"
)

// fastTokens reads the XML a sitemap is written in several times faster
// than encoding/xml, for readXML, with the same tokens, names, text and
// positions (line, byte column, offset) as encoding/xml's Decoder gives.
// It knows only what sitemaps use: the XML declaration in UTF-8, elements
// with ASCII names and namespace prefixes, attributes with plain quoted
// values, text with the five named entities and character references,
// and comments. Anything else — a DTD or another directive, CDATA, a
// processing instruction, another encoding, a name outside ASCII, and
// every syntax error — makes next return errSlowPath: Read then reads the
// file again from its start with encoding/xml, which words the error (see
// Read), so the fast reader never answers differently, it only gives up.
// FuzzFastTokens holds it to that.
type fastTokens struct {
	r    io.Reader
	buf  []byte
	pos  int   // next byte in buf
	base int64 // offset of buf[0] in the input
	eof  bool
	err  error

	line      int
	linestart int64 // offset just after the last '\n'

	stack   []fastOpen // open elements, raw names
	ns      map[string]string
	defNS   string // ns[""], the namespace of names without a prefix
	nsUndo  []nsSave
	pending bool     // a self-closing element's end is due
	end     xml.Name // of the self-closed element
	decoded []byte   // text with entities or \r decoded (decode's buffer)
	name    xml.Name // of the last start or end (read)
	text    []byte   // of the last text (read), valid until the next token
	names   map[string]string
	started bool // a token was read (the XML declaration must come first)
	// giveUp, when set, is asked before each token: true ends the fast
	// reading (the caller's size checks want encoding/xml's read pattern).
	giveUp func() bool
	quit   bool // giveUp said so, when more input was wanted
}

type fastOpen struct {
	prefix, local string
	undo          int // len(nsUndo) before its declarations
}

type nsSave struct {
	prefix, value string
	had           bool
}

// errSlowPath: the input needs encoding/xml (see fastTokens).
var errSlowPath = errors.New("sitemap: needs the full XML reader")

// fastMaxToken is the longest token the fast reader takes; a longer one is
// left to encoding/xml and its limit (maxToken).
const fastMaxToken = maxToken / 2

func newFastTokens(r io.Reader) *fastTokens {
	return &fastTokens{r: r, buf: make([]byte, 0, 256<<10), line: 1, ns: map[string]string{}, names: map[string]string{}}
}

// InputPos is encoding/xml's: the line, and the byte column after the last
// token.
func (t *fastTokens) InputPos() (int, int) {
	return t.line, int(t.base+int64(t.pos)-t.linestart) + 1
}

// InputOffset is the offset after the last token.
func (t *fastTokens) InputOffset() int64 { return t.base + int64(t.pos) }

// fill reads more input so that buf[pos:] holds at least n bytes (or all
// that is left); false at the end of the input.
func (t *fastTokens) fill(n int) bool {
	return len(t.buf)-t.pos >= n || t.fillMore(n)
}

func (t *fastTokens) fillMore(n int) bool {
	for len(t.buf)-t.pos < n {
		if t.eof {
			return false
		}
		if t.pos > 0 && (t.pos >= len(t.buf)/2 || cap(t.buf)-len(t.buf) < 32<<10) {
			k := copy(t.buf, t.buf[t.pos:])
			t.base += int64(t.pos)
			t.buf = t.buf[:k]
			t.pos = 0
		}
		if cap(t.buf)-len(t.buf) < 32<<10 {
			if len(t.buf) >= fastMaxToken {
				return false
			}
			grown := make([]byte, len(t.buf), 2*cap(t.buf))
			copy(grown, t.buf)
			t.buf = grown
		}
		if t.giveUp != nil && t.giveUp() {
			t.quit = true
			return false
		}
		m, err := t.r.Read(t.buf[len(t.buf):cap(t.buf)])
		t.buf = t.buf[:len(t.buf)+m]
		if err == io.EOF {
			t.eof = true
		} else if err != nil {
			t.err = err
			t.eof = true
		}
	}
	return true
}

// advance consumes buf[pos:pos+n], counting its lines.
func (t *fastTokens) advance(n int) {
	seg := t.buf[t.pos : t.pos+n]
	if n < 32 { // a tag or a short text: a plain loop beats IndexByte
		for i, c := range seg {
			if c == '\n' {
				t.line++
				t.linestart = t.base + int64(t.pos) + int64(i) + 1
			}
		}
		t.pos += n
		return
	}
	for off := 0; ; {
		i := bytes.IndexByte(seg[off:], '\n')
		if i < 0 {
			break
		}
		off += i + 1
		t.line++
		t.linestart = t.base + int64(t.pos) + int64(off)
	}
	t.pos += n
}

// next returns the next token, io.EOF at the end, or errSlowPath.
func (t *fastTokens) next() (token, error) {
	k, err := t.read()
	switch k {
	case tokStart, tokEnd:
		return token{kind: k, name: t.name}, err
	case tokText:
		return token{kind: k, text: t.text}, err
	}
	return token{}, err
}

// read reads the next token: its kind, and its name (t.name) or text
// (t.text); io.EOF at the end, or errSlowPath.
func (t *fastTokens) read() (tokenKind, error) {
	if t.pending {
		t.pending = false
		t.name = t.end
		return tokEnd, nil
	}
	if !t.fill(1) {
		if t.quit {
			return tokOther, errSlowPath
		}
		if t.err != nil {
			return tokOther, t.err
		}
		if len(t.stack) > 0 || len(t.buf) > t.pos {
			return tokOther, errSlowPath // encoding/xml says "unexpected EOF"
		}
		return tokOther, io.EOF
	}
	first := !t.started
	t.started = true
	if t.buf[t.pos] != '<' {
		return t.charData()
	}
	if !t.fill(2) {
		return tokOther, errSlowPath
	}
	switch t.buf[t.pos+1] {
	case '/':
		return t.endTag()
	case '?':
		if !first {
			return tokOther, errSlowPath
		}
		return t.declaration()
	case '!':
		return t.comment()
	}
	return t.startTag()
}

// tagEnd finds the '>' that ends the tag at pos (no '<' before it).
func (t *fastTokens) tagEnd() int {
	// Most tags are short: a plain loop ends before IndexByte would start.
	buf := t.buf[t.pos:]
	for i := 1; i < len(buf) && i < 48; i++ {
		if buf[i] == '>' {
			return i
		}
	}
	for from := 0; ; {
		if i := bytes.IndexByte(t.buf[t.pos+from:], '>'); i >= 0 {
			return from + i
		}
		from = len(t.buf) - t.pos
		if !t.fill(from + 1) {
			return -1
		}
	}
}

// declaration reads <?xml version="1.0" encoding="UTF-8"?> at the start.
func (t *fastTokens) declaration() (tokenKind, error) {
	end := t.tagEnd()
	if end < 0 {
		return tokOther, errSlowPath
	}
	tag := t.buf[t.pos : t.pos+end+1]
	if !bytes.HasPrefix(tag, []byte("<?xml ")) || !bytes.HasSuffix(tag, []byte("?>")) {
		return tokOther, errSlowPath
	}
	body := string(tag[6 : len(tag)-2])
	attrs, ok := plainAttrs(body)
	if !ok {
		return tokOther, errSlowPath
	}
	for k, v := range attrs {
		switch {
		case k == "version" && v == "1.0":
		case k == "encoding" && strings.EqualFold(v, "utf-8"):
		case k == "standalone":
		default:
			return tokOther, errSlowPath
		}
	}
	t.advance(end + 1)
	return tokOther, nil
}

// plainAttrs reads name="value" pairs separated by spaces (no entities).
func plainAttrs(s string) (map[string]string, bool) {
	out := map[string]string{}
	for {
		s = strings.TrimLeft(s, " \t\r\n")
		if s == "" {
			return out, true
		}
		eq := strings.IndexByte(s, '=')
		if eq <= 0 {
			return nil, false
		}
		name := strings.TrimRight(s[:eq], " \t\r\n")
		s = strings.TrimLeft(s[eq+1:], " \t\r\n")
		if s == "" || (s[0] != '"' && s[0] != '\'') {
			return nil, false
		}
		q := strings.IndexByte(s[1:], s[0])
		if q < 0 {
			return nil, false
		}
		v := s[1 : 1+q]
		if strings.ContainsAny(v, "&<") {
			return nil, false
		}
		out[name] = v
		s = s[2+q:]
	}
}

// comment skips <!-- ... -->; other directives need encoding/xml.
func (t *fastTokens) comment() (tokenKind, error) {
	if !t.fill(4) || string(t.buf[t.pos:t.pos+4]) != "<!--" {
		return tokOther, errSlowPath
	}
	for from := 4; ; {
		if i := bytes.Index(t.buf[t.pos+from:], []byte("--")); i >= 0 {
			at := from + i
			if !t.fill(at + 3) {
				return tokOther, errSlowPath
			}
			if t.buf[t.pos+at+2] != '>' {
				return tokOther, errSlowPath // `"--" not allowed in comments`
			}
			t.advance(at + 3)
			return tokOther, nil
		}
		from = max(4, len(t.buf)-t.pos-1)
		if !t.fill(len(t.buf) - t.pos + 1) {
			return tokOther, errSlowPath
		}
	}
}

func isNameStart(c byte) bool { return nameBytes[c] == nameStart }

func isNameByte(c byte) bool { return nameBytes[c] != 0 }

// nameBytes sorts the bytes of an ASCII name: those that may start it
// (letters, '_', ':'), those that may only follow (digits, '-', '.'),
// and 0 for the others.
var nameBytes = func() (t [256]uint8) {
	for c := range t {
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == ':':
			t[c] = nameStart
		case '0' <= c && c <= '9' || c == '-' || c == '.':
			t[c] = nameFollow
		}
	}
	return t
}()

const (
	nameStart = 1 + iota
	nameFollow
)

// name reads an ASCII name at tag[i:]; ok false for none or a byte
// outside ASCII in it.
func scanName(tag []byte, i int) (end int, ok bool) {
	if i >= len(tag) || !isNameStart(tag[i]) {
		return i, false
	}
	end = i + 1
	for end < len(tag) && isNameByte(tag[end]) {
		end++
	}
	if end < len(tag) && tag[end] >= 0x80 {
		return end, false
	}
	return end, true
}

// split is encoding/xml's nsname: prefix and local name.
func splitName(s string) (prefix, local string, ok bool) {
	i := strings.IndexByte(s, ':')
	if i < 0 {
		return "", s, true
	}
	if strings.IndexByte(s[i+1:], ':') >= 0 {
		return "", "", false
	}
	if i == 0 || i == len(s)-1 {
		return "", s, true
	}
	return s[:i], s[i+1:], true
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// qname is splitName of the name b, the protocol's names (which have no
// prefix) without a search for one.
func (t *fastTokens) qname(b []byte) (prefix, local string, ok bool) {
	switch string(b) {
	case "url":
		return "", "url", true
	case "loc":
		return "", "loc", true
	case "lastmod":
		return "", "lastmod", true
	case "changefreq":
		return "", "changefreq", true
	case "priority":
		return "", "priority", true
	}
	return splitName(t.intern(b))
}

// intern keeps one string per element name: the protocol's without a
// lookup, others in a small table.
func (t *fastTokens) intern(b []byte) string {
	switch string(b) {
	case "url":
		return "url"
	case "loc":
		return "loc"
	case "lastmod":
		return "lastmod"
	case "changefreq":
		return "changefreq"
	case "priority":
		return "priority"
	case "sitemap":
		return "sitemap"
	case "urlset":
		return "urlset"
	case "sitemapindex":
		return "sitemapindex"
	}
	if s, ok := t.names[string(b)]; ok {
		return s
	}
	s := string(b)
	if len(t.names) < 256 {
		t.names[s] = s
	}
	return s
}

func (t *fastTokens) startTag() (tokenKind, error) {
	end := t.tagEnd()
	if end < 0 {
		return tokOther, errSlowPath
	}
	tag := t.buf[t.pos : t.pos+end+1] // "<name ... >"
	if bytes.IndexByte(tag[1:], '<') >= 0 {
		return tokOther, errSlowPath
	}
	n, ok := scanName(tag, 1)
	if !ok {
		return tokOther, errSlowPath
	}
	prefix, local, ok := t.qname(tag[1:n])
	if !ok || prefix == "xmlns" || prefix == "xml" || prefix == "" && local == "xmlns" {
		return tokOther, errSlowPath
	}
	open := fastOpen{prefix: prefix, local: local, undo: len(t.nsUndo)}
	empty := false
	i := n
	for {
		j := i
		for j < len(tag) && isSpace(tag[j]) {
			j++
		}
		if tag[j] == '>' {
			break
		}
		if tag[j] == '/' {
			if j+1 != len(tag)-1 {
				return tokOther, errSlowPath
			}
			empty = true
			break
		}
		if j == i {
			return tokOther, errSlowPath // no space before an attribute
		}
		an, ok := scanName(tag, j)
		if !ok {
			return tokOther, errSlowPath
		}
		aname := string(tag[j:an])
		k := an
		for k < len(tag) && isSpace(tag[k]) {
			k++
		}
		if tag[k] != '=' {
			return tokOther, errSlowPath
		}
		k++
		for k < len(tag) && isSpace(tag[k]) {
			k++
		}
		q := tag[k]
		if q != '"' && q != '\'' {
			return tokOther, errSlowPath
		}
		vend := bytes.IndexByte(tag[k+1:], q)
		if vend < 0 {
			return tokOther, errSlowPath
		}
		val := tag[k+1 : k+1+vend]
		for _, c := range val {
			if c < 0x20 || c >= 0x80 || c == '&' || c == '<' {
				return tokOther, errSlowPath
			}
		}
		ap, al, ok := splitName(aname)
		if !ok {
			return tokOther, errSlowPath
		}
		switch {
		case ap == "xmlns":
			t.declare(al, string(val))
		case ap == "" && al == "xmlns":
			t.declare("", string(val))
		}
		i = k + 1 + vend + 1
	}
	t.stack = append(t.stack, open)
	name := xml.Name{Local: local, Space: t.space(prefix)}
	t.advance(end + 1)
	if empty {
		t.pending = true
		t.end = name
		t.pop()
	}
	t.name = name
	return tokStart, nil
}

// space is the namespace a name with prefix is in: the declared one, the
// prefix itself when undeclared (as encoding/xml has it).
func (t *fastTokens) space(prefix string) string {
	if prefix == "" {
		return t.defNS
	}
	if v, ok := t.ns[prefix]; ok {
		return v
	}
	return prefix
}

func (t *fastTokens) declare(prefix, value string) {
	old, had := t.ns[prefix]
	t.nsUndo = append(t.nsUndo, nsSave{prefix, old, had})
	t.ns[prefix] = value
	if prefix == "" {
		t.defNS = value
	}
}

// pop closes the innermost element and undoes its declarations.
func (t *fastTokens) pop() {
	o := t.stack[len(t.stack)-1]
	t.stack = t.stack[:len(t.stack)-1]
	for len(t.nsUndo) > o.undo {
		u := t.nsUndo[len(t.nsUndo)-1]
		t.nsUndo = t.nsUndo[:len(t.nsUndo)-1]
		if u.had {
			t.ns[u.prefix] = u.value
		} else {
			delete(t.ns, u.prefix)
		}
		if u.prefix == "" {
			t.defNS = u.value // "" when it was not declared
		}
	}
}

func (t *fastTokens) endTag() (tokenKind, error) {
	end := t.tagEnd()
	if end < 0 {
		return tokOther, errSlowPath
	}
	tag := t.buf[t.pos : t.pos+end+1] // "</name >"
	n, ok := scanName(tag, 2)
	if !ok || len(t.stack) == 0 {
		return tokOther, errSlowPath
	}
	for j := n; j < len(tag)-1; j++ {
		if !isSpace(tag[j]) {
			return tokOther, errSlowPath
		}
	}
	prefix, local, ok := t.qname(tag[2:n])
	o := t.stack[len(t.stack)-1]
	if !ok || prefix != o.prefix || local != o.local {
		return tokOther, errSlowPath // encoding/xml: "element <a> closed by </b>"
	}
	name := xml.Name{Local: local, Space: t.space(prefix)}
	t.pop()
	t.advance(end + 1)
	t.name = name
	return tokEnd, nil
}

// charData reads text up to the next '<' (or the end), decoding entities
// and line ends as encoding/xml does.
func (t *fastTokens) charData() (tokenKind, error) {
	// A short text (a URL, a date, the line end between elements) in one
	// pass: its end, whether it is plain, its line ends.
	short := t.buf[t.pos:]
	if len(short) > 512 {
		short = short[:512]
	}
	plain, lines, lastNL := true, 0, 0
	for i, c := range short {
		switch textClass[c] {
		case textPlain:
			continue
		case textNewline:
			lines++
			lastNL = i
			continue
		case textOther:
			plain = false
			continue
		}
		// '<': the text is short[:i].
		text := short[:i]
		if !plain {
			var ok bool
			if text, ok = t.decode(text); !ok {
				return tokOther, errSlowPath
			}
		}
		if lines > 0 {
			t.line += lines
			t.linestart = t.base + int64(t.pos) + int64(lastNL) + 1
		}
		t.pos += i
		t.text = text
		return tokText, nil
	}
	var n int
	for from := 0; ; {
		if i := bytes.IndexByte(t.buf[t.pos+from:], '<'); i >= 0 {
			n = from + i
			break
		}
		from = len(t.buf) - t.pos
		if !t.fill(from + 1) {
			if t.err != nil {
				return tokOther, t.err
			}
			if t.quit || from >= fastMaxToken {
				return tokOther, errSlowPath
			}
			n = from
			break
		}
	}
	raw := t.buf[t.pos : t.pos+n]
	plain = true
	for _, c := range raw {
		if !plainText[c] {
			plain = false
			break
		}
	}
	text := raw
	if !plain {
		var ok bool
		if text, ok = t.decode(raw); !ok {
			return tokOther, errSlowPath
		}
	}
	t.advance(n)
	t.text = text
	return tokText, nil
}

// textClass sorts the bytes of text for charData's one pass: plain as
// plainText has it (a line end counted apart), the '<' that ends it, or
// another byte, which needs decode.
var textClass = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c == '<':
			t[c] = textEnd
		case c == '\n':
			t[c] = textNewline
		case !plainText[c]:
			t[c] = textOther
		}
	}
	return t
}()

const (
	textPlain = iota
	textNewline
	textOther
	textEnd
)

// plainText marks the bytes text may hold as they are: not a control
// character other than \n and \t, not outside ASCII, not & or ].
var plainText = func() (t [256]bool) {
	for c := range t {
		t[c] = (c >= 0x20 || c == '\n' || c == '\t') && c < 0x80 && c != '&' && c != ']'
	}
	return t
}()

// decode is encoding/xml's text(): entities, \r\n and \r to \n, "]]>"
// refused, every character checked.
func (t *fastTokens) decode(raw []byte) ([]byte, bool) {
	out := t.decoded[:0]
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case c == '&':
			semi := bytes.IndexByte(raw[i:], ';')
			if semi < 0 {
				return nil, false
			}
			r, ok := entity(raw[i+1 : i+semi])
			if !ok {
				return nil, false
			}
			out = utf8.AppendRune(out, r)
			i += semi
		case c == '\r':
			out = append(out, '\n')
			if i+1 < len(raw) && raw[i+1] == '\n' {
				i++
			}
		case c == ']' && i+2 < len(raw) && raw[i+1] == ']' && raw[i+2] == '>':
			return nil, false
		case c < 0x80:
			if c < 0x20 && c != '\n' && c != '\t' {
				return nil, false
			}
			out = append(out, c)
		default:
			r, size := utf8.DecodeRune(raw[i:])
			if r == utf8.RuneError && size == 1 || !inCharRange(r) {
				return nil, false
			}
			out = append(out, raw[i:i+size]...)
			i += size - 1
		}
	}
	t.decoded = out
	return out, true
}

// entity reads what stands between & and ;.
func entity(name []byte) (rune, bool) {
	switch string(name) {
	case "lt":
		return '<', true
	case "gt":
		return '>', true
	case "amp":
		return '&', true
	case "apos":
		return '\'', true
	case "quot":
		return '"', true
	}
	if len(name) < 2 || name[0] != '#' {
		return 0, false
	}
	digits, base := name[1:], 10
	if digits[0] == 'x' {
		digits, base = digits[1:], 16
	}
	if len(digits) == 0 || len(digits) > 8 {
		return 0, false
	}
	var r rune
	for _, c := range digits {
		var d rune
		switch {
		case '0' <= c && c <= '9':
			d = rune(c - '0')
		case base == 16 && 'a' <= c && c <= 'f':
			d = rune(c-'a') + 10
		case base == 16 && 'A' <= c && c <= 'F':
			d = rune(c-'A') + 10
		default:
			return 0, false
		}
		r = r*rune(base) + d
	}
	if !inCharRange(r) {
		return 0, false
	}
	return r, true
}

// inCharRange is XML's Char production.
func inCharRange(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D || r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD || r >= 0x10000 && r <= 0x10FFFF
}
