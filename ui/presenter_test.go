package ui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/editor"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/lessons"
	"github.com/robots-studio/robots-studio/tester/testset"
	"github.com/robots-studio/robots-studio/ui/look"
)

// testLesson is the lessons tab's own test lesson.
const testLesson = "lessontab/testdata/99-private"

func TestOpenAndExportLessonRoundTrip(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	s := newTestStudio(t)
	before := len(s.class.lessons().Lessons())
	if !s.class.openLessonPath(testLesson) {
		t.Fatal("File ▸ Open Lesson… refused the test lesson folder")
	}
	if s.tabs.Selected() != s.class.item {
		t.Error("the opened lesson is not shown")
	}
	if l := s.class.lessons().Current(); l == nil || l.ID != "test-private" {
		t.Fatalf("selected lesson %+v", l)
	}
	zipPath := filepath.Join(t.TempDir(), "shared.zip")
	if !s.class.exportLessonTo(zipPath) {
		t.Fatal("File ▸ Export Lesson… failed")
	}
	if !s.class.openLessonPath(zipPath) {
		t.Fatal("the exported zip does not open")
	}
	if n := len(s.class.lessons().Lessons()); n != before+1 {
		t.Errorf("opening the same lesson again left %d lessons, want %d (replaced, not doubled)", n, before+1)
	}
	orig, err := lessons.Open(testLesson)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := orig.Marshal()
	b, _ := s.class.lessons().Current().Marshal()
	if string(a) != string(b) || string(orig.Robots) != string(s.class.lessons().Current().Robots) {
		t.Error("the lesson read back from the exported zip differs from the folder")
	}
	// A lesson.json picked in the dialog opens its folder.
	if !s.class.openLessonPath(filepath.Join(testLesson, "lesson.json")) {
		t.Error("picking lesson.json does not open its folder")
	}
}

func TestOpenLessonRejectsBadInputClearly(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	s := newTestStudio(t)
	before := len(s.class.lessons().Lessons())
	p := writeFile(t, "notes.zip", []byte("this is not a zip"))
	if s.class.openLessonPath(p) {
		t.Fatal("a broken zip opened as a lesson")
	}
	if !hasDialog(s) {
		t.Fatal("no error dialog for a broken zip")
	}
	if n := len(s.class.lessons().Lessons()); n != before {
		t.Errorf("a failed open changed the list: %d lessons, was %d", n, before)
	}
	if s.class.openLessonPath(filepath.Join(t.TempDir(), "missing")) {
		t.Error("a missing folder opened")
	}
}

func TestTimelinePointSwitchesTheReading(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	s := newTestStudio(t)
	saved := s.pane.Engine()
	savedPref := s.app.Preferences().String(prefEngine)
	s.tabs.Select(s.class.item)
	s.class.showTimeline(true)
	if !s.class.strip.Visible() {
		t.Fatal("View ▸ Timeline does not show the timeline")
	}
	for i := 0; i < s.class.timeline.Len(); i++ {
		test.Tap(s.class.timeline.Button(i))
		want := s.class.timeline.Point(i).Engine
		if got := s.pane.Engine(); got != want {
			t.Errorf("point %d: the tester reads as %q, want %q", i, got, want)
		}
		if s.tabs.SelectedIndex() != 0 {
			t.Errorf("point %d: the tester is not shown", i)
		}
		if s.class.timeline.Note() == "" {
			t.Errorf("point %d shows no note", i)
		}
	}
	// A year clicked on the timeline is shown to the class, not chosen for
	// good: the saved reading stays, and closing the timeline brings it back.
	if got := s.app.Preferences().String(prefEngine); got != savedPref {
		t.Errorf("a timeline point changed the saved reading to %q (was %q)", got, savedPref)
	}
	s.class.showTimeline(false)
	if s.class.strip.Visible() {
		t.Error("the timeline does not hide")
	}
	if got := s.pane.Engine(); got != saved {
		t.Errorf("after the timeline the tester reads as %q, want the user's %q back", got, saved)
	}
	// A reading the user picks in the tester while the timeline is open is
	// the user's choice: closing the timeline keeps it.
	s.class.showTimeline(true)
	if s.class.timeline.Chosen() != -1 || s.class.timeline.Note() != "" {
		t.Errorf("the timeline opens again on point %d, as if the tester read the file that way", s.class.timeline.Chosen())
	}
	test.Tap(s.class.timeline.Button(0))
	s.pane.SetEngine("yandex")
	s.class.readingChosen("yandex") // as the tester's Reading list tells the window
	s.class.showTimeline(false)
	if got := s.pane.Engine(); got != "yandex" {
		t.Errorf("the user's choice during the timeline was undone: %q", got)
	}
}

func TestPresenterModeTogglesAndRestores(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	s := newTestStudio(t)
	zoom := s.view.zoom()
	s.class.setPresenter(true)
	if !s.win.FullScreen() {
		t.Error("presenter mode is not full screen")
	}
	if s.lint.object().Visible() {
		t.Error("the lint panel shows in presenter mode")
	}
	// As large as fits a 1280×800 projector, and larger than before.
	if got := s.view.zoom(); got <= zoom || got > zoom*presenterZoom/100 || !s.view.fits() {
		t.Errorf("zoom in presenter mode = %d (fits: %v), want above %d, at most %d, fitting", got, s.view.fits(), zoom, zoom*presenterZoom/100)
	}
	if !s.class.present.box.Visible() {
		t.Error("the large explanation is hidden")
	}
	// The tester's selected result is explained in large type.
	e, _ := engine.Get("google")
	v := e.Compile(s.ed.Document()).Query("Googlebot", "/tmp/a")
	s.checks.selectVerdict(v)
	if got := s.class.present.text.Text; !strings.Contains(got, v.ExplainAll()) {
		t.Errorf("presenter explanation %q lacks the verdict's sentence", got)
	}
	// A revealed lesson question shows large on the Lessons tab; back on
	// the tester, the explanation is still the tester's selection, never
	// the lesson's older answer.
	s.class.openLessonPath(testLesson)
	s.class.lessons().Predict(0, "blocked")
	s.tabs.SelectIndex(0)
	if got := s.class.present.text.Text; !strings.Contains(got, v.ExplainAll()) || strings.Contains(got, "Only the Disallow line matches.") {
		t.Errorf("presenter explanation on the tester after a lesson reveal: %q", got)
	}
	// The timeline opened in presenter mode fits: the menu bar and the
	// points stay on screen, the window does not grow.
	s.class.showTimeline(true)
	s.class.timeline.Select(2)
	if !s.view.fits() {
		t.Error("the timeline in presenter mode does not fit the window")
	}
	s.class.showTimeline(false)
	// A language switch keeps presenter mode and its hidden lint panel.
	s.switchLanguage("en")
	if s.lint.object().Visible() || !s.class.presenting() {
		t.Error("a language switch brought the lint panel back in presenter mode")
	}
	// The narrow editor wraps its lines rather than cutting them.
	if !s.ed.Wrap() {
		t.Error("the editor cuts its lines in presenter mode")
	}
	// Esc leaves.
	s.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if s.class.presenting() || s.win.FullScreen() {
		t.Fatal("Esc does not leave presenter mode")
	}
	if s.ed.Wrap() != s.app.Preferences().Bool(prefWrap) {
		t.Error("leaving presenter mode does not give the editor back its own wrap")
	}
	if !s.lint.object().Visible() || s.view.zoom() != zoom || s.class.present.box.Visible() {
		t.Error("leaving presenter mode does not restore the lint panel, the zoom and the layout")
	}
	// F11 toggles.
	s.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyF11})
	if !s.class.presenting() {
		t.Error("F11 does not enter presenter mode")
	}
	s.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyF11})
	if s.class.presenting() {
		t.Error("F11 does not leave presenter mode")
	}
}

func TestOpenExampleInMainEditor(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	s := newTestStudio(t)
	p := writeFile(t, "robots.txt", []byte("User-agent: *\nDisallow: /mine/\n"))
	s.openPath(p)
	s.class.openLessonPath(testLesson)
	s.class.openTextAsNew("example.robots.txt", s.class.lessons().Editor().Bytes())
	if got := string(s.ed.Bytes()); !strings.Contains(got, "Allow: /private/public.html") {
		t.Fatalf("the main editor shows %q", got)
	}
	if b, _ := os.ReadFile(p); string(b) != "User-agent: *\nDisallow: /mine/\n" {
		t.Error("the user's file was touched")
	}
	if s.doc.Path() != "" || s.doc.Remote() != "" {
		t.Error("the example did not open as a new document")
	}
}

func TestCommandLineLessonArgument(t *testing.T) {
	zip := writeFile(t, "lesson.zip", nil)
	for _, c := range []struct {
		path string
		want bool
	}{
		{testLesson, true},                       // a folder with lesson.json
		{zip, true},                              // a .zip is offered to the lesson reader
		{"lessontab/testdata", false},            // a folder without lesson.json
		{writeFile(t, "robots.txt", nil), false}, // a robots.txt opens in the editor
	} {
		if got := isLessonPath(c.path); got != c.want {
			t.Errorf("isLessonPath(%q) = %v, want %v", c.path, got, c.want)
		}
	}
}

// TestPresenterKeysWithTheEditorFocused: F11 and Esc reach presenter mode
// while the main editor or the lesson's editor has the keyboard (Fyne hands
// keys to the focused widget; the editor passes on those it does not use).
func TestPresenterKeysWithTheEditorFocused(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	s := newTestStudio(t)
	c := s.win.Canvas()
	press := func(k fyne.KeyName) {
		// what the desktop driver does with a key that is not a shortcut
		if f := c.Focused(); f != nil {
			f.TypedKey(&fyne.KeyEvent{Name: k})
		} else {
			c.OnTypedKey()(&fyne.KeyEvent{Name: k})
		}
	}
	c.Focus(s.ed)
	press(fyne.KeyF11)
	if !s.class.presenting() {
		t.Fatal("F11 in the focused editor does not enter presenter mode")
	}
	c.Focus(s.ed) // the student clicks into the text again
	press(fyne.KeyEscape)
	if s.class.presenting() {
		t.Fatal("Esc in the focused editor does not leave presenter mode")
	}
	// Esc that closes something in the editor stays the editor's.
	s.class.setPresenter(true)
	c.Focus(s.ed)
	s.ed.ShowBar(editor.FindBar)
	c.Focus(s.ed)
	press(fyne.KeyEscape)
	if !s.class.presenting() {
		t.Error("Esc that closed the find bar also left presenter mode")
	}
	press(fyne.KeyEscape)
	if s.class.presenting() {
		t.Error("a second Esc does not leave presenter mode")
	}
	// The lesson's own editor.
	s.tabs.Select(s.class.item)
	c.Focus(s.class.lessons().Editor())
	press(fyne.KeyF11)
	if !s.class.presenting() {
		t.Error("F11 in the lesson's editor does not enter presenter mode")
	}
	c.Focus(s.class.lessons().Editor())
	press(fyne.KeyF11)
	if s.class.presenting() {
		t.Error("F11 in the lesson's editor does not leave presenter mode")
	}
}

// TestPresenterCompareShowsEveryEngine: in presenter mode the compare
// table gets the width its eight columns need at the presenter's zoom
// (the editor narrows, else the zoom steps down), so a class sees every
// reading without scrolling sideways.
func TestPresenterCompareShowsEveryEngine(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	s := newTestStudio(t)
	s.openSample()
	s.pane.AddCrawler()
	s.pane.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot", "Lycos"}, Paths: []string{"/cgi-bin/a", "/tmp/b"}})
	s.class.setPresenter(true)
	for _, step := range []string{"compare on in presenter mode", "presenter mode entered with compare on"} {
		if step == "presenter mode entered with compare on" {
			s.class.setPresenter(false)
			s.class.setPresenter(true)
		} else {
			s.pane.SetCompare(true)
			s.compareChanged(true)
		}
		width := s.win.Canvas().Size().Width
		have := float32(1-s.split.Offset) * width
		if need := s.pane.TableWidth(); need > have {
			t.Errorf("%s: the table needs %.0f px, the tester has %.0f (zoom %d, editor share %.2f)", step, need, have, s.view.zoom(), s.split.Offset)
		}
		if s.view.zoom() <= look.DefaultZoom {
			t.Errorf("%s: zoom %d, want larger than normal", step, s.view.zoom())
		}
	}
}

// TestEscLeavesPresenterFromATextField: with the focus in a crawler row
// (a text field), one Esc leaves presenter mode and F11 enters it: the
// field hands the keys it has no use for to the window.
func TestEscLeavesPresenterFromATextField(t *testing.T) {
	english(t)
	s := newTestStudio(t)
	s.openSample()
	s.pane.AddCrawler()
	f := s.win.Canvas().Focused()
	if f == nil {
		t.Fatal("setup: no text field has the focus")
	}
	f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyF11})
	if !s.class.presenting() {
		t.Fatal("F11 in a text field does not enter presenter mode")
	}
	f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if s.class.presenting() {
		t.Error("one Esc in a text field does not leave presenter mode")
	}
}

// TestPresenterShowsTheDecidingRule: F11 wraps the editor at a larger size;
// the rule the selected result marks, far below the cursor, is on screen
// in presenter mode and after it (the view followed the cursor to line 1).
func TestPresenterShowsTheDecidingRule(t *testing.T) {
	s := newTestStudio(t)
	src := strings.Repeat("# a comment long enough to wrap when the editor is narrow and its type large\n", 120) +
		"User-agent: *\nDisallow: /deep\n"
	s.ed.SetText([]byte(src))
	s.ed.SetSelection(0, 0)
	e, _ := engine.Get("google")
	v := e.Compile(s.ed.Document()).Query("Googlebot", "/deep/x")
	if v.Rule == nil || v.Rule.Line != 122 {
		t.Fatalf("setup: rule %v", v.Rule)
	}
	shown := func() bool {
		for _, o := range test.WidgetRenderer(s.ed).Objects() {
			if c, ok := o.(*fyne.Container); ok {
				for _, x := range c.Objects {
					if txt, ok := x.(*canvas.Text); ok && txt.Visible() && txt.Text == "122" {
						return true
					}
				}
			}
			if txt, ok := o.(*canvas.Text); ok && txt.Visible() && txt.Text == "122" {
				return true
			}
		}
		return false
	}
	s.checks.selectVerdict(v)
	if !shown() {
		t.Fatal("setup: selecting the result did not show line 122")
	}
	for _, on := range []bool{true, false} {
		s.class.setPresenter(on)
		if !shown() {
			t.Errorf("presenter %v: line 122, the deciding rule, is not on screen", on)
		}
	}
}

// F5 on the Lessons tab asks the class the lesson's questions one at a
// time, in presenter mode too; Esc then leaves that view and not presenter
// mode. On another tab F5 does nothing.
func TestF5AsksTheClass(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	s := newTestStudio(t)
	key := func(name fyne.KeyName) {
		ev := &fyne.KeyEvent{Name: name}
		if f := s.win.Canvas().Focused(); f != nil {
			f.TypedKey(ev)
		} else {
			s.win.Canvas().OnTypedKey()(ev)
		}
	}
	key(fyne.KeyF5)
	if s.class.tab != nil && s.class.tab.ClassShown() {
		t.Fatal("F5 on the editor's tab asked the class")
	}
	if !s.class.openLessonPath(testLesson) {
		t.Fatal("the test lesson does not open")
	}
	s.class.setPresenter(true)
	key(fyne.KeyF5)
	if !s.class.lessons().ClassShown() {
		t.Fatal("F5 on the Lessons tab did not show the one-question view")
	}
	key(fyne.KeyEscape)
	if s.class.lessons().ClassShown() || !s.class.presenting() {
		t.Errorf("Esc in the view: view shown %v, presenter mode %v; want the view closed, presenter mode kept",
			s.class.lessons().ClassShown(), s.class.presenting())
	}
}

// TestPresenterOnAnotherTabReachesTheTesterWhenShown: F11 on another tab
// tells the tester pane of presenter mode only when the editor's tab comes
// into view (laying the hidden pane out and refreshing it whole was a
// tenth of F11 there), and the pane is then as F11 on its own tab leaves
// it: the same figures, on and off.
func TestPresenterOnAnotherTabReachesTheTesterWhenShown(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	studio := func() *studio {
		s := newTestStudio(t)
		s.openSample()
		s.pane.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot", "Lycos", "GPTBot"}, Paths: []string{"/cgi-bin/a", "/tmp/b", "/learning/a/very/long/path/to/a/course-12"}})
		return s
	}
	here := studio()
	before := here.pane.Figures()
	here.class.setPresenter(true)
	on := here.pane.Figures()
	here.class.setPresenter(false)
	off := here.pane.Figures()
	if on == before || off != before {
		t.Fatalf("on the editor's tab: figures before %+v, presenting %+v, after %+v; the test proves nothing", before, on, off)
	}

	away := studio()
	away.tabs.SelectIndex(1)
	away.class.setPresenter(true)
	if away.class.present.paneLater == nil {
		t.Error("F11 on another tab laid the hidden tester out for presenter mode")
	}
	away.tabs.SelectIndex(0)
	if got := away.pane.Figures(); got != on {
		t.Errorf("presenter mode entered on another tab, then the tester shown: %+v; entered on its tab: %+v", got, on)
	}
	away.tabs.SelectIndex(1)
	away.class.setPresenter(false)
	away.tabs.SelectIndex(0)
	if got := away.pane.Figures(); got != off {
		t.Errorf("presenter mode left on another tab, then the tester shown: %+v; left on its tab: %+v", got, off)
	}
}

// TestPresenterZoomsInFullScreen: presenter mode changes the zoom while
// the window is full screen, entering and leaving. Fyne lays the window out
// again on every theme change and, out of full screen only, drops every
// text's drawn texture and refreshes the whole window a second time: F11
// out of presenter mode did both, so the next F11 drew every text anew.
func TestPresenterZoomsInFullScreen(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	s := newTestStudio(t)
	var full []bool
	setZoom := s.class.host.setZoom
	s.class.host.setZoom = func(z int) {
		full = append(full, s.win.FullScreen())
		setZoom(z)
	}
	s.class.setPresenter(true)
	s.class.setPresenter(false)
	if !slices.Equal(full, []bool{true, true}) || s.win.FullScreen() {
		t.Errorf("zoomed in full screen %v (entering, leaving), full screen after %v; want [true true], false", full, s.win.FullScreen())
	}
}
