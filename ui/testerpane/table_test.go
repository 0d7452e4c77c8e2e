package testerpane

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/assets"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/report"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
)

const shopRobots = "User-agent: Googlebot\nAllow: /private/ok\nDisallow: /private\n\nUser-agent: *\nDisallow: /private\nDisallow: /cart\n"

func shopPane(t *testing.T) *Pane {
	p, _ := newTestPane(t, shopRobots)
	p.SetEngine("google")
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot", "bingbot"}, Paths: []string{"/private/x", "/", "/private/ok", "/cart"}})
	return p
}

func shownPairs(p *Pane) []string {
	var out []string
	for _, pr := range p.view.shown {
		out = append(out, pr.crawler+" "+pr.path)
	}
	return out
}

func TestFilterByTextAndVerdict(t *testing.T) {
	p := shopPane(t)
	if len(p.view.shown) != 8 {
		t.Fatalf("%d rows shown, want 8", len(p.view.shown))
	}
	test.Type(p.ui.filter, "PRIV")
	if got := strings.Join(shownPairs(p), ", "); got != "Googlebot /private/x, Googlebot /private/ok, bingbot /private/x, bingbot /private/ok" {
		t.Errorf("filter priv (any case): %s", got)
	}
	if !strings.HasPrefix(p.ui.summary.Text, "4 of 8 results") {
		t.Errorf("summary = %q", p.ui.summary.Text)
	}
	// The filter reads the deciding rule too.
	p.ui.filter.SetText("allow: /private/ok")
	if got := strings.Join(shownPairs(p), ", "); got != "Googlebot /private/ok" {
		t.Errorf("filter by rule: %s", got)
	}
	p.ui.filter.SetText("")
	// Toggles: blocked only, then blocked or allowed (everything).
	p.ui.toggles[showBlocked].SetChecked(true)
	if got := strings.Join(shownPairs(p), ", "); got != "Googlebot /private/x, bingbot /private/x, bingbot /private/ok, bingbot /cart" {
		t.Errorf("blocked only: %s", got)
	}
	p.ui.toggles[showAllowed].SetChecked(true)
	if len(p.view.shown) != 8 {
		t.Errorf("allowed or blocked: %d rows", len(p.view.shown))
	}
	p.ui.toggles[showAllowed].SetChecked(false)
	p.ui.toggles[showBlocked].SetChecked(false)
	// Failing expectations only.
	p.set.SetExpected("bingbot", "/", "google", false) // wrong: / is allowed
	p.rowsChanged(true)
	p.ui.toggles[showFailing].SetChecked(true)
	if got := strings.Join(shownPairs(p), ", "); got != "bingbot /" {
		t.Errorf("failing only: %s", got)
	}
	p.ui.toggles[showFailing].SetChecked(false)
	// Where the readings differ: Google's longest match lets Googlebot into
	// /private/ok, the first-match 1996 draft and 1994 do not read Allow.
	showTheEight(p)
	p.ui.toggles[showDiffer].SetChecked(true)
	if got := shownPairs(p); !slices.Contains(got, "Googlebot /private/ok") || slices.Contains(got, "bingbot /") {
		t.Errorf("readings differ: %v", got)
	}
}

func TestSummaryCountsPerCrawler(t *testing.T) {
	p := shopPane(t)
	if s := p.ui.summary.Text; !strings.Contains(s, "Googlebot: 3 allowed, 1 blocked") || !strings.Contains(s, "bingbot: 1 allowed, 3 blocked") {
		t.Errorf("summary = %q", s)
	}
	t.Setenv("LC_ALL", "ru_RU.UTF-8")
	if err := lang.AddTranslationsFS(assets.Translations, assets.TranslationsDir); err != nil {
		t.Fatal(err)
	}
	p.tallies.counts = p.tallies.countSummary()
	if s := p.tallies.counts; !strings.Contains(s, "bingbot: 1 разрешённый, 3 запрещённых") {
		t.Errorf("Russian plural forms: %q", s)
	}
}

// headerAt is the drawn header of column col.
func headerAt(t *testing.T, p *Pane, col int) *headerCell {
	t.Helper()
	var found *headerCell
	walk(p.ui.table, func(o fyne.CanvasObject) {
		if h, ok := o.(*headerCell); ok && h.col == col && h.text.Text == p.table.header(p.table.cols[col]) {
			found = h
		}
	})
	if found == nil {
		t.Fatalf("no header drawn for column %d", col)
	}
	return found
}

func TestSortByEveryColumnIsStable(t *testing.T) {
	p := shopPane(t)
	p.table.SetColumnShown(colEngine, true) // one reading: shown only when asked for
	typed := shownPairs(p)
	for _, tc := range []struct {
		kind colKind
		want string // ascending
	}{
		{colCrawler, "bingbot /private/x, bingbot /, bingbot /private/ok, bingbot /cart, Googlebot /private/x, Googlebot /, Googlebot /private/ok, Googlebot /cart"},
		{colPath, "Googlebot /, bingbot /, Googlebot /cart, bingbot /cart, Googlebot /private/ok, bingbot /private/ok, Googlebot /private/x, bingbot /private/x"},
		// blocked first; equal verdicts keep the order they were typed in
		{colVerdict, "Googlebot /private/x, bingbot /private/x, bingbot /private/ok, bingbot /cart, Googlebot /, Googlebot /private/ok, Googlebot /cart, bingbot /"},
		// by the deciding line; no rule (line 0) first
		{colRule, "Googlebot /, Googlebot /cart, bingbot /, Googlebot /private/ok, Googlebot /private/x, bingbot /private/x, bingbot /private/ok, bingbot /cart"},
		{colGroup, "Googlebot /private/x, Googlebot /, Googlebot /private/ok, Googlebot /cart, bingbot /private/x, bingbot /, bingbot /private/ok, bingbot /cart"},
		{colEngine, strings.Join(typed, ", ")},
	} {
		col := slices.IndexFunc(p.table.cols, func(c column) bool { return c.kind == tc.kind })
		test.Tap(headerAt(t, p, col))
		if got := strings.Join(shownPairs(p), ", "); got != tc.want {
			t.Errorf("sort by %s:\n got %s\nwant %s", p.table.header(p.table.cols[col]), got, tc.want)
		}
		if headerAt(t, p, col).arrow.Hidden {
			t.Errorf("%s: no sort arrow", p.table.header(p.table.cols[col]))
		}
		test.Tap(headerAt(t, p, col)) // descending
		if tc.kind == colCrawler && p.view.shown[0].crawler != "Googlebot" {
			t.Errorf("descending crawler sort starts with %v", p.view.shown[0])
		}
		test.Tap(headerAt(t, p, col)) // back to the typed order
		if got := shownPairs(p); !slices.Equal(got, typed) {
			t.Errorf("third tap: %v, want the typed order", got)
		}
	}
}

func TestExportWritesExactlyTheRowsShown(t *testing.T) {
	p := shopPane(t)
	p.ui.filter.SetText("/private")
	p.view.sortBy(0) // crawler
	var b bytes.Buffer
	if err := p.export.writeShown(&b, formatCSV); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(recs[0], report.CSVHeader) || len(recs) != 1+len(p.view.shown) {
		t.Fatalf("CSV: header %v, %d records for %d rows", recs[0], len(recs)-1, len(p.view.shown))
	}
	for i, pr := range p.view.shown {
		r := recs[i+1]
		if r[0] != "google" || r[1] != pr.crawler || r[2] != pr.path {
			t.Errorf("CSV row %d = %v, want %v", i, r, pr)
		}
	}
	if r := recs[1]; r[1] != "bingbot" || r[4] != "false" || r[8] != "6" || r[9] != "Disallow: /private" {
		t.Errorf("first CSV row = %v", r)
	}
	// Copy puts the same CSV on the clipboard.
	test.Tap(p.ui.copyBtn)
	b.Reset()
	p.export.writeShown(&b, formatCSV)
	if got := fyne.CurrentApp().Clipboard().Content(); got != b.String() {
		t.Errorf("clipboard = %q", got)
	}
	// JSON Lines: the CLI's --json objects, one per line; in compare one per
	// engine column.
	p.SetCompare(true)
	p.ShowEngine("temoto", false)
	b.Reset()
	if err := p.export.writeShown(&b, formatJSONLines); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if want := len(p.view.shown) * len(p.matrix.compareEngines()); len(lines) != want || !slices.Contains(p.matrix.compareEngines(), "google") {
		t.Fatalf("%d JSON lines, want %d", len(lines), want)
	}
	var first report.Verdict
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
		t.Fatal(err)
	}
	if first.Agent != p.view.shown[0].crawler || first.Path != p.view.shown[0].path || first.Engine != p.matrix.compareEngines()[0] {
		t.Errorf("first JSON line = %+v", first)
	}
	for _, l := range lines {
		if strings.Contains(l, `"engine":"temoto"`) {
			t.Error("a hidden engine column was exported")
		}
	}
}

// YandexBot is read the Yandex way by default: the `Yandex` group applies
// to it (Google's reading would fall back to `*`).
func TestDefaultReadingIsEachCrawlersOwn(t *testing.T) {
	p, _ := newTestPane(t, "User-agent: *\nDisallow: /all\n\nUser-agent: Yandex\nDisallow: /yandex-only\n")
	p.SetTestSet(&testset.Set{Crawlers: []string{"YandexBot", "Googlebot", "GPTBot"}, Paths: []string{"/yandex-only"}})
	y := rowFor(t, p, "YandexBot", "/yandex-only")
	if y.word != "blocked" || y.read != "Yandex" || y.rule != "5: Disallow: /yandex-only" || y.group != "Yandex (line 4)" {
		t.Errorf("YandexBot: %+v", y)
	}
	if g := rowFor(t, p, "Googlebot", "/yandex-only"); g.word != "allowed" || g.read != "Google" {
		t.Errorf("Googlebot: %+v", g)
	}
	if o := rowFor(t, p, "GPTBot", "/yandex-only"); o.read != "RFC" {
		t.Errorf("GPTBot is read as %s, want RFC 9309", o.read)
	}
	// One engine for all: YandexBot under Google's reading misses the group.
	p.SetEngine("google")
	if y := rowFor(t, p, "YandexBot", "/yandex-only"); y.word != "allowed" || p.reading.engineFor("YandexBot") != "google" {
		t.Errorf("YandexBot read as Google: %+v", y)
	}
}

// Enter in a crawler or path field goes on to a new row: typing two names
// never runs them together.
func TestEnterMovesToANewRow(t *testing.T) {
	p, w := newTestPane(t, privateRobots)
	first := p.input.entry(crawlerRows, 0)
	w.Canvas().Focus(first)
	test.Type(first, "Googlebot")
	first.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	focused, ok := w.Canvas().Focused().(*rowEntry)
	if !ok || focused == first || focused != p.input.entry(crawlerRows, 1) {
		t.Fatalf("after Enter the focus is on %T", w.Canvas().Focused())
	}
	test.Type(focused, "bingbot")
	if got := strings.Join(p.set.Crawlers, "|"); got != "Googlebot|bingbot" {
		t.Fatalf("crawlers = %q", got)
	}
	// Enter in the middle inserts a row right after it.
	p.input.entry(crawlerRows, 0).TypedKey(&fyne.KeyEvent{Name: fyne.KeyEnter})
	test.Type(w.Canvas().Focused(), "YandexBot")
	if got := strings.Join(p.set.Crawlers, "|"); got != "Googlebot|YandexBot|bingbot" {
		t.Errorf("crawlers = %q", got)
	}
	path := p.input.entry(pathRows, 0)
	test.Type(path, "/a")
	path.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	test.Type(w.Canvas().Focused(), "/private/b")
	if got := strings.Join(p.set.Paths, "|"); got != "/a|/private/b" || len(p.view.pairs) != 6 {
		t.Errorf("paths = %q, %d results", got, len(p.view.pairs))
	}
}

func TestCompareOrderByDateAndChosenColumns(t *testing.T) {
	p := shopPane(t)
	p.SetCompare(true)
	p.OrderByDate(true)
	ids := p.matrix.compareEngines()
	if ids[0] != "original1994" || ids[len(ids)-1] != "rfc9309" {
		t.Errorf("by date: %v", ids)
	}
	// worked out from the engines' Kind and Order, not a list of ids
	if got, want := p.matrix.dateOrder(), []string{"original1994", "lycos1996", "draft1996", "google", "yandex", "bing",
		"temoto", "urllib", "protego", "robots-parser", "rfc9309"}; !slices.Equal(got, want) {
		t.Errorf("by date: %v, want %v", got, want)
	}
	if h := headerAt(t, p, 2); h.text.Text != "1994" || h.tip != engine.NameOf("original1994").String() {
		t.Errorf("first engine header %q (tip %q)", h.text.Text, h.tip)
	}
	p.ShowEngine("temoto", false)
	if len(p.table.cols) != 2+len(p.matrix.compareEngines()) || len(p.matrix.compareEngines()) != 7 || slices.Contains(p.matrix.compareEngines(), "temoto") {
		t.Errorf("temoto hidden: %v", p.matrix.compareEngines())
	}
	p.OrderByDate(false)
	if p.matrix.compareEngines()[0] != engine.All()[0].Info().ID {
		t.Errorf("default order: %v", p.matrix.compareEngines())
	}
	// The chooser pop-up lists every engine with a check.
	p.matrix.showEngineChooser(p.ui.columnsBtn)
	if p.matrix.lastChooser == nil || !p.matrix.lastChooser.Visible() {
		t.Fatal("the column chooser did not open")
	}
}

// The selected row stays highlighted on its own cells when the table
// scrolls sideways: the highlight is drawn by the cells themselves.
func TestSelectionStaysOnItsCellsAfterScrolling(t *testing.T) {
	p, w := newTestPane(t, shopRobots)
	w.Resize(fyne.NewSize(600, 800)) // the list's columns do not fit
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot", "bingbot"}, Paths: []string{"/private/x", "/"}})
	// A click on a cell (the window delivers it to the cell) selects it.
	var target *tableCell
	walk(p.ui.table, func(o fyne.CanvasObject) {
		if tc, ok := o.(*tableCell); ok && tc.id.Row == 1 && tc.id.Col == 2 {
			target = tc
		}
	})
	test.Tap(target)
	if p.selected == nil || p.selected.pair != p.view.shown[1] {
		t.Fatalf("a click on row 1 selected %v", p.selected)
	}
	p.ui.table.ScrollToTrailing()
	w.Canvas().Refresh(p.ui.table)
	selected, others := 0, 0
	walk(p.ui.table, func(o fyne.CanvasObject) {
		if tc, ok := o.(*tableCell); ok && tc.id.Row < len(p.view.shown) {
			switch {
			case tc.shown.selected && tc.id.Row == 1:
				selected++
			case tc.shown.selected:
				others++
			}
		}
	})
	if selected == 0 || others != 0 {
		t.Errorf("after scrolling: %d cells of the selected row highlighted, %d of other rows", selected, others)
	}
}

// A path row that names the same host as every other is shown from its path.
func TestCommonHostIsShownOnce(t *testing.T) {
	p, _ := newTestPane(t, privateRobots)
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{"https://www.example.com/private/a", "https://www.example.com/"}})
	if p.view.displayPath("https://www.example.com/private/a") != "/private/a" || !strings.Contains(p.ui.summary.Text, "on https://www.example.com") {
		t.Errorf("path shown as %q; summary %q", p.view.displayPath("https://www.example.com/private/a"), p.ui.summary.Text)
	}
	if hasCol(p, colHost) {
		t.Error("a Host column although every row names one host")
	}
}

// TestMixedHostsHaveAHostColumn: rows that name two hosts, or mix URLs
// with bare paths, get a Host column, and the path column still starts at
// the path (a paste of URLs and two bare paths showed https://w… in every
// row); the whole URL is the path cell's tip.
func TestMixedHostsHaveAHostColumn(t *testing.T) {
	for _, c := range []struct {
		rule  string
		paths []string
	}{
		{"two hosts", []string{"https://www.example.com/a/b", "https://de.example.com/c"}},
		{"URLs and bare paths", []string{"https://www.example.com/a/b", "/c"}},
		{"another scheme", []string{"https://www.example.com/a/b", "http://www.example.com/a/b"}},
	} {
		t.Run(c.rule, func(t *testing.T) {
			p, _ := newTestPane(t, privateRobots)
			p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: c.paths})
			if !hasCol(p, colHost) {
				t.Fatal("no Host column")
			}
			if got := p.table.content(0, column{kind: colPath}); got.text != "/a/b" || got.full != "https://www.example.com/a/b" {
				t.Errorf("the path cell shows %q with the tip %q", got.text, got.full)
			}
			if got := p.table.content(0, column{kind: colHost}).text; got != "www.example.com" {
				t.Errorf("the host cell shows %q", got)
			}
		})
	}
}

// cut lists the headers and words that do not fit their columns.
func cut(headers []string, words [][]string, widths []float32, bold bool) []string {
	var out []string
	for i, h := range headers {
		if textWidth(h, true)+2*cellPad > widths[i] {
			out = append(out, fmt.Sprintf("header %q (%.0f px) in %.0f px", h, textWidth(h, true)+2*cellPad, widths[i]))
		}
		for _, w := range words[i] {
			if need := textWidth(w, bold) + iconSize + iconGap + 2*cellPad; need > widths[i] {
				out = append(out, fmt.Sprintf("%q (%.0f px) in %.0f px", w, need, widths[i]))
			}
		}
	}
	return out
}

// Nothing is cut in English, Russian or Polish: every header and verdict
// word fits its column, the eight engine columns of compare fit the pane's
// share of a 1280×800 window, and so do the tool rows above the table.
func TestNoLabelIsCutInAnyLanguage(t *testing.T) {
	for _, locale := range []string{"en_US.UTF-8", "ru_RU.UTF-8", "pl_PL.UTF-8"} {
		t.Run(locale[:2], func(t *testing.T) {
			_, w := newTestPane(t, shopRobots)
			t.Setenv("LC_ALL", locale)
			if err := lang.AddTranslationsFS(assets.Translations, assets.TranslationsDir); err != nil {
				t.Fatal(err)
			}
			p := New(w) // built in this language
			p.tallies.worker.Inline = true
			p.synchronous = true // as newTestPane
			w.SetContent(p.Object())
			const paneWidth = 1280 * (1 - 0.42) // the window gives the pane this share in compare
			w.Resize(fyne.NewSize(paneWidth, 800))
			p.SetDocument(syntax.Parse([]byte(shopRobots)))
			set := &testset.Set{Crawlers: []string{"Googlebot", "YandexBot", "bingbot", "GPTBot"}}
			for _, path := range []string{"/in/jan-kowalski-12345/", "/jobs/view/3901234567/?trk=public_jobs", "/company/yandex/life/",
				"/pulse/how-to-ai-robots-2024/", "/learning/paths/become-a-data-analyst", "/private/x", "/cart"} {
				set.Paths = append(set.Paths, "https://www.linkedin.com"+path)
			}
			p.SetTestSet(set)
			for _, compare := range []bool{false, true} {
				p.SetCompare(compare)
				var headers []string
				var words [][]string
				for _, c := range p.table.cols {
					headers = append(headers, p.table.header(c))
					switch c.kind {
					case colVerdict:
						words = append(words, []string{verdictWord(true), verdictWord(false)})
					case colExpect:
						words = append(words, []string{expectWord(true), expectWord(false)})
					default:
						words = append(words, nil)
					}
				}
				if c := cut(headers, words, p.table.widths, true); len(c) > 0 {
					t.Errorf("compare %v: cut: %s", compare, strings.Join(c, "; "))
				}
			}
			// All engine columns side by side within the pane.
			total := float32(0)
			for _, wd := range p.table.widths {
				total += wd + 4 // the table's padding between columns
			}
			if total > p.ui.table.Size().Width {
				t.Errorf("compare needs %.0f px, the table has %.0f", total, p.ui.table.Size().Width)
			}
			// Without compare the pane has 45% of the window; its tool rows
			// must not push into the editor's share.
			const listWidth = 1280 * (1 - 0.55)
			for name, o := range map[string]fyne.CanvasObject{"toggles": p.ui.toggleBox, "filter row": p.ui.filterRow} {
				if o.MinSize().Width > listWidth {
					t.Errorf("%s needs %.0f px of %.0f", name, o.MinSize().Width, float32(listWidth))
				}
			}
		})
	}
	// The old layout cut them: full engine names in 126-px columns.
	var oldHeaders []string
	var oldWidths []float32
	var oldWords [][]string
	for _, e := range engine.All() {
		oldHeaders = append(oldHeaders, engine.NameOf(e.Info().ID).String())
		oldWidths = append(oldWidths, 126)
		oldWords = append(oldWords, []string{"≠ zablokowane"})
	}
	if len(cut(oldHeaders, oldWords, oldWidths, true)) == 0 {
		t.Error("the check passes the old layout, which cut its headers")
	}
}

// A cell its column cuts shows its whole text under the pointer.
func TestACutCellShowsItsTextOnHover(t *testing.T) {
	p, w := newTestPane(t, privateRobots)
	w.Resize(fyne.NewSize(600, 600))
	long := "/learning/paths/become-a-data-analyst-with-a-very-long-name/and-more/and-more-still/course-12"
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{long}})
	var pathCell *tableCell
	walk(p.ui.table, func(o fyne.CanvasObject) {
		if tc, ok := o.(*tableCell); ok && tc.id.Row == 0 && p.table.cols[tc.id.Col].kind == colPath {
			pathCell = tc
		}
	})
	// cut in the middle: where on the site, and which page
	if pathCell == nil || !strings.HasPrefix(pathCell.text.Text, "/learning/") || !strings.HasSuffix(pathCell.text.Text, "/course-12") ||
		!strings.Contains(pathCell.text.Text, "…") {
		t.Fatalf("the long path is not cut in the middle: %q", pathCell.text.Text)
	}
	pathCell.MouseIn(nil)
	if got := p.ui.tip.Shown(); got != long {
		t.Errorf("the tooltip holds %q, want the whole path", got)
	}
	pathCell.MouseOut()
	if p.ui.tip.Shown() != "" || w.Canvas().Overlays().Top() != nil {
		t.Error("the tooltip stays after the pointer left")
	}
}
