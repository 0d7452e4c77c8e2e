package testerpane

import (
	"fmt"
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
	p.table.selectCell(cell{pair{"Googlebot", "/private/a"}, p.reading.engineFor("Googlebot")})
	if !p.detail.body.Visible() {
		t.Fatal("selecting a result does not show its detail")
	}
	p.view.setFilter("public")
	if len(p.view.shown) != 1 || p.view.shown[0].path != "/public" {
		t.Fatalf("the filter shows %v", p.view.shown)
	}
	if p.selected != nil || p.detail.body.Visible() {
		t.Errorf("the detail area still describes /private/a, which the filter hid")
	}
	// A filter that keeps the selected row keeps its detail.
	p.view.setFilter("")
	p.table.selectCell(cell{pair{"Googlebot", "/public"}, p.reading.engineFor("Googlebot")})
	p.view.setFilter("pub")
	if p.selected == nil || !p.detail.body.Visible() {
		t.Error("a filter that keeps the selected row dropped its detail")
	}
}

// TestSummaryIsOneLine: the summary is one line that starts with the
// count and the host, the crawlers' counts as far as they fit (a second
// line cost the table a row at 1280×800), each part whole or left out for
// "…" ("Googlebot: 5 разрешённых, 5…" at 1024×768): narrow, the counts
// give way; wide, they show.
func TestSummaryIsOneLine(t *testing.T) {
	p, w := newTestPane(t, privateRobots)
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot", "bingbot", "YandexBot", "DuckDuckBot"}, Paths: []string{"https://www.example.com/private/a", "https://www.example.com/public"}})
	p.tallies.worker.Wait()
	for _, c := range []struct {
		width     float32
		googlebot bool
	}{{420, false}, {900, true}} {
		w.Resize(fyne.NewSize(c.width, 800))
		p.view.viewChanged()
		sum, full := p.ui.summary.Text, p.ui.summaryFit.full
		if !strings.HasPrefix(sum, "8 results · on https://www.example.com") {
			t.Fatalf("%v px: the summary does not start with the count and the host: %q", c.width, sum)
		}
		if strings.Contains(sum, "Googlebot") != c.googlebot {
			t.Errorf("%v px: the summary reads %q (of %q)", c.width, sum, full)
		}
		for _, part := range strings.Split(sum, summarySep) {
			if part != "…" && !strings.Contains(summarySep+full+summarySep, summarySep+part+summarySep) {
				t.Errorf("%v px: %q is cut inside a part: %q", c.width, sum, part)
			}
		}
		if need := fyne.MeasureText(sum, theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding(); need > p.ui.summary.Size().Width+0.5 {
			t.Errorf("%v px: %q needs %.0f px, the line has %.0f", c.width, sum, need, p.ui.summary.Size().Width)
		}
	}
	if p.ui.summary.Wrapping != fyne.TextWrapOff { // one line, cut with "…" (safewidget.Ellipsis) where it must be
		t.Error("the summary wraps")
	}
	if one := p.ui.summary.MinSize().Height; one > 2*theme.TextSize()+2*theme.InnerPadding() {
		t.Errorf("the summary is %.0f px tall", one)
	}
}

// TestDetailOpensToTheWholeExplanation: selecting a result opens the detail
// area tall enough for its whole explanation (it opened at two lines, and a
// class had to drag the divider to read one), as far as the table keeps
// tableKeepRows whole rows (with compare on at 1280×800 it kept three).
func TestDetailOpensToTheWholeExplanation(t *testing.T) {
	p, w := newTestPane(t, "User-agent: Yandex\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n")
	w.Resize(fyne.NewSize(705, 700))
	p.SetCompare(true)
	set := &testset.Set{Crawlers: []string{"YandexBot", "Googlebot"}}
	for i := range 20 {
		set.Paths = append(set.Paths, fmt.Sprintf("/public/%d", i))
	}
	p.SetTestSet(set)
	p.table.selectCell(cell{pair{"YandexBot", "/public/0"}, "google"})
	if !p.detail.body.Visible() || !strings.HasPrefix(p.detail.differ.Text, "Why they differ:") {
		t.Fatal("setup: no explanation shown")
	}
	total := p.ui.lower.Size().Height
	shown := p.detail.root.Size().Height
	need := p.detail.body.MinSize().Height
	if shown+2*theme.Padding()+1 < min(need, total-p.detail.resultsHeight(tableKeepRows)) {
		t.Errorf("the detail area is %.0f px for an explanation of %.0f px (results %.0f px)", shown, need, total)
	}
	if rows := p.Figures().RowsInView; rows < tableKeepRows {
		t.Errorf("the table shows %d whole rows beside the explanation, want %d", rows, tableKeepRows)
	}
}

// TestNoDetailAreaWithNothingSelected: with no result selected the detail
// area is hidden and the table has its height.
func TestNoDetailAreaWithNothingSelected(t *testing.T) {
	p, w := newTestPane(t, "User-agent: *\nDisallow: /private\n")
	w.Resize(fyne.NewSize(705, 700))
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{"/a", "/b"}})
	if p.detail.root.Visible() {
		t.Error("the detail area shows with nothing selected")
	}
	p.table.selectCell(cell{pair{"Googlebot", "/a"}, "google"})
	if !p.detail.root.Visible() {
		t.Error("the detail area stays hidden with a result selected")
	}
}
