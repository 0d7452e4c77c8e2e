package keys

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestForgetWindowKeyDropsTheWindowsHandler: SetWindowKey keeps the
// window's handler by canvas so PassOnNow can call it; a closed window's
// handler (which holds the whole window's state) is dropped by
// ForgetWindowKey, so it does not outlive the window.
func TestForgetWindowKeyDropsTheWindowsHandler(t *testing.T) {
	test.NewTempApp(t)
	b := widget.NewButton("x", nil)
	w := test.NewTempWindow(t, b)
	var got []fyne.KeyName
	SetWindowKey(w.Canvas(), func(ev *fyne.KeyEvent) { got = append(got, ev.Name) })
	PassOnNow(b, &fyne.KeyEvent{Name: fyne.KeyF10})
	if len(got) != 1 || got[0] != fyne.KeyF10 {
		t.Fatalf("the window's handler got %v; want [F10]", got)
	}
	if _, ok := windowKeys.Load(w.Canvas()); !ok {
		t.Fatal("SetWindowKey kept no handler for the canvas")
	}
	ForgetWindowKey(w.Canvas())
	if _, ok := windowKeys.Load(w.Canvas()); ok {
		t.Error("the handler is still kept after ForgetWindowKey")
	}
}
