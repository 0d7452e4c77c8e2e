package botauth

import (
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
)

// The Structured Field Values of RFC 9651 (formerly RFC 8941) that message
// signatures use: dictionaries whose members are items or inner lists,
// each with parameters; items that are strings, tokens, integers, decimals,
// byte sequences or booleans. Values are parsed, and serialized back in the
// RFC's canonical form, which is what a signature base holds (RFC 9421 §2.3).

type kind uint8

const (
	kString kind = iota
	kToken
	kInteger
	kDecimal
	kBytes
	kBool
)

// item is a bare item.
type item struct {
	kind  kind
	str   string // string, token, decimal as written
	num   int64
	bytes []byte
	bool  bool
}

// param is one parameter; parameters keep their order.
type param struct {
	key string
	val item
}

type params []param

func (ps params) get(key string) (item, bool) {
	for _, p := range ps {
		if p.key == key {
			return p.val, true
		}
	}
	return item{}, false
}

// member is a dictionary member: an item or an inner list, with parameters.
type member struct {
	key   string
	inner bool
	item  item
	list  []listItem
	ps    params
}

type listItem struct {
	item item
	ps   params
}

var errSF = errors.New("not a structured field")

type sfParser struct {
	s string
	i int
}

func (p *sfParser) skipSP() {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
}

func (p *sfParser) skipOWS() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t') {
		p.i++
	}
}

// parseDictionary reads a dictionary (RFC 9651 §4.2.2); a key given twice
// keeps its last value, as the RFC says.
func parseDictionary(s string) ([]member, error) {
	p := &sfParser{s: strings.TrimSpace(s)}
	var out []member
	if p.s == "" {
		return nil, errSF
	}
	for p.i < len(p.s) {
		key, err := p.key()
		if err != nil {
			return nil, err
		}
		m := member{key: key}
		if p.i < len(p.s) && p.s[p.i] == '=' {
			p.i++
			if err := p.itemOrList(&m); err != nil {
				return nil, err
			}
		} else {
			m.item = item{kind: kBool, bool: true}
			if m.ps, err = p.params(); err != nil {
				return nil, err
			}
		}
		replaced := false
		for j := range out {
			if out[j].key == key {
				out[j] = m
				replaced = true
			}
		}
		if !replaced {
			out = append(out, m)
		}
		p.skipOWS()
		if p.i >= len(p.s) {
			return out, nil
		}
		if p.s[p.i] != ',' {
			return nil, errSF
		}
		p.i++
		p.skipOWS()
		if p.i >= len(p.s) {
			return nil, errSF // a trailing comma
		}
	}
	return out, nil
}

// parseItem reads a whole field as one item with parameters.
func parseItem(s string) (item, params, error) {
	p := &sfParser{s: strings.TrimSpace(s)}
	it, err := p.bare()
	if err != nil {
		return item{}, nil, err
	}
	ps, err := p.params()
	if err != nil || p.i != len(p.s) {
		return item{}, nil, errSF
	}
	return it, ps, nil
}

func (p *sfParser) itemOrList(m *member) error {
	var err error
	if p.i < len(p.s) && p.s[p.i] == '(' {
		m.inner = true
		p.i++
		for {
			p.skipSP()
			if p.i >= len(p.s) {
				return errSF
			}
			if p.s[p.i] == ')' {
				p.i++
				break
			}
			var li listItem
			if li.item, err = p.bare(); err != nil {
				return err
			}
			if li.ps, err = p.params(); err != nil {
				return err
			}
			m.list = append(m.list, li)
			if p.i < len(p.s) && p.s[p.i] != ' ' && p.s[p.i] != ')' {
				return errSF
			}
		}
	} else if m.item, err = p.bare(); err != nil {
		return err
	}
	m.ps, err = p.params()
	return err
}

func (p *sfParser) key() (string, error) {
	start := p.i
	if p.i >= len(p.s) || !(p.s[p.i] >= 'a' && p.s[p.i] <= 'z' || p.s[p.i] == '*') {
		return "", errSF
	}
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.' || c == '*' {
			p.i++
			continue
		}
		break
	}
	return p.s[start:p.i], nil
}

func (p *sfParser) params() (params, error) {
	var ps params
	for p.i < len(p.s) && p.s[p.i] == ';' {
		p.i++
		p.skipSP()
		key, err := p.key()
		if err != nil {
			return nil, err
		}
		val := item{kind: kBool, bool: true}
		if p.i < len(p.s) && p.s[p.i] == '=' {
			p.i++
			if val, err = p.bare(); err != nil {
				return nil, err
			}
		}
		replaced := false
		for j := range ps {
			if ps[j].key == key {
				ps[j].val = val
				replaced = true
			}
		}
		if !replaced {
			ps = append(ps, param{key, val})
		}
	}
	return ps, nil
}

func (p *sfParser) bare() (item, error) {
	if p.i >= len(p.s) {
		return item{}, errSF
	}
	c := p.s[p.i]
	switch {
	case c == '"':
		return p.str()
	case c == ':':
		end := strings.IndexByte(p.s[p.i+1:], ':')
		if end < 0 {
			return item{}, errSF
		}
		raw := p.s[p.i+1 : p.i+1+end]
		b, err := base64.StdEncoding.DecodeString(raw)
		if err != nil {
			// RFC 9651 §4.2.7: parsers may accept missing padding.
			if b, err = base64.RawStdEncoding.DecodeString(raw); err != nil {
				return item{}, errSF
			}
		}
		p.i += end + 2
		return item{kind: kBytes, bytes: b}, nil
	case c == '?':
		if p.i+1 < len(p.s) && (p.s[p.i+1] == '0' || p.s[p.i+1] == '1') {
			p.i += 2
			return item{kind: kBool, bool: p.s[p.i-1] == '1'}, nil
		}
		return item{}, errSF
	case c == '-' || c >= '0' && c <= '9':
		start := p.i
		p.i++
		for p.i < len(p.s) && (p.s[p.i] >= '0' && p.s[p.i] <= '9' || p.s[p.i] == '.') {
			p.i++
		}
		text := p.s[start:p.i]
		if strings.Contains(text, ".") {
			if _, err := strconv.ParseFloat(text, 64); err != nil || len(text) > 17 {
				return item{}, errSF
			}
			return item{kind: kDecimal, str: text}, nil
		}
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil || len(strings.TrimPrefix(text, "-")) > 15 {
			return item{}, errSF
		}
		return item{kind: kInteger, num: n}, nil
	case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '*':
		start := p.i
		for p.i < len(p.s) && isTokenChar(p.s[p.i]) {
			p.i++
		}
		return item{kind: kToken, str: p.s[start:p.i]}, nil
	}
	return item{}, errSF
}

func isTokenChar(c byte) bool {
	if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
		return true
	}
	return strings.IndexByte("!#$%&'*+-.^_`|~:/", c) >= 0
}

func (p *sfParser) str() (item, error) {
	var b strings.Builder
	p.i++ // the opening quote
	for p.i < len(p.s) {
		c := p.s[p.i]
		p.i++
		switch {
		case c == '\\':
			if p.i >= len(p.s) || p.s[p.i] != '"' && p.s[p.i] != '\\' {
				return item{}, errSF
			}
			b.WriteByte(p.s[p.i])
			p.i++
		case c == '"':
			return item{kind: kString, str: b.String()}, nil
		case c < 0x20 || c > 0x7e:
			return item{}, errSF
		default:
			b.WriteByte(c)
		}
	}
	return item{}, errSF
}

// serialize writes it in canonical form.
func (it item) serialize(b *strings.Builder) {
	switch it.kind {
	case kString:
		b.WriteByte('"')
		for i := 0; i < len(it.str); i++ {
			if it.str[i] == '"' || it.str[i] == '\\' {
				b.WriteByte('\\')
			}
			b.WriteByte(it.str[i])
		}
		b.WriteByte('"')
	case kToken, kDecimal:
		b.WriteString(it.str)
	case kInteger:
		b.WriteString(strconv.FormatInt(it.num, 10))
	case kBytes:
		b.WriteByte(':')
		b.WriteString(base64.StdEncoding.EncodeToString(it.bytes))
		b.WriteByte(':')
	case kBool:
		if it.bool {
			b.WriteString("?1")
		} else {
			b.WriteString("?0")
		}
	}
}

func (ps params) serialize(b *strings.Builder) {
	for _, p := range ps {
		b.WriteByte(';')
		b.WriteString(p.key)
		if p.val.kind == kBool && p.val.bool {
			continue
		}
		b.WriteByte('=')
		p.val.serialize(b)
	}
}

// serializeValue writes a member's value (without its key).
func (m member) serializeValue(b *strings.Builder) {
	if m.inner {
		b.WriteByte('(')
		for i, li := range m.list {
			if i > 0 {
				b.WriteByte(' ')
			}
			li.item.serialize(b)
			li.ps.serialize(b)
		}
		b.WriteByte(')')
	} else {
		m.item.serialize(b)
	}
	m.ps.serialize(b)
}
