// Package accesslog reads web server access logs (Apache and nginx, common
// and combined formats, any LogFormat / log_format string) as a stream of
// hits: who asked for which path, when, and what the server answered. It
// recognises crawlers through the catalogue, checks claimed identities
// against IP ranges or reverse DNS, and replays every crawler hit against a
// robots.txt and a draft (see Analyze).
package accesslog

import (
	"fmt"
	"strings"
)

// field is what one placeholder of a log format carries.
type field uint8

const (
	fOther   field = iota // parsed over, not used
	fHost                 // client address or host name (%h, %a, $remote_addr)
	fTime                 // [%t], $time_local: 02/Jan/2006:15:04:05 -0700
	fTimeISO              // $time_iso8601: 2006-01-02T15:04:05-07:00
	fRequest              // "%r", $request: METHOD TARGET PROTOCOL
	fTarget               // %U%q, $request_uri: path and query
	fPath                 // %U, $uri: path only
	fQuery                // %q ("?a=b"), $args / $query_string ("a=b")
	fMethod               // %m, $request_method
	fStatus               // %s, %>s, $status
	fUA                   // %{User-Agent}i, $http_user_agent
	fVHost                // %v, %V, %{Host}i, $host, $server_name, $http_host
)

// element is a literal or a field in a compiled format.
type element struct {
	lit   string // literal text; empty for a field
	field field
	name  string // the placeholder as written, for messages
}

// Format is a compiled log format.
type Format struct {
	Name  string // "combined", "common", … or "custom"
	Spec  string // the format string it was compiled from
	elems []element
	has   [fVHost + 1]bool
	// strict formats must cover the whole line; the built-in ones accept
	// extra space-separated fields at the end (response times and the like
	// that many servers append).
	strict bool
}

// The formats the auto-detection tries, most specific first. The names are
// Apache's own (httpd.conf) and nginx's "combined".
var builtin = []struct{ name, spec string }{
	{"combined_vhost", `%h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-Agent}i" "%{Host}i"`},
	{"vhost_combined", `%v:%p %h %l %u %t "%r" %>s %O "%{Referer}i" "%{User-Agent}i"`},
	{"combined", `%h %l %u %t "%r" %>s %b "%{Referer}i" "%{User-Agent}i"`},
	{"vhost_common", `%v %h %l %u %t "%r" %>s %b`},
	{"common", `%h %l %u %t "%r" %>s %b`},
}

// Builtin returns the named format ("combined", "common", "vhost_combined",
// "vhost_common", "combined_vhost").
func Builtin(name string) (*Format, bool) {
	for _, b := range builtin {
		if b.name == name {
			f, err := compile(b.spec)
			if err != nil {
				panic("accesslog: built-in format " + name + ": " + err.Error())
			}
			f.Name = name
			return f, true
		}
	}
	return nil, false
}

// BuiltinNames lists the names Builtin knows.
func BuiltinNames() []string {
	out := make([]string, len(builtin))
	for i, b := range builtin {
		out[i] = b.name
	}
	return out
}

// ParseFormat compiles an Apache LogFormat string (`%h %l %u %t "%r" %>s %b`)
// or an nginx log_format string (`$remote_addr - $remote_user [$time_local]
// "$request" …`). A whole configuration line is accepted too: `LogFormat
// "…" nickname` or `log_format name '…' '…';`. A name of a built-in format
// is accepted as well.
func ParseFormat(spec string) (*Format, error) {
	if f, ok := Builtin(strings.TrimSpace(spec)); ok {
		return f, nil
	}
	f, err := compile(unwrapConfig(spec))
	if err != nil {
		return nil, err
	}
	f.strict = true
	return f, nil
}

func compile(s string) (*Format, error) {
	var f *Format
	var err error
	if strings.Contains(s, "$") && !strings.Contains(s, "%") {
		f, err = parseNginx(s)
	} else {
		f, err = parseApache(s)
	}
	if err != nil {
		return nil, err
	}
	f.Spec = s
	if f.Name == "" {
		f.Name = "custom"
	}
	if !f.has[fRequest] && !f.has[fTarget] && !f.has[fPath] {
		return nil, fmt.Errorf("format %q has no request field (%%r, %%U or $request, $request_uri)", s)
	}
	return f, nil
}

// unwrapConfig strips what surrounds a format string when a whole Apache or
// nginx configuration line was pasted.
func unwrapConfig(spec string) string {
	s := strings.TrimSpace(spec)
	low := strings.ToLower(s)
	switch {
	case strings.HasPrefix(low, "logformat"):
		s = strings.TrimSpace(s[len("logformat"):])
		if strings.HasPrefix(s, `"`) {
			// The quoted string ends at the last quote that is not escaped.
			end := strings.LastIndex(s, `"`)
			if end > 0 {
				s = s[1:end]
			}
		}
		s = strings.ReplaceAll(s, `\"`, `"`)
	case strings.HasPrefix(low, "log_format"):
		s = strings.TrimSpace(s[len("log_format"):])
		s = strings.TrimSuffix(strings.TrimSpace(s), ";")
		if i := strings.IndexAny(s, " \t"); i > 0 {
			s = strings.TrimSpace(s[i:]) // the format's name
		}
		if strings.HasPrefix(s, "escape=") {
			if i := strings.IndexAny(s, " \t"); i > 0 {
				s = strings.TrimSpace(s[i:])
			}
		}
		s = joinQuoted(s)
	default:
		if strings.HasPrefix(s, "'") && strings.HasSuffix(s, "'") {
			s = joinQuoted(s)
		} else if strings.Contains(s, `\"`) {
			s = strings.ReplaceAll(s, `\"`, `"`)
		}
	}
	return s
}

// joinQuoted concatenates the single-quoted pieces of an nginx log_format.
func joinQuoted(s string) string {
	if !strings.HasPrefix(s, "'") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '\'')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i+1:], '\'')
		if j < 0 {
			b.WriteString(s[i+1:])
			break
		}
		b.WriteString(s[i+1 : i+1+j])
		s = s[i+1+j+1:]
	}
	return b.String()
}

func (f *Format) add(lit string) {
	if lit == "" {
		return
	}
	if n := len(f.elems); n > 0 && f.elems[n-1].lit != "" {
		f.elems[n-1].lit += lit
		return
	}
	f.elems = append(f.elems, element{lit: lit})
}

func (f *Format) addField(fl field, name string) error {
	if n := len(f.elems); n > 0 && f.elems[n-1].lit == "" && !(f.elems[n-1].field == fPath && fl == fQuery) {
		return fmt.Errorf("format: %s follows %s with nothing between them, so a line cannot be split", name, f.elems[n-1].name)
	}
	f.elems = append(f.elems, element{field: fl, name: name})
	if fl != fOther {
		f.has[fl] = true
	}
	return nil
}

func parseApache(s string) (*Format, error) {
	f := &Format{}
	for i := 0; i < len(s); {
		c := s[i]
		if c != '%' {
			j := strings.IndexByte(s[i:], '%')
			if j < 0 {
				j = len(s) - i
			}
			f.add(s[i : i+j])
			i += j
			continue
		}
		start := i
		i++
		if i < len(s) && s[i] == '%' {
			f.add("%")
			i++
			continue
		}
		// Modifiers: status lists (400,501 or !200), < and >.
		for i < len(s) && strings.IndexByte("<>!,0123456789", s[i]) >= 0 {
			i++
		}
		arg := ""
		if i < len(s) && s[i] == '{' {
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return nil, fmt.Errorf("format: %q has an unclosed {", s[start:])
			}
			arg = s[i+1 : i+end]
			i += end + 1
		}
		if i >= len(s) {
			return nil, fmt.Errorf("format: %q ends inside a %% directive", s)
		}
		letter := s[i]
		i++
		fl := fOther
		switch letter {
		case 'h', 'a':
			fl = fHost
		case 't':
			if arg == "" {
				fl = fTime
			}
		case 'r':
			fl = fRequest
		case 'U':
			fl = fPath
		case 'q':
			fl = fQuery
		case 'm':
			fl = fMethod
		case 's':
			fl = fStatus
		case 'v', 'V':
			fl = fVHost
		case 'i':
			switch strings.ToLower(arg) {
			case "user-agent":
				fl = fUA
			case "host":
				fl = fVHost
			}
		}
		if fl == fTime {
			// %t writes its own brackets: [17/May/2015:10:05:03 +0000].
			f.add("[")
			if err := f.addField(fl, s[start:i]); err != nil {
				return nil, err
			}
			f.add("]")
			continue
		}
		if err := f.addField(fl, s[start:i]); err != nil {
			return nil, err
		}
	}
	f.mergePathQuery()
	return f, nil
}

// mergePathQuery turns %U%q (a path directly followed by its query) into one
// target field: %q is empty or starts with "?", so the two cannot be split
// by a literal, but together they are the request target.
func (f *Format) mergePathQuery() {
	for i := 0; i+1 < len(f.elems); i++ {
		if f.elems[i].field == fPath && f.elems[i].lit == "" && f.elems[i+1].field == fQuery && f.elems[i+1].lit == "" {
			f.elems[i].field = fTarget
			f.elems[i].name += f.elems[i+1].name
			f.elems = append(f.elems[:i+1], f.elems[i+2:]...)
			f.has[fTarget] = true
		}
	}
}

var nginxVars = map[string]field{
	"remote_addr": fHost, "realip_remote_addr": fHost,
	"time_local": fTime, "time_iso8601": fTimeISO,
	"request": fRequest, "request_uri": fTarget, "uri": fPath, "document_uri": fPath,
	"args": fQuery, "query_string": fQuery, "request_method": fMethod,
	"status": fStatus, "http_user_agent": fUA,
	"host": fVHost, "server_name": fVHost, "http_host": fVHost,
}

func parseNginx(s string) (*Format, error) {
	f := &Format{}
	for i := 0; i < len(s); {
		if s[i] != '$' {
			j := strings.IndexByte(s[i:], '$')
			if j < 0 {
				j = len(s) - i
			}
			f.add(s[i : i+j])
			i += j
			continue
		}
		start := i
		i++
		var name string
		if i < len(s) && s[i] == '{' {
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return nil, fmt.Errorf("format: %q has an unclosed {", s[start:])
			}
			name = s[i+1 : i+end]
			i += end + 1
		} else {
			j := i
			for j < len(s) && (s[j] == '_' || 'a' <= s[j] && s[j] <= 'z' || 'A' <= s[j] && s[j] <= 'Z' || '0' <= s[j] && s[j] <= '9') {
				j++
			}
			name = s[i:j]
			i = j
		}
		if name == "" {
			f.add("$")
			continue
		}
		if err := f.addField(nginxVars[strings.ToLower(name)], s[start:i]); err != nil {
			return nil, err
		}
	}
	// nginx writes $uri?$args as a literal "?" between them.
	for i := 0; i+2 < len(f.elems); i++ {
		if f.elems[i].field == fPath && f.elems[i].lit == "" && f.elems[i+1].lit == "?" && f.elems[i+2].field == fQuery && f.elems[i+2].lit == "" {
			f.elems[i].field = fTarget
			f.elems[i].name += "?" + f.elems[i+2].name
			f.elems = append(f.elems[:i+1], f.elems[i+3:]...)
			f.has[fTarget] = true
		}
	}
	return f, nil
}

// HasUserAgent reports whether the format records the User-Agent (common
// format does not: its hits cannot be told apart by crawler).
func (f *Format) HasUserAgent() bool { return f.has[fUA] }
