package editor

import (
	"math/rand"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/editor/keys/keystest"
)

// staticClipboard is a clipboard holding one text.
type staticClipboard string

func (c staticClipboard) Content() string   { return string(c) }
func (c staticClipboard) SetContent(string) {}

// TestKeysFromAnotherGoroutine plays Fyne's web driver: keys reach the
// editor's methods on a goroutine of their own (one per browser event),
// while the UI goroutine draws frames and handles the mouse. Before the
// editor sent its key work through keys.Run, the renderer read the buffer
// while an edit replaced it: a data race under -race, and in the browser
// "index out of range [519] with length 519" in runeAt. Now every edit
// happens on the UI goroutine, in the order typed, and the text is exact.
func TestKeysFromAnotherGoroutine(t *testing.T) {
	e := newTestEditor(t, "User-agent: *\nDisallow: /private/\n\n# "+strings.Repeat("long line ", 30)+"|")
	w := fyne.CurrentApp().Driver().AllWindows()[0]
	ui := keystest.Start(t, func() {
		e.Refresh()
		w.Canvas().Capture()
	})
	want := string(e.Bytes())
	rnd := rand.New(rand.NewSource(23))
	const n = 1500
	done := make(chan struct{})
	go func() { // the web driver's key goroutines, one event after another
		defer close(done)
		for i := range n {
			switch k := rnd.Intn(20); {
			case k < 12:
				r := rune('a' + rnd.Intn(26))
				e.TypedRune(r)
				want += string(r)
			case k < 14:
				e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
				want += "\n"
			case k < 17:
				e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
				if want != "" {
					want = want[:len(want)-1]
				}
			case k < 18:
				e.TypedShortcut(&fyne.ShortcutPaste{Clipboard: staticClipboard("Allow: /x\n")})
				want += "Allow: /x\n"
			case k < 19: // Shift+Left selects one character, Right (no Shift) drops the selection at its end
				e.KeyDown(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
				e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
				e.KeyUp(&fyne.KeyEvent{Name: desktop.KeyShiftLeft})
				e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
			default: // the mouse: the web driver queues it on the UI goroutine
				ui.Do(func() { e.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.Delta{DY: float32(i%3 - 1)}}) })
			}
		}
	}()
	<-done
	ui.Wait()
	var got string
	ui.Do(func() { got = string(e.Bytes()) })
	ui.Wait()
	if got != want {
		t.Fatalf("after %d keys the text differs:\n got %q\nwant %q", n, tail(got), tail(want))
	}
	if ui.Stop(); ui.Frames == 0 {
		t.Fatal("no frame was drawn while typing")
	}
}

func tail(s string) string { return s[max(0, len(s)-80):] }

// TestKeysRunAtOnceOnTheDesktop: without a queue (desktop and test
// drivers), a key's effect is there when the method returns, as callers
// and the rest of the tests expect.
func TestKeysRunAtOnceOnTheDesktop(t *testing.T) {
	e := newTestEditor(t, "a|")
	e.TypedRune('b')
	test.Type(e, "cd")
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
	if got := state(e); got != "abc|" {
		t.Fatalf("state %q, want abc|", got)
	}
}

// TestQueuedKeysNotifyOnce: keys that queued up while the UI goroutine was
// busy (a frame, the tester) are applied in order, and the window hears of
// the change once, after the last of them, with the text they all made.
func TestQueuedKeysNotifyOnce(t *testing.T) {
	e := newTestEditor(t, "User-agent: *\n|")
	calls, seen := 0, ""
	e.OnChanged = func() { calls++; seen = string(e.Bytes()) }
	ui := keystest.Start(t, nil)
	release := make(chan struct{})
	ui.Do(func() { <-release }) // a long frame
	for _, r := range "Disallow: /private/" {
		e.TypedRune(r)
	}
	close(release)
	ui.Wait()
	var got string
	ui.Do(func() { got = string(e.Bytes()) })
	ui.Wait()
	if want := "User-agent: *\nDisallow: /private/"; got != want || seen != want {
		t.Fatalf("text %q, the window saw %q, want %q", got, seen, want)
	}
	if calls != 1 {
		t.Fatalf("the window was told %d times of 19 queued keys, want once", calls)
	}
	// Without a queue (the desktop), each key is told at once.
	ui.Stop()
	restore := keys.UseQueue(nil)
	defer restore()
	calls = 0
	test.Type(e, "ab")
	if calls != 2 {
		t.Fatalf("desktop: %d notifications for 2 keys", calls)
	}
}

// TestBrowserKeysMoveInTheEditor: the keys the page hands on for Fyne's
// web driver (keys.Press, keys.TypeText) move and type in the editor as on
// the desktop: Ctrl+End, Home, End, Ctrl+Home, and letters outside ASCII.
// In the browser they did nothing, and text typed after Ctrl+End landed
// mid-file.
func TestBrowserKeysMoveInTheEditor(t *testing.T) {
	e := newTestEditor(t, "aaa\nb|bb\nccc")
	var w fyne.Window
	for _, win := range fyne.CurrentApp().Driver().AllWindows() {
		if win.Canvas().Focused() == e {
			w = win
		}
	}
	steps := []struct {
		press fyne.KeyName
		mod   fyne.KeyModifier
		typed string
		want  string
	}{
		{fyne.KeyEnd, fyne.KeyModifierControl, "Ё", "aaa\nbbb\ncccЁ|"},
		{fyne.KeyHome, 0, "ż", "aaa\nbbb\nż|cccЁ"},
		{fyne.KeyEnd, 0, "п", "aaa\nbbb\nżcccЁп|"},
		{fyne.KeyHome, fyne.KeyModifierControl, "ł", "ł|aaa\nbbb\nżcccЁп"},
		{fyne.KeyPageDown, 0, "", "łaaa\nbbb\nż|cccЁп"},
		{fyne.KeyPageUp, 0, "", "ł|aaa\nbbb\nżcccЁп"},
	}
	for _, s := range steps {
		keys.Press(w, s.press, s.mod)
		keys.TypeText(w.Canvas(), s.typed)
		if got := state(e); got != s.want {
			t.Fatalf("%v+%s then %q: %q, want %q", s.mod, s.press, s.typed, got, s.want)
		}
	}
}
