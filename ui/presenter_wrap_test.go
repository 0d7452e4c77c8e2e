package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestPresenterWrapsURLsAtSlashes: in presenter mode at 1280×800 the
// large-type title of a selected result, with a long URL, wraps only at a
// space or after '/', '?' or '&' ("https://www.linkedin.com/addCont" over
// "actsx" was hard to read from the back row), and the explanation draws
// no backticks. The same text in one span, as the label drew it, cuts a
// URL mid-word at this width.
func TestPresenterWrapsURLsAtSlashes(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	s := newTestStudio(t)
	s.openPath(writeFile(t, "robots.txt", []byte("User-agent: Googlebot\nDisallow: /addContacts*\n")))
	s.class.setPresenter(true)
	p := &s.class.present
	e, _ := engine.Get("google")
	plainCuts := 0
	for _, url := range []string{
		"https://www.linkedin.com/addContactsx",
		"https://www.linkedin.com/addContactsx/invite?from=profile&step=2",
		"https://www.linkedin.com/addContacts/very/long/path/to/a/page",
	} {
		v := e.Compile(s.ed.Document()).Query("Googlebot", url)
		s.checks.selectVerdict(v)
		if p.text.Size().Width <= 0 {
			t.Fatal("the explanation was never laid out in presenter mode")
		}
		if p.title == "" || !strings.Contains(p.title, url) {
			t.Fatalf("the title %q does not hold %s", p.title, url)
		}
		rows := uitest.Rows(p.text)
		titleRows := rowsOf(p.title, rows)
		if len(titleRows) < 2 {
			t.Errorf("%s: the title fits one line (%q); the test proves nothing for it", url, titleRows)
		}
		if bad := uitest.BadBreaks(p.title, titleRows); len(bad) > 0 {
			t.Errorf("%s: the title breaks inside a word: %q (rows %q)", url, bad, titleRows)
		}
		if shown := p.text.Shown(); strings.Contains(shown, "`") {
			t.Errorf("%s: the explanation shows backticks: %q", url, shown)
		}
		// The label's way: the title as one span at the same size and width.
		one := widget.NewRichTextWithText(p.title)
		one.Wrapping = fyne.TextWrapWord
		one.Segments[0].(*widget.TextSegment).Style.SizeName = presenterStyle.SizeName
		one.Resize(p.text.Size())
		plainCuts += len(uitest.BadBreaks(p.title, uitest.Rows(one)))
	}
	if plainCuts == 0 {
		t.Error("one span never cuts these URLs at this width: the test proves nothing")
	}
}

// rowsOf are the first rows that draw text (the rows drop the spaces they
// break at).
func rowsOf(text string, rows []string) []string {
	want := len(strings.ReplaceAll(text, " ", ""))
	got := 0
	for i, r := range rows {
		got += len(strings.ReplaceAll(r, " ", ""))
		if got >= want {
			return rows[:i+1]
		}
	}
	return rows
}
