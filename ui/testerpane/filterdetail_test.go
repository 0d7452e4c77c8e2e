package testerpane

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/robots-studio/robots-studio/tester/testset"
)

// TestFilterHidingTheSelectedRowClearsTheDetail: nothing shown may describe
// a hidden row. Select a result, filter it away: the detail area goes back
// to its hint; clear the filter and it stays unselected.
func TestFilterHidingTheSelectedRowClearsTheDetail(t *testing.T) {
	p, _ := newTestPane(t, privateRobots)
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{"/private/a", "/public"}})
	p.selectCell(cell{pair{"Googlebot", "/private/a"}, p.reading.engineFor("Googlebot")})
	if !p.ui.detail.body.Visible() {
		t.Fatal("selecting a result does not show its detail")
	}
	p.view.setFilter("public")
	if len(p.view.shown) != 1 || p.view.shown[0].path != "/public" {
		t.Fatalf("the filter shows %v", p.view.shown)
	}
	if p.selected != nil || p.ui.detail.body.Visible() {
		t.Errorf("the detail area still describes /private/a, which the filter hid")
	}
	// A filter that keeps the selected row keeps its detail.
	p.view.setFilter("")
	p.selectCell(cell{pair{"Googlebot", "/public"}, p.reading.engineFor("Googlebot")})
	p.view.setFilter("pub")
	if p.selected == nil || !p.ui.detail.body.Visible() {
		t.Error("a filter that keeps the selected row dropped its detail")
	}
}

// TestSummaryShownOnceAndWhole: the summary line wraps instead of being cut,
// and the detail area does not print it a second time.
func TestSummaryShownOnceAndWhole(t *testing.T) {
	p, w := newTestPane(t, privateRobots)
	w.Resize(fyne.NewSize(500, 800)) // narrow: the summary needs several lines
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot", "bingbot", "YandexBot", "DuckDuckBot"}, Paths: []string{"/private/a", "/public"}})
	p.tallies.worker.Wait()
	p.view.viewChanged()
	sum := p.ui.summary.Text
	if !strings.Contains(sum, "Googlebot") {
		t.Fatalf("the summary has no per-crawler counts: %q", sum)
	}
	if p.ui.summary.Truncation != fyne.TextTruncateOff || p.ui.summary.Wrapping != fyne.TextWrapWord {
		t.Error("the summary is cut rather than wrapped")
	}
	if h := p.ui.detail.hint.Text; strings.Contains(h, sum) || strings.Contains(h, "Googlebot:") {
		t.Errorf("the detail area repeats the summary: %q", h)
	}
	if one := p.ui.summary.MinSize().Height; one < 2*theme.TextSize() {
		t.Errorf("the summary of %d characters is %v high at 500 px: one line, cut", len(sum), one)
	}
}

// TestDetailOpensToTheWholeExplanation: selecting a result opens the detail
// area tall enough for its whole explanation (it opened at two lines, and a
// class had to drag the divider to read one), at most half the height
// (detailMaxShare; the divider takes a few pixels of it).
func TestDetailOpensToTheWholeExplanation(t *testing.T) {
	p, w := newTestPane(t, "User-agent: Yandex\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n")
	w.Resize(fyne.NewSize(705, 800))
	p.SetCompare(true)
	p.SetTestSet(&testset.Set{Crawlers: []string{"YandexBot"}, Paths: []string{"/public"}})
	p.selectCell(cell{pair{"YandexBot", "/public"}, "google"})
	if !p.ui.detail.body.Visible() || !strings.HasPrefix(p.ui.detail.differ.Text, "Why they differ:") {
		t.Fatal("setup: no explanation shown")
	}
	total := p.ui.lower.Size().Height
	shown := p.ui.detail.root.Size().Height
	need := p.ui.detail.body.MinSize().Height
	if shown+2*theme.Padding()+1 < min(need, detailMaxShare*total) {
		t.Errorf("the detail area is %.0f px for an explanation of %.0f px (results %.0f px)", shown, need, total)
	}
	if shown > detailMaxShare*total+2*theme.Padding()+1 {
		t.Errorf("the detail area takes %.0f of %.0f px: the table keeps too few rows", shown, total)
	}
}
