package hostwizard

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/mirror"
	"github.com/robots-studio/robots-studio/ui/look"
	"github.com/robots-studio/robots-studio/ui/textfit"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// fakeTester blocks a path when a Disallow value of the served file is its
// prefix: enough to see which file each name serves.
func fakeTester(robots []byte, crawler, path string) (bool, string) {
	for _, line := range strings.Split(string(robots), "\n") {
		line = strings.TrimSpace(line)
		if v, ok := strings.CutPrefix(line, "Disallow: "); ok && v != "" && strings.HasPrefix(path, v) {
			return false, "blocked by `" + line + "`" // quoted as the engine does
		}
	}
	return true, "no rule"
}

type harness struct {
	w       *wizard
	doc     []byte
	applied [][]mirror.Edit
}

func newHarness(t *testing.T, doc string) *harness {
	t.Helper()
	t.Setenv("LC_ALL", "en_US.UTF-8")
	uitest.NewApp(t)
	win := test.NewTempWindow(t, nil)
	h := &harness{doc: []byte(doc)}
	h.w = newWizard(win, func() []byte { return h.doc },
		func(edits []mirror.Edit) {
			h.applied = append(h.applied, edits)
			out, err := mirror.Apply(h.doc, edits)
			if err != nil {
				t.Fatal(err)
			}
			h.doc = out
		}, fakeTester)
	win.SetContent(h.w.content())
	win.Resize(fyne.NewSize(1000, 700))
	return h
}

func TestExistingHostIsReused(t *testing.T) {
	h := newHarness(t, "Host: https://www.avito.ru\n\nUser-agent: Yandex\nDisallow: /x\n")
	rows := h.w.names.rows
	if len(rows) < 2 || rows[0].entry.Text != "https://www.avito.ru" || !rows[0].main.Checked {
		t.Fatalf("main not prefilled from the document's Host: %+v", rows)
	}
	if rows[1].entry.Text != "https://avito.ru" || rows[2].entry.Text != "http://www.avito.ru" {
		t.Errorf("twins: %q, %q", rows[1].entry.Text, rows[2].entry.Text)
	}
	if !strings.Contains(h.w.names.existing.Text, "Line 1 stands before the first User-agent line") {
		t.Errorf("analysis not shown: %q", h.w.names.existing.Text)
	}
}

func TestValidationFeedback(t *testing.T) {
	h := newHarness(t, "")
	r := h.w.names.rows[0]
	test.Type(r.entry, "www.my_host.ru")
	if !strings.Contains(r.feedback.Text, "underscore") {
		t.Errorf("feedback %q", r.feedback.Text)
	}
	r.entry.SetText("главное-зеркало.рф")
	if !strings.Contains(r.feedback.Text, "xn----7sbbgdobp2adirnh0a.xn--p1ai") {
		t.Errorf("punycode not shown: %q", r.feedback.Text)
	}
}

func TestMainStaysUnique(t *testing.T) {
	h := newHarness(t, "")
	rows := h.w.names.rows
	test.Tap(rows[1].main)
	if rows[0].main.Checked || !rows[1].main.Checked {
		t.Errorf("ticking row 2 should untick row 1")
	}
	test.Tap(rows[1].main) // unticking the only main is refused
	if !rows[1].main.Checked {
		t.Errorf("no main left")
	}
}

func TestInvalidNameStopsOnMirrors(t *testing.T) {
	h := newHarness(t, "")
	h.w.names.rows[0].entry.SetText("www.example.ru")
	h.w.names.rows[1].entry.SetText("213.180.194.129")
	test.Tap(h.w.next)
	if h.w.step != stepMirrors || !h.w.problem.Visible() || !strings.Contains(h.w.problem.Text, "IP address") {
		t.Errorf("step %d, problem %q", h.w.step, h.w.problem.Text)
	}
}

func TestResultInsertAndCheck(t *testing.T) {
	h := newHarness(t, "User-agent: *\r\nDisallow: /cgi-bin\r\n")
	h.w.names.rows[0].entry.SetText("https://www.example.ru")
	h.w.names.rows[1].entry.SetText("example.ru")
	h.w.names.encDirs.SetText("/koi")
	test.Tap(h.w.next)
	if h.w.step != stepResult {
		t.Fatalf("still on step %d: %q", h.w.step, h.w.problem.Text)
	}
	r := h.w.result
	if r.lines.Text != "Disallow: /koi\nHost: https://www.example.ru" {
		t.Errorf("lines %q", r.lines.Text)
	}
	if !strings.Contains(r.diff.Text, "+Host: https://www.example.ru") || strings.Contains(r.diff.Text, "\r") {
		t.Errorf("diff %q", r.diff.Text)
	}
	if len(r.serve.Objects) == 0 || len(r.redirect.Objects) == 0 || len(r.readers.Objects) == 0 {
		t.Fatal("empty result panes")
	}

	test.Tap(r.insert)
	if len(h.applied) != 1 {
		t.Fatalf("apply called %d times, want once (one undo step)", len(h.applied))
	}
	if want := "User-agent: *\r\nDisallow: /cgi-bin\r\nDisallow: /koi\r\nHost: https://www.example.ru\r\n"; string(h.doc) != want {
		t.Errorf("document %q, want %q", h.doc, want)
	}
	if !r.insert.Disabled() {
		t.Error("insert should be disabled once nothing is left to change")
	}

	test.Tap(h.w.next)
	c := h.w.check
	if h.w.step != stepCheck || len(c.rows) == 0 {
		t.Fatalf("step %d, %d rows", h.w.step, len(c.rows))
	}
	if c.strategy.SelectedIndex() != 0 || !strings.Contains(c.strategy.Selected, "301") {
		t.Errorf("the default set-up must be the 301 redirect, got %q", c.strategy.Selected)
	}
	for _, row := range c.rows {
		if !row.Main && row.Path == "/" && !row.Allowed {
			t.Errorf("redirect set-up (default): %s reads the main file, / should be allowed", row.Host)
		}
	}
	for i, row := range c.rows {
		want := look.ColorNameBlocked
		if row.Allowed {
			want = look.ColorNameAllowed
		}
		if got := c.cellColour(i, 4); got != want {
			t.Errorf("row %d verdict coloured %q, want the theme's %q", i, got, want)
		}
	}
	if got := c.cell(0, 0); !strings.HasSuffix(got, "★") {
		t.Errorf("main row not starred: %q", got)
	}
	c.strategy.SetSelectedIndex(1)
	if !strings.Contains(c.summary.Text, "never sees their 301") {
		t.Errorf("the classic set-up must say it hides the 301s: %q", c.summary.Text)
	}
	for _, row := range c.rows {
		if want := row.Main && (row.Path == "/"); row.Allowed != want {
			t.Errorf("per-host set-up: %s %s %s: allowed %v, want %v", row.Host, row.Crawler, row.Path, row.Allowed, want)
		}
	}
	c.table.Select(widget.TableCellID{Row: len(c.rows) - 1, Col: 5})
	last := c.rows[len(c.rows)-1]
	if !strings.Contains(c.detail.Text, last.Why) || !strings.Contains(c.detail.Text, last.Host) {
		t.Errorf("the selected row is not shown in full: %q", c.detail.Text)
	}
	// The rule a verdict quotes: plain in its cell, code in the detail.
	quoted := false
	for i, row := range c.rows {
		if strings.Contains(row.Why, "`") {
			quoted = true
			if cell := c.cell(i, 5); strings.Contains(cell, "`") {
				t.Errorf("row %d's Why cell reads %q", i, cell)
			}
			c.table.Select(widget.TableCellID{Row: i, Col: 5})
			if shown := c.detail.Shown(); strings.Contains(shown, "`") || !uitest.InCode(c.detail.Segments, "Disallow: /") {
				t.Errorf("row %d's detail draws %q, the rule not in the code font", i, shown)
			}
		}
	}
	if !quoted {
		t.Error("no verdict quotes a rule: nothing is checked")
	}
}

func TestCopyButton(t *testing.T) {
	h := newHarness(t, "")
	_ = h
	b := copyButton(func() string { return "Host: example.ru" })
	test.Tap(b)
	if got := fyne.CurrentApp().Clipboard().Content(); got != "Host: example.ru" {
		t.Errorf("clipboard %q", got)
	}
}

func TestPublicNew(t *testing.T) {
	uitest.NewApp(t)
	win := test.NewTempWindow(t, nil)
	if New(win, func() []byte { return nil }, func([]mirror.Edit) {}, fakeTester) == nil {
		t.Fatal("New returned nil")
	}
}

// TestDocumentOpenedLaterIsRead: the wizard is built with the window, before
// a file is opened; showing its tab must read the file's Host then, and
// must not overwrite names the user has typed.
func TestDocumentOpenedLaterIsRead(t *testing.T) {
	h := newHarness(t, "")
	if h.w.names.rows[0].entry.Text != "" {
		t.Fatal("an empty document prefills nothing")
	}
	h.doc = []byte("User-agent: Yandex\nDisallow: /x\nHost: www.avito.ru\n")
	x := &Wizard{w: h.w}
	x.DocumentChanged()
	if got := h.w.names.rows[0].entry.Text; got != "www.avito.ru" {
		t.Fatalf("main = %q, want the Host of the newly opened file", got)
	}
	// Another file: the names filled in from the first one are replaced.
	h.doc = []byte("User-agent: *\nDisallow: /x\nHost: www.other.ru\n")
	x.DocumentChanged()
	if got := h.w.names.rows[0].entry.Text; got != "www.other.ru" {
		t.Fatalf("main = %q, want the second file's Host", got)
	}
	h.w.names.rows[0].entry.SetText("mysite.ru")
	h.doc = []byte("User-agent: *\nHost: other.ru\n")
	x.DocumentChanged()
	if got := h.w.names.rows[0].entry.Text; got != "mysite.ru" {
		t.Fatalf("a typed name was replaced: %q", got)
	}
	if !strings.Contains(h.w.names.existing.Text, "other.ru") {
		t.Errorf("the analysis must follow the document: %q", h.w.names.existing.Text)
	}
}

// TestEmptyStartHasTwoDistinctRows: with no Host line the wizard starts with
// a row for the main name and a row for another name, and their
// placeholders tell them apart.
func TestEmptyStartHasTwoDistinctRows(t *testing.T) {
	h := newHarness(t, "User-agent: *\nDisallow: /x\n")
	rows := h.w.names.rows
	if len(rows) != 2 {
		t.Fatalf("%d rows at start, want 2", len(rows))
	}
	if rows[0].entry.PlaceHolder == rows[1].entry.PlaceHolder {
		t.Errorf("the two empty rows look the same: %q", rows[0].entry.PlaceHolder)
	}
	if !strings.Contains(rows[0].entry.PlaceHolder, "main") || !strings.Contains(rows[1].entry.PlaceHolder, "another") {
		t.Errorf("placeholders %q / %q", rows[0].entry.PlaceHolder, rows[1].entry.PlaceHolder)
	}
	test.Tap(rows[1].main)
	if !strings.Contains(rows[1].entry.PlaceHolder, "main") || strings.Contains(rows[0].entry.PlaceHolder, "main name") {
		t.Errorf("placeholders must follow the main tick: %q / %q", rows[0].entry.PlaceHolder, rows[1].entry.PlaceHolder)
	}
}

// TestAddNameFocusesTheNewRow: "Add a name" puts the cursor into the new
// row, so typing goes there.
func TestAddNameFocusesTheNewRow(t *testing.T) {
	h := newHarness(t, "")
	before := len(h.w.names.rows)
	add := findButton(h.w.steps[stepMirrors], "Add a name")
	if add == nil {
		t.Fatal("no Add a name button")
	}
	test.Tap(add)
	rows := h.w.names.rows
	if len(rows) != before+1 {
		t.Fatalf("%d rows, want %d", len(rows), before+1)
	}
	if got := h.w.win.Canvas().Focused(); got != rows[len(rows)-1].entry {
		t.Fatalf("focus is on %T, want the new row's entry", got)
	}
	test.Type(h.w.win.Canvas().Focused(), "old-shop.ru")
	if rows[len(rows)-1].entry.Text != "old-shop.ru" {
		t.Errorf("typing went elsewhere: %q", rows[len(rows)-1].entry.Text)
	}
}

func findButton(o fyne.CanvasObject, text string) *widget.Button {
	switch x := o.(type) {
	case *widget.Button:
		if x.Text == text {
			return x
		}
	case *fyne.Container:
		for _, c := range x.Objects {
			if b := findButton(c, text); b != nil {
				return b
			}
		}
	case *container.Scroll:
		return findButton(x.Content, text)
	}
	return nil
}

// TestNotesAreNeutral: what the validator notes about a valid name (scheme,
// punycode) is information, drawn in the ordinary text colour; only the
// verdict of an invalid name is drawn as an error.
func TestNotesAreNeutral(t *testing.T) {
	h := newHarness(t, "")
	r := h.w.names.rows[0]
	r.entry.SetText("https://главное-зеркало.рф")
	if r.feedback.Importance != widget.SuccessImportance {
		t.Errorf("a valid name's verdict: importance %v", r.feedback.Importance)
	}
	if r.notes.Text == "" || r.notes.Importance != widget.MediumImportance || strings.Contains(r.feedback.Text, "•") {
		t.Errorf("notes %q (importance %v) must be apart from the verdict %q", r.notes.Text, r.notes.Importance, r.feedback.Text)
	}
	r.entry.SetText("www.my_host.ru")
	if r.feedback.Importance != widget.DangerImportance || r.notes.Importance == widget.DangerImportance {
		t.Errorf("invalid name: verdict %v, notes %v", r.feedback.Importance, r.notes.Importance)
	}
}

// TestOtherHostLinesBecomeMirrors: a file naming old mirrors in further
// Host lines has them prefilled as other names, before the usual twins.
func TestOtherHostLinesBecomeMirrors(t *testing.T) {
	h := newHarness(t, "User-agent: Yandex\nDisallow: /x\nHost: https://www.shop.ru\n\nUser-agent: *\nDisallow: /x\nHost: old-shop.ru\n")
	var got []string
	for _, r := range h.w.names.rows {
		got = append(got, r.entry.Text)
	}
	if want := "https://www.shop.ru old-shop.ru https://shop.ru http://www.shop.ru"; strings.Join(got, " ") != want {
		t.Errorf("rows %q, want %q", got, want)
	}
}

// TestNoTextCut renders every step of the wizard at 1280×800 in English,
// Russian and Polish and fails on any label, check box or button whose text
// does not fit. Only the check table's Why cells may end in "…": the
// selected row is shown in full under the table.
func TestNoTextCut(t *testing.T) {
	var w *wizard
	// The Why cells end in "…" by design; every other cell must fit.
	whyCells := textfit.Options{Skip: func(o fyne.CanvasObject) bool {
		l, ok := o.(*widget.RichText)
		if !ok || w == nil {
			return false
		}
		for _, r := range w.check.rows {
			if l.String() == r.Why {
				return true
			}
		}
		return false
	}}
	textfit.InEachLanguage(t, whyCells, func(t *testing.T, win fyne.Window, check func(string)) {
		doc := []byte("User-agent: *\nDisallow: /cart\n\nUser-agent: Yandex\nDisallow: /cart\nHost: https://www.example-shop.ru\n")
		w = newWizard(win, func() []byte { return doc }, func([]mirror.Edit) {}, fakeTester)
		win.SetContent(w.content())
		w.names.rows[1].entry.SetText("www.my_host.ru")
		check("mirrors")
		w.names.rows[1].entry.SetText("example-shop.ru")
		test.Tap(w.next)
		if w.step != stepResult {
			t.Fatalf("still on step %d: %s", w.step, w.problem.Text)
		}
		check("result")
		test.Tap(w.next)
		check("check, 301 set-up")
		w.check.table.Select(widget.TableCellID{Row: 0, Col: 5})
		check("check, a row selected")
		w.check.strategy.SetSelectedIndex(1)
		check("check, classic set-up")
	})
}

// TestEnterMovesToTheNextName: Enter in a name moves to the next row, and
// from the last row adds one, so names typed with Enter between them land
// in rows of their own.
func TestEnterMovesToTheNextName(t *testing.T) {
	h := newHarness(t, "")
	c := h.w.win.Canvas()
	enter := func() { c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) }
	c.Focus(h.w.names.rows[0].entry)
	for i, name := range []string{"www.shop.ru", "shop.ru", "old-shop.ru"} {
		test.Type(c.Focused(), name)
		if i < 2 {
			enter()
		}
	}
	var got []string
	for _, r := range h.w.names.rows {
		got = append(got, r.entry.Text)
	}
	if strings.Join(got, " ") != "www.shop.ru shop.ru old-shop.ru" {
		t.Errorf("rows %q", got)
	}
}

// TestProblemGoesWhenFixed: the reason the wizard cannot go on stays while
// its cause does, follows the cause when it changes, and goes when the
// name is corrected, before Next is pressed again.
func TestProblemGoesWhenFixed(t *testing.T) {
	h := newHarness(t, "")
	h.w.names.rows[0].entry.SetText("www.example.ru")
	h.w.names.rows[1].entry.SetText("213.180.194.129")
	test.Tap(h.w.next)
	if !h.w.problem.Visible() {
		t.Fatal("no problem shown for an IP address")
	}
	h.w.names.rows[1].entry.SetText("213.180.194.1")
	if !h.w.problem.Visible() || !strings.Contains(h.w.problem.Text, "IP address") {
		t.Errorf("the cause is still there, the problem says %q (shown %v)", h.w.problem.Text, h.w.problem.Visible())
	}
	h.w.names.rows[1].entry.SetText("example.ru")
	if h.w.problem.Visible() {
		t.Errorf("the name is fixed, the problem stays: %q", h.w.problem.Text)
	}
	// Removing the bad row fixes it too.
	h.w.names.rows[1].entry.SetText("213.180.194.129")
	test.Tap(h.w.next)
	h.w.names.removeRow(h.w.names.rows[1])
	if h.w.problem.Visible() {
		t.Errorf("the bad name is removed, the problem stays: %q", h.w.problem.Text)
	}
}
