package engine

import (
	"testing"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// query compiles robots with engine id and asks for agent and url.
func query(t testing.TB, id, robots, agent, url string) Verdict {
	t.Helper()
	e, ok := Get(id)
	if !ok {
		t.Fatalf("no engine %q", id)
	}
	return e.Compile(syntax.Parse([]byte(robots))).Query(agent, url)
}

// allowedCase is one expectation: agent may (or may not) fetch url.
type allowedCase struct {
	agent, url string
	allowed    bool
}

func checkAllowed(t *testing.T, id, robots string, cases []allowedCase) {
	t.Helper()
	e, _ := Get(id)
	c := e.Compile(syntax.Parse([]byte(robots)))
	for _, x := range cases {
		v := c.Query(x.agent, x.url)
		if v.Allowed != x.allowed {
			t.Errorf("%s: %s %q: allowed=%v, want %v (%s)", id, x.agent, x.url, v.Allowed, x.allowed, v.ExplainAll())
		}
	}
}
