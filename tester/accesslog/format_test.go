package accesslog

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

func mustFormat(t *testing.T, spec string) *Format {
	t.Helper()
	f, err := ParseFormat(spec)
	if err != nil {
		t.Fatalf("ParseFormat(%q): %v", spec, err)
	}
	return f
}

// TestParseLine: each case is a format rule a line must meet (or a way a
// line breaks it).
func TestParseLine(t *testing.T) {
	const ua = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
	cases := []struct {
		name, format, line   string
		ok                   bool
		host, target, uaWant string
		vhost                string
		status               int
		unix                 int64
		offset               int32
	}{
		{name: "combined: every field", format: "combined",
			line: `66.249.66.1 - - [03/Feb/2025:08:00:01 +0100] "GET /a?b=1 HTTP/1.1" 200 112 "-" "` + ua + `"`,
			ok:   true, host: "66.249.66.1", target: "/a?b=1", uaWant: ua, status: 200, unix: 1738566001, offset: 3600},
		{name: "common: no User-Agent, size -", format: "common",
			line: `host.example - - [01/Mar/1997:21:27:32 -0500] "GET /robots.txt HTTP/1.0" 404 -`,
			ok:   true, host: "host.example", target: "/robots.txt", status: 404, unix: 857269652, offset: -18000},
		{name: "combined: escaped quote inside the request", format: "combined",
			line: `1.2.3.4 - - [03/Feb/2025:08:00:01 +0000] "GET /s?q=\"x\" HTTP/1.1" 200 1 "-" "UA"`,
			ok:   true, host: "1.2.3.4", target: `/s?q=\"x\"`, uaWant: "UA", status: 200, unix: 1738569601},
		{name: "combined: unterminated User-Agent quote is malformed", format: "combined",
			line: `1.2.3.4 - - [03/Feb/2025:08:00:01 +0000] "GET / HTTP/1.1" 200 1 "-" "Mozilla/5.0 (compatible; Googlebot/2.1`},
		{name: "combined: a request of - has no target", format: "combined",
			line: `1.2.3.4 - - [03/Feb/2025:08:00:01 +0000] "-" 408 0 "-" "-"`, ok: true, host: "1.2.3.4", status: 408, unix: 1738569601},
		{name: "built-in formats accept extra trailing fields", format: "combined",
			line: `1.2.3.4 - - [03/Feb/2025:08:00:01 +0000] "GET / HTTP/1.1" 200 1 "-" "UA" 0.003 upstream`,
			ok:   true, host: "1.2.3.4", target: "/", uaWant: "UA", status: 200, unix: 1738569601},
		{name: "a custom format must cover the whole line", format: `%h %l %u %t "%r" %>s %b`,
			line: `1.2.3.4 - - [03/Feb/2025:08:00:01 +0000] "GET / HTTP/1.1" 200 1 extra`},
		{name: "combined_vhost: the Host header after the User-Agent", format: "combined_vhost",
			line: `1.2.3.4 - - [13/May/2015:17:02:26 -0700] "GET /f.htm HTTP/1.1" 404 89 "-" "UA" "www.example.org"`,
			ok:   true, host: "1.2.3.4", target: "/f.htm", uaWant: "UA", vhost: "www.example.org", status: 404, unix: 1431561746, offset: -25200},
		{name: "vhost_combined: %v:%p before the client", format: "vhost_combined",
			line: `www.example.org:443 1.2.3.4 - - [03/Feb/2025:08:00:01 +0000] "GET /x HTTP/1.1" 200 1 "-" "UA"`,
			ok:   true, host: "1.2.3.4", target: "/x", uaWant: "UA", vhost: "www.example.org", status: 200, unix: 1738569601},
		{name: "a pasted LogFormat line with escaped quotes", format: `LogFormat "%h %l %u %t \"%r\" %>s %b \"%{Referer}i\" \"%{User-Agent}i\"" combined`,
			line: `1.2.3.4 - - [03/Feb/2025:08:00:01 +0000] "GET /y HTTP/1.1" 200 1 "-" "UA"`,
			ok:   true, host: "1.2.3.4", target: "/y", uaWant: "UA", status: 200, unix: 1738569601},
		{name: "Apache %U%q is one target", format: `%h [%{%d}t] %U%q %>s "%{User-agent}i"`,
			line: `1.2.3.4 [03] /p?x=1 200 "UA"`, ok: true, host: "1.2.3.4", target: "/p?x=1", uaWant: "UA", status: 200},
		{name: "nginx log_format with $time_iso8601 and $request_uri", format: `$time_iso8601 $remote_addr $request_method $request_uri $status "$http_user_agent"`,
			line: `2025-02-03T08:00:02+01:00 66.249.66.1 GET /shop?add=1 200 "UA"`,
			ok:   true, host: "66.249.66.1", target: "/shop?add=1", uaWant: "UA", status: 200, unix: 1738566002, offset: 3600},
		{name: "a pasted nginx log_format directive", format: `log_format main '$remote_addr - $remote_user [$time_local] "$request" ' '$status $body_bytes_sent "$http_referer" "$http_user_agent" $host';`,
			line: `1.2.3.4 - - [03/Feb/2025:08:00:01 +0000] "GET /z HTTP/2.0" 301 0 "-" "UA" shop.example.org`,
			ok:   true, host: "1.2.3.4", target: "/z", uaWant: "UA", vhost: "shop.example.org", status: 301, unix: 1738569601},
		{name: "nginx $uri?$args is one target", format: `$remote_addr "$uri?$args" $status`,
			line: `1.2.3.4 "/a?b=2" 200`, ok: true, host: "1.2.3.4", target: "/a?b=2", status: 200},
		{name: "a bad time is no time, not a bad line", format: "common",
			line: `1.2.3.4 - - [33/Feb/2025:08:00:01 +0000] "GET / HTTP/1.1" 200 1`, ok: true, host: "1.2.3.4", target: "/", status: 200},
		{name: "an empty line is malformed", format: "combined", line: ``},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := mustFormat(t, c.format)
			var h Hit
			ok := f.Parse([]byte(c.line), &h)
			if ok != c.ok {
				t.Fatalf("Parse = %v, want %v", ok, c.ok)
			}
			if !ok {
				return
			}
			if string(h.Host) != c.host || string(h.Target) != c.target || string(h.UA) != c.uaWant || string(h.VHost) != c.vhost || h.Status != c.status {
				t.Errorf("got host %q target %q ua %q vhost %q status %d", h.Host, h.Target, h.UA, h.VHost, h.Status)
			}
			if h.Time.Valid != (c.unix != 0) || h.Time.Unix != c.unix || h.Time.Offset != c.offset {
				t.Errorf("time = %+v, want unix %d offset %d", h.Time, c.unix, c.offset)
			}
		})
	}
}

// TestStampShowsTheLogsOwnOffset: times are read and shown with the offset
// the server wrote, whatever the reader's time zone.
func TestStampShowsTheLogsOwnOffset(t *testing.T) {
	s := parseCLFTime([]byte("01/Mar/1997:21:27:32 -0500"))
	if got, want := s.String(), "1997-03-01T21:27:32-05:00"; got != want {
		t.Errorf("String = %s, want %s", got, want)
	}
	if got := s.Time().UTC().Format("2006-01-02 15:04:05"); got != "1997-03-02 02:27:32" {
		t.Errorf("UTC = %s", got)
	}
}

func TestParseFormatErrors(t *testing.T) {
	for name, spec := range map[string]string{
		"no request field":                `%h %l %u %t %>s`,
		"two fields with nothing between": `%h%l "%r"`,
		"unclosed brace":                  `%h %{User-Agent "%r"`,
		"nginx without request":           `$remote_addr $status`,
	} {
		if _, err := ParseFormat(spec); err == nil {
			t.Errorf("%s: ParseFormat(%q) succeeded", name, spec)
		}
	}
}

// TestDetect: each sample file is read in the format it was written in.
func TestDetect(t *testing.T) {
	for file, want := range map[string]string{
		"combined.log":       "combined",
		"vhost.log":          "combined_vhost",
		"common.log":         "common",
		"vhost_combined.log": "vhost_combined",
	} {
		data, err := os.ReadFile(filepath.Join("testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		data = trimBOM(data)
		f, err := Detect(data)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if f.Name != want {
			t.Errorf("%s: detected %s, want %s", file, f.Name, want)
		}
	}
	if _, err := Detect([]byte("not a log\nat all\n")); err == nil {
		t.Error("Detect accepted text that is no log")
	}
}

func trimBOM(b []byte) []byte {
	if len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
		return b[3:]
	}
	return b
}

// TestRequestPath: the logged target becomes what the engines match.
func TestRequestPath(t *testing.T) {
	for _, c := range []struct{ name, target, want string }{
		{"origin form stays as it is", "/a/b?c=d", "/a/b?c=d"},
		{"absolute form loses scheme and host", "https://www.example.org/shop?x=1", "/shop?x=1"},
		{"the fragment is dropped", "/a#top", "/a"},
		{"Apache's \\\" is a quote", `/s?q=\"x\"`, `/s?q="x"`},
		{"nginx's \\x22 is a quote", `/s?q=\x22x\x22`, `/s?q="x"`},
		{"a doubled backslash is one", `/a\\b`, `/a\b`},
		{"a network path loses its host", "//cdn.example.org/x", "/x"},
		{"the asterisk form of OPTIONS is no path: /", "*", "/"},
	} {
		if got := RequestPath([]byte(c.target)); got != c.want {
			t.Errorf("%s: RequestPath(%q) = %q, want %q", c.name, c.target, got, c.want)
		}
	}
}

// TestIndexLitIsBytesIndex: the literal search the parser uses finds what
// bytes.Index finds, on every line and literal of a small alphabet (so
// near misses, overlaps and ends of line come up often).
func TestIndexLitIsBytesIndex(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	const alphabet = `" ]\ab`
	word := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[rnd.IntN(len(alphabet))]
		}
		return b
	}
	for range 20000 {
		line, lit := word(rnd.IntN(12)), string(word(1+rnd.IntN(4)))
		if got, want := indexLit(line, lit), bytes.Index(line, []byte(lit)); got != want {
			t.Fatalf("indexLit(%q, %q) = %d, bytes.Index %d", line, lit, got, want)
		}
	}
}
