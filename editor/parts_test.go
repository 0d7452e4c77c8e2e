package editor

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
)

// stubHost is a host for parts built without an Editor: not laid out (so
// nothing scrolls), counting repaints.
func stubHost(refreshes *int) *host {
	return &host{
		refresh: func() { *refreshes++ },
		size:    func() fyne.Size { return fyne.Size{} },
		now:     func() time.Time { return time.Unix(1e9, 0) },
	}
}

// The text parts work from their pointers and callbacks alone: an edit
// changes the buffer, places the cursor, has the find bar recount and
// tells the window once; undo puts text and cursor back.
func TestEditsWorkWithoutAnEditor(t *testing.T) {
	var refreshes, recounts, notes int
	h := stubHost(&refreshes)
	var b buffer
	b.set([]byte("User-agent: *\r\n  Disallow: /a"))
	w := wrapper{buf: &b}
	vp := viewport{buf: &b, wrap: &w, host: h}
	ed := edits{buf: &b, host: h, recount: func() { recounts++ }, notify: func() { notes++ }}
	s := selection{buf: &b, wrap: &w, vp: &vp, hist: &ed.hist, host: h}
	ed.sel = &s
	ed.hist.clear()

	s.move(len(b.doc.Src), false)
	ed.newline()
	const want = "User-agent: *\r\n  Disallow: /a\r\n  "
	if got := string(b.doc.Src); got != want {
		t.Fatalf("after a new line the text is %q, want %q (the file's CRLF and the line's indentation)", got, want)
	}
	if s.cursor != len(want) || s.hasSelection() {
		t.Errorf("cursor %d, anchor %d; want both at the end, %d", s.cursor, s.anchor, len(want))
	}
	if recounts != 1 || notes != 1 || refreshes == 0 {
		t.Errorf("recounts %d, notes %d, repaints %d; want 1, 1 and at least 1", recounts, notes, refreshes)
	}
	if !ed.modified() {
		t.Error("the text is not modified after an edit")
	}
	ed.undo()
	if got := string(b.doc.Src); got != "User-agent: *\r\n  Disallow: /a" || s.cursor != len(got) {
		t.Errorf("after undo the text is %q with the cursor at %d; want the old text, cursor at its end", got, s.cursor)
	}
	if ed.modified() || notes != 2 {
		t.Errorf("after undo modified is %v and the window heard %d changes; want false and 2", ed.modified(), notes)
	}
}

// The keyboard hands what it does not use to its callbacks: function keys
// to the window's key handler, unused Ctrl shortcuts to OnShortcut.
func TestKeyboardPassesOnWithoutAnEditor(t *testing.T) {
	var refreshes int
	h := stubHost(&refreshes)
	var b buffer
	b.set([]byte("Allow: /"))
	var passed []fyne.KeyName
	var shortcuts []fyne.KeyName
	k := keyboard{buf: &b, host: h,
		passOn:   func(ev *fyne.KeyEvent) { passed = append(passed, ev.Name) },
		shortcut: func(s *desktop.CustomShortcut) { shortcuts = append(shortcuts, s.KeyName) },
	}
	k.sel = &selection{buf: &b, host: h, hist: &history{}, vp: &viewport{buf: &b, host: h}}
	k.typedKey(&fyne.KeyEvent{Name: fyne.KeyF5})
	k.customShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyK, Modifier: fyne.KeyModifierControl})
	if len(passed) != 1 || passed[0] != fyne.KeyF5 {
		t.Errorf("keys passed on: %v, want [F5]", passed)
	}
	if len(shortcuts) != 1 || shortcuts[0] != fyne.KeyK {
		t.Errorf("shortcuts passed on: %v, want [K]", shortcuts)
	}
}
