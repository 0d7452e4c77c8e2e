package testerpane

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"

	"github.com/robots-studio/robots-studio/assets"
	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/internal/loggen"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
)

// colIndex is the index of the first column of kind k, or -1.
func colIndex(p *Pane, k colKind) int {
	return slices.IndexFunc(p.table.cols, func(c column) bool { return c.kind == k })
}

// dragColumn drags column col's edge by dx as the window delivers it: a
// press on the header's right edge (the header is what the window finds
// under the pointer, and widget.Table's own drag never starts there),
// moves with the button down — over the next header once the edge passes
// it — and a release.
func dragColumn(t *testing.T, p *Pane, col int, dx float32) {
	t.Helper()
	h := headerAt(t, p, col)
	at := fyne.NewPos(h.Size().Width-3, h.Size().Height/2)
	press := func(pos fyne.Position, abs float32, b desktop.MouseButton) *desktop.MouseEvent {
		return &desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: pos, AbsolutePosition: fyne.NewPos(abs, 10)}, Button: b}
	}
	h.MouseIn(press(at, 500, 0))
	if h.Cursor() != desktop.HResizeCursor {
		t.Error("no resize cursor over a header's edge")
	}
	h.MouseDown(press(at, 500, desktop.MouseButtonPrimary))
	h.MouseMoved(press(at.AddXY(dx/2, 0), 500+dx/2, desktop.MouseButtonPrimary))
	next := headerAt(t, p, col+1)
	next.MouseIn(press(fyne.NewPos(2, at.Y), 500+dx, desktop.MouseButtonPrimary))
	next.MouseUp(press(fyne.NewPos(2, at.Y), 500+dx, desktop.MouseButtonPrimary))
}

// dragGap drags the gap after column col by dx: widget.Table marks that
// column while the pointer is over the gap, the press starts the resize
// there, and a move without the button (released elsewhere) ends it.
func dragGap(p *Pane, col int, dx float32) {
	tbl := p.ui.table
	x := float32(0)
	for i := 0; i <= col; i++ {
		x += p.table.widths[i] + theme.Padding()
	}
	at := fyne.NewPos(x-theme.Padding()/2, tbl.metrics().header/2)
	ev := func(pos fyne.Position, b desktop.MouseButton) *desktop.MouseEvent {
		return &desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: pos, AbsolutePosition: pos}, Button: b}
	}
	tbl.MouseMoved(ev(at, 0))
	tbl.MouseDown(ev(at, desktop.MouseButtonPrimary))
	tbl.MouseMoved(ev(at.AddXY(dx, 0), desktop.MouseButtonPrimary))
	tbl.MouseMoved(ev(at.AddXY(dx, 200), 0))
}

// TestComparePathReadsThirtyCharacters: Compare, at the width the results
// get in a 1280×800 window (about 705 px) and in a 1024×768 one (about
// 545 px), in en, ru and pl, opens with the readings a webmaster asks about
// (the search engines and RFC 9309) as compact marks as wide as their
// names, and the Path column holds thirty characters of a path at 1280 —
// it held ten beside eight worded columns — without scrolling sideways.
func TestComparePathReadsThirtyCharacters(t *testing.T) {
	for _, locale := range []string{"en_US.UTF-8", "ru_RU.UTF-8", "pl_PL.UTF-8"} {
		t.Run(locale, func(t *testing.T) {
			p, w := newTestPane(t, privateRobots)
			t.Setenv("LC_ALL", locale)
			if err := lang.AddTranslationsFS(assets.Translations, assets.TranslationsDir); err != nil {
				t.Fatal(err)
			}
			p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot", "Googlebot-Image", "facebookexternalhit"},
				Paths: []string{"/learning/paths/web-development/course-12", "/private/x"}})
			p.SetCompare(true)
			if got, want := p.matrix.compareEngines(), []string{"google", "rfc9309", "yandex", "bing"}; !slices.Equal(got, want) {
				t.Errorf("Compare opens with %v, want %v", got, want)
			}
			for _, width := range []float32{705, 545} {
				w.Resize(fyne.NewSize(width, 800))
				if use, have := tableUse(p), p.table.tableW; use > have+0.5 {
					t.Errorf("%.0f px: compare takes %.0f px of %.0f and scrolls sideways: %v", width, use, have, p.table.widths)
				}
				for i, c := range p.table.cols {
					if c.kind != colEngineVerdict {
						continue
					}
					if got, want := p.table.widths[i], max(p.table.headerWidth(c), zoomed(iconSize+2*cellPad)); got != want {
						t.Errorf("%.0f px: the %s column is %.0f px, its name and mark need %.0f", width, c.engine, got, want)
					}
				}
				chars := p.table.pathChars()
				if width == 705 && chars < 30 {
					t.Errorf("%.0f px: the path column holds %d characters of a path, want 30: %v", width, chars, p.table.widths)
				}
				if width == 545 && chars < 20 {
					t.Errorf("%.0f px: the path column holds %d characters of a path, want 20: %v", width, chars, p.table.widths)
				}
			}
			// Every reading shown: the path keeps its floor and the table
			// scrolls sideways rather than cut the marks.
			w.Resize(fyne.NewSize(705, 800))
			p.matrix.showAll()
			if i := colIndex(p, colPath); p.table.widths[i] < zoomed(compareLeast) {
				t.Errorf("every reading shown: the path column is %.0f px", p.table.widths[i])
			}
		})
	}
}

// TestCompareMarkTellsItsReading: a compare cell is a mark; hovering it
// says which reading answered what and by which line, and, when the answer
// is not the one expected, what was expected.
func TestCompareMarkTellsItsReading(t *testing.T) {
	p, _ := newTestPane(t, privateRobots)
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{"/private/x"}})
	p.SetCompare(true)
	col := column{kind: colEngineVerdict, engine: "google"}
	if got := p.table.content(0, col); got.text != "" || got.icon == nil {
		t.Errorf("a compare cell shows %q with icon %v, want the mark alone", got.text, got.icon)
	}
	c := p.table.cellAt(0, col)
	if got, want := p.table.markTip(c), "Google: blocked · line 2: Disallow: /private"; got != want {
		t.Errorf("tip %q, want %q", got, want)
	}
	p.expect.setExpectation(c, true, false)
	if got, want := p.table.markTip(c), "Google: blocked, expected allowed · line 2: Disallow: /private"; got != want {
		t.Errorf("tip %q, want %q", got, want)
	}
}

// TestShortColumnsAsWideAsTheirValues: without compare Verdict and Read as
// take what their words need (Read as: the readings the rows use; the sort
// arrow's room only while sorted by it), and the path, deciding line and
// group share the rest of the width.
func TestShortColumnsAsWideAsTheirValues(t *testing.T) {
	p, w := newTestPane(t, privateRobots)
	w.Resize(fyne.NewSize(1100, 800))
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot", "YandexBot"}, Paths: []string{"/private/x"}})
	p.table.SetColumnShown(colEngine, true)
	for _, k := range []colKind{colVerdict, colEngine} {
		i := colIndex(p, k)
		if i < 0 {
			t.Fatalf("no %q column", p.table.header(column{kind: k}))
		}
		if got, want := p.table.widths[i], p.table.fitWidth(p.table.cols[i]); got != want {
			t.Errorf("the %q column is %.0f px, its words need %.0f", p.table.header(p.table.cols[i]), got, want)
		}
	}
	var values float32
	for _, id := range []string{"google", "yandex"} {
		values = max(values, textWidth(shortName(id), false)+zoomed(2*cellPad))
	}
	if got, want := p.table.fitWidth(column{kind: colEngine}), max(values, p.table.headerWidth(column{kind: colEngine})); got != want {
		t.Errorf("Read as fits %.0f px, its header and Google, Yandex need %.0f", got, want)
	}
	if use, have := tableUse(p), p.table.tableW; use < have-0.5 || use > have+0.5 {
		t.Errorf("the columns take %.0f px of %.0f", use, have)
	}
	// The sort arrow's room is the sorted column's only.
	i := colIndex(p, colEngine)
	head := textWidth(p.table.header(p.table.cols[i]), true) + 2*cellPad
	if got := p.table.headerWidth(p.table.cols[i]); got != head {
		t.Errorf("unsorted, Read as's header asks %.0f px, its title %.0f", got, head)
	}
	p.view.sortBy(i)
	if got := p.table.headerWidth(p.table.cols[i]); got != head+sortRoom || p.table.widths[i] < got {
		t.Errorf("sorted by Read as, its header asks %.0f px (column %.0f), want %.0f with the arrow", got, p.table.widths[i], head+sortRoom)
	}
}

// TestDraggedWidthIsKept: a column the user drags wider keeps its width —
// the deciding line and the group share what it leaves, and a resize of
// the window does not take it back — and the width is saved with the test
// set and comes back when the set is opened again, in Compare too. "Fit to
// the window" gives it back to the layout.
func TestDraggedWidthIsKept(t *testing.T) {
	p, w := newTestPane(t, privateRobots)
	w.Resize(fyne.NewSize(1100, 800))
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{"/private/x", "/public"}})
	changed := 0
	p.SetOnTestSetChanged(func() { changed++ })
	pi := colIndex(p, colPath)
	before := p.table.widths[pi]
	dragColumn(t, p, pi, 60)
	if got := p.table.widths[pi]; got < before+59 || got > before+61 {
		t.Fatalf("path column %.0f px after a drag of 60 from %.0f", got, before)
	}
	if changed == 0 {
		t.Error("the test set was not told of the new width")
	}
	if use, have := tableUse(p), p.table.tableW; use < have-0.5 || use > have+0.5 {
		t.Errorf("after the drag the columns take %.0f px of %.0f", use, have)
	}
	kept := p.table.widths[pi]
	w.Resize(fyne.NewSize(1000, 800))
	if got := p.table.widths[colIndex(p, colPath)]; got != kept {
		t.Errorf("a resize took the dragged width back: %.0f px, was %.0f", got, kept)
	}

	// Compare's columns are its own.
	p.SetCompare(true)
	ci := colIndex(p, colCrawler)
	dragColumn(t, p, ci, 30)
	crawler := p.table.widths[ci]
	if _, ok := p.TestSet().Columns["compare.crawler"]; !ok {
		t.Fatalf("compare's dragged crawler column is not kept: %v", p.TestSet().Columns)
	}
	// The gap after a column resizes it too.
	gi := colIndex(p, colPath)
	dragGap(p, gi, -40)
	if _, ok := p.TestSet().Columns["compare.path"]; !ok {
		t.Errorf("a drag of the gap after Path is not kept: %v", p.TestSet().Columns)
	}

	saved, err := testset.Parse(p.TestSet().Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if saved.Columns["path"] == 0 || saved.Columns["compare.crawler"] == 0 {
		t.Fatalf("the saved set keeps the widths %v", saved.Columns)
	}

	q, w2 := newTestPane(t, privateRobots)
	w2.Resize(fyne.NewSize(1000, 800))
	q.SetTestSet(saved)
	near := func(a, b float32) bool { return a > b-1 && a < b+1 } // kept in whole pixels
	if got := q.table.widths[colIndex(q, colPath)]; !near(got, kept) {
		t.Errorf("opened again, the path column is %.0f px, was %.0f", got, kept)
	}
	q.SetCompare(true)
	if got := q.table.widths[colIndex(q, colCrawler)]; !near(got, crawler) {
		t.Errorf("opened again, compare's crawler column is %.0f px, was %.0f", got, crawler)
	}
	q.SetCompare(false)
	q.table.fitColumnsAgain()
	if _, ok := q.TestSet().Columns["path"]; ok {
		t.Error("Fit to the window kept the dragged width")
	}
	if _, ok := q.TestSet().Columns["compare.crawler"]; !ok {
		t.Error("Fit to the window without compare forgot compare's widths")
	}
}

// TestPathReadsThirtyCharactersAt1024: with linkedin's robots.txt and its
// 20 crawlers × 60 URLs, at the width the results get in a 1024×768 window
// (about 572 px; 565 here), in en, ru and pl, the Path column shows thirty characters of a
// path, plain and in Compare, without scrolling sideways: the crawler
// column gives way first (a long name is cut, whole in its tip), never
// below a short name's width. At 1280×800 (about 705 px) the path keeps
// what it had (32 characters plain in Russian, 47 in Compare).
func TestPathReadsThirtyCharactersAt1024(t *testing.T) {
	for _, locale := range []string{"en_US.UTF-8", "ru_RU.UTF-8", "pl_PL.UTF-8"} {
		t.Run(locale, func(t *testing.T) {
			p, w := linkedinPaneIn(t, locale, nil)
			for _, compare := range []bool{false, true} {
				p.SetCompare(compare)
				for _, c := range []struct {
					width float32
					chars int
				}{{565, 30}, {705, 32}} {
					if compare && c.width == 705 {
						c.chars = 47
					}
					w.Resize(fyne.NewSize(c.width, 700))
					if got := p.table.pathChars(); got < c.chars {
						t.Errorf("compare %v, %.0f px: the path column shows %d characters of a path, want %d: %v", compare, c.width, got, c.chars, p.table.widths)
					}
					if use, have := tableUse(p), p.table.tableW; use > have+0.5 {
						t.Errorf("compare %v, %.0f px: the columns take %.0f px of %.0f and scroll sideways: %v", compare, c.width, use, have, p.table.widths)
					}
					if i := colIndex(p, colCrawler); p.table.widths[i] < p.table.leastCrawler(p.table.cols[i]) {
						t.Errorf("compare %v, %.0f px: the crawler column is %.0f px", compare, c.width, p.table.widths[i])
					}
				}
			}
		})
	}
}

// TestMixedHostsPathReadsThirtyCharactersAt1024: rows of several hosts (and
// bare paths) add a Host column; at 1024×768 the host column gives way,
// down to a short host's width, before the path drops under thirty
// characters (it showed 20).
func TestMixedHostsPathReadsThirtyCharactersAt1024(t *testing.T) {
	for _, locale := range []string{"en_US.UTF-8", "ru_RU.UTF-8", "pl_PL.UTF-8"} {
		t.Run(locale, func(t *testing.T) {
			p, w := linkedinPaneIn(t, locale, func(paths []string) {
				for i := range paths {
					switch i % 3 {
					case 1: // another host
						paths[i] = strings.Replace(paths[i], "https://www.linkedin.com", "https://business.linkedin.com", 1)
					case 2: // a bare path
						paths[i] = strings.TrimPrefix(paths[i], "https://www.linkedin.com")
					}
				}
			})
			w.Resize(fyne.NewSize(565, 700))
			if colIndex(p, colHost) < 0 {
				t.Fatalf("no host column for rows of several hosts: %v", p.table.cols)
			}
			if got := p.table.pathChars(); got < 30 {
				t.Errorf("the path column shows %d characters of a path beside the host column, want 30: %v", got, p.table.widths)
			}
			if use, have := tableUse(p), p.table.tableW; use > have+0.5 {
				t.Errorf("the columns take %.0f px of %.0f and scroll sideways: %v", use, have, p.table.widths)
			}
		})
	}
}

// linkedinPaneIn is a pane in locale on linkedin's robots.txt with 20
// crawlers × 60 of its URLs, which mix, when given, changes first.
func linkedinPaneIn(t *testing.T, locale string, mix func(paths []string)) (*Pane, fyne.Window) {
	t.Helper()
	src := corpus.File(t, "linkedin.robots.txt")
	p, w := newTestPane(t, "")
	t.Setenv("LC_ALL", locale)
	if err := lang.AddTranslationsFS(assets.Translations, assets.TranslationsDir); err != nil {
		t.Fatal(err)
	}
	p.SetDocument(syntax.Parse(src))
	set := loggen.TestSet(src, 20, 60, "https://www.linkedin.com")
	if mix != nil {
		mix(set.Paths)
	}
	p.SetTestSet(set)
	return p, w
}
