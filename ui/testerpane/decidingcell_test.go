package testerpane

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
)

// TestDecidingLineLeadsWithTheRule: the Deciding line column starts with the
// line number and the rule, no word before them, in every language — at
// 1024 px the column is cut, and "строка …" / "wiersz 1…" said nothing. The
// worded form stays in the explanation.
func TestDecidingLineLeadsWithTheRule(t *testing.T) {
	for _, l := range []struct{ code, word string }{{"en", "line 2"}, {"ru", "строкой 2"}, {"pl", "wiersz"}} {
		p, _ := newTestPane(t, privateRobots)
		i18ntest.Speak(t, l.code)
		test.Type(p.input.entry(crawlerRows, 0), "Googlebot")
		test.Type(p.input.entry(pathRows, 0), "/private/x")
		if r := rowFor(t, p, "Googlebot", "/private/x"); r.rule != "2: Disallow: /private" {
			t.Errorf("%s: the Deciding line cell reads %q, want it to start with the line and the rule: %q", l.code, r.rule, "2: Disallow: /private")
		}
		selectRow(t, p, "Googlebot", "/private/x")
		if e := p.detail.explain.Text; !strings.Contains(e, l.word) || !strings.Contains(e, "Disallow: /private") {
			t.Errorf("%s: the explanation %q lost the worded line %q or the rule", l.code, e, l.word)
		}
	}
}
