package engine

import (
	"strings"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

func TestBadURLNote(t *testing.T) {
	for _, c := range []struct {
		rule string
		url  string
		bad  bool
	}{
		{"only colons are no URL", "::::", true},
		{"a bad escape with no slash is no path", "%zz", true},
		{"a scheme with no host is no URL", "http://", true},
		{"a fragment alone is no path", "#frag", true},
		{"a bare word is no path", "example", true},
		{"an empty URL means / as documented", "", false},
		{"a path is a path", "/a", false},
		{"a bad escape inside a path is still a path", "/%zz", false},
		{"a host with no path means /", "http://example.com", false},
		{"a network-path reference with a host means /", "//example.com", false},
		{"a host and port mean /", "https://example.com:8080?q", false},
	} {
		if _, bad := BadURLNote(c.url); bad != c.bad {
			t.Errorf("%s: BadURLNote(%q) = %v", c.rule, c.url, bad)
		}
	}
	v := mustGet(t, "google").Compile(syntax.Parse([]byte("User-agent: *\nDisallow: /\n"))).Query("x", "::::")
	if !strings.Contains(v.ExplainAll(), "read as /") {
		t.Fatalf("the verdict does not say the URL was read as /: %s", v.ExplainAll())
	}
}

// slowCompiled answers after a delay, like a slow reading.
type slowCompiled struct {
	Compiled
	delay time.Duration
}

func (s slowCompiled) Query(agent, url string) Verdict {
	time.Sleep(s.delay)
	return s.Compiled.Query(agent, url)
}

func TestWithTimeoutAnswersInTimeOrSaysSo(t *testing.T) {
	base := mustGet(t, "temoto").Compile(syntax.Parse([]byte("User-agent: *\nDisallow: /p\n")))
	slow := WithTimeout(slowCompiled{base, 2 * time.Second}, 50*time.Millisecond)
	start := time.Now()
	v := slow.Query("x", "/p")
	if !v.TimedOut() || v.Allowed || v.Group != nil || v.Rule != nil || !strings.Contains(v.Explain().String(), "50ms") {
		t.Fatalf("timed-out verdict: %+v", v)
	}
	if d := time.Since(start); d > time.Second {
		t.Fatalf("the time limit was not kept: %v", d)
	}
	fast := WithTimeout(base, time.Minute)
	if v := fast.Query("x", "/p"); v.TimedOut() || v.Allowed || v.Rule == nil {
		t.Fatalf("a fast query: %+v", v)
	}
}

func mustGet(t *testing.T, id string) Engine {
	t.Helper()
	e, ok := Get(id)
	if !ok {
		t.Fatalf("no engine %s", id)
	}
	return e
}
