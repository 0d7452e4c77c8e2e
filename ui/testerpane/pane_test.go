package testerpane

import (
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
)

func newTestPane(t testing.TB, robots string) (*Pane, fyne.Window) {
	t.Helper()
	test.NewTempApp(t)
	// These tests read the English words; the translations are loaded
	// with the locale pinned, or a Polish or Russian developer's LANG
	// would make them fail.
	t.Setenv("LC_ALL", "en_US.UTF-8")
	if err := lang.AddTranslationsFS(assets.Translations, assets.TranslationsDir); err != nil {
		t.Fatal(err)
	}
	w := test.NewTempWindow(t, nil)
	p := New(w)
	w.SetContent(p.Object())
	w.Resize(fyne.NewSize(760, 900))
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

// shownRows returns the result rows on screen, top to bottom.
func shownRows(p *Pane) map[cell]*resultRow {
	out := map[cell]*resultRow{}
	walk(p.ui.list, func(o fyne.CanvasObject) {
		if r, ok := o.(*resultRow); ok {
			out[r.cell] = r
		}
	})
	return out
}

func rowFor(t *testing.T, p *Pane, crawler, path string) *resultRow {
	t.Helper()
	r, ok := shownRows(p)[cell{pair{crawler, path}, p.engineID}]
	if !ok {
		t.Fatalf("no result row shown for %s %s; shown: %v", crawler, path, shownRows(p))
	}
	return r
}

const privateRobots = "User-agent: *\nDisallow: /private\n"

func TestAddCrawlerAndPathShowsBlockedAndLine(t *testing.T) {
	p, _ := newTestPane(t, privateRobots)
	if !p.ui.emptyHint.Visible() {
		t.Error("the empty pane should invite the user to type")
	}
	test.Type(p.entry(crawlerRows, 0), "Googlebot")
	test.Type(p.entry(pathRows, 0), "/private/x")
	r := rowFor(t, p, "Googlebot", "/private/x")
	if r.word.Text != "BLOCKED" || r.word.Importance != widget.DangerImportance {
		t.Errorf("word = %q (importance %v), want BLOCKED in the danger colour", r.word.Text, r.word.Importance)
	}
	if !strings.Contains(r.icon.Resource.Name(), "cancel") {
		t.Errorf("icon = %s, want the cancel (blocked) icon", r.icon.Resource.Name())
	}
	if r.rule.Text != "line 2: Disallow: /private" {
		t.Errorf("rule = %q", r.rule.Text)
	}
	if !strings.Contains(r.explain.Text, "line 2") || !strings.Contains(r.explain.Text, "`*` group") {
		t.Errorf("explanation = %q, want the line and the group", r.explain.Text)
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
		if got := strings.Contains(r.icon.Resource.Name(), "cancel"); got != blocked {
			t.Errorf("%v: icon %s, word %s", c, r.icon.Resource.Name(), r.word.Text)
		}
		if (r.word.Text == "BLOCKED") != blocked {
			t.Errorf("%v: word %s", c, r.word.Text)
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
	test.Type(p.entry(crawlerRows, 0), "Googlebot")
	test.Type(p.entry(pathRows, 0), "/priv")
	if r := rowFor(t, p, "Googlebot", "/priv"); r.word.Text != "ALLOWED" {
		t.Errorf("/priv: %s, want ALLOWED", r.word.Text)
	}
	test.Type(p.entry(pathRows, 0), "ate")
	r := rowFor(t, p, "Googlebot", "/private")
	if r.word.Text != "BLOCKED" || !strings.Contains(r.icon.Resource.Name(), "cancel") {
		t.Errorf("/private: %s, want BLOCKED", r.word.Text)
	}
	if len(shownRows(p)) != 1 {
		t.Errorf("%d rows shown while typing one path, want 1", len(shownRows(p)))
	}
	if changes != len("Googlebot")+len("/private") {
		t.Errorf("OnTestSetChanged fired %d times, want once per keystroke", changes)
	}
	// An edit of the file updates the row too.
	p.SetDocument(syntax.Parse([]byte("User-agent: *\nDisallow: /nothing\n")))
	if r := rowFor(t, p, "Googlebot", "/private"); r.word.Text != "ALLOWED" || r.rule.Text != "no rule matches" {
		t.Errorf("after the edit: %s / %s", r.word.Text, r.rule.Text)
	}
}

func TestPasteOfThreeLinesMakesThreeRows(t *testing.T) {
	p, _ := newTestPane(t, privateRobots)
	test.Type(p.entry(crawlerRows, 0), "Googlebot")
	clip := fyne.CurrentApp().Clipboard()
	clip.SetContent("/private/a\r\n\n  /public  \nhttps://example.com/private/c\n")
	p.entry(pathRows, 0).TypedShortcut(&fyne.ShortcutPaste{Clipboard: clip})
	want := []string{"/private/a", "/public", "https://example.com/private/c"}
	if strings.Join(p.set.Paths, "|") != strings.Join(want, "|") {
		t.Fatalf("paths = %q, want %q", p.set.Paths, want)
	}
	if len(p.ui.pathBox.Objects) != 3 || p.entry(pathRows, 2).Text != want[2] {
		t.Errorf("%d path entries shown", len(p.ui.pathBox.Objects))
	}
	if len(p.pairs) != 3 {
		t.Fatalf("%d results, want 3", len(p.pairs))
	}
	if r := rowFor(t, p, "Googlebot", want[2]); r.word.Text != "BLOCKED" {
		t.Errorf("full URL: %s, want BLOCKED", r.word.Text)
	}
	// Pasting into a filled row adds the lines after it.
	clip.SetContent("/x\n/y")
	p.entry(pathRows, 0).TypedShortcut(&fyne.ShortcutPaste{Clipboard: clip})
	if got := strings.Join(p.set.Paths, "|"); got != "/private/a|/x|/y|/public|https://example.com/private/c" {
		t.Errorf("paths after a second paste = %s", got)
	}
	// A one-line paste is an ordinary paste.
	clip.SetContent("zz")
	p.entry(pathRows, 1).TypedShortcut(&fyne.ShortcutPaste{Clipboard: clip})
	if len(p.set.Paths) != 5 || !strings.Contains(p.set.Paths[1], "zz") {
		t.Errorf("one-line paste: %q", p.set.Paths)
	}
}

func TestRemoveRow(t *testing.T) {
	p, _ := newTestPane(t, privateRobots)
	p.SetTestSet(&testset.Set{Crawlers: []string{"a", "b"}, Paths: []string{"/"}})
	p.setExpectation(cell{pair{"a", "/"}, "google"}, true, false)
	p.removeRow(crawlerRows, 0)
	if strings.Join(p.set.Crawlers, ",") != "b" || len(p.set.Expect) != 0 {
		t.Errorf("after removing a: crawlers %q, expectations %+v", p.set.Crawlers, p.set.Expect)
	}
	p.removeRow(crawlerRows, 0)
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
	if !p.ui.table.Visible() || p.ui.list.Visible() || !p.ui.compareChk.Checked {
		t.Fatal("compare mode should show the table instead of the list and tick the box")
	}
	cells := map[string]*matrixCell{}
	var cellOrder []*matrixCell
	walk(p.ui.table, func(o fyne.CanvasObject) {
		if m, ok := o.(*matrixCell); ok {
			cellOrder = append(cellOrder, m)
		}
	})
	if len(cellOrder) == 0 {
		t.Fatal("no matrix cell drawn")
	}
	for _, m := range cellOrder {
		cells[m.label.Text] = m
	}
	odd, split := p.dissent(pair{"Googlebot", path})
	if !split {
		t.Fatalf("%s and %s should disagree on %s", allowedBy, blockedBy, path)
	}
	a, b := p.engineIndex(allowedBy), p.engineIndex(blockedBy)
	if !odd[a] && !odd[b] {
		t.Errorf("neither %s nor %s is marked as differing: %v", allowedBy, blockedBy, odd)
	}
	marked := 0
	for text, m := range cells {
		if strings.Contains(text, "≠") && m.label.TextStyle.Bold && m.bg.FillColor != nil {
			marked++
		}
	}
	if marked == 0 {
		t.Errorf("no drawn cell carries the ≠ mark; cells: %v", keys(cells))
	}
	if _, split := p.dissent(pair{"Googlebot", "/other"}); split {
		t.Error("a row where all engines agree is marked")
	}
	// One click on a cell explains it and tells the window.
	p.ui.table.Select(widget.TableCellID{Row: 0, Col: firstEngineCol + b})
	if len(got) != 1 || got[0].Engine != blockedBy || got[0].Allowed {
		t.Fatalf("OnSelect got %+v, want %s's blocked verdict", got, blockedBy)
	}
	if !strings.Contains(p.ui.detail.explain.Text, got[0].ExplainAll()) || !p.ui.detail.body.Visible() {
		t.Errorf("detail shows %q", p.ui.detail.explain.Text)
	}
	if !strings.Contains(p.ui.detail.title.Text, engine.NameOf(blockedBy).String()) {
		t.Errorf("detail title %q does not name the engine", p.ui.detail.title.Text)
	}
	if len(p.compiled) != len(engine.All()) {
		t.Errorf("compare compiled %d engines, want all %d", len(p.compiled), len(engine.All()))
	}
	p.SetCompare(false)
	if p.ui.table.Visible() || !p.ui.list.Visible() || p.ui.compareChk.Checked {
		t.Error("turning compare off should bring the list back")
	}
}

func keys(m map[string]*matrixCell) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestOnSelectGivesTheVerdict(t *testing.T) {
	p, _ := newTestPane(t, "User-agent: Googlebot\nAllow: /private/ok\n\nUser-agent: *\nDisallow: /private\n")
	var got []engine.Verdict
	p.SetOnSelect(func(v engine.Verdict) { got = append(got, v) })
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot", "bingbot"}, Paths: []string{"/private/x"}})
	p.ui.list.Select(1)
	if len(got) != 1 {
		t.Fatalf("OnSelect fired %d times", len(got))
	}
	v := got[0]
	if v.Agent != "bingbot" || v.Allowed || v.Rule == nil || v.Rule.Line != 5 || v.Group == nil || v.Group.Start() != 4 {
		t.Errorf("verdict = %+v (rule %+v, group %+v), want bingbot blocked by line 5 in the group at line 4", v, v.Rule, v.Group)
	}
	if !strings.Contains(p.ui.detail.rule.Text, "line 5: Disallow: /private") {
		t.Errorf("detail rule = %q", p.ui.detail.rule.Text)
	}
	// The detail follows edits of the file.
	p.SetDocument(syntax.Parse([]byte("User-agent: *\nAllow: /\n")))
	if !strings.Contains(p.ui.detail.title.Text, "ALLOWED") {
		t.Errorf("detail after an edit: %q", p.ui.detail.title.Text)
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

	// Wrong expectation from the row's menu: the row says FAIL.
	menu := p.expectMenu(c)
	if menu.Items[3].Disabled != true {
		t.Error("'No expectation' should be disabled without an expectation")
	}
	menu.Items[0].Action() // expect allowed
	r := rowFor(t, p, "Googlebot", "/private/x")
	if !r.check.Visible() || r.check.Text != "FAIL: expected ALLOWED" || r.check.Importance != widget.DangerImportance {
		t.Errorf("check = %q (visible %v)", r.check.Text, r.check.Visible())
	}
	if !strings.Contains(p.ui.summary.Text, "0 pass, 1 fail") {
		t.Errorf("summary = %q", p.ui.summary.Text)
	}
	if other := rowFor(t, p, "Googlebot", "/"); other.check.Visible() {
		t.Error("a row without expectation shows a check")
	}
	if !p.expectMenu(c).Items[0].Checked {
		t.Error("the menu should tick the current expectation")
	}

	// Right expectation from the detail area's button: the row passes.
	p.ui.list.Select(0)
	test.Tap(p.ui.detail.expectNo)
	r = rowFor(t, p, "Googlebot", "/private/x")
	if r.check.Text != "as expected" || r.check.Importance != widget.SuccessImportance {
		t.Errorf("check = %q", r.check.Text)
	}
	if !strings.Contains(p.ui.summary.Text, "1 pass, 0 fail") {
		t.Errorf("summary = %q", p.ui.summary.Text)
	}
	if want, ok := p.TestSet().Expected("Googlebot", "/private/x", "google"); !ok || want {
		t.Error("TestSet does not carry the expectation")
	}

	// An edit of the file that breaks it turns the row red.
	p.SetDocument(syntax.Parse([]byte("User-agent: *\nDisallow:\n")))
	if r := rowFor(t, p, "Googlebot", "/private/x"); r.check.Text != "FAIL: expected BLOCKED" {
		t.Errorf("after the edit: %q", r.check.Text)
	}

	// Pin all engines, then look at another engine: its expectation shows.
	p.SetDocument(syntax.Parse([]byte(privateRobots)))
	p.expectMenu(c).Items[2].Action()
	if n := len(p.set.Expect); n != len(engine.All()) {
		t.Errorf("pinning all engines made %d expectations, want %d", n, len(engine.All()))
	}
	p.SetEngine("rfc9309")
	if r := rowFor(t, p, "Googlebot", "/private/x"); r.check.Text != "as expected" {
		t.Errorf("rfc9309 row check = %q", r.check.Text)
	}
	if !strings.Contains(p.ui.summary.Text, "more for other engines") && len(engine.All()) > 1 {
		t.Errorf("summary should mention the other engines' expectations: %q", p.ui.summary.Text)
	}

	// Renaming the crawler row takes its expectations along.
	p.entry(crawlerRows, 0).SetText("Googlebot-Image")
	if _, ok := p.set.Expected("Googlebot-Image", "/private/x", "google"); !ok {
		t.Error("the expectation did not follow the renamed crawler")
	}
	p.expectMenu(cell{pair{"Googlebot-Image", "/private/x"}, "rfc9309"}).Items[3].Action()
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
	if len(p.pairs) != 3*3 {
		t.Errorf("%d result rows, want 9", len(p.pairs))
	}
	if len(p.ui.crawlerBox.Objects) != 3 || p.entry(crawlerRows, 2).Text != "Slurp" || p.entry(pathRows, 1).Text != "/private/x" {
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
	if len(p.pairs) != 0 || len(p.ui.crawlerBox.Objects) != 1 {
		t.Error("SetTestSet(nil) should clear the rows")
	}
}

func TestEngineSelector(t *testing.T) {
	p, _ := newTestPane(t, "User-agent: *\nDisallow: /\n")
	if p.Engine() != "google" || p.ui.engineSel.Selected != "Google" {
		t.Fatalf("default engine %s / %q", p.Engine(), p.ui.engineSel.Selected)
	}
	var told []string
	p.SetOnEngineChanged(func(id string) { told = append(told, id) })
	p.SetTestSet(&testset.Set{Crawlers: []string{"x"}, Paths: []string{"/robots.txt"}})
	if r := rowFor(t, p, "x", "/robots.txt"); r.word.Text != "BLOCKED" {
		t.Errorf("google: %s", r.word.Text)
	}
	p.ui.engineSel.SetSelectedIndex(p.engineIndex("rfc9309"))
	if p.Engine() != "rfc9309" || len(told) != 1 || told[0] != "rfc9309" {
		t.Fatalf("engine = %s, told %v", p.Engine(), told)
	}
	if r := rowFor(t, p, "x", "/robots.txt"); r.word.Text != "ALLOWED" || r.rule.Text != "/robots.txt itself is always allowed" {
		t.Errorf("rfc9309: %s / %s", r.word.Text, r.rule.Text)
	}
	p.SetEngine("google")
	if p.ui.engineSel.Selected != "Google" || len(told) != 1 {
		t.Errorf("SetEngine from the window: select %q, told %v (the window must not be told back)", p.ui.engineSel.Selected, told)
	}
	p.SetEngine("no-such-engine")
	if p.Engine() != "google" {
		t.Error("an unknown engine id was accepted")
	}
}

func TestCatalogue(t *testing.T) {
	p, w := newTestPane(t, "User-agent: * Rex\nDisallow: /t\n")
	// The picker button next to the first crawler row.
	row := p.ui.crawlerBox.Objects[0].(*fyne.Container)
	pick := row.Objects[1].(*fyne.Container).Objects[0].(*widget.Button)
	test.Tap(pick)
	view := p.lastCatalogue
	if view == nil || len(w.Canvas().Overlays().List()) != 1 {
		t.Fatal("the catalogue did not open")
	}
	if n := view.list.Length(); n < 40 {
		t.Errorf("catalogue lists %d crawlers", n)
	}
	test.Type(view.filter, "lyc")
	if len(view.shown) != 1 || view.shown[0].Name != "Lycos" {
		t.Fatalf("filter lyc: %+v", view.shown)
	}
	view.list.Select(0)
	if got := p.entry(crawlerRows, 0).Text; got != "Lycos_Spider_(Rex)/1.0 libwww/3.1" {
		t.Errorf("picked %q", got)
	}
	if len(w.Canvas().Overlays().List()) != 0 {
		t.Error("the catalogue stays open after a pick")
	}
	if len(filterCrawlers(view.shown, "yandex")) != 0 || len(filterCrawlers(p.lastCatalogue.shown, "")) != 1 {
		t.Error("filterCrawlers")
	}
	// "Catalogue…" under the rows fills the empty last row, then adds rows.
	p.addFromCatalogue()
	p.lastCatalogue.filter.SetText("stackrambler")
	p.lastCatalogue.list.Select(0)
	if got := strings.Join(p.set.Crawlers, "|"); got != "Lycos_Spider_(Rex)/1.0 libwww/3.1|StackRambler" {
		t.Errorf("crawlers = %s", got)
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
	if len(p.pairs) != 100 {
		t.Fatalf("%d pairs", len(p.pairs))
	}
	if n := len(p.verdicts); n == 0 || n >= 100 {
		t.Errorf("%d verdicts computed for 100 rows, want only the visible ones", n)
	}
	if len(p.compiled) != 1 {
		t.Errorf("%d engines compiled in list mode, want 1", len(p.compiled))
	}
}

func TestSlowEnginesCompileInTheBackground(t *testing.T) {
	p, _ := newTestPane(t, privateRobots)
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{"/private/x"}})
	p.SetCompare(true)
	for _, e := range engine.All() {
		p.cost[e.Info().ID] = time.Second // as if compiling took long last time
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
	if v := p.verdict(cell{pair{"Googlebot", "/private/x"}, "google"}); !v.Allowed || v.Rule == nil || v.Rule.Line != 2 {
		t.Errorf("verdict after the background compile: %+v", v)
	}
	if len(p.compiled) != len(engine.All()) {
		t.Errorf("%d engines compiled in the background, want %d", len(p.compiled), len(engine.All()))
	}
	if p.cost["google"] >= time.Second {
		t.Error("the measured compile time was not recorded")
	}
}
