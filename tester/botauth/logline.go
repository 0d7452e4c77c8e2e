package botauth

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// The access log format that records what a signature check needs: the
// combined format, then the Host header as sent (nginx's $http_host keeps
// the port, which @authority covers; $host drops it) and the three signature headers, each
// quoted. The servers escape a `"` inside a value (nginx as \x22, Apache
// as \"), and ParseLogLine undoes both.
const (
	NginxLogFormat = `log_format signed '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent ` +
		`"$http_referer" "$http_user_agent" "$http_host" "$http_signature_input" "$http_signature" "$http_signature_agent"';`
	ApacheLogFormat = `LogFormat "%h %l %u %t \"%r\" %>s %b \"%{Referer}i\" \"%{User-Agent}i\" \"%{Host}i\" ` +
		`\"%{Signature-Input}i\" \"%{Signature}i\" \"%{Signature-Agent}i\"" signed`
)

// LogLine is one line of the signed format.
type LogLine struct {
	Time      time.Time
	Address   string
	UserAgent string
	Request   Request
	Signed    bool // the line recorded Signature-Input and Signature
}

// MaxLogLine is the longest line ParseLogLine reads (signatures and their
// inputs are a few hundred bytes each).
const MaxLogLine = 64 << 10

// ParseLogLine reads a line of the signed format; ok is false when the
// line is not of that format.
func ParseLogLine(line string) (LogLine, bool) {
	var l LogLine
	if len(line) > MaxLogLine {
		return l, false
	}
	f := logFields(strings.TrimRight(line, "\r\n"))
	if len(f) < 13 {
		return l, false
	}
	t, err := time.Parse("02/Jan/2006:15:04:05 -0700", f[3])
	if err != nil {
		return l, false
	}
	method, rest, ok := strings.Cut(f[4], " ")
	if !ok {
		return l, false
	}
	target, _, _ := strings.Cut(rest, " ")
	path, query, _ := strings.Cut(target, "?")
	l.Time, l.Address, l.UserAgent = t, f[0], dash(f[8])
	n := len(f)
	host, input, sig, agent := dash(f[n-4]), dash(f[n-3]), dash(f[n-2]), dash(f[n-1])
	h := http.Header{}
	for _, kv := range [][2]string{{"Host", host}, {"Signature-Input", input}, {"Signature", sig}, {"Signature-Agent", agent}, {"User-Agent", l.UserAgent}} {
		if kv[1] != "" {
			h[kv[0]] = []string{kv[1]}
		}
	}
	l.Request = Request{Method: method, Authority: host, Path: path, Query: query, Header: h}
	l.Signed = input != "" && sig != ""
	return l, true
}

func dash(s string) string {
	if s == "-" {
		return ""
	}
	return s
}

// logFields splits a log line into bare words, [bracketed] and "quoted"
// fields, undoing the servers' escapes inside quotes.
func logFields(s string) []string {
	var out []string
	i := 0
	for i < len(s) {
		switch s[i] {
		case ' ':
			i++
		case '[':
			end := strings.IndexByte(s[i:], ']')
			if end < 0 {
				return append(out, s[i+1:])
			}
			out = append(out, s[i+1:i+end])
			i += end + 1
		case '"':
			var b strings.Builder
			i++
			for i < len(s) && s[i] != '"' {
				if s[i] == '\\' && i+1 < len(s) {
					switch {
					case s[i+1] == '"' || s[i+1] == '\\':
						b.WriteByte(s[i+1])
						i += 2
						continue
					case s[i+1] == 'x' && i+3 < len(s):
						if v, err := strconv.ParseUint(s[i+2:i+4], 16, 8); err == nil {
							b.WriteByte(byte(v))
							i += 4
							continue
						}
					}
				}
				b.WriteByte(s[i])
				i++
			}
			out = append(out, b.String())
			i++
		default:
			end := strings.IndexByte(s[i:], ' ')
			if end < 0 {
				return append(out, s[i:])
			}
			out = append(out, s[i:i+end])
			i += end
		}
	}
	return out
}
