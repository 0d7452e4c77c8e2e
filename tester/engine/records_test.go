package engine

import "testing"

// TestClassicRecordHooks pins what each engine's hooks read from the same
// lines, since the record reading around them is shared.
func TestClassicRecordHooks(t *testing.T) {
	const robots = "User-agent: */1.0\nDisallow: /star\n\nUser-agent: * Rex\nDisallow:\nDisallow: /a /b\n"
	for _, c := range []struct {
		id, agent, url string
		allowed        bool
		why            Why
		line           int // the deciding rule's line (0 = none)
	}{
		// 1994: "*/1.0" is the name "*", not the `*` record; "* Rex" is one name,
		// so Rex finds no record.
		{"original1994", "a*b", "/star", false, WhyAnyDisallow, 2},
		{"original1994", "Rex", "/a", true, "", 0},
		// Lycos: "* Rex" is `*` and rex; "/a /b" is two path_roots.
		{"lycos1996", "Rex", "/b", false, WhyAnyDisallow, 6},
		{"lycos1996", "Googlebot", "/a", false, WhyAnyDisallow, 6},
		// draft: an empty Disallow is a rule that matches everything and allows.
		{"draft1996", "Rex", "/b", true, WhyEmpty, 5},
	} {
		v := query(t, c.id, robots, c.agent, c.url)
		line := 0
		if v.Rule != nil {
			line = v.Rule.Line
		}
		if v.Allowed != c.allowed || v.Why != c.why || line != c.line {
			t.Errorf("%s %s %s: allowed=%v why=%q line=%d, want %v %q %d (%s)", c.id, c.agent, c.url, v.Allowed, v.Why, line, c.allowed, c.why, c.line, v.ExplainAll())
		}
	}
}
