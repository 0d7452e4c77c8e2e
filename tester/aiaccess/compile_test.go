package aiaccess

import (
	"regexp"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/aipref"
	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/metatag"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Rule: each stance compiles to the Content-Signal, Content-Usage and Bing
// tag that say the same thing, and the values parse without a problem.
func TestCompileSignalsPerStance(t *testing.T) {
	cases := []struct {
		p              Policy
		signal, usage  string
		bing           string
		bingValidFor   metatag.Engine
		serverRefusals bool
	}{
		{Policy{Stance: AllowAll}, "search=yes, ai-input=yes, ai-train=yes", "train-ai=y, search=y", "", metatag.Bing, false},
		{Policy{Stance: SearchNoTraining}, "search=yes, ai-input=yes, ai-train=no", "train-ai=n, search=y", "nocache", metatag.Bing, true},
		{Policy{Stance: NoAI, Use: "reference"}, "search=yes, ai-input=no, ai-train=no, use=reference", "train-ai=n, search=y", "noarchive", metatag.Bing, true},
		{Policy{Stance: Custom, Block: map[catalogue.Purpose]bool{catalogue.Search: true}}, "search=no, ai-input=yes, ai-train=yes", "train-ai=y, search=n", "", metatag.Bing, true}, // YandexRenderResourcesBot ignores robots.txt
	}
	for _, c := range cases {
		s := Compile(syntax.Parse([]byte("User-agent: *\nDisallow: /admin/\n")), c.p)
		if s.ContentSignal != c.signal || s.ContentUsage != c.usage || s.XRobotsTag != c.bing {
			t.Errorf("%s: %q %q %q, want %q %q %q", c.p.Stance, s.ContentSignal, s.ContentUsage, s.XRobotsTag, c.signal, c.usage, c.bing)
		}
		if sig := aipref.ParseSignal(s.ContentSignal); len(sig.Problems) > 0 {
			t.Errorf("%s: Content-Signal %q: %+v", c.p.Stance, s.ContentSignal, sig.Problems)
		}
		if u := aipref.ParseUsage(s.ContentUsage); len(u.Problems) > 0 {
			t.Errorf("%s: Content-Usage %q: %+v", c.p.Stance, s.ContentUsage, u.Problems)
		}
		if !strings.Contains(string(s.Robots), "Content-Signal: "+s.ContentSignal) {
			t.Errorf("%s: the robots.txt preview lacks the signal:\n%s", c.p.Stance, s.Robots)
		}
		if s.XRobotsTag != "" {
			r := metatag.Validate(s.XRobotsTag, metatag.Options{Engines: []metatag.Engine{c.bingValidFor}})
			for _, d := range r.Diagnostics {
				if d.Severity > diag.Info {
					t.Errorf("%s: Bing reads %q with %v: %s", c.p.Stance, s.XRobotsTag, d.Severity, d.Message)
				}
			}
			if !strings.Contains(s.BingMeta, `content="`+s.XRobotsTag+`"`) {
				t.Errorf("%s: meta %q and header %q differ", c.p.Stance, s.BingMeta, s.XRobotsTag)
			}
		}
		if (len(s.Rules) > 0) != c.serverRefusals {
			t.Errorf("%s: %d server rules", c.p.Stance, len(s.Rules))
		}
	}
}

// Rule: the server rules' expression matches every sample User-Agent of the
// crawlers they refuse and none of the crawlers the policy lets in, nor a
// browser; crawlers robots.txt stops stay out unless RefuseAtServer; a
// token-only name (it sends no requests) never gets in.
func TestServerRulesMatchTheCatalogue(t *testing.T) {
	for _, p := range []Policy{{Stance: NoAI}, {Stance: NoAI, RefuseAtServer: true}, {Stance: SearchNoTraining, RefuseAtServer: true}} {
		s := Compile(syntax.Parse(nil), p)
		re := regexp.MustCompile("(?i)" + regex(s.Patterns))
		refused := map[string]bool{}
		for _, c := range s.Refused {
			refused[c.Name] = true
			if c.RobotsTxt == catalogue.TokenOnly {
				t.Errorf("%v: token-only %s refused at the server", p, c.Name)
			}
			if !p.RefuseAtServer && c.RobotsTxt.Stoppable() {
				t.Errorf("%v: %s obeys robots.txt but is refused at the server", p, c.Name)
			}
			for _, ua := range c.Samples {
				if !re.MatchString(ua) {
					t.Errorf("%v: refused %s's sample %q does not match %s", p, c.Name, ua, re)
				}
			}
		}
		for _, c := range catalogue.All() {
			if c.Historical || p.Blocks(c) {
				continue
			}
			for _, ua := range c.Samples {
				if re.MatchString(ua) {
					t.Errorf("%v: kept %s's sample %q matches the refusal %s", p, c.Name, ua, re)
				}
			}
		}
		if browser := "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36"; re.MatchString(browser) {
			t.Errorf("%v: a browser matches %s", p, re)
		}
		if p.Stance == NoAI && !refused["Bytespider"] {
			t.Errorf("%v: Bytespider, which ignores robots.txt, is not refused at the server", p)
		}
		if p.Stance == NoAI && !p.RefuseAtServer && refused["GPTBot"] {
			t.Errorf("%v: GPTBot obeys robots.txt; only RefuseAtServer puts it in the server rules", p)
		}
		if p.RefuseAtServer && !refused["GPTBot"] {
			t.Errorf("%v: GPTBot is refused by the policy but not at the server", p)
		}
	}
}

// Rule: an operator's setting covers its crawlers, and a crawler's own
// setting wins over it.
func TestOperatorOverride(t *testing.T) {
	p := Policy{Stance: Custom, Operators: map[string]bool{"OpenAI": true}, Crawlers: map[string]bool{"OAI-SearchBot": false}}
	for _, c := range catalogue.All() {
		if c.Historical {
			continue
		}
		want := c.Operator == "OpenAI" && c.Name != "OAI-SearchBot"
		if p.Blocks(c) != want {
			t.Errorf("%s (%s): blocked %v, want %v", c.Name, c.Operator, p.Blocks(c), want)
		}
	}
}

// Rule: a pattern with characters the servers' syntax would need escaped
// is left out with a warning, never written.
func TestUnsafePatternLeftOut(t *testing.T) {
	for _, p := range []string{`Evil"Bot`, `a$b`, `x\y`, `{bot}`, ""} {
		if safePattern(p) {
			t.Errorf("%q taken as safe", p)
		}
	}
	for _, p := range []string{"Datadog/Synthetics", "Linguee Bot", "Pingdom.com_bot"} {
		if !safePattern(p) {
			t.Errorf("%q refused", p)
		}
	}
}

// Rule: a refusing pattern that would also catch a crawler the policy lets
// in is found (Googlebot's word is inside the samples of crawlers that
// stay in under "refuse all AI use").
func TestKeptMatch(t *testing.T) {
	if k := keptMatch("Googlebot", Policy{Stance: NoAI}); k == "" {
		t.Fatal("Googlebot matches no kept crawler under no-ai")
	}
	if k := keptMatch("Bytespider", Policy{Stance: NoAI}); k != "" {
		t.Fatalf("Bytespider matches kept %s", k)
	}
}
