package keys_test

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/editor/keys/keystest"
)

type clip string

func (c clip) Content() string   { return string(c) }
func (c clip) SetContent(string) {}

// An Entry typed into from the web driver's key goroutine changes its text
// and calls OnChanged on the UI goroutine only, in order, while frames are
// drawn; OnKey and OnPaste see their keys there too.
func TestEntryKeysFromAnotherGoroutine(t *testing.T) {
	test.NewTempApp(t)
	e := keys.NewEntry()
	w := test.NewTempWindow(t, e)
	w.Resize(fyne.NewSize(400, 80))
	w.Canvas().Focus(e)
	ui := keystest.Start(t, func() { w.Canvas().Capture() })
	changes, escapes, pastes := 0, 0, 0
	ui.Do(func() {
		e.OnChanged = func(string) { changes++ }
		e.OnKey = func(k *fyne.KeyEvent) bool {
			if k.Name == fyne.KeyEscape {
				escapes++
				return true
			}
			return false
		}
		e.OnPaste = func(s string) bool {
			if strings.Contains(s, "\n") {
				pastes++
				return true
			}
			return false
		}
	})
	want := ""
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range 600 {
			switch i % 6 {
			case 5:
				e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
				want = want[:len(want)-1]
			case 4:
				e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
			case 3:
				e.TypedShortcut(&fyne.ShortcutPaste{Clipboard: clip("two\nlines")})
			default:
				e.TypedRune('a' + rune(i%26))
				want += string('a' + rune(i%26))
			}
		}
	}()
	<-done
	var got string
	ui.Do(func() { got = e.Text })
	ui.Wait()
	if got != want {
		t.Fatalf("text %q, want %q", got, want)
	}
	if ui.Stop(); changes != 400 || escapes != 100 || pastes != 100 {
		t.Fatalf("OnChanged %d (want 400), OnKey Escape %d (want 100), OnPaste %d (want 100)", changes, escapes, pastes)
	}
}
