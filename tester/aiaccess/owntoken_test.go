package aiaccess_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/accesslog"
	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// The two files of issue 35, as the repository keeps them: LinkedIn's group
// for MJ12bot beside its `*` group that refuses everyone else, and five
// lines refusing AI2Bot. Their crawlers match the names whole, as their
// operators document; Google's parser reads `MJ12bot` as `MJ` and `AI2Bot`
// as `AI`, and RFC 9309's grammar names no one with them.

func readDoc(t *testing.T, name string) *syntax.Document {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return syntax.Parse(data)
}

func row(t *testing.T, r aiaccess.Report, name string) aiaccess.Row {
	t.Helper()
	for _, s := range r.Sections {
		for _, row := range s.Rows {
			if row.Crawler.Name == name {
				return row
			}
		}
	}
	t.Fatalf("no row for %s", name)
	return aiaccess.Row{}
}

// TestAITabReadsTheDocumentedToken: the AI access report answers for AI2Bot
// and MJ12bot by the groups that name them (the tab said "AI2Bot … allowed"
// under the `User-agent: AI2Bot` / `Disallow: /` group).
func TestAITabReadsTheDocumentedToken(t *testing.T) {
	r := aiaccess.Analyse(readDoc(t, "ai2bot.robots.txt"), []string{"/", "/page"})
	ai2 := row(t, r, "AI2Bot")
	if ai2.Group != 1 || ai2.Paths[0].Allowed || ai2.Paths[1].Allowed {
		t.Errorf("AI2Bot: group %d, / allowed %v, /page allowed %v; want its group at line 1 refusing both (read by %s)",
			ai2.Group, ai2.Paths[0].Allowed, ai2.Paths[1].Allowed, ai2.Engine)
	}
	if gpt := row(t, r, "GPTBot"); gpt.Group != 4 || !gpt.Paths[0].Allowed {
		t.Errorf("GPTBot: group %d, allowed %v; want the `*` group at line 4 letting it in", gpt.Group, gpt.Paths[0].Allowed)
	}

	r = aiaccess.Analyse(readDoc(t, "linkedin-mj12bot.robots.txt"), []string{"/", "/answers/x"})
	mj := row(t, r, "MJ12bot")
	if mj.Group != 3 || !mj.Paths[0].Allowed || mj.Paths[1].Allowed || mj.Paths[1].Line != 8 {
		t.Errorf("MJ12bot: group %d, / allowed %v, /answers/x allowed %v by line %d; want its own group at line 3: / allowed, /answers/x refused by line 8",
			mj.Group, mj.Paths[0].Allowed, mj.Paths[1].Allowed, mj.Paths[1].Line)
	}
}

// TestBuilderWritesTheDocumentedToken: the policy builder refuses AI2Bot by
// its documented name and never says that nothing matches it.
func TestBuilderWritesTheDocumentedToken(t *testing.T) {
	doc := readDoc(t, "ai2bot.robots.txt")
	plan := aiaccess.Build(doc, aiaccess.Policy{Stance: aiaccess.NoAI})
	out, err := syntax.ApplyEdits(doc.Src, plan.Edits)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range plan.Warnings {
		if s := w.String(); strings.Contains(s, "no reading matches") || strings.Contains(s, "matches nobody") {
			t.Errorf("the plan says %q", s)
		}
	}
	if r := row(t, aiaccess.Analyse(syntax.Parse(out), nil), "AI2Bot"); r.Paths[0].Allowed {
		t.Errorf("the built file lets AI2Bot in:\n%s", out)
	}
	// LinkedIn's MJ12bot group is MJ12bot's, not a misspelt `MJ`.
	for _, w := range aiaccess.Build(readDoc(t, "linkedin-mj12bot.robots.txt"), aiaccess.Policy{Stance: aiaccess.NoAI}).Warnings {
		if s := w.String(); strings.Contains(s, "MJ") && strings.Contains(s, "matches nobody") {
			t.Errorf("the plan says %q", s)
		}
	}
	if !strings.Contains(string(out), "User-agent: img2dataset\n") {
		t.Errorf("img2dataset (a documented name with a digit) is not refused by name:\n%s", out)
	}
}

// TestLogsCountNoViolationOfTheGroupObeyed: MJ12bot's hits (a real log's
// lines) are judged by LinkedIn's MJ12bot group, which refuses none of these
// paths, not by the `*` group's `Disallow: /` (the Logs tab reported every
// hit as a violation).
func TestLogsCountNoViolationOfTheGroupObeyed(t *testing.T) {
	var violations []accesslog.Violation
	rep, err := accesslog.Analyze(context.Background(), accesslog.Options{
		Names:       []string{"testdata/mj12bot-redlug.log"},
		Robots:      readDoc(t, "linkedin-mj12bot.robots.txt"),
		OnViolation: func(v accesslog.Violation) { violations = append(violations, v) },
	})
	if err != nil {
		t.Fatal(err)
	}
	var mj *accesslog.CrawlerStats
	for i := range rep.Crawlers {
		if rep.Crawlers[i].Name == "MJ12bot" {
			mj = rep.Crawlers[i]
		}
	}
	if mj == nil || mj.Kind != accesslog.KindCatalogue || mj.Hits != 12 {
		t.Fatalf("MJ12bot is not the catalogue's crawler with 12 hits: %+v", mj)
	}
	if mj.Disallowed != 0 || len(violations) != 0 {
		t.Errorf("MJ12bot: %d hits counted as violations (read by %s), want 0", mj.Disallowed, mj.Engine)
	}
	if e, _ := catalogue.Find("MJ12bot"); e.Operator != "Majestic" {
		t.Errorf("MJ12bot's operator: %q", e.Operator)
	}
}

// TestEveryCatalogueUserAgentNamesItsCrawler: a crawler asked for by any of
// its sample User-Agent strings, as the tester and `test --agent` ask
// (crawlers.Resolve, its own reading, QueryResolved), is kept out by a group
// naming any token it obeys (the tokens themselves and the catalogue names:
// engine's TestEveryCatalogueTokenNamesItsCrawler). OpenText's User-Agent
// "Open Text Site Crawler V1.0" holds no token for the 1994 text to find,
// so it is asked as OpenText.
func TestEveryCatalogueUserAgentNamesItsCrawler(t *testing.T) {
	for _, c := range catalogue.All() {
		if c.RobotsTxt == catalogue.Ignores {
			continue
		}
		for _, tok := range c.Tokens {
			doc := syntax.Parse([]byte("User-agent: *\nAllow: /\n\nUser-agent: " + tok + "\nDisallow: /\n"))
			for _, ua := range c.Samples {
				r := crawlers.Resolve(ua)
				e := engine.ForCrawler(r.Token)
				if v := aiaccess.QueryResolved(e.Compile(doc), r, "/page"); v.Allowed || v.Rule == nil || v.Rule.Line != 5 {
					t.Errorf("%s asked as %q (read by %s): `User-agent: %s` does not keep it out: %s", c.Name, ua, e.Info().ID, tok, v.ExplainAll())
				}
			}
		}
	}
}

// TestBuilderNamesRealCrawlersNoTypos: Daumoa and NaverBot were real
// crawlers (Daum's and Naver's) the catalogue does not list; they are no
// typos of Daum or NagetBot, two letters apart, and a group for them is
// theirs, not one that "matches nobody". A name one edit from a catalogued
// one (GPTBott) is asked about, saying only that it is not in the catalogue.
func TestBuilderNamesRealCrawlersNoTypos(t *testing.T) {
	doc := syntax.Parse([]byte("User-agent: daumoa\nDisallow: /\n\nUser-agent: naverbot\nDisallow: /\n\nUser-agent: GPTBott\nDisallow: /\n"))
	var said []string
	for _, w := range aiaccess.Build(doc, aiaccess.Policy{Stance: aiaccess.NoAI}).Warnings {
		s := w.String()
		if strings.Contains(s, "matches nobody") || strings.Contains(s, "no known crawler") {
			t.Errorf("the plan says %q", s)
		}
		if strings.Contains(s, "daumoa") || strings.Contains(s, "naverbot") || strings.Contains(s, "NagetBot") {
			t.Errorf("a real crawler's name is taken for a typo: %q", s)
		}
		if strings.Contains(s, "GPTBott") {
			said = append(said, s)
		}
	}
	if len(said) != 1 || !strings.Contains(said[0], "not in the catalogue") || !strings.Contains(said[0], "`GPTBot`") {
		t.Errorf("GPTBott: said %q, want one note that it is not in the catalogue, offering GPTBot", said)
	}
}
