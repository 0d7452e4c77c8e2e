package history

import (
	"fmt"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/diag"
)

// TestGradeHostAsItsReadersTakeIt: the Host finding compares the main
// mirror Yandex takes (the first valid Host line, wherever it stands, as
// tester/mirror decides), not the Host lines as text.
func TestGradeHostAsItsReadersTakeIt(t *testing.T) {
	const head = "User-agent: Yandex\nDisallow: /tmp\n"
	for _, c := range []struct {
		rule     string
		old, new string
		host     string // the Host finding's text; "" = none, and the change is harmless
	}{
		{"a Host line repeated is no change", head + "Host: a.example.com\n", head + "Host: a.example.com\nHost: a.example.com\n", ""},
		{"a second Host line after the effective one is no change", head + "Host: a.example.com\n", head + "Host: a.example.com\nHost: b.example.com\n", ""},
		{"an ignored Host line moved before the effective one is no change", head + "Host: a.example.com\nHost: not a host\n", head + "Host: not a host\nHost: a.example.com\n", ""},
		{"a Host line moved out of the group is no change", head + "Host: a.example.com\n", "Host: a.example.com\n\n" + head, ""},
		{"the name in another case is no change", head + "Host: A.Example.COM\n", head + "host: a.example.com\n", ""},
		{"an ignored Host line added to none is no change", head, head + "Host: not a host\n", ""},
		{"reordered Host lines: the first valid one is another mirror", head + "Host: a.example.com\nHost: b.example.com\n", head + "Host: b.example.com\nHost: a.example.com\n",
			"Host changed: a.example.com → b.example.com"},
		{"another name", head + "Host: a.example.com\n", head + "Host: b.example.com\n", "Host changed: a.example.com → b.example.com"},
		{"HTTPS named (Yandex's 2017 form)", head + "Host: a.example.com\n", head + "Host: https://a.example.com\n", "Host changed: a.example.com → https://a.example.com"},
		{"the effective Host removed", head + "Host: a.example.com\n", head + "Host: not a host\n", "Host changed: a.example.com → -"},
		{"a Host added", head, head + "Host: a.example.com\n", "Host changed: - → a.example.com"},
	} {
		t.Run(c.rule, func(t *testing.T) {
			fs := Grade(Change{Old: ver(200), New: ver(200), OldBody: []byte(c.old), NewBody: []byte(c.new)}, GradeOptions{})
			var all []string
			host, harmless := "", false
			for _, f := range fs {
				all = append(all, fmt.Sprintf("%s %s: %s", f.Severity, f.Code, f.Text))
				switch f.Code {
				case "host":
					host = f.Text.String()
					if f.Severity != diag.Warning {
						t.Errorf("Host finding is %s, want a warning", f.Severity)
					}
				case "harmless":
					harmless = true
				}
			}
			if host != c.host {
				t.Errorf("Host finding %q, want %q; all:\n%s", host, c.host, strings.Join(all, "\n"))
			}
			if c.host == "" && (!harmless || len(fs) != 1) {
				t.Errorf("want harmless alone:\n%s", strings.Join(all, "\n"))
			}
		})
	}
}
