package testerpane

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/testset"
	"github.com/robots-studio/robots-studio/ui/richmsg"
)

// detailShown is the text the detail area shows, as the reader sees it,
// one line per widget.
func detailShown(d *detailView) string {
	var b strings.Builder
	walk(d.body, func(o fyne.CanvasObject) {
		switch x := o.(type) {
		case *richmsg.Text:
			b.WriteString(x.Shown() + "\n")
		case *widget.Label:
			b.WriteString(x.Text + "\n")
		}
	})
	return b.String()
}

// TestDetailSaysEachThingOnce: the detail area draws the engine's `code`
// without backticks and names the deciding rule and the group once; where
// the explanation does not name the group, a line of its own does.
func TestDetailSaysEachThingOnce(t *testing.T) {
	for _, c := range []struct {
		rule, robots, crawler, path string
		says                        []string // each shown exactly once
		engine                      string   // "" for each crawler's own
	}{
		{"a Disallow decides: the explanation names rule and group",
			"User-agent: Googlebot\nDisallow: /addContacts*\n", "Googlebot", "/addContactsx",
			[]string{"Disallow: /addContacts*", "the group for Googlebot at line 1"}, ""},
		{"the longest rule wins over a runner",
			"User-agent: *\nDisallow: /a\nAllow: /ab\n", "Googlebot", "/abc",
			[]string{"Allow: /ab", "Disallow: /a", "the `*` group at line 1"}, ""},
		{"no rule matches: the explanation names the group",
			"User-agent: Googlebot\nDisallow: /private\n", "Googlebot", "/public",
			[]string{"the group for Googlebot at line 1"}, ""},
		{"robots.txt itself: the explanation omits the group, its own line names it",
			"User-agent: Googlebot\nDisallow: /\n", "Googlebot", "/robots.txt",
			[]string{"Group: the group for Googlebot at line 1"}, "rfc9309"},
		{"no group applies: said once, by the explanation",
			"User-agent: Googlebot\nDisallow: /\n", "bingbot", "/x",
			[]string{"no group applies"}, ""},
	} {
		p, _ := newTestPane(t, c.robots)
		if c.engine != "" {
			p.SetEngine(c.engine)
		}
		p.SetTestSet(&testset.Set{Crawlers: []string{c.crawler}, Paths: []string{c.path}})
		selectRow(t, p, c.crawler, c.path)
		v, ok := p.Selected()
		if !ok || !p.detail.body.Visible() {
			t.Fatalf("%s: nothing selected", c.rule)
		}
		shown := detailShown(p.detail)
		if strings.Contains(shown, "`") {
			t.Errorf("%s: the detail shows backticks:\n%s", c.rule, shown)
		}
		for _, s := range c.says {
			s = richmsg.Plain(s)
			if n := strings.Count(shown, s); n != 1 {
				t.Errorf("%s: %q is said %d times, want once:\n%s", c.rule, s, n, shown)
			}
		}
		if v.Group != nil {
			if g := v.GroupText().String(); strings.Count(shown, richmsg.Plain(g)) != 1 {
				t.Errorf("%s: the group %q is not named exactly once:\n%s", c.rule, g, shown)
			}
		}
		if v.Rule != nil {
			if n := strings.Count(shown, v.Rule.Text); n != 1 {
				t.Errorf("%s: the rule %q is named %d times:\n%s", c.rule, v.Rule.Text, n, shown)
			}
		}
	}
}

// TestGroupLineEveryReason: for every reason a verdict can rest on, the
// detail names the group once in all (the explanation or its own line),
// or, with no group, says nothing about one that the explanation has not
// said.
func TestGroupLineEveryReason(t *testing.T) {
	newTestPane(t, "") // English, the app's translations
	g := &engine.Group{Token: "googlebot"}
	rule := &engine.Rule{Line: 2, Text: "Disallow: /a", Pattern: "/a"}
	for _, c := range []struct {
		rule   string
		v      engine.Verdict
		wantOK bool // the group line is shown
	}{
		{"a rule decided: the explanation names the group", engine.Verdict{Reason: engine.ReasonRule, Group: g, Rule: rule, Path: "/a"}, false},
		{"no rule matched: named by the explanation", engine.Verdict{Reason: engine.ReasonNoRule, Group: g, Path: "/b"}, false},
		{"an empty group: named by the explanation", engine.Verdict{Reason: engine.ReasonEmptyGroup, Group: g}, false},
		{"robots.txt itself: the explanation omits it", engine.Verdict{Reason: engine.ReasonRobotsTxt, Group: g, Path: "/robots.txt"}, true},
		{"no group applies: the explanation says so", engine.Verdict{Reason: engine.ReasonNoGroup, Agent: "x"}, false},
		{"the file cannot be read: no group to name", engine.Verdict{Reason: engine.ReasonFileError}, false},
		{"too slow: no group to name", engine.Verdict{Reason: engine.ReasonTimeout}, false},
	} {
		v := c.v
		v.Engine = "google"
		explain := v.ExplainAll()
		line := groupLine(&v, explain)
		if (line != "") != c.wantOK {
			t.Errorf("%s: group line %q", c.rule, line)
		}
		if v.Group != nil {
			if n := strings.Count(explain+"\n"+line, v.GroupText().String()); n != 1 {
				t.Errorf("%s: the group is named %d times in %q / %q", c.rule, n, explain, line)
			}
		}
	}
}
