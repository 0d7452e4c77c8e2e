package lessontab

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/editor"
	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/lessons"
	"github.com/robots-studio/robots-studio/ui/dlg"
	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
	"github.com/robots-studio/robots-studio/ui/look"
	"github.com/robots-studio/robots-studio/ui/textfit"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// press gives a key to the focused widget, else to the window's handler,
// as the desktop driver does.
func press(c fyne.Canvas, names ...fyne.KeyName) {
	for _, n := range names {
		ev := &fyne.KeyEvent{Name: n}
		if f := c.Focused(); f != nil {
			f.TypedKey(ev)
		} else if h := c.OnTypedKey(); h != nil {
			h(ev)
		}
	}
}

// shortcut gives a shortcut to the focused widget when it takes
// shortcuts, else to the window's, as the desktop driver does.
func shortcut(c fyne.Canvas, s fyne.Shortcut) {
	if f, ok := c.Focused().(fyne.Shortcutable); ok {
		f.TypedShortcut(s)
		return
	}
	c.(interface{ TypedShortcut(fyne.Shortcut) }).TypedShortcut(s)
}

// classTab is the test lesson's tab in a window whose key handler asks
// ui/dlg first, as the app's does (ui/presenter.go).
func classTab(t *testing.T) (*Tab, fyne.Window) {
	t.Helper()
	tab, _ := newTestTab(t)
	w := tab.host.Window
	w.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) { dlg.HandleKey(w, ev) })
	return tab, w
}

// The one-question view: the question and the example, A or ← and B or →
// choose, Enter gives the answer and reveals whether it was right, the
// line that decided (marked in the example) and the lesson's explanation;
// Enter again is the next question, and after the last the score.
func TestAskTheClassOneQuestionAtATime(t *testing.T) {
	tab, w := classTab(t)
	c := w.Canvas()
	if !tab.quiz.askBtn.Visible() || tab.quiz.askBtn.Disabled() {
		t.Fatal("the lesson has questions and no button to ask the class")
	}
	test.Tap(tab.quiz.askBtn)
	v := tab.class
	if v == nil || c.Overlays().Top() != v.overlay {
		t.Fatal("the button shows no view over the window")
	}
	if got := v.overlay.Size(); got != c.Size() {
		t.Errorf("the view is %v over a window of %v: it does not fill it", got, c.Size())
	}
	if !strings.Contains(v.counter.Text, "/private/a.html") || !strings.Contains(v.ask.Shown(), "Googlebot") {
		t.Errorf("question 1 reads %q / %q", v.counter.Text, v.ask.Shown())
	}
	if got := string(v.ed.Bytes()); !strings.Contains(got, "Disallow: /private/") {
		t.Errorf("the view's example: %q", got)
	}
	if v.reveal.Visible() || !v.primary.Disabled() || len(v.marks) != 0 {
		t.Fatal("the answer shows, or can be asked for, before the class chose")
	}
	// Question 1 is blocked. A chooses Allowed, → Blocked: nothing is
	// given until Enter.
	press(c, fyne.KeyA)
	if v.allow.state != btnChosen || v.reveal.Visible() {
		t.Fatalf("after A: Allowed %v, revealed %v", v.allow.state, v.reveal.Visible())
	}
	press(c, fyne.KeyRight)
	if v.block.state != btnChosen || v.allow.state != btnNormal || tab.Revealed(0) {
		t.Fatalf("after →: Allowed %v, Blocked %v, revealed %v", v.allow.state, v.block.state, tab.Revealed(0))
	}
	press(c, fyne.KeyReturn)
	if !v.reveal.Visible() || !tab.Revealed(0) {
		t.Fatal("Enter did not reveal the answer")
	}
	if v.block.state != btnRight || v.allow.state != btnOff {
		t.Errorf("a right answer: Blocked %v, Allowed %v; want it marked right", v.block.state, v.allow.state)
	}
	if got := v.result.String(); !strings.HasPrefix(got, "Right") {
		t.Errorf("a right answer reads %q", got)
	}
	if got := v.deciding.Shown(); !strings.Contains(got, "line 2") || !strings.Contains(got, "Disallow: /private/") {
		t.Errorf("the deciding line reads %q", got)
	}
	if !hasMark(v.marks, 2, editor.MarkRule) || !hasMark(v.marks, 1, editor.MarkGroup) {
		t.Errorf("the example's marks after the reveal: %+v", v.marks)
	}
	if got := v.why.Shown(); got != "Only the Disallow line matches." {
		t.Errorf("the explanation reads %q", got)
	}
	if n := len(v.verdicts.Objects); n != 2 {
		t.Errorf("%d readings in the reveal, want the lesson's 2", n)
	}
	if right, _ := tab.Score(); right != 1 {
		t.Errorf("the tab's score after a right answer: %d", right)
	}
	// Question 2 is allowed: B then Space gives a wrong answer.
	press(c, fyne.KeySpace)
	if v.n != 1 || v.reveal.Visible() || !strings.Contains(v.counter.Text, "/private/public.html") {
		t.Fatalf("Space after the reveal: question %d, revealed %v", v.n+1, v.reveal.Visible())
	}
	press(c, fyne.KeyB, fyne.KeySpace)
	if v.block.state != btnWrong || !strings.HasPrefix(v.result.String(), "Not this time") {
		t.Errorf("a wrong answer: Blocked %v, result %q", v.block.state, v.result.String())
	}
	if !hasMark(v.marks, 3, editor.MarkRule) {
		t.Errorf("the Allow line decides question 2: marks %+v", v.marks)
	}
	// Page Up goes back, revealed as it was; A changes nothing there.
	press(c, fyne.KeyPageUp, fyne.KeyA)
	if v.n != 0 || v.block.state != btnRight {
		t.Errorf("back at question %d: Blocked %v", v.n+1, v.block.state)
	}
	press(c, fyne.KeyPageDown, fyne.KeyReturn)
	if !v.summary || !strings.Contains(v.ask.Shown(), "1 of 2") {
		t.Errorf("after the last question: summary %v, %q", v.summary, v.ask.Shown())
	}
	press(c, fyne.KeyReturn)
	if tab.ClassShown() || c.Overlays().Top() != nil || dlg.Open(w) != 0 {
		t.Error("Enter on the score does not leave the view")
	}
}

// Esc leaves the view, whether its keys hold the keyboard or a click left
// nothing focused (the window's handler asks ui/dlg); nothing typed in it,
// no key and no shortcut, reaches the lesson's editor or its own example.
func TestClassViewKeepsItsKeys(t *testing.T) {
	tab, w := classTab(t)
	c := w.Canvas()
	pasted := 0
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyV, Modifier: fyne.KeyModifierControl}, func(fyne.Shortcut) {
		pasted++ // the window's Edit ▸ Paste, which pastes into an editor
	})
	c.Focus(tab.le.ed)
	before := string(tab.le.ed.Bytes())
	tab.AskClass()
	v := tab.class
	example := string(v.ed.Bytes())
	keys.TypeText(c, "ab x\t")
	press(c, fyne.KeyA, fyne.KeyTab, fyne.KeyBackspace, fyne.KeyDelete, fyne.KeyReturn, fyne.KeyX)
	shortcut(c, &desktop.CustomShortcut{KeyName: fyne.KeyV, Modifier: fyne.KeyModifierControl})
	shortcut(c, &fyne.ShortcutPaste{Clipboard: test.NewClipboard()})
	shortcut(c, &fyne.ShortcutUndo{})
	if got := string(tab.le.ed.Bytes()); got != before {
		t.Errorf("keys typed in the view changed the lesson's editor: %q", got)
	}
	if got := string(v.ed.Bytes()); got != example {
		t.Errorf("keys typed in the view changed its example: %q", got)
	}
	if pasted != 0 {
		t.Error("Ctrl+V in the view reached the window's Paste")
	}
	if !tab.Revealed(0) {
		t.Error("A then Enter did not answer question 1")
	}
	press(c, fyne.KeyEscape)
	if tab.ClassShown() || c.Overlays().Top() != nil {
		t.Fatal("Esc did not leave the view")
	}
	if got := string(tab.le.ed.Bytes()); got != before {
		t.Errorf("Esc changed the lesson's editor: %q", got)
	}
	// Back in the lesson, the question answered in the view is shown there.
	if tab.quiz.explainedQ != 0 {
		t.Errorf("the lesson explains question %d, want the one revealed in the view", tab.quiz.explainedQ+1)
	}
	// With nothing focused (a click beside every control), Esc still
	// leaves the view and not the window's presenter mode.
	tab.AskClass()
	c.Unfocus()
	press(c, fyne.KeyEscape)
	if tab.ClassShown() {
		t.Error("Esc with nothing focused did not leave the view")
	}
}

// A question about several readings is answered reading by reading; the
// reveal comes after the last and is right only when every answer is.
func TestClassViewAsksEveryReading(t *testing.T) {
	a := uitest.NewApp(t)
	a.Settings().SetTheme(look.New("light"))
	list, err := lessons.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	w := test.NewTempWindow(t, nil)
	tab := New(Host{Window: w, Prefs: a.Preferences()}, list)
	tab.SetSynchronous(true)
	w.Resize(fyne.NewSize(1280, 800))
	w.SetContent(tab.Content)
	for i, l := range list {
		if l.ID == "wildcards" || strings.HasSuffix(l.Dir, "wildcards") {
			tab.Select(i)
		}
	}
	l := tab.Current()
	if !l.Questions[0].PerReading() {
		t.Fatalf("%s: question 1 is not asked per reading", l.Name())
	}
	ids := l.Asked(l.Questions[0])
	tab.AskClass()
	v := tab.class
	c := w.Canvas()
	var want []fyne.KeyName
	for _, id := range ids {
		if l.Questions[0].Answers[id] == "allowed" {
			want = append(want, fyne.KeyA)
		} else {
			want = append(want, fyne.KeyB)
		}
	}
	for k := range ids {
		if !strings.Contains(v.reading.Text, readingName(ids[k])) || v.reveal.Visible() {
			t.Fatalf("reading %d: %q, revealed %v", k+1, v.reading.Text, v.reveal.Visible())
		}
		press(c, want[k], fyne.KeyReturn)
	}
	if !v.reveal.Visible() || !strings.HasPrefix(v.result.String(), "Right under every reading") {
		t.Errorf("after every reading: revealed %v, %q", v.reveal.Visible(), v.result.String())
	}
	for _, id := range ids {
		if !strings.Contains(v.deciding.Shown(), readingName(id)+":") {
			t.Errorf("the deciding lines do not name %s: %q", readingName(id), v.deciding.Shown())
		}
	}
}

// At 1024×768 and 1280×800 in presenter mode (the whole screen, in units
// at presenter mode's zoom) in every language, with every question of a
// long lesson revealed: the question and the reveal's prose are at 22 px
// or more, the explanation's full lines hold 45 to 75 characters on
// average (34–44 at 1024×768 when the example took 42% of the width and the
// reveal was at 25 px), no word of it is broken inside, and no text is cut
// or runs past the window (on the lesson's two longest questions).
func TestClassViewFillsAProjector(t *testing.T) {
	for _, code := range []string{"en", "ru", "pl"} {
		t.Run(code, func(t *testing.T) {
			i18ntest.Speak(t, code)
			a := uitest.NewApp(t)
			a.Settings().SetTheme(look.New("light"))
			list, err := lessons.Builtin()
			if err != nil {
				t.Fatal(err)
			}
			for _, screen := range []fyne.Size{{Width: 1024, Height: 768}, {Width: 1280, Height: 800}} {
				w := test.NewTempWindow(t, nil)
				tab := New(Host{Window: w, Prefs: a.Preferences()}, list)
				tab.SetSynchronous(true)
				tab.Select(2) // Lycos 1996: the longest explanations
				tab.SetLarge(true)
				w.Resize(fyne.NewSize(screen.Width/presenterScale, screen.Height/presenterScale))
				w.SetContent(tab.Content)
				tab.Reset()
				tab.AskClass()
				v := tab.class
				// the view, not the lesson it covers
				onlyView := textfit.Options{Skip: func(o fyne.CanvasObject) bool { return o == tab.Content }}
				// question 1: the longest explanation, asked under two
				// readings; question 2: the longest question, with the
				// longest crawler name (Lycos_Spider_(Rex)/1.0 libwww/3.1)
				for _, q := range []int{0, 1} {
					v.show(q)
					if cut := textfit.Cut(w, onlyView); len(cut) > 0 {
						t.Errorf("%v, question %d, asked: %s", screen, q+1, strings.Join(cut, "; "))
					}
					for !v.reveal.Visible() {
						press(w.Canvas(), fyne.KeyA, fyne.KeyReturn)
					}
					if cut := textfit.Cut(w, onlyView); len(cut) > 0 {
						t.Errorf("%v, question %d, revealed: %s", screen, q+1, strings.Join(cut, "; "))
					}
					for name, rt := range map[string]fyne.Widget{"question": v.ask, "explanation": v.why, "deciding line": v.deciding} {
						if px := textSize(rt) * presenterScale; px < 22 {
							t.Errorf("%v, question %d: the %s is %.1f px, want 22 or more", screen, q+1, name, px)
						}
					}
					// every word of the explanation is on one line
					shown := strings.Fields(v.why.Shown())
					drawn := strings.Fields(strings.Join(uitest.Rows(v.why), " "))
					if strings.Join(shown, " ") != strings.Join(drawn, " ") {
						t.Errorf("%v, question %d: words broken inside: %q drawn as %q", screen, q+1, shown, drawn)
					}
					// a reading measure: its full lines (all but the last)
					// hold 45 to 75 characters on average, none under 38
					if full := uitest.Rows(v.why); len(full) > 1 {
						full = full[:len(full)-1]
						chars, least := 0, 1000
						for _, r := range full {
							n := len([]rune(strings.TrimSpace(r)))
							chars += n
							least = min(least, n)
						}
						if avg := chars / len(full); avg < 45 || avg > 75 || least < 38 {
							t.Errorf("%v, question %d: the explanation's lines hold %d characters on average, %d the shortest; want 45 to 75: %q", screen, q+1, avg, least, full)
						} else {
							t.Logf("%v, question %d: the explanation's lines hold %d characters on average, %d the shortest", screen, q+1, avg, least)
						}
					}
					for _, o := range v.verdicts.Objects {
						if px := textSize(o.(fyne.Widget)) * presenterScale; px < 22 {
							t.Errorf("%v, question %d: a reading's verdict is %.1f px", screen, q+1, px)
						}
					}
				}
				press(w.Canvas(), fyne.KeyEscape)
			}
		})
	}
}

// textSize is the size of the first plain text w draws.
func textSize(w fyne.Widget) float32 {
	for _, o := range test.WidgetRenderer(w).Objects() {
		if tx, ok := o.(*canvas.Text); ok && !tx.TextStyle.Monospace && strings.TrimSpace(strings.ReplaceAll(tx.Text, "\u200b", "")) != "" {
			return tx.TextSize
		}
	}
	return 0
}
