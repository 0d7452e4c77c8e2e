package testerpane

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/ui/aitab"
)

// TestFullUserAgentAndUsagePreference: a full User-Agent typed as a crawler
// is tested with its token and says so; a catalogue crawler that may fetch
// the path shows the usage preference in force beside the verdict.
func TestFullUserAgentAndUsagePreference(t *testing.T) {
	p, _ := newTestPane(t, "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n")
	ua := "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"
	test.Type(p.input.entry(crawlerRows, 0), ua)
	test.Type(p.input.entry(pathRows, 0), "/page")
	r := rowFor(t, p, ua, "/page")
	selectRow(t, p, ua, "/page")
	if r.word != "blocked" || !strings.Contains(p.detail.explain.Text, "tested as GPTBot") {
		t.Errorf("full UA: %s, explanation %q", r.word, p.detail.explain.Text)
	}
	p.input.addCrawlers([]string{"ClaudeBot"})
	r = rowFor(t, p, "ClaudeBot", "/page")
	if r.word != "allowed" || !strings.Contains(r.rule, "asks: no AI training (line 5)") {
		t.Errorf("ClaudeBot: %s, rule %q", r.word, r.rule)
	}
}

// TestCatalogueAddsAPurpose: the picker's purpose choice filters the list and
// "add all of this purpose" adds one row per crawler, none twice.
func TestCatalogueAddsAPurpose(t *testing.T) {
	p, w := newTestPane(t, "User-agent: *\nDisallow:\n")
	test.Type(p.input.entry(crawlerRows, 0), "GPTBot")
	p.input.addFromCatalogue()
	view := p.input.lastCatalogue
	if !view.addAll.Disabled() {
		t.Error("with every purpose shown there is nothing to add all of")
	}
	view.purpose.SetSelected(aitab.PurposeLabel(catalogue.AITraining))
	want := catalogue.ByPurpose(catalogue.AITraining)
	if len(view.shown) != len(want) || view.addAll.Disabled() {
		t.Fatalf("purpose filter shows %d of %d", len(view.shown), len(want))
	}
	test.Tap(view.addAll)
	if len(w.Canvas().Overlays().List()) != 1 {
		t.Error("the picker closed: it stays open for more picks")
	}
	if got := len(p.set.Crawlers); got != len(want) {
		t.Errorf("%d crawler rows, want %d (GPTBot once)", got, len(want))
	}
	if got, n := view.status.Text, len(want)-1; got != fmt.Sprintf("Added %d crawlers", n) {
		t.Errorf("the picker says %q, want that it added %d (GPTBot was there)", got, n)
	}
}
