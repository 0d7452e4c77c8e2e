package testerpane

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"

	"github.com/robots-studio/robots-studio/assets"
	"github.com/robots-studio/robots-studio/tester/testset"
)

func hasCol(p *Pane, k colKind) bool {
	return slices.ContainsFunc(p.table.cols, func(c column) bool { return c.kind == k })
}

// tableUse is the width the table's columns take, with the gaps and the
// scroll bar.
func tableUse(p *Pane) float32 {
	used := theme.ScrollBarSize()
	for _, w := range p.table.widths {
		used += w + theme.Padding()
	}
	return used
}

// TestColumnsFitTheResults: at the width the results get in a 1280×800
// window (about 700 px), in en, ru and pl, with 22 crawlers' worth of long
// names and expectations set, every column shown fits without scrolling
// sideways — Expected included — the path column holds thirty characters
// and the crawler column the longest name, or nearly (it gives way first). A column that would repeat the
// selector (Read as, under one reading) is left out, and so are Group and
// then Read as where the width is wanted for the path and the deciding line;
// Columns… brings them back.
func TestColumnsFitTheResults(t *testing.T) {
	for _, locale := range []string{"en_US.UTF-8", "ru_RU.UTF-8", "pl_PL.UTF-8"} {
		t.Run(locale, func(t *testing.T) {
			p, w := newTestPane(t, privateRobots)
			// The table's headers and words are read in the language at
			// each layout.
			t.Setenv("LC_ALL", locale)
			if err := lang.AddTranslationsFS(assets.Translations, assets.TranslationsDir); err != nil {
				t.Fatal(err)
			}
			p.table.layoutColumns()
			w.Resize(fyne.NewSize(705, 800))
			set := &testset.Set{Crawlers: []string{"Googlebot", "DuckDuckBot", "Applebot-Extended", "YandexBot"}, Paths: []string{"/private/a", "/public"}}
			set.SetExpected("Googlebot", "/private/a", "google", false)
			p.SetTestSet(set)
			p.refreshResults()
			for _, k := range []colKind{colCrawler, colPath, colVerdict, colRule, colExpect} {
				if !hasCol(p, k) {
					t.Errorf("%s: column %q is not shown", locale, p.table.header(column{kind: k}))
				}
			}
			if use, have := tableUse(p), p.table.tableW; use > have+0.5 {
				t.Errorf("%s: the columns take %.0f px of %.0f: %v", locale, use, have, p.table.widths)
			}
			for i, c := range p.table.cols {
				if need := textWidth(p.table.header(c), true); p.table.widths[i] < need {
					t.Errorf("%s: the %q column (%.0f px) is narrower than its header (%.0f px)", locale, p.table.header(c), p.table.widths[i], need)
				}
			}
			if i := slices.IndexFunc(p.table.cols, func(c column) bool { return c.kind == colPath }); i < 0 || p.table.widths[i] < textWidth(pathLeastText, false) {
				t.Errorf("%s: the path column holds less than thirty characters: %v", locale, p.table.widths)
			}
			// The crawler column holds the longest name unless the path
			// needs the width for its thirty characters (Polish, whose
			// verdict and expectation are long words): it gives way by
			// little, never below a short name's width.
			if long := textWidth("Applebot-Extended", false); p.table.widths[0] < long-zoomed(24) || p.table.widths[0] < p.table.leastCrawler(p.table.cols[0]) {
				t.Errorf("%s: the crawler column (%.0f px) cuts Applebot-Extended (%.0f px) by more than a few letters", locale, p.table.widths[0], long)
			}
			// Wide enough, the group comes back.
			w.Resize(fyne.NewSize(1100, 800))
			p.refreshResults()
			if !hasCol(p, colGroup) || !hasCol(p, colEngine) {
				t.Errorf("%s: no group or Read as column at 1100 px", locale)
			}
		})
	}
}

// TestColumnsChosen: one reading leaves Read as out; no expectations leave
// Expected out; Columns… shows or hides either for good, and "Fit to the
// window" gives the choice back.
func TestColumnsChosen(t *testing.T) {
	p, _ := newTestPane(t, privateRobots)
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{"/private/a"}})
	if !hasCol(p, colEngine) || hasCol(p, colExpect) {
		t.Errorf("each crawler's own reading, no expectations: columns %v", p.table.cols)
	}
	p.SetEngine("google")
	if hasCol(p, colEngine) {
		t.Error("one reading for all rows, yet a Read as column repeats it")
	}
	p.table.SetColumnShown(colEngine, true)
	p.table.SetColumnShown(colRule, false)
	if !hasCol(p, colEngine) || hasCol(p, colRule) {
		t.Errorf("the user's choice is not followed: %v", p.table.cols)
	}
	p.table.showColumnChooser(p.ui.columnsBtn)
	if p.matrix.lastChooser == nil || !p.matrix.lastChooser.Visible() {
		t.Fatal("Columns… opens no list without compare")
	}
	p.table.fitColumnsAgain()
	if hasCol(p, colEngine) || !hasCol(p, colRule) {
		t.Errorf("Fit to the window does not restore the automatic columns: %v", p.table.cols)
	}
}

// TestCompareFitsACommonWidth: compare at the width the results get in a
// 1280×800 window (about 700 px), in en, ru and pl, shows the readings it
// opens with without scrolling sideways, each column as wide as its
// reading's name. Wide, the crawler column holds its names again and the
// path takes the rest.
func TestCompareFitsACommonWidth(t *testing.T) {
	for _, locale := range []string{"en_US.UTF-8", "ru_RU.UTF-8", "pl_PL.UTF-8"} {
		t.Run(locale, func(t *testing.T) {
			p, w := newTestPane(t, privateRobots)
			t.Setenv("LC_ALL", locale)
			if err := lang.AddTranslationsFS(assets.Translations, assets.TranslationsDir); err != nil {
				t.Fatal(err)
			}
			w.Resize(fyne.NewSize(705, 800))
			p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot", "Googlebot-Image", "DuckDuckBot"},
				Paths: []string{"/search?q=robots", "/images/a.png"}})
			p.SetCompare(true)
			// the search engines and RFC 9309; the rest behind Columns… (hiddenByDefault)
			if n, want := len(p.table.cols)-2, len(p.matrix.compareEngines()); n != want || want != 4 {
				t.Fatalf("%s: %d engine columns, want %d", locale, n, want)
			}
			if use, have := tableUse(p), p.table.tableW; use > have+0.5 {
				t.Errorf("%s: compare takes %.0f px of %.0f and scrolls sideways: %v", locale, use, have, p.table.widths)
			}
			for i, c := range p.table.cols {
				if need := textWidth(p.table.header(c), true); p.table.widths[i] < need {
					t.Errorf("%s: the %q column (%.0f px) is narrower than its header (%.0f px)", locale, p.table.header(c), p.table.widths[i], need)
				}
				if i >= 2 && p.table.widths[i] != p.table.fitWidth(c) {
					t.Errorf("%s: the %q column gave way (%.0f px, fits at %.0f)", locale, p.table.header(c), p.table.widths[i], p.table.fitWidth(c))
				}
			}
			// Wide: nothing gives way, the path takes the spare width, and
			// the table fills it exactly.
			w.Resize(fyne.NewSize(1400, 800))
			if got, want := p.table.widths[0], p.table.fitWidth(p.table.cols[0]); got != want {
				t.Errorf("%s: at 1400 px the crawler column is %.0f px, fits at %.0f", locale, got, want)
			}
			if p.table.widths[1] <= p.table.fitWidth(p.table.cols[1]) {
				t.Errorf("%s: at 1400 px the path column (%.0f px) took none of the spare width", locale, p.table.widths[1])
			}
			if use, have := tableUse(p), p.table.tableW; use < have-0.5 || use > have+0.5 {
				t.Errorf("%s: at 1400 px compare takes %.0f px of %.0f", locale, use, have)
			}
		})
	}
}
