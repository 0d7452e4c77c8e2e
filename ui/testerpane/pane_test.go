package testerpane

import (
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/assets"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
	"github.com/robots-studio/robots-studio/ui/look"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

func newTestPane(t testing.TB, robots string) (*Pane, fyne.Window) {
	t.Helper()
	uitest.NewApp(t)
	fyne.CurrentApp().Settings().SetTheme(look.New("light")) // the verdict colour names
	// These tests read the English words; the translations are loaded
	// with the locale pinned, or a Polish or Russian developer's LANG
	// would make them fail.
	t.Setenv("LC_ALL", "en_US.UTF-8")
	if err := lang.AddTranslationsFS(assets.Translations, assets.TranslationsDir); err != nil {
		t.Fatal(err)
	}
	w := test.NewTempWindow(t, nil)
	p := New(w)
	p.tallies.worker.Inline = true // no UI goroutine to hand the tally to
	// A query over its time budget (common under -race or a busy machine)
	// is answered here too: the test driver's fyne.Do would run its answer
	// on the query's goroutine, beside the test. Tests of the background
	// path turn this off and play the UI goroutine themselves.
	p.synchronous = true
	// Background work of this pane ends before the next test loads
	// translations (a benchmark's compile may still be running).
	t.Cleanup(func() { p.compiler.Wait(); p.tallies.worker.Wait() })
	w.SetContent(p.Object())
	w.Resize(fyne.NewSize(1280, 900)) // every list column on screen
	p.SetDocument(syntax.Parse([]byte(robots)))
	return p, w
}

// walk visits every object drawn under o, widgets' renderers included.
func walk(o fyne.CanvasObject, visit func(fyne.CanvasObject)) {
	if o == nil || !o.Visible() {
		return
	}
	visit(o)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walk(c, visit)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walk(c, visit)
		}
	}
}

// shownRow is one result row as the table draws it (list mode).
type shownRow struct {
	word, rule, group, read, check string
	wordColor                      fyne.ThemeColorName
	icon                           string
	cancel                         *widget.Button
}

// shownRows returns the result rows the table draws, by cell.
func shownRows(p *Pane) map[cell]*shownRow {
	out := map[cell]*shownRow{}
	walk(p.ui.table, func(o fyne.CanvasObject) {
		tc, ok := o.(*tableCell)
		if !ok || tc.id.Row >= len(p.view.shown) || tc.id.Col >= len(p.table.cols) {
			return
		}
		col := p.table.cols[tc.id.Col]
		c := p.table.cellAt(tc.id.Row, col)
		r := out[c]
		if r == nil {
			r = &shownRow{}
			out[c] = r
		}
		switch col.kind {
		case colVerdict:
			r.word, r.wordColor = tc.shown.text, tc.shown.color
			if tc.icon.Visible() && tc.icon.Resource != nil {
				r.icon = tc.icon.Resource.Name()
			}
			r.cancel = tc.cancel
		case colRule:
			r.rule = tc.shown.text
		case colGroup:
			r.group = tc.shown.text
		case colEngine:
			r.read = tc.shown.text
		case colExpect:
			// the expected word, marked as the icon marks it
			if r.check = tc.shown.text; r.check != "" {
				if tc.shown.icon == failIcon {
					r.check = "✗ " + r.check
				} else {
					r.check = "✓ " + r.check
				}
			}
		}
	})
	return out
}

func rowFor(t *testing.T, p *Pane, crawler, path string) *shownRow {
	t.Helper()
	r, ok := shownRows(p)[cell{pair{crawler, path}, p.reading.engineFor(crawler)}]
	if !ok {
		t.Fatalf("no result row shown for %s %s; shown: %v", crawler, path, shownRows(p))
	}
	return r
}

// rowIndex is the table row of pr.
func rowIndex(p *Pane, pr pair) int {
	for i, r := range p.view.shown {
		if r == pr {
			return i
		}
	}
	return -1
}

// selectRow selects the row of pr as a click on its verdict would.
func selectRow(t *testing.T, p *Pane, crawler, path string) {
	t.Helper()
	i := rowIndex(p, pair{crawler, path})
	if i < 0 {
		t.Fatalf("%s %s is not shown", crawler, path)
	}
	p.ui.table.Select(widget.TableCellID{Row: i, Col: 2})
}

const privateRobots = "User-agent: *\nDisallow: /private\n"

func TestAddCrawlerAndPathShowsBlockedAndLine(t *testing.T) {
	p, _ := newTestPane(t, privateRobots)
	if !p.ui.emptyHint.Visible() {
		t.Error("the empty pane should invite the user to type")
	}
	test.Type(p.input.entry(crawlerRows, 0), "Googlebot")
	test.Type(p.input.entry(pathRows, 0), "/private/x")
	r := rowFor(t, p, "Googlebot", "/private/x")
	if r.word != "blocked" || r.wordColor != look.ColorNameBlocked {
		t.Errorf("word = %q (colour %v), want blocked in the blocked colour", r.word, r.wordColor)
	}
	if !strings.Contains(r.icon, "cancel") {
		t.Errorf("icon = %s, want the cancel (blocked) icon", r.icon)
	}
	if r.rule != "2: Disallow: /private" || r.read != "Google" || r.group != "* (line 1)" {
		t.Errorf("rule = %q, read as %q, group %q", r.rule, r.read, r.group)
	}
	if p.ui.lower.Offset < 0.99 {
		t.Errorf("the detail area takes %.0f%% before anything is selected", 100*(1-p.ui.lower.Offset))
	}
	selectRow(t, p, "Googlebot", "/private/x")
	if e := p.detail.explain.Text; !strings.Contains(e, "line 2") || !strings.Contains(e, "`*` group") {
		t.Errorf("explanation = %q, want the line and the group", e)
	}
	if p.ui.lower.Offset > 0.9 {
		t.Error("selecting a result did not open the detail area")
	}
	if p.ui.emptyHint.Visible() {
		t.Error("the hint stays up although there is a result")
	}
}

func TestEveryRowShowsItsOwnIcon(t *testing.T) {
	p, _ := newTestPane(t, privateRobots)
	p.SetTestSet(&testset.Set{Crawlers: []string{"a", "b"}, Paths: []string{"/private/x", "/"}})
	for c, r := range shownRows(p) {
		blocked := c.path == "/private/x"
		if got := strings.Contains(r.icon, "cancel"); got != blocked {
			t.Errorf("%v: icon %s, word %s", c, r.icon, r.word)
		}
		if (r.word == "blocked") != blocked {
			t.Errorf("%v: word %s", c, r.word)
		}
	}
	if len(shownRows(p)) != 4 {
		t.Errorf("%d rows shown, want 4", len(shownRows(p)))
	}
}

func TestTypingUpdatesResults(t *testing.T) {
	p, _ := newTestPane(t, privateRobots)
	changes := 0
	p.SetOnTestSetChanged(func() { changes++ })
	test.Type(p.input.entry(crawlerRows, 0), "Googlebot")
	test.Type(p.input.entry(pathRows, 0), "/priv")
	if r := rowFor(t, p, "Googlebot", "/priv"); r.word != "allowed" {
		t.Errorf("/priv: %s, want allowed", r.word)
	}
	test.Type(p.input.entry(pathRows, 0), "ate")
	r := rowFor(t, p, "Googlebot", "/private")
	if r.word != "blocked" || !strings.Contains(r.icon, "cancel") {
		t.Errorf("/private: %s, want blocked", r.word)
	}
	if len(shownRows(p)) != 1 {
		t.Errorf("%d rows shown while typing one path, want 1", len(shownRows(p)))
	}
	if changes != len("Googlebot")+len("/private") {
		t.Errorf("OnTestSetChanged fired %d times, want once per keystroke", changes)
	}
	// An edit of the file updates the row too.
	p.SetDocument(syntax.Parse([]byte("User-agent: *\nDisallow: /nothing\n")))
	if r := rowFor(t, p, "Googlebot", "/private"); r.word != "allowed" || r.rule != "no rule matches" {
		t.Errorf("after the edit: %s / %s", r.word, r.rule)
	}
}

func TestPasteOfThreeLinesMakesThreeRows(t *testing.T) {
	p, _ := newTestPane(t, privateRobots)
	test.Type(p.input.entry(crawlerRows, 0), "Googlebot")
	clip := fyne.CurrentApp().Clipboard()
	clip.SetContent("/private/a\r\n\n  /public  \nhttps://example.com/private/c\n")
	p.input.entry(pathRows, 0).TypedShortcut(&fyne.ShortcutPaste{Clipboard: clip})
	want := []string{"/private/a", "/public", "https://example.com/private/c"}
	if strings.Join(p.set.Paths, "|") != strings.Join(want, "|") {
		t.Fatalf("paths = %q, want %q", p.set.Paths, want)
	}
	if len(p.ui.pathBox.Objects) != 3 || p.input.entry(pathRows, 2).Text != want[2] {
		t.Errorf("%d path entries shown", len(p.ui.pathBox.Objects))
	}
	if len(p.view.pairs) != 3 {
		t.Fatalf("%d results, want 3", len(p.view.pairs))
	}
	if r := rowFor(t, p, "Googlebot", want[2]); r.word != "blocked" {
		t.Errorf("full URL: %s, want blocked", r.word)
	}
	// Pasting into a filled row adds the lines after it.
	clip.SetContent("/x\n/y")
	p.input.entry(pathRows, 0).TypedShortcut(&fyne.ShortcutPaste{Clipboard: clip})
	if got := strings.Join(p.set.Paths, "|"); got != "/private/a|/x|/y|/public|https://example.com/private/c" {
		t.Errorf("paths after a second paste = %s", got)
	}
	// A one-line paste is an ordinary paste.
	clip.SetContent("zz")
	p.input.entry(pathRows, 1).TypedShortcut(&fyne.ShortcutPaste{Clipboard: clip})
	if len(p.set.Paths) != 5 || !strings.Contains(p.set.Paths[1], "zz") {
		t.Errorf("one-line paste: %q", p.set.Paths)
	}
}

func TestRemoveRow(t *testing.T) {
	p, _ := newTestPane(t, privateRobots)
	p.SetTestSet(&testset.Set{Crawlers: []string{"a", "b"}, Paths: []string{"/"}})
	p.expect.setExpectation(cell{pair{"a", "/"}, "rfc9309"}, true, false)
	p.input.removeRow(crawlerRows, 0)
	if strings.Join(p.set.Crawlers, ",") != "b" || len(p.set.Expect) != 0 {
		t.Errorf("after removing a: crawlers %q, expectations %+v", p.set.Crawlers, p.set.Expect)
	}
	p.input.removeRow(crawlerRows, 0)
	if len(p.set.Crawlers) != 1 || p.set.Crawlers[0] != "" || len(p.ui.crawlerBox.Objects) != 1 {
		t.Errorf("removing the last row should leave one empty row: %q", p.set.Crawlers)
	}
}

// divergence picks a divergence scenario two registered engines disagree on.
func divergence(t *testing.T) (robots, path, allowedBy, blockedBy string) {
	if _, ok := engine.Get("draft1996"); ok {
		// Scenario 1: longest match against first match.
		return "User-agent: *\nDisallow: /p\nAllow: /page\n", "/page", "google", "draft1996"
	}
	// Scenario 8: the RFC exempts /robots.txt, Google's library does not.
	return "User-agent: *\nDisallow: /\n", "/robots.txt", "rfc9309", "google"
}

func TestCompareMatrixMarksDifference(t *testing.T) {
	robots, path, allowedBy, blockedBy := divergence(t)
	p, w := newTestPane(t, robots)
	w.Resize(fyne.NewSize(1400, 700)) // every engine column on screen
	var got []engine.Verdict
	p.SetOnSelect(func(v engine.Verdict) { got = append(got, v) })
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{path, "/other"}})
	p.SetCompare(true)
	for _, e := range engine.All() {
		p.ShowEngine(e.Info().ID, true) // the libraries too
	}
	if !p.ui.compareChk.Checked || len(p.table.cols) != 2+len(engine.All()) {
		t.Fatalf("compare mode should tick the box and show a column per engine: %d columns", len(p.table.cols))
	}
	var drawn []*tableCell
	walk(p.ui.table, func(o fyne.CanvasObject) {
		if tc, ok := o.(*tableCell); ok && tc.id.Row < len(p.view.shown) && p.table.cols[tc.id.Col].kind == colEngineVerdict {
			drawn = append(drawn, tc)
		}
	})
	if len(drawn) == 0 {
		t.Fatal("no engine cell drawn")
	}
	b := p.reading.engineIndex(blockedBy)
	if !p.matrix.differs(cell{pair{"Googlebot", path}, allowedBy}) && !p.matrix.differs(cell{pair{"Googlebot", path}, blockedBy}) {
		t.Errorf("neither %s nor %s is marked as differing", allowedBy, blockedBy)
	}
	marked := 0
	for _, tc := range drawn {
		if tc.shown.differ {
			if !tc.text.TextStyle.Bold || tc.bg.StrokeWidth == 0 || tc.shown.color != look.ColorNameDifferText {
				t.Errorf("a differing cell is not bold and framed: %+v", tc.shown)
			}
			marked++
		}
	}
	if marked == 0 {
		t.Error("no drawn cell is marked as differing")
	}
	if p.matrix.differs(cell{pair{"Googlebot", "/other"}, allowedBy}) {
		t.Error("a row where all engines agree is marked")
	}
	// One click on a cell explains it, says why the readings differ, and
	// tells the window.
	col := 2 + slices.Index(p.matrix.compareEngines(), blockedBy)
	p.ui.table.Select(widget.TableCellID{Row: rowIndex(p, pair{"Googlebot", path}), Col: col})
	if len(got) != 1 || got[0].Engine != blockedBy || got[0].Allowed {
		t.Fatalf("OnSelect got %+v, want %s's blocked verdict", got, blockedBy)
	}
	if !strings.Contains(p.detail.explain.Text, got[0].ExplainAll()) || !p.detail.body.Visible() {
		t.Errorf("detail shows %q", p.detail.explain.Text)
	}
	if !strings.Contains(p.detail.title.Text, engine.NameOf(blockedBy).String()) {
		t.Errorf("detail title %q does not name the engine", p.detail.title.Text)
	}
	why := p.detail.differ.Text
	if !p.detail.differ.Visible() || !strings.HasPrefix(why, "Why they differ:") || !strings.Contains(why, shortName(blockedBy)) ||
		!strings.Contains(why, shortName(allowedBy)) || !strings.Contains(why, "line ") {
		t.Errorf("why-differ line = %q", why)
	}
	_ = b
	if len(p.answers.compiled) != len(engine.All()) {
		t.Errorf("compare compiled %d engines, want all %d", len(p.answers.compiled), len(engine.All()))
	}
	p.SetCompare(false)
	if p.ui.compareChk.Checked || p.table.cols[2].kind != colVerdict {
		t.Error("turning compare off should bring the verdict columns back")
	}
}

func TestOnSelectGivesTheVerdict(t *testing.T) {
	p, _ := newTestPane(t, "User-agent: Googlebot\nAllow: /private/ok\n\nUser-agent: *\nDisallow: /private\n")
	var got []engine.Verdict
	p.SetOnSelect(func(v engine.Verdict) { got = append(got, v) })
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot", "bingbot"}, Paths: []string{"/private/x"}})
	selectRow(t, p, "bingbot", "/private/x")
	if len(got) != 1 {
		t.Fatalf("OnSelect fired %d times", len(got))
	}
	v := got[0]
	if v.Agent != "bingbot" || v.Allowed || v.Rule == nil || v.Rule.Line != 5 || v.Group == nil || v.Group.Start() != 4 {
		t.Errorf("verdict = %+v (rule %+v, group %+v), want bingbot blocked by line 5 in the group at line 4", v, v.Rule, v.Group)
	}
	if !strings.Contains(p.detail.explain.Shown(), "line 5 Disallow: /private") {
		t.Errorf("detail explanation = %q", p.detail.explain.Shown())
	}
	// The detail follows edits of the file.
	p.SetDocument(syntax.Parse([]byte("User-agent: *\nAllow: /\n")))
	if !strings.Contains(p.detail.title.Text, "allowed") {
		t.Errorf("detail after an edit: %q", p.detail.title.Text)
	}
	if len(got) != 1 {
		t.Error("an edit of the file must not fire OnSelect (it would scroll the editor while typing)")
	}
}

func TestExpectations(t *testing.T) {
	p, _ := newTestPane(t, privateRobots)
	changes := 0
	p.SetOnTestSetChanged(func() { changes++ })
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{"/private/x", "/"}})
	c := cell{pair{"Googlebot", "/private/x"}, "google"}

	// Wrong expectation from the row's menu (a right-click on it): the row
	// says FAIL.
	var verdictCell *tableCell
	walk(p.ui.table, func(o fyne.CanvasObject) {
		if tc, ok := o.(*tableCell); ok && tc.id.Row == 0 && tc.id.Col == 2 {
			verdictCell = tc
		}
	})
	test.TapSecondary(verdictCell)
	if n := len(fyne.CurrentApp().Driver().CanvasForObject(verdictCell).Overlays().List()); n != 1 {
		t.Errorf("a right-click opened %d menus", n)
	}
	menu := p.expect.expectMenu(c)
	if menu.Items[3].Disabled != true {
		t.Error("'No expectation' should be disabled without an expectation")
	}
	menu.Items[0].Action() // expect allowed
	r := rowFor(t, p, "Googlebot", "/private/x")
	if r.check != "✗ allowed" {
		t.Errorf("check = %q", r.check)
	}
	if !strings.Contains(p.ui.summary.Text, "0 pass, 1 fail") {
		t.Errorf("summary = %q", p.ui.summary.Text)
	}
	if other := rowFor(t, p, "Googlebot", "/"); other.check != "" {
		t.Error("a row without expectation shows a check")
	}
	if !p.expect.expectMenu(c).Items[0].Checked {
		t.Error("the menu should tick the current expectation")
	}

	// Right expectation from the detail area's button: the row passes.
	selectRow(t, p, "Googlebot", "/private/x")
	if d := p.detail.check; d.Text != "FAIL: expected allowed" || d.Importance != widget.DangerImportance {
		t.Errorf("detail check = %q", d.Text)
	}
	test.Tap(p.detail.expectNo)
	r = rowFor(t, p, "Googlebot", "/private/x")
	if r.check != "✓ blocked" {
		t.Errorf("check = %q", r.check)
	}
	if !strings.Contains(p.ui.summary.Text, "1 pass, 0 fail") {
		t.Errorf("summary = %q", p.ui.summary.Text)
	}
	if want, ok := p.TestSet().Expected("Googlebot", "/private/x", "google"); !ok || want {
		t.Error("TestSet does not carry the expectation")
	}

	// An edit of the file that breaks it turns the row red.
	p.SetDocument(syntax.Parse([]byte("User-agent: *\nDisallow:\n")))
	if r := rowFor(t, p, "Googlebot", "/private/x"); r.check != "✗ blocked" {
		t.Errorf("after the edit: %q", r.check)
	}

	// Pin all engines, then look at another engine: its expectation shows.
	p.SetDocument(syntax.Parse([]byte(privateRobots)))
	p.expect.expectMenu(c).Items[2].Action()
	if n := len(p.set.Expect); n != len(engine.All()) {
		t.Errorf("pinning all engines made %d expectations, want %d", n, len(engine.All()))
	}
	p.SetEngine("rfc9309")
	if r := rowFor(t, p, "Googlebot", "/private/x"); r.check != "✓ blocked" {
		t.Errorf("rfc9309 row check = %q", r.check)
	}
	if !strings.Contains(p.ui.summary.Text, "more for other engines") && len(engine.All()) > 1 {
		t.Errorf("summary should mention the other engines' expectations: %q", p.ui.summary.Text)
	}

	// Renaming the crawler row takes its expectations along.
	p.input.entry(crawlerRows, 0).SetText("Googlebot-Image")
	if _, ok := p.set.Expected("Googlebot-Image", "/private/x", "google"); !ok {
		t.Error("the expectation did not follow the renamed crawler")
	}
	p.expect.expectMenu(cell{pair{"Googlebot-Image", "/private/x"}, "rfc9309"}).Items[3].Action()
	if _, ok := p.set.Expected("Googlebot-Image", "/private/x", "rfc9309"); ok {
		t.Error("'No expectation' left it")
	}
	if changes == 0 {
		t.Error("OnTestSetChanged never fired")
	}
}

func TestTestSetRoundTrip(t *testing.T) {
	p, _ := newTestPane(t, privateRobots)
	if s := p.TestSet(); len(s.Crawlers) != 0 || len(s.Paths) != 0 {
		t.Errorf("an untouched pane saves rows %q %q", s.Crawlers, s.Paths)
	}
	in := &testset.Set{Version: 1, Crawlers: []string{"Googlebot", "YandexBot"}, Paths: []string{"/", "/private/x"}}
	in.SetExpected("Googlebot", "/private/x", "google", false)
	in.SetExpected("Slurp", "/old", "google", true) // rows added for it
	p.SetTestSet(in)
	if len(p.view.pairs) != 3*3 {
		t.Errorf("%d result rows, want 9", len(p.view.pairs))
	}
	if len(p.ui.crawlerBox.Objects) != 3 || p.input.entry(crawlerRows, 2).Text != "Slurp" || p.input.entry(pathRows, 1).Text != "/private/x" {
		t.Errorf("the row entries do not show the test set (%d crawler rows)", len(p.ui.crawlerBox.Objects))
	}
	out := p.TestSet()
	if strings.Join(out.Crawlers, ",") != "Googlebot,YandexBot,Slurp" || strings.Join(out.Paths, ",") != "/,/private/x,/old" {
		t.Errorf("rows = %q %q", out.Crawlers, out.Paths)
	}
	if len(out.Expect) != 2 {
		t.Errorf("expectations = %+v", out.Expect)
	}
	in.Crawlers[0] = "changed"
	if p.set.Crawlers[0] != "Googlebot" {
		t.Error("SetTestSet keeps the caller's slices")
	}
	p.SetTestSet(nil)
	if len(p.view.pairs) != 0 || len(p.ui.crawlerBox.Objects) != 1 {
		t.Error("SetTestSet(nil) should clear the rows")
	}
}

func TestEngineSelector(t *testing.T) {
	p, _ := newTestPane(t, "User-agent: *\nDisallow: /\n")
	if p.Engine() != OwnReading || p.ui.engineSel.Selected != "Each crawler's own" {
		t.Fatalf("default reading %s / %q", p.Engine(), p.ui.engineSel.Selected)
	}
	var told []string
	p.SetOnEngineChanged(func(id string) { told = append(told, id) })
	p.SetTestSet(&testset.Set{Crawlers: []string{"x"}, Paths: []string{"/robots.txt"}})
	p.SetEngine("google")
	// One reading for every row: the selector names it, and the Read as
	// column, which would repeat it on every row, is left out.
	if r := rowFor(t, p, "x", "/robots.txt"); r.word != "blocked" || r.read != "" || p.reading.engineFor("x") != "google" {
		t.Errorf("google: %s (read as %q, engine %s)", r.word, r.read, p.reading.engineFor("x"))
	}
	p.ui.engineSel.SetSelectedIndex(p.reading.readingIndex("rfc9309"))
	if p.Engine() != "rfc9309" || len(told) != 1 || told[0] != "rfc9309" {
		t.Fatalf("engine = %s, told %v", p.Engine(), told)
	}
	if r := rowFor(t, p, "x", "/robots.txt"); r.word != "allowed" || r.rule != "/robots.txt itself is always allowed" {
		t.Errorf("rfc9309: %s / %s", r.word, r.rule)
	}
	p.SetEngine("google")
	if p.ui.engineSel.Selected != "Google" || len(told) != 1 {
		t.Errorf("SetEngine from the window: select %q, told %v (the window must not be told back)", p.ui.engineSel.Selected, told)
	}
	p.SetEngine("no-such-engine")
	if p.Engine() != "google" {
		t.Error("an unknown engine id was accepted")
	}
	p.ui.engineSel.SetSelectedIndex(0)
	if p.Engine() != OwnReading || told[len(told)-1] != OwnReading {
		t.Errorf("choosing the first option: %s, told %v", p.Engine(), told)
	}
}

func TestCatalogue(t *testing.T) {
	p, w := newTestPane(t, "User-agent: * Rex\nDisallow: /t\n")
	// The picker button next to the first crawler row.
	row := p.ui.crawlerBox.Objects[0].(*fyne.Container)
	pick := row.Objects[1].(*fyne.Container).Objects[0].(*rowButton)
	test.Tap(pick)
	view := p.input.lastCatalogue
	if view == nil || len(w.Canvas().Overlays().List()) != 1 {
		t.Fatal("the catalogue did not open")
	}
	if n := view.list.Length(); n < 40 {
		t.Errorf("catalogue lists %d crawlers", n)
	}
	test.Type(view.filter, "lycos")
	if len(view.shown) != 1 || view.shown[0].Name != "Lycos" {
		t.Fatalf("filter lycos: %+v", view.shown)
	}
	view.list.Select(0)
	if got := p.input.entry(crawlerRows, 0).Text; got != "Lycos_Spider_(Rex)/1.0 libwww/3.1" {
		t.Errorf("picked %q", got)
	}
	if len(w.Canvas().Overlays().List()) != 0 {
		t.Error("the catalogue stays open after a pick")
	}
	if len(filterCrawlers(view.shown, "yandex")) != 0 || len(filterCrawlers(p.input.lastCatalogue.shown, "")) != 1 {
		t.Error("filterCrawlers")
	}
	// "Catalogue…" under the rows stays open for several picks: a click,
	// then Enter on the only match, each adding a row and saying so.
	p.input.addFromCatalogue()
	p.input.lastCatalogue.filter.SetText("stackrambler")
	p.input.lastCatalogue.list.Select(0)
	if got := p.input.lastCatalogue.status.Text; got != "Added 1 crawler" {
		t.Errorf("after a pick the picker says %q", got)
	}
	p.input.lastCatalogue.filter.SetText("yandexbot")
	if len(p.input.lastCatalogue.shown) != 1 {
		t.Fatalf("setup: %d matches for yandexbot", len(p.input.lastCatalogue.shown))
	}
	p.input.lastCatalogue.filter.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if got := strings.Join(p.set.Crawlers, "|"); got != "Lycos_Spider_(Rex)/1.0 libwww/3.1|StackRambler|YandexBot" {
		t.Errorf("crawlers = %s", got)
	}
	if len(w.Canvas().Overlays().List()) != 1 {
		t.Error("the picker closed after a pick from Catalogue…")
	}
	p.input.lastCatalogue.filter.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if got := p.input.lastCatalogue.status.Text; got != "YandexBot is in the list already" {
		t.Errorf("a second pick of the same crawler says %q", got)
	}
}

func TestOnlyVisibleRowsAreComputed(t *testing.T) {
	p, _ := newTestPane(t, privateRobots)
	s := testset.New()
	for i := range 10 {
		s.Crawlers = append(s.Crawlers, "bot"+string(rune('a'+i)))
	}
	for i := range 10 {
		s.Paths = append(s.Paths, "/p"+string(rune('a'+i)))
	}
	p.SetTestSet(s)
	p.SetDocument(syntax.Parse([]byte(privateRobots)))
	if len(p.view.pairs) != 100 {
		t.Fatalf("%d pairs", len(p.view.pairs))
	}
	if n := len(p.answers.verdicts); n == 0 || n >= 100 {
		t.Errorf("%d verdicts computed for 100 rows, want only the visible ones", n)
	}
	if len(p.answers.compiled) != 1 {
		t.Errorf("%d engines compiled in list mode, want 1", len(p.answers.compiled))
	}
}

func TestSlowEnginesCompileInTheBackground(t *testing.T) {
	p, _ := newTestPane(t, privateRobots)
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{"/private/x"}})
	p.SetCompare(true)
	for _, e := range engine.All() {
		p.answers.cost[e.Info().ID] = [2]time.Duration{time.Second, time.Second} // as if compiling took long the last two times
	}
	// The test driver has no UI goroutine: this test's goroutine plays it,
	// running what the background compile hands over.
	ui := make(chan func(), 4)
	p.toUI = func(f func()) { ui <- f }
	old := p.doc
	p.SetDocument(syntax.Parse([]byte("User-agent: *\nDisallow: /nothing\n")))
	p.SetDocument(syntax.Parse([]byte("User-agent: *\nAllow: /\n"))) // supersedes the first
	// Run what the worker hands over until it is quiet and nothing waits.
	deadline := time.After(10 * time.Second)
	for p.compiler.Busy() || len(ui) > 0 {
		select {
		case f := <-ui:
			f()
		case <-time.After(time.Millisecond):
		case <-deadline:
			t.Fatal("the background compile never finished")
		}
	}
	if p.doc == old {
		t.Fatal("the new document was not installed")
	}
	if v := p.answers.verdict(cell{pair{"Googlebot", "/private/x"}, "google"}); !v.Allowed || v.Rule == nil || v.Rule.Line != 2 {
		t.Errorf("verdict after the background compile: %+v", v)
	}
	if want := len(p.matrix.compareEngines()); len(p.answers.compiled) != want {
		t.Errorf("%d engines compiled in the background, want the %d in view", len(p.answers.compiled), want)
	}
	if p.answers.cost.of("google") >= time.Second {
		t.Error("the measured compile time was not recorded")
	}
}

// TestOneSlowCompileKeepsTheNextInline: SetDocument compiles in the
// background when the engines in view are expected to take asyncAbove or
// more, expected from the shorter of each engine's last two compiles: one
// compile stopped midway (the collector, the other core painting) does not
// cost the next keystroke its results in its own frame; a document that
// compiles slowly twice does go to the background.
func TestOneSlowCompileKeepsTheNextInline(t *testing.T) {
	for _, tc := range []struct {
		rule     string
		measured []time.Duration // oldest first
		want     time.Duration
	}{
		{"no compile yet: nothing expected", nil, 0},
		{"one compile: its time", []time.Duration{12 * time.Millisecond}, 12 * time.Millisecond},
		{"a slow compile after a fast one: the fast one", []time.Duration{300 * time.Microsecond, 12 * time.Millisecond}, 300 * time.Microsecond},
		{"a fast compile after a slow one: the fast one", []time.Duration{12 * time.Millisecond, 300 * time.Microsecond}, 300 * time.Microsecond},
		{"slow twice: slow", []time.Duration{300 * time.Microsecond, 40 * time.Millisecond, 50 * time.Millisecond}, 40 * time.Millisecond},
		{"only the last two count", []time.Duration{time.Microsecond, 40 * time.Millisecond, 50 * time.Millisecond}, 40 * time.Millisecond},
	} {
		c := compileCosts{}
		for _, d := range tc.measured {
			c.note("google", d)
		}
		if got := c.of("google"); got != tc.want {
			t.Errorf("%s: expected %v, want %v", tc.rule, got, tc.want)
		}
	}
	// In the pane: after one slow compile a keystroke compiles inline;
	// after two, in the background (which hands its result over).
	p, _ := newTestPane(t, privateRobots)
	p.synchronous = false
	handed := make(chan func(), 8)
	p.toUI = func(f func()) { handed <- f }
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{"/private/x"}})
	p.compiler.Wait()
	for len(handed) > 0 {
		(<-handed)()
	}
	p.answers.cost.note("google", 200*time.Microsecond)
	p.answers.cost.note("google", 2*asyncAbove)
	p.SetDocument(syntax.Parse([]byte("User-agent: *\nDisallow: /private\n")))
	p.compiler.Wait()
	if len(handed) > 0 {
		t.Error("one slow compile sent the next keystroke's compile to the background")
	}
	p.answers.cost.note("google", 2*asyncAbove) // (the row's compile of the document above was noted too)
	p.answers.cost.note("google", 2*asyncAbove)
	p.SetDocument(syntax.Parse([]byte("User-agent: *\nDisallow: /\n")))
	p.compiler.Wait()
	if len(handed) == 0 {
		t.Error("two slow compiles kept the compile on the UI goroutine")
	}
}
