package lessontab

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"github.com/robots-studio/robots-studio/tester/lessons"
	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
	"github.com/robots-studio/robots-studio/ui/look"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// presenterScale is presenter mode's zoom (ui's presenterZoom, 140 %):
// the tab's sizes here are in units, the projector shows them × 1.4.
const presenterScale = 1.4

// TestLargeTypeForTheBackRow: in presenter mode at 1024×768 and 1280×800,
// in en, ru and pl (Russian held 41 characters a line at 25 px)
// (the room the tab gets under the menu, tabs and status bar, in units at
// presenter mode's zoom) the lesson text is drawn at 22 px or more with
// 45 to 75 characters on a full line, and the example shows 12 of its
// lines or more, counted by the numbers drawn in its gutter (issue 34:
// 14 px text in a 170 px column, 4 lines of example; then 15 rows of the
// editor in view, 5 numbered lines: its comments wrapped three times).
func TestLargeTypeForTheBackRow(t *testing.T) {
	for _, code := range []string{"en", "ru", "pl"} {
		t.Run(code, func(t *testing.T) { largeTypeIn(t, code) })
	}
}

func largeTypeIn(t *testing.T, code string) {
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
		tab.Select(4) // common mistakes: long paragraphs, bold words, code
		tab.SetLarge(true)
		// menu bar, tabs and status bar take about 160 px of the height
		w.Resize(fyne.NewSize(screen.Width/presenterScale, (screen.Height-160)/presenterScale))
		w.SetContent(tab.Content)
		if tab.listBox.Visible() && tab.root.Objects[0] == tab.all {
			t.Errorf("%v: the list of lessons takes room from the lesson", screen)
		}
		// every lesson's questions fit their column (a reading's name
		// beside its buttons took 329 units of 256 in Russian, and the
		// text beside them gave way)
		have := w.Canvas().Size().Width * (1 - float32(tab.top.Offset))
		if need := tab.qTab.Content.MinSize().Width; need > have {
			t.Errorf("%v: the questions need %.0f units, more than their %.0f: the text gets narrower", screen, need, have)
		}
		for _, l := range list {
			for i, q := range l.Questions {
				if !q.PerReading() {
					continue
				}
				r := newQuestionRow(l, i, nil, tab.quiz.textSize(), func(string, string) {}, func() {})
				if need := r.box.MinSize().Width + theme.ScrollBarSize(); need > have {
					t.Errorf("%v, %s: question %d needs %.0f units, more than the questions' %.0f: the text gets narrower", screen, l.ID, i+1, need, have)
				}
			}
		}
		var size float32
		for _, o := range test.WidgetRenderer(tab.body).Objects() {
			if tx, ok := o.(*canvas.Text); ok && !tx.TextStyle.Bold && !tx.TextStyle.Monospace && tx.Text != "" {
				size = tx.TextSize
				break
			}
		}
		if px := size * presenterScale; px < 22 {
			t.Errorf("%v: the lesson text is %.1f px, want 22 or more", screen, px)
		}
		// the full lines of the lesson's first paragraph (its last line
		// is as short as it ends)
		var para string
		for _, b := range strings.Split(bodyMarkdown(tab.Current()), "\n\n") {
			if !strings.HasPrefix(b, "#") {
				para = strings.Join(strings.Fields(b), " ")
				break
			}
		}
		rs := rows(tab.body)
		var chars, n int
		in := false
		for _, r := range rs {
			if strings.HasPrefix(para, r) {
				in = true
			}
			if !in {
				continue
			}
			if strings.HasSuffix(para, r) {
				break
			}
			chars += len([]rune(r))
			n++
		}
		if n == 0 {
			t.Fatalf("%v: no full line of text: %q", screen, rs)
		}
		if avg := chars / n; avg < 45 || avg > 75 {
			t.Errorf("%v: %d characters a line, want 45 to 75: %q", screen, avg, rs[:min(len(rs), 12)])
		} else {
			t.Logf("%v: %.1f px, %d characters a line", screen, size*presenterScale, avg)
		}
		// the longest example (02: 17 lines, its Russian comments 77
		// characters long)
		tab.Select(1)
		if lines := numbered(tab.le.ed); lines < 12 {
			t.Errorf("%v: the example shows %d of its lines, want 12 or more", screen, lines)
		} else {
			t.Logf("%v: the example shows %d lines", screen, lines)
		}
	}
}

// numbered is how many lines of the editor are in view: the line numbers
// its gutter draws whole (a wrapped line has one, on its first row).
func numbered(ed fyne.Widget) int {
	n := 0
	for _, o := range test.WidgetRenderer(ed).Objects() {
		tx, ok := o.(*canvas.Text)
		if !ok || !tx.Visible() || tx.Text == "" || tx.Alignment != fyne.TextAlignTrailing || strings.Trim(tx.Text, "0123456789") != "" {
			continue
		}
		if tx.Position().Y+tx.MinSize().Height <= ed.Size().Height+0.5 {
			n++
		}
	}
	return n
}
