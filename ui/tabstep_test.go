package ui

import (
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/robots-studio/robots-studio/ui/statusdoc"
)

// viewItem is the View menu's item labelled label in menu m.
func viewItem(t *testing.T, m *fyne.MainMenu, label string) *fyne.MenuItem {
	t.Helper()
	for _, menu := range m.Items {
		for _, it := range menu.Items {
			if it.Label == label {
				return it
			}
		}
	}
	t.Fatalf("no menu item %q", label)
	return nil
}

// TestNextAndPreviousTab: View ▸ Next Tab and Previous Tab step through the
// tabs and go round at either end; on the desktop they answer Ctrl+Page
// Down / Up (a main-menu shortcut, which Fyne runs before the focused
// widget's), in the browser, which keeps those keys for its own tabs, they
// promise no shortcut. The status file the real-window test reads names the
// tab shown.
func TestNextAndPreviousTab(t *testing.T) {
	s := newTestStudio(t)
	s.status = newStatusFile(filepath.Join(t.TempDir(), "status.json"))
	s.openSample()
	menu := s.menus.forPlatform(false)
	next, prev := viewItem(t, menu, "Next Tab"), viewItem(t, menu, "Previous Tab")
	for it, key := range map[*fyne.MenuItem]fyne.KeyName{next: fyne.KeyPageDown, prev: fyne.KeyPageUp} {
		sc, ok := it.Shortcut.(*desktop.CustomShortcut)
		if !ok || sc.KeyName != key || sc.Modifier != fyne.KeyModifierShortcutDefault {
			t.Errorf("%s: shortcut %v, want Ctrl+%s", it.Label, it.Shortcut, key)
		}
	}
	web := s.menus.forPlatform(true)
	for _, label := range []string{"Next Tab", "Previous Tab"} {
		if it := viewItem(t, web, label); it.Shortcut != nil || it.Action == nil {
			t.Errorf("browser %s: shortcut %v, action %v", label, it.Shortcut, it.Action != nil)
		}
	}

	n := len(s.tabs.Items)
	if n < 7 {
		t.Fatalf("%d tabs", n)
	}
	for i := 1; i <= n; i++ {
		next.Action()
		want := i % n
		if got := s.tabs.SelectedIndex(); got != want {
			t.Fatalf("after %d × Next Tab: tab %d, want %d", i, got, want)
		}
		st, ok := statusdoc.Read(s.status.path)
		if !ok {
			t.Fatal("no status file")
		}
		if st.Tab != s.tabs.Items[want].Text {
			t.Errorf("status file names tab %q, shown %q", st.Tab, s.tabs.Items[want].Text)
		}
	}
	prev.Action()
	if got := s.tabs.SelectedIndex(); got != n-1 {
		t.Errorf("Previous Tab on the first tab: tab %d, want the last (%d)", got, n-1)
	}
	prev.Action()
	if got := s.tabs.SelectedIndex(); got != n-2 {
		t.Errorf("Previous Tab: tab %d, want %d", got, n-2)
	}
}

// TestNextTabTakesTheKeyboardOutOfTheHiddenTab: after Ctrl+Page Down from
// the editor no key reaches the editor the user no longer sees, and Tab
// goes to a control of the tab in view. The editor kept the keyboard:
// Tab on the Meta tags tab inserted tabs into the hidden robots.txt.
func TestNextTabTakesTheKeyboardOutOfTheHiddenTab(t *testing.T) {
	s := newTestStudio(t)
	s.openSample()
	before := string(s.ed.Bytes())
	c := s.win.Canvas()
	c.Focus(s.ed)
	next := viewItem(t, s.menus.forPlatform(false), "Next Tab")
	for i := 1; i < len(s.tabs.Items); i++ {
		next.Action()
		if c.Focused() == fyne.Focusable(s.ed) {
			t.Fatalf("tab %q shown: the hidden editor has the keyboard", s.tabs.Selected().Text)
		}
		c.FocusNext()
		if c.Focused() == fyne.Focusable(s.ed) {
			t.Fatalf("tab %q shown: Tab went to the hidden editor", s.tabs.Selected().Text)
		}
		if f, ok := c.Focused().(fyne.CanvasObject); ok && !inTree(s.tabs.Selected().Content, f) && !inTree(s.bar.root, f) {
			t.Errorf("tab %q shown: Tab went to %T, outside the tab in view", s.tabs.Selected().Text, f)
		}
	}
	if string(s.ed.Bytes()) != before {
		t.Error("the text changed")
	}
}

func inTree(root, o fyne.CanvasObject) (in bool) {
	walkAll(root, func(c fyne.CanvasObject) { in = in || c == o })
	return in
}
