package engine

import (
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/tester/hostname"
	"github.com/robots-studio/robots-studio/tester/msg"
)

var (
	msgCleanEmpty  = msg.Def("engine.yandex.clean.no_params", "no parameter names before the path prefix")
	msgCleanFields = msg.Def("engine.yandex.clean.fields", "too many words: the value is `p1&p2 [path-prefix]`")
	msgCleanChar   = msg.Def("engine.yandex.clean.bad_char", "the path prefix may only contain A–Z, a–z, 0–9, `.`, `-`, `/`, `*` and `_`; it has {{.Char}}")
	msgCleanLong   = msg.Def("engine.yandex.clean.too_long", "the value is {{.Length}} characters long; Yandex reads at most 500")
)

// HostDirective is one `Host:` line as Yandex validated it: one RFC 952 host
// name (not an IP address) with an optional port, 80 by default.
type HostDirective struct {
	Line    int
	Value   string   // as written
	Host    string   // the host name, lower-case (set when Valid)
	Port    int      // the port, 80 when not written (set when Valid)
	HasPort bool     // a port was written
	Valid   bool     // Yandex would use it
	Problem msg.Text // why it is ignored, when not Valid
}

// ParseHostDirective validates the value of a Host line the way Yandex's help
// describes Yandex reading it (one RFC 952 host name, not an IP address, an
// optional port, no scheme). The rules live in tester/mirror, which the
// mirror wizard and the linter use too; a name whose last label is not a
// top-level domain (`www.mysi.te`) is refused there.
func ParseHostDirective(line int, value string) HostDirective {
	h := HostDirective{Line: line, Value: value}
	n := hostname.ParseName(value, hostname.ModeHostClassic)
	if !n.Valid() {
		h.Problem = n.Problems[0].Message
		return h
	}
	h.Host, h.HasPort, h.Port = n.ASCII, n.Port != 0, n.EffectivePort()
	h.Valid = true
	return h
}

// Serves reports whether a URL on host:port (scheme "http", "https" or "")
// belongs to the main mirror h. Host has no scheme: a port left unwritten is
// 80 for http and matches https's default too.
func (h HostDirective) Serves(host string, port int, scheme string) bool {
	if !strings.EqualFold(host, h.Host) {
		return false
	}
	if port == 0 {
		if scheme == "https" && !h.HasPort {
			return true
		}
		port = 80
		if scheme == "https" {
			port = 443
		}
	}
	return port == h.Port
}

// CleanParam is one `Clean-param: p1&p2 [path-prefix]` line: the URL
// parameters Yandex drops (case-sensitive) on pages whose path starts with
// Prefix (implicit trailing `*`; empty = the whole site).
type CleanParam struct {
	Line    int
	Params  []string
	Prefix  string
	Valid   bool
	Problem msg.Text
}

// ParseCleanParam reads the value of a Clean-param line.
func ParseCleanParam(line int, value string) CleanParam {
	c := CleanParam{Line: line}
	if len(value) > 500 {
		c.Problem = msg.New(msgCleanLong, "Length", len(value))
		return c
	}
	fields := strings.Fields(value)
	if len(fields) > 2 {
		c.Problem = msg.New(msgCleanFields)
		return c
	}
	if len(fields) == 0 {
		c.Problem = msg.New(msgCleanEmpty)
		return c
	}
	for _, p := range strings.Split(fields[0], "&") {
		if p != "" {
			c.Params = append(c.Params, p)
		}
	}
	if len(c.Params) == 0 {
		c.Problem = msg.New(msgCleanEmpty)
		return c
	}
	if len(fields) == 2 {
		c.Prefix = fields[1]
		for i := 0; i < len(c.Prefix); i++ {
			ch := c.Prefix[i]
			if !(ch == '.' || ch == '-' || ch == '/' || ch == '*' || ch == '_' || '0' <= ch && ch <= '9' || 'a' <= ch && ch <= 'z' || 'A' <= ch && ch <= 'Z') {
				c.Problem = msg.New(msgCleanChar, "Char", strconv.QuoteRune(rune(ch)))
				return c
			}
		}
	}
	c.Valid = true
	return c
}
