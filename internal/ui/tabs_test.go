package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// aiRow is the text of the AI tab's row that names crawler, "" when there
// is none.
func aiRow(s *studio, crawler string) string {
	for _, o := range test.LaidOutObjects(s.ai.Content) {
		if r, ok := o.(*widget.RichText); ok && strings.Contains(r.String(), crawler) {
			return r.String()
		}
	}
	return ""
}

// TestAITabIsMadeWhenFirstShown: the AI access tab's widgets (a wrapped
// line for every crawler of the catalogue) wait until the tab first comes
// into view; then it reads the open document, and what the user typed in
// it survives a language switch made while another tab is in view (the
// rebuilt tab is made again only when shown).
func TestAITabIsMadeWhenFirstShown(t *testing.T) {
	english(t)
	s := newTestStudio(t)
	s.show(s.doc.File, []byte("User-agent: GPTBot\nDisallow: /private/\n"), nil)
	if s.ai.Tab != nil || len(s.ai.body.Objects) != 0 {
		t.Fatal("the AI tab was made before it was shown")
	}
	s.showTab(s.ai)
	if s.ai.Tab == nil || len(s.ai.body.Objects) != 1 || s.ai.body.Objects[0] != s.ai.Content {
		t.Fatal("the AI tab shown is empty")
	}
	paths := entryWithPlaceholder(s.ai.Content, lang.X("aitab.paths.placeholder", "?"))
	if paths == nil {
		t.Fatal("no paths field in the AI tab")
	}
	paths.SetText("/private/")
	paths.OnSubmitted(paths.Text)
	if row := aiRow(s, "GPTBot"); !strings.Contains(row, "/private/ blocked") {
		t.Fatalf("GPTBot's row does not read the document: %q", row)
	}

	s.showEditor()
	s.switchLanguage("ru")
	if s.ai.Tab != nil {
		t.Fatal("the rebuilt AI tab was made while hidden")
	}
	s.showTab(s.ai)
	paths = entryWithPlaceholder(s.ai.Content, lang.X("aitab.paths.placeholder", "?"))
	if paths == nil || paths.Text != "/private/" {
		t.Fatalf("the paths typed before the switch are lost: %v", paths)
	}
	if row, want := aiRow(s, "GPTBot"), "/private/ "+lang.X("aitab.access.blocked", "?"); want == "/private/ blocked" || !strings.Contains(row, want) {
		t.Fatalf("after the switch GPTBot's row is %q, want %q in Russian", row, want)
	}
}
