package i18n

import (
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// TestRuleWithABacktickInEveryLanguage: the engine's explanation of a rule
// that holds a backtick, rendered by each catalogue, quotes the rule as
// one piece of code and leaves no backtick loose in the text.
func TestRuleWithABacktickInEveryLanguage(t *testing.T) {
	defer msg.SetTranslator(nil)
	doc := syntax.Parse([]byte("User-agent: *\nDisallow: /a`b\n"))
	for _, code := range []string{"en", "ru", "pl"} {
		UseIn(code)
		v := engine.ForCrawler("Googlebot").Compile(doc).Query("Googlebot", "/a`bc")
		text := v.Explain().String()
		rule := false
		for _, sp := range msg.Spans(text) {
			switch {
			case sp.Code && sp.Text == "Disallow: /a`b":
				rule = true
			case !sp.Code && strings.Contains(sp.Text, "`"):
				t.Errorf("%s: a loose backtick in %q of %q", code, sp.Text, text)
			}
		}
		if !rule {
			t.Errorf("%s: the rule is not one piece of code in %q", code, text)
		}
	}
}
