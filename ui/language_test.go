package ui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"github.com/robots-studio/robots-studio/ui/uitest"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/testset"
)

// entryWithPlaceholder is the first entry under o (as laid out) whose
// placeholder is text.
func entryWithPlaceholder(o fyne.CanvasObject, text string) *keys.Entry {
	for _, c := range test.LaidOutObjects(o) {
		if e, ok := c.(*keys.Entry); ok && e.PlaceHolder == text {
			return e
		}
	}
	return nil
}

// TestLanguageSwitchKeepsEveryTab: what the user typed in the editor, the
// tester, the meta tag builder and the mirror wizard is still there after
// English → Russian → Polish, and the window speaks the new language. (Each
// tab's own test covers all of its state; this one proves the window hands
// it over.)
func TestLanguageSwitchKeepsEveryTab(t *testing.T) {
	english(t)
	s := newTestStudio(t)
	s.openSample()
	text := string(s.ed.Bytes())
	s.ed.SetSelection(0, 10)
	s.ed.TypedRune('#')
	s.ed.SetSelection(2, 6)
	edited := string(s.ed.Bytes())
	set := testset.New()
	set.Crawlers, set.Paths = []string{"Googlebot", "YandexBot"}, []string{"/a", "/b"}
	s.pane.SetTestSet(set)
	s.split.SetOffset(0.3)
	if len(s.lint.diags) < 2 {
		t.Fatalf("the sample has %d findings, the test selects the second", len(s.lint.diags))
	}
	s.lint.list.Select(1)
	s.ed.SetSelection(2, 6) // the jump moved the cursor
	s.lint.toggle()         // Problems collapsed

	s.tabs.SelectIndex(1)
	snippet := entryWithPlaceholder(s.meta.Content, lang.X("meta.ui.number_placeholder", "not set (number, -1 = no limit)"))
	s.tabs.SelectIndex(2)
	mainName := entryWithPlaceholder(s.wizard.Object(), lang.X("mirror.ui.main_placeholder", "the main name, e.g. https://www.example.ru"))
	if snippet == nil || mainName == nil {
		t.Fatal("no max-snippet field in the meta tab or no main name in the wizard")
	}
	snippet.SetText("50")
	mainName.SetText("https://www.example.ru")

	for _, l := range []struct{ code, meta, mirrors string }{
		{"ru", "Метатеги", "Зеркала / Host"},
		{"pl", "Metatagi", "Lustra / Host"},
	} {
		s.switchLanguage(l.code)
		if s.tabs.Items[1].Text != l.meta || s.tabs.Items[2].Text != l.mirrors {
			t.Errorf("%s: tabs %q, %q", l.code, s.tabs.Items[1].Text, s.tabs.Items[2].Text)
		}
		if got := string(s.ed.Bytes()); got != edited || got == text {
			t.Fatalf("%s: editor text changed", l.code)
		}
		if a, b := s.ed.Selection(); a != 2 || b != 6 || !s.ed.CanUndo() {
			t.Errorf("%s: selection %d–%d, undo %v", l.code, a, b, s.ed.CanUndo())
		}
		if got := s.pane.TestSet(); !slices.Equal(got.Crawlers, set.Crawlers) || !slices.Equal(got.Paths, set.Paths) {
			t.Errorf("%s: tester rows %v %v", l.code, got.Crawlers, got.Paths)
		}
		if s.split.Offset != 0.3 || s.lint.open || s.lint.selected != 1 || s.lint.where.Text == "" {
			t.Errorf("%s: divider at %v, Problems open %v, finding %d selected (%q)", l.code, s.split.Offset, s.lint.open, s.lint.selected, s.lint.where.Text)
		}
		if s.tabs.SelectedIndex() != 2 {
			t.Errorf("%s: tab %d shown", l.code, s.tabs.SelectedIndex())
		}
		// Found by their placeholders in the new language.
		mainName = entryWithPlaceholder(s.wizard.Object(), lang.X("mirror.ui.main_placeholder", "?"))
		s.tabs.SelectIndex(1)
		snippet = entryWithPlaceholder(s.meta.Content, lang.X("meta.ui.number_placeholder", "?"))
		s.tabs.SelectIndex(2)
		if mainName == nil || mainName.Text != "https://www.example.ru" {
			t.Errorf("%s: the wizard's main name is lost", l.code)
		}
		if snippet == nil || snippet.Text != "50" {
			t.Errorf("%s: the typed max-snippet is lost", l.code)
		}
	}
	s.ed.Undo()
	if got := string(s.ed.Bytes()); got != text {
		t.Error("undo after the switches does not take back the edit")
	}
}

// TestCompareColumnsRemembered: the compare view's engine order and hidden
// columns come back in a window built again with the same preferences (the
// next run of the app).
func TestCompareColumnsRemembered(t *testing.T) {
	english(t)
	a := uitest.NewApp(t)
	first := testStudio(a, t.TempDir())
	first.pane.SetCompare(true)
	first.pane.OrderByDate(true)
	first.pane.ShowEngine("temoto", false)
	first.pane.ShowEngine("bing", false)
	order, hidden := first.pane.CompareColumns()
	if order[0] != "original1994" || len(hidden) != 2+3 { // and the three libraries, hidden until chosen
		t.Fatalf("set-up: order %v, hidden %v", order, hidden)
	}
	next := testStudio(a, t.TempDir())
	if o, h := next.pane.CompareColumns(); !slices.Equal(o, order) || !slices.Equal(h, hidden) {
		t.Errorf("next run: order %v hidden %v, want %v %v", o, h, order, hidden)
	}
	next.pane.OrderByDate(false)
	if o, _ := compareColumns(a.Preferences()); o[0] == "original1994" {
		t.Error("going back to the default order is not remembered")
	}
}

// TestLanguageSwitchKeepsTheFileSaved: a saved file stays saved.
func TestLanguageSwitchKeepsTheFileSaved(t *testing.T) {
	english(t)
	s := newTestStudio(t)
	dir := t.TempDir()
	for _, name := range []string{"robots.txt", "robots.txt.tests.json"} {
		data, err := os.ReadFile(filepath.Join("..", "assets", "sample", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s.openPath(filepath.Join(dir, "robots.txt"))
	if s.doc.Modified() {
		t.Fatal("set-up: modified after saving")
	}
	s.switchLanguage("pl")
	if s.doc.Modified() || strings.HasSuffix(s.win.Title(), "•") || s.bar.state.Text != "Zapisany" {
		t.Errorf("the language switch shows the file modified: title %q, status %q", s.win.Title(), s.bar.state.Text)
	}
}
