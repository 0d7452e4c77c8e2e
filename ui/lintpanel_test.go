package ui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/lint"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/ui/i18n"
)

// TestProblemsPanelGroupsRepeatsAndShowsOneInFull: three User-agent lines
// with a version are one entry; selecting it shows the whole message,
// wrapped, with the fix for all three and the fix of the line in view; the
// fix for all is one undo step.
func TestProblemsPanelGroupsRepeatsAndShowsOneInFull(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	s := newTestStudio(t)
	src := "User-agent: Googlebot/2.1\nDisallow: /a\n\nUser-agent: bingbot/2.0\nDisallow: /b\n\nUser-agent: Yandex/3.0\nDisallow: /c\n"
	s.openPath(writeFile(t, "robots.txt", []byte(src)))
	p := s.lint
	if len(p.diags) != 1 || len(p.diags[0].Members) != 3 {
		t.Fatalf("panel lists %d entries (%+v), want one for the three lines", len(p.diags), p.diags)
	}
	if p.detail.Wrapping == 0 {
		t.Error("the detail does not wrap")
	}
	p.list.Select(0)
	full := p.diags[0].Message.String()
	if !strings.Contains(p.detail.Text, full) || !strings.Contains(full, "the same on 3 lines (1, 4, 7)") {
		t.Errorf("detail %q does not hold the whole message %q", p.detail.Text, full)
	}
	if !p.fix.Visible() || p.fix.Text != "Fix all 3" {
		t.Errorf("fix button %q (visible %v)", p.fix.Text, p.fix.Visible())
	}
	if !p.fixOne.Visible() || p.fixOne.Text != "Line 1 only" || !p.next.Visible() {
		t.Errorf("fix-one %q (visible %v), next visible %v", p.fixOne.Text, p.fixOne.Visible(), p.next.Visible())
	}
	test.Tap(p.next)
	if p.fixOne.Text != "Line 4 only" {
		t.Errorf("after Next the line in view is not 4: %q", p.fixOne.Text)
	}
	test.Tap(p.fixOne)
	if got := string(s.ed.Bytes()); !strings.Contains(got, "User-agent: bingbot\n") || !strings.Contains(got, "Googlebot/2.1") {
		t.Fatalf("fix of line 4 only gave %q", got)
	}
	s.ed.Undo()
	s.documentChanged()
	p.list.Select(0)
	test.Tap(p.fix)
	want := "User-agent: Googlebot\nDisallow: /a\n\nUser-agent: bingbot\nDisallow: /b\n\nUser-agent: Yandex\nDisallow: /c\n"
	if got := string(s.ed.Bytes()); got != want {
		t.Fatalf("fix all gave %q", got)
	}
	s.ed.Undo()
	if got := string(s.ed.Bytes()); got != src {
		t.Errorf("fix all is not one undo step: %q", got)
	}
}

// TestLintFollowsTheTesterReading: a note about the 1994 standard (it has
// no Allow) is not shown for today's crawlers, and is once the 1994 reading
// is chosen in the tester, or the comparison of every engine is on.
func TestLintFollowsTheTesterReading(t *testing.T) {
	s := newTestStudio(t)
	s.openPath(writeFile(t, "robots.txt", []byte("User-agent: *\nDisallow: /docs/\nAllow: /docs/public/\n")))
	has := func() bool {
		for _, d := range s.checks.diags {
			if d.Code == "RS036" {
				return true
			}
		}
		return false
	}
	if has() {
		t.Fatal("a 1994-only note is shown by default")
	}
	s.pane.SetEngine("original1994")
	s.checks.readingsChanged()
	if !has() {
		t.Fatal("the 1994 note is missing with the 1994 reading chosen")
	}
	s.pane.SetEngine("google")
	s.checks.readingsChanged()
	if has() {
		t.Fatal("the 1994 note stays after going back to Google")
	}
	s.pane.SetCompare(true)
	s.checks.readingsChanged()
	if !has() {
		t.Fatal("the 1994 note is missing while every engine is compared")
	}
}

// TestLintNotesTakePluralForms: lint notes with a count read right in
// Russian and Polish (one, few, many).
func TestLintNotesTakePluralForms(t *testing.T) {
	defer msg.SetTranslator(nil)
	for _, c := range []struct {
		lang string
		n    int
		want string
	}{
		{"ru", 2, "то же в 2 строках"},
		{"ru", 21, "то же в 21 строке"},
		{"pl", 1, "1 wiersz kończy się"},
		{"pl", 3, "3 wiersze kończą się"},
		{"pl", 5, "5 wierszy kończy się"},
		{"ru", 3, "3 строки оканчиваются"},
		{"ru", 11, "11 строк оканчиваются"},
		{"en", 1, "1 line ends with"},
	} {
		t.Setenv("LANGUAGE", c.lang)
		t.Setenv("LC_ALL", map[string]string{"ru": "ru_RU.UTF-8", "pl": "pl_PL.UTF-8", "en": "en_US.UTF-8"}[c.lang])
		i18n.Use()
		var got string
		if strings.Contains(c.want, "то же") {
			got = msg.New("lint.grouped", "Count", c.n, "Lines", "1, 2", "Line", 1, "First", "x").String()
		} else {
			got = msg.New("lint.cr_only", "Count", c.n).String()
		}
		if !strings.HasPrefix(got, c.want) {
			t.Errorf("%s, %d: %q, want it to start with %q", c.lang, c.n, got, c.want)
		}
	}
}

// TestLintPanelDrawsCodeWithoutBackticks: lint quotes lines as `code`; the
// selected problem's full text draws them as code without the backticks,
// and its row (a plain label) and hover tip drop the marks, in every
// language.
func TestLintPanelDrawsCodeWithoutBackticks(t *testing.T) {
	defer i18n.UseIn("en")
	s := newTestStudio(t)
	s.openPath(writeFile(t, "robots.txt", []byte("User-agent: Twitterbot/1.0\nDisallow: /a_b*c\n")))
	for _, l := range []string{"en", "ru", "pl"} {
		i18n.UseIn(l)
		s.documentChanged()
		p := s.lint
		p.list.Select(0)
		i := slices.IndexFunc(p.diags, func(d lint.Diagnostic) bool { return strings.Contains(d.Message.String(), "`Twitterbot/1.0`") })
		if i < 0 {
			t.Fatalf("%s: no problem quotes `Twitterbot/1.0`: %v", l, p.diags)
		}
		p.list.Select(i)
		if !strings.Contains(p.detail.Text, "`Twitterbot/1.0`") {
			t.Fatalf("%s: the selected problem is not shown: %q", l, p.detail.Text)
		}
		if shown := p.detail.Shown(); strings.Contains(shown, "`") || !strings.Contains(shown, "Twitterbot/1.0") {
			t.Errorf("%s: the full text shows %q", l, shown)
		}
		code := false
		for _, sg := range p.detail.Segments {
			if ts, ok := sg.(*widget.TextSegment); ok && ts.Style.TextStyle.Monospace && strings.Contains(ts.Text, "Twitterbot/1.0") {
				code = true
			}
		}
		if !code {
			t.Errorf("%s: Twitterbot/1.0 is not drawn as code", l)
		}
		if row := diagnosticLine(p.doc, p.diags[i]); strings.Contains(row, "`") || !strings.Contains(row, "Twitterbot/1.0") {
			t.Errorf("%s: the row shows %q", l, row)
		}
		if tip := fullDiagnosticLine(p.doc, p.diags[i]); strings.Contains(tip, "`") {
			t.Errorf("%s: the hover tip shows %q", l, tip)
		}
	}
}

// TestEnterOnAProblemPutsTheCursorOnItsLine: with the keyboard in the
// Problems list, Enter (as Space) opens the highlighted finding, and the
// editor takes the keyboard with its cursor at the finding. The jump only
// scrolled: the cursor stayed on line 1, so the next arrow key took the
// user back to the top of a 4,000-line file.
func TestEnterOnAProblemPutsTheCursorOnItsLine(t *testing.T) {
	s := newTestStudio(t)
	src := "User-agent: *\nDisallow: /a\n\n\n\nUser-agent: Googlebot/2.1\nDisallow: /b\n"
	s.openPath(writeFile(t, "robots.txt", []byte(src)))
	p := s.lint
	if len(p.diags) == 0 {
		t.Fatal("no finding to jump to")
	}
	want := s.checks.lintDoc.Position(p.diags[0].Span.Start).Line
	if want == 1 {
		t.Fatal("the finding is on line 1: the test proves nothing")
	}
	c := s.win.Canvas()
	c.Focus(p.list)
	p.list.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	p.list.TypedKey(&fyne.KeyEvent{Name: fyne.KeyUp})
	p.list.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if p.selected != 0 {
		t.Fatalf("Enter did not open the finding (selected %d)", p.selected)
	}
	if c.Focused() != fyne.Focusable(s.ed) {
		t.Errorf("after Enter the keyboard is in %T, not the editor", c.Focused())
	}
	if got := s.ed.CursorLine(); got != want {
		t.Errorf("cursor on line %d, want the finding's line %d", got, want)
	}
}
