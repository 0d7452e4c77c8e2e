package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
	"github.com/robots-studio/robots-studio/ui/testerpane"
)

// deepTexts collects the text of every label, entry and button under o,
// through widget renderers (dialogs keep their content inside widgets).
func deepTexts(o fyne.CanvasObject) string {
	var b strings.Builder
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *widget.Label:
			b.WriteString(w.Text + "\n")
			return
		case *widget.Entry:
			b.WriteString(w.Text + "\n")
			return
		case *widget.Button:
			b.WriteString(w.Text + "\n")
			return
		case *fyne.Container:
			for _, c := range w.Objects {
				walk(c)
			}
			return
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(w).Objects() {
				walk(c)
			}
		}
	}
	walk(o)
	return b.String()
}

// TestTabTitleNamesTheDocument: the editor tab shows the file's name, the
// host of a fetched file, or that the document is new and unsaved.
func TestTabTitleNamesTheDocument(t *testing.T) {
	english(t)
	s := newTestStudio(t)
	s.openPath(corpus.Path(t, "news-crlf.robots.txt"))
	if got := s.tabs.Items[0].Text; got != "news-crlf.robots.txt" {
		t.Errorf("opened file: tab %q", got)
	}
	s.newFile()
	if got := s.tabs.Items[0].Text; got != "robots.txt (new, not saved)" {
		t.Errorf("new file: tab %q", got)
	}
	srv := site(t, 200)
	openSite(t, s, srv.URL)
	host := strings.TrimPrefix(srv.URL, "http://")
	if got := s.tabs.Items[0].Text; got != "robots.txt — "+host {
		t.Errorf("fetched file: tab %q, want the host %s", got, host)
	}
	if got := s.bar.state.Text; got != "Fetched, not saved" {
		t.Errorf("fetched file: state %q", got)
	}
	// An edit of the fetched file says so.
	test.Type(s.ed, "# mine\n")
	s.refreshStatus()
	if got := s.bar.state.Text; got != "Edited, not saved" {
		t.Errorf("edited fetched file: state %q", got)
	}
}

// TestStatusBarShowsEncodingEndingsAndCursor: on the repository's CRLF,
// CR-only and BOM files the bar names what the bytes are; the cursor's
// line and column follow the keys; saved/modified follows the edits; the
// reading follows the tester's engine.
func TestStatusBarShowsEncodingEndingsAndCursor(t *testing.T) {
	english(t)
	s := newTestStudio(t)
	for _, tc := range []struct{ file, enc, eol string }{
		{"news-crlf.robots.txt", "UTF-8", "CRLF"},
		{"cr-only.robots.txt", "UTF-8", "CR"},
		{"odd-bytes.robots.txt", "Not UTF-8: 1 line", "LF"},
		{"damaged-bom.robots.txt", "UTF-8", "LF"},
		{"cms-blog.robots.txt", "UTF-8", "LF"},
	} {
		if !s.openPath(corpus.Path(t, tc.file)) {
			t.Fatalf("open %s", tc.file)
		}
		if s.bar.enc.Text != tc.enc || s.bar.eol.Text != tc.eol || s.bar.state.Text != "Saved" {
			t.Errorf("%s: %q %q %q, want %q %q Saved", tc.file, s.bar.enc.Text, s.bar.eol.Text, s.bar.state.Text, tc.enc, tc.eol)
		}
	}
	bom := writeFile(t, "robots.txt", []byte("\xEF\xBB\xBFUser-agent: *\r\nDisallow: /a\nAllow: /b\n"))
	s.openPath(bom)
	if s.bar.enc.Text != "UTF-8 with BOM" || s.bar.eol.Text != "2 LF, 1 CRLF" {
		t.Errorf("BOM, mixed endings: %q %q", s.bar.enc.Text, s.bar.eol.Text)
	}
	if s.bar.pos.Text != "Line 1, column 1" {
		t.Errorf("start: %q", s.bar.pos.Text)
	}
	s.win.Canvas().Focus(s.ed)
	s.ed.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	s.ed.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEnd})
	if s.bar.pos.Text != "Line 2, column 13" {
		t.Errorf("after Down, End: %q", s.bar.pos.Text)
	}
	test.Type(s.ed, "x")
	if s.bar.pos.Text != "Line 2, column 14" || s.bar.state.Text != "Modified" {
		t.Errorf("after typing: %q %q", s.bar.pos.Text, s.bar.state.Text)
	}
	s.pane.SetEngine("yandex")
	s.refreshStatus()
	if !strings.Contains(s.bar.reading.Text, engine.NameOf("yandex").String()) {
		t.Errorf("reading %q does not name the engine in use", s.bar.reading.Text)
	}
	// the default reading has a name, not an id
	s.pane.SetEngine(testerpane.OwnReading)
	s.refreshStatus()
	if s.bar.reading.Text != "Reading: Each crawler's own" {
		t.Errorf("each crawler's own reading shows as %q", s.bar.reading.Text)
	}
}

// TestOpenStartsInTheFilesFolder: the rules of the open dialogs' first
// folder.
func TestOpenStartsInTheFilesFolder(t *testing.T) {
	dirs := map[string]bool{"/site": true, "/last": true}
	exists := func(p string) bool { return dirs[p] }
	for _, tc := range []struct{ rule, current, last, want string }{
		{"the current file's folder comes first", "/site/robots.txt", "/last", "/site"},
		{"a new document starts in the last folder used", "", "/last", "/last"},
		{"a current file whose folder is gone falls back to the last folder", "/gone/robots.txt", "/last", "/last"},
		{"a last folder that is gone is skipped", "", "/gone", ""},
		{"nothing known: the dialog's own default", "", "", ""},
	} {
		if got := openStartDir(tc.current, tc.last, exists); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.rule, got, tc.want)
		}
	}
	for _, tc := range []struct{ rule, typed, want string }{
		{"an absolute path is taken as it is", "/srv/www/robots.txt", "/srv/www/robots.txt"},
		{"a relative path is relative to the folder shown", "sub/robots.txt", "/site/sub/robots.txt"},
		{"~ is the home folder", "~/robots.txt", "/home/u/robots.txt"},
		{"quotes from a file manager's copy are dropped", ` "/a b/robots.txt" `, "/a b/robots.txt"},
		{"a file:// URL is read as its path", "file:///srv/a%20b/robots.txt", "/srv/a b/robots.txt"},
	} {
		if got := resolveTypedPath(tc.typed, "/site", "/home/u"); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.rule, got, tc.want)
		}
	}
}

// TestOpenPathSaysWhyAndKeepsTheText: File ▸ Open Path… starts in the
// current file's folder; a path that cannot be opened is explained in the
// dialog and the editor's unsaved text stays; a good path opens.
func TestOpenPathSaysWhyAndKeepsTheText(t *testing.T) {
	english(t)
	good := writeFile(t, "robots.txt", []byte("User-agent: *\nDisallow: /x\n"))
	s := newTestStudio(t)
	s.openPath(good)
	test.Type(s.ed, "# unsaved\n")
	s.dialogs.openPathDialog()
	entry, ok := s.win.Canvas().Focused().(*keys.Entry)
	if !ok || entry.Text != filepath.Dir(good)+string(filepath.Separator) {
		t.Fatalf("the path field must be focused and hold the file's folder, got %#v", s.win.Canvas().Focused())
	}
	test.Type(entry, "other.txt")
	if want := filepath.Join(filepath.Dir(good), "other.txt"); entry.Text != want {
		t.Errorf("typing goes after the folder: %q, want %q", entry.Text, want)
	}
	for _, bad := range []string{"missing.txt", "", "/"} {
		entry.SetText(bad)
		entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
		if !hasDialog(s) || !strings.Contains(deepTexts(s.win.Canvas().Overlays().Top()), "Path of the file to open") {
			t.Fatalf("%q: the dialog must stay open with the reason", bad)
		}
		if !strings.HasPrefix(string(s.ed.Bytes()), "# unsaved") {
			t.Fatalf("%q: the unsaved text was lost", bad)
		}
	}
	if view := deepTexts(s.win.Canvas().Overlays().Top()); !strings.Contains(view, "this is a folder") {
		t.Errorf("a folder must be named as such:\n%s", view)
	}
	other := writeFile(t, "other.txt", []byte("User-agent: Googlebot\n"))
	s.ed.SetText(s.doc.SavedText()) // nothing unsaved: no question in between
	entry.SetText(other)
	entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if s.doc.Path() != other {
		t.Fatalf("the typed path was not opened: %q", s.doc.Path())
	}
	if got := s.app.Preferences().String(prefOpenFolder); got != filepath.Dir(other) {
		t.Errorf("last folder %q not remembered", got)
	}
}

// TestLanguageSwitchKeepsTheTabAndTheFocus: View ▸ Language rebuilds the
// texts, but the shown tab and the focused field stay: the editor, a field
// of the tester, a field of another tab.
func TestLanguageSwitchKeepsTheTabAndTheFocus(t *testing.T) {
	s := newTestStudio(t)
	s.openSample()
	t.Cleanup(func() { setLanguage("") })
	c := s.win.Canvas()

	c.Focus(s.ed)
	s.switchLanguage("ru")
	if c.Focused() != fyne.Focusable(s.ed) || s.tabs.SelectedIndex() != 0 {
		t.Errorf("editor: focus %T, tab %d", c.Focused(), s.tabs.SelectedIndex())
	}

	// The third focusable of the robots.txt tab lies in the tester pane.
	c.Unfocus()
	for range 3 {
		c.FocusNext()
	}
	want, place := fmt.Sprintf("%T", c.Focused()), s.view.focusPlace()
	if place < 0 || c.Focused() == fyne.Focusable(s.ed) {
		t.Fatalf("no field of the tester focused (%s, place %d)", want, place)
	}
	s.switchLanguage("pl")
	if got := fmt.Sprintf("%T", c.Focused()); got != want || s.view.focusPlace() != place {
		t.Errorf("tester field: focus %s at %d, want %s at %d", got, s.view.focusPlace(), want, place)
	}

	// The results table, clicked: its place in the focus order depends on
	// the rows shown (a long test set shows only the rows near the view),
	// so it is given back by name.
	set := &testset.Set{}
	for i := range 20 {
		set.Crawlers = append(set.Crawlers, fmt.Sprintf("Bot%d", i))
	}
	for i := range 60 {
		set.Paths = append(set.Paths, fmt.Sprintf("/p%d", i))
	}
	s.pane.SetTestSet(set)
	c.Focus(s.pane.ResultsTable())
	s.switchLanguage("ru")
	if c.Focused() != s.pane.ResultsTable() {
		t.Errorf("results table: focus %T after the switch", c.Focused())
	}

	s.tabs.SelectIndex(1)
	c.Unfocus()
	c.FocusNext()
	c.FocusNext()
	want, place = fmt.Sprintf("%T", c.Focused()), s.view.focusPlace()
	s.switchLanguage("en")
	if s.tabs.SelectedIndex() != 1 {
		t.Fatalf("the Meta tags tab was left for tab %d", s.tabs.SelectedIndex())
	}
	if got := fmt.Sprintf("%T", c.Focused()); got != want || s.view.focusPlace() != place || place < 0 {
		t.Errorf("meta tab: focus %s at %d, want %s at %d", got, s.view.focusPlace(), want, place)
	}
	if got := s.tabs.Items[1].Text; got != "Meta tags" {
		t.Errorf("tab texts not rebuilt: %q", got)
	}
}

// TestChangesViewComparesOffTheUIGoroutine: while the Changes view is open
// a keystroke only hands the new text to the worker; the comparison
// arrives afterwards and is current.
func TestChangesViewComparesOffTheUIGoroutine(t *testing.T) {
	s := newTestStudio(t)
	s.openPath(writeFile(t, "robots.txt", []byte("User-agent: *\nDisallow: /a\n")))
	set := testset.New()
	set.Crawlers, set.Paths = []string{"Googlebot"}, []string{"/a", "/b"}
	s.pane.SetTestSet(set)
	s.live.showChanges("the saved version", syntax.Parse(s.doc.SavedText()), nil)
	if s.live.changes.rep == nil || len(s.live.changes.rep.Changes) != 0 {
		t.Fatalf("first comparison: %+v", s.live.changes.rep)
	}
	release := make(chan struct{})
	work := s.live.changesWork.Work
	s.live.changesWork.Work = func(j changesJob) changesOut { <-release; return work(j) }
	s.live.changesWork.Hand = nil
	s.live.changesWork.Inline = false
	s.win.Canvas().Focus(s.ed)
	s.ed.SetSelection(len(s.ed.Bytes()), len(s.ed.Bytes()))
	test.Type(s.ed, "Disallow: /b\n") // returns although the diff is held back
	if len(s.live.changes.rep.Changes) != 0 {
		t.Fatal("the comparison ran on the keystroke")
	}
	close(release)
	s.live.changesWork.Wait()
	// On the tester's paths only /b changed (the rules' own paths, which
	// the view tests too, may add more).
	var onRows []string
	for _, c := range s.live.changes.rep.Changes {
		if slices.Contains(set.Paths, c.URL) {
			onRows = append(onRows, c.URL)
		}
	}
	if len(onRows) != 1 || onRows[0] != "/b" {
		t.Fatalf("after the worker: changes on the tester's paths %v, want /b", onRows)
	}
	s.live.closeChanges()
}

// TestAnswerBesideTheFileMovesTheSet: answering the one question with
// "Beside the file" moves the saved set there, the status bar says so,
// and the next save neither asks again nor writes to the app's folder.
func TestAnswerBesideTheFileMovesTheSet(t *testing.T) {
	english(t)
	p := writeFile(t, "robots.txt", []byte("User-agent: *\nDisallow: /x\n"))
	s := newTestStudio(t)
	s.openPath(p)
	set := testset.New()
	set.Crawlers, set.Paths = []string{"Googlebot"}, []string{"/x"}
	s.pane.SetTestSet(set)
	s.save(nil)
	inApp := s.doc.TestsPath()
	b := findButton(s.win.Canvas().Overlays().Top(), "Beside the file")
	if b == nil {
		t.Fatal("no question after the first save")
	}
	test.Tap(b)
	if _, err := os.Stat(testset.PathFor(p)); err != nil {
		t.Fatalf("the set was not moved beside the file: %v", err)
	}
	if _, err := os.Stat(inApp); !os.IsNotExist(err) {
		t.Errorf("the copy in the app's folder is still there: %v", err)
	}
	if s.bar.tests.Text != "Test set: beside the file" || s.doc.TestsPath() != testset.PathFor(p) {
		t.Errorf("status bar %q, tests path %s", s.bar.tests.Text, s.doc.TestsPath())
	}
	set.Paths = append(set.Paths, "/y")
	s.pane.SetTestSet(set)
	s.save(nil)
	if hasDialog(s) {
		t.Error("the question is asked once per file")
	}
	if loaded, err := testset.Load(testset.PathFor(p)); err != nil || len(loaded.Paths) != 2 {
		t.Errorf("the next save did not go beside the file: %v", err)
	}
}

// TestCountsTakeTheirPluralForm: counts in the status bar and the Changes
// view use the language's plural forms (ru and pl: one, few, many).
func TestCountsTakeTheirPluralForm(t *testing.T) {
	t.Cleanup(func() { setLanguage("") })
	bad := func(n int) *syntax.Document {
		return syntax.Parse([]byte(strings.Repeat("Disallow: /\xff\n", n)))
	}
	for _, tc := range []struct {
		lang string
		n    int
		want string
	}{
		{"en", 1, "Not UTF-8: 1 line"},
		{"en", 2, "Not UTF-8: 2 lines"},
		{"ru", 1, "Не UTF-8: 1 строка"},
		{"ru", 3, "Не UTF-8: 3 строки"},
		{"ru", 5, "Не UTF-8: 5 строк"},
		{"pl", 1, "Nie UTF-8: 1 wiersz"},
		{"pl", 2, "Nie UTF-8: 2 wiersze"},
		{"pl", 5, "Nie UTF-8: 5 wierszy"},
	} {
		setLanguage(tc.lang)
		if got := encodingText(bad(tc.n)); got != tc.want {
			t.Errorf("%s, %d lines: %q, want %q", tc.lang, tc.n, got, tc.want)
		}
	}
	setLanguage("ru")
	for n, want := range map[int]string{1: "1 изменение", 2: "2 изменения", 11: "11 изменений", 21: "21 изменение"} {
		if got := lang.XN("live.n.changes", "{{.Count}} changes", n, map[string]any{"Count": n}); got != want {
			t.Errorf("ru %d changes: %q, want %q", n, got, want)
		}
	}
}

// BenchmarkStatusBar is what the status bar adds to a keystroke on a big
// file: encoding and line endings are counted over every line.
func BenchmarkStatusBar(b *testing.B) {
	s := newTestStudio(b)
	s.openPath(writeFile(b, "robots.txt", corpus.Generated(500*1024)))
	b.ResetTimer()
	for range b.N {
		s.refreshBar()
	}
}

// TestStatusBarFitsAt1024: the status bar's widest content — the longest
// state, a big line and column, lines not in UTF-8, three kinds of line
// endings, the longest test set place — still fits a 1024 px window in
// every language (the engine's name is cut with an ellipsis, not the bar).
func TestStatusBarFitsAt1024(t *testing.T) {
	t.Cleanup(func() { setLanguage("") })
	for _, code := range []string{"en", "ru", "pl"} {
		setLanguage(code)
		s := newTestStudio(t)
		s.openPath(writeFile(t, "robots.txt", []byte(strings.Repeat("Disallow: /\xff\r\n", 22)+strings.Repeat("Allow: /\n", 12345)+"#\r")))
		longest := func(texts ...string) string {
			w := ""
			for _, t := range texts {
				if len([]rune(t)) > len([]rune(w)) {
					w = t
				}
			}
			return w
		}
		b := s.bar
		b.state.SetText(longest(lang.X("window.status.new", "New, not saved"), lang.X("window.status.fetched", "Fetched, not saved"),
			lang.X("window.status.fetched_edited", "Edited, not saved"), lang.X("window.status.modified", "Modified"), lang.X("window.status.saved", "Saved")))
		b.pos.SetText(lang.X("window.status.position", "Line {{.Line}}, column {{.Column}}", map[string]any{"Line": 12368, "Column": 1234}))
		b.tests.SetText(longest(lang.X("window.status.tests_app", "Test set: in Robots Studio's folder"),
			lang.X("window.status.tests_beside", "Test set: beside the file"), lang.X("window.status.tests_unsaved", "Test set: saved with the file")))
		if !strings.Contains(b.eol.Text, "CR") || !strings.Contains(b.enc.Text, "22") {
			t.Fatalf("%s: not the worst case: %q %q", code, b.enc.Text, b.eol.Text)
		}
		if w := b.root.MinSize().Width; w > 1024 {
			t.Errorf("%s: the status bar needs %.0f px: %q %q %q %q %q", code, w, b.state.Text, b.pos.Text, b.enc.Text, b.eol.Text, b.tests.Text)
		} else {
			t.Logf("%s: %.0f px", code, w)
		}
	}
}

// english makes the window speak English for one test (the tests that
// assert English text), whatever the machine's locale.
func english(t *testing.T) {
	t.Helper()
	t.Setenv("LC_ALL", "en_US.UTF-8")
	setLanguage("en")
	t.Cleanup(func() { setLanguage("") })
}

// TestStateKeepsItsWidthWhileTyping: the file's state turns between Saved
// and Modified as the user types and takes a change back; the status bar's
// row keeps its layout (a label that changes width lays the row out again
// in the real window's next frame, and marks the window for a frame more):
// the state is as wide as the wider of the two, in each language.
func TestStateKeepsItsWidthWhileTyping(t *testing.T) {
	for _, l := range []string{"en", "ru", "pl"} {
		t.Run(l, func(t *testing.T) {
			i18ntest.Speak(t, l)
			s := newTestStudio(t)
			s.openPath(writeFile(t, "robots.txt", []byte("User-agent: *\nDisallow: /a\n")))
			s.win.Canvas().Focus(s.ed)
			s.ed.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEnd})
			row := s.bar.state
			box := stateBox(t, s)
			saved, text := box.MinSize(), row.Text
			test.Type(s.ed, "x")
			if row.Text == text {
				t.Fatalf("typing left the state %q", text)
			}
			if box.MinSize() != saved {
				t.Errorf("%q: %v, %q: %v", text, saved, row.Text, box.MinSize())
			}
			if w := labelWidth(row.Text); box.MinSize().Width < w {
				t.Errorf("%q needs %v, has %v", row.Text, w, box.MinSize().Width)
			}
		})
	}
}

// stateBox is the container that holds the state's label.
func stateBox(t *testing.T, s *studio) fyne.CanvasObject {
	var found fyne.CanvasObject
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if c, ok := o.(*fyne.Container); ok {
			for _, ch := range c.Objects {
				if ch == fyne.CanvasObject(s.bar.state) {
					found = c
				}
				walk(ch)
			}
		}
	}
	walk(s.bar.root)
	if found == nil {
		t.Fatal("no container holds the state")
	}
	return found
}
