package botauth

import (
	"net/textproto"
	"strings"

	"github.com/robots-studio/robots-studio/tester/msg"
)

// Request is what a signature is checked against: the parts of an HTTP
// request that RFC 9421's derived components name, and its header fields
// (canonical names, as net/http keeps them; several lines of one field
// are several values).
type Request struct {
	Method    string
	Scheme    string // "https" when empty
	Authority string // the Host header
	Path      string // without the query; "" is "/"
	Query     string // without the leading "?"; "" for none
	Header    map[string][]string
}

func (r *Request) field(name string) ([]string, bool) {
	v, ok := r.Header[textproto.CanonicalMIMEHeaderKey(name)]
	return v, ok && len(v) > 0
}

// fieldValue is a field's value for a signature base (RFC 9421 §2.1):
// every line's value trimmed, joined with ", ".
func (r *Request) fieldValue(name string) (string, bool) {
	vs, ok := r.field(name)
	if !ok {
		return "", false
	}
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = strings.TrimSpace(v)
	}
	return strings.Join(parts, ", "), true
}

var (
	msgNoComponent   = msg.Def("botauth.no_component", "the signature covers `{{.Component}}`, which the request does not carry")
	msgUnsupported   = msg.Def("botauth.unsupported_component", "the signature covers `{{.Component}}`, which Robots Studio cannot rebuild")
	msgNoMember      = msg.Def("botauth.no_member", "the signature covers the `{{.Key}}` member of `{{.Field}}`, which the field does not have")
	msgNotDictionary = msg.Def("botauth.not_dictionary", "`{{.Field}}` is not a structured-field dictionary (RFC 9651)")
)

// componentValue is one covered component's value, or why there is none.
func (r *Request) componentValue(li listItem) (string, *msg.Text) {
	name := li.item.str
	id := componentID(li)
	for _, p := range li.ps {
		switch p.key {
		case "key", "sf":
		case "req":
			// A request's own components; "req" only matters for responses.
		default:
			t := msg.New(msgUnsupported, "Component", id)
			return "", &t
		}
	}
	if strings.HasPrefix(name, "@") {
		if len(li.ps) > 0 {
			t := msg.New(msgUnsupported, "Component", id)
			return "", &t
		}
		scheme := strings.ToLower(r.Scheme)
		if scheme == "" {
			scheme = "https"
		}
		path := r.Path
		if path == "" {
			path = "/"
		}
		switch name {
		case "@method":
			return r.Method, nil
		case "@authority":
			if r.Authority == "" {
				break
			}
			return normalAuthority(r.Authority, scheme), nil
		case "@scheme":
			return scheme, nil
		case "@path":
			return path, nil
		case "@query":
			return "?" + r.Query, nil
		case "@request-target":
			if r.Query != "" {
				return path + "?" + r.Query, nil
			}
			return path, nil
		case "@target-uri":
			if r.Authority == "" {
				break
			}
			u := scheme + "://" + normalAuthority(r.Authority, scheme) + path
			if r.Query != "" {
				u += "?" + r.Query
			}
			return u, nil
		default:
			t := msg.New(msgUnsupported, "Component", id)
			return "", &t
		}
		t := msg.New(msgNoComponent, "Component", id)
		return "", &t
	}
	raw, ok := r.fieldValue(name)
	if !ok {
		t := msg.New(msgNoComponent, "Component", id)
		return "", &t
	}
	if key, ok := li.ps.get("key"); ok {
		dict, err := parseDictionary(raw)
		if err != nil {
			t := msg.New(msgNotDictionary, "Field", name)
			return "", &t
		}
		for _, m := range dict {
			if m.key == key.str {
				var b strings.Builder
				m.serializeValue(&b)
				return b.String(), nil
			}
		}
		t := msg.New(msgNoMember, "Key", key.str, "Field", name)
		return "", &t
	}
	if _, ok := li.ps.get("sf"); ok {
		if dict, err := parseDictionary(raw); err == nil {
			var b strings.Builder
			for i, m := range dict {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(m.key)
				if !m.inner && m.item.kind == kBool && m.item.bool {
					m.ps.serialize(&b)
					continue
				}
				b.WriteByte('=')
				m.serializeValue(&b)
			}
			return b.String(), nil
		}
		if it, ps, err := parseItem(raw); err == nil {
			var b strings.Builder
			it.serialize(&b)
			ps.serialize(&b)
			return b.String(), nil
		}
		t := msg.New(msgNotDictionary, "Field", name)
		return "", &t
	}
	return raw, nil
}

// normalAuthority is the authority as RFC 9421 §2.2.3 compares it: lower
// case, without the scheme's default port.
func normalAuthority(a, scheme string) string {
	a = strings.ToLower(strings.TrimSpace(a))
	switch {
	case scheme == "https" && strings.HasSuffix(a, ":443"):
		a = strings.TrimSuffix(a, ":443")
	case scheme == "http" && strings.HasSuffix(a, ":80"):
		a = strings.TrimSuffix(a, ":80")
	}
	return a
}

// componentID is the serialized component identifier, `"name";key="x"`.
func componentID(li listItem) string {
	var b strings.Builder
	li.item.serialize(&b)
	li.ps.serialize(&b)
	return b.String()
}

// signatureBase builds the signature base of RFC 9421 §2.5 for a
// Signature-Input member.
func signatureBase(r *Request, in member) ([]byte, *msg.Text) {
	var b strings.Builder
	for _, li := range in.list {
		v, why := r.componentValue(li)
		if why != nil {
			return nil, why
		}
		b.WriteString(componentID(li))
		b.WriteString(": ")
		b.WriteString(v)
		b.WriteByte('\n')
	}
	b.WriteString(`"@signature-params": `)
	in.serializeValue(&b)
	return []byte(b.String()), nil
}
