package keys_test

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
)

// TestTabsByKeyboard: Fyne's tab strip takes no focus, so tabs inside a
// tab could not be switched without the mouse. Tab reaches the strip
// before the shown tab's controls, which shows an outline round the strip;
// Right and Left choose the next and previous tab, going round, past a
// disabled one; Home and End the first and last; Esc goes to the window.
func TestTabsByKeyboard(t *testing.T) {
	test.NewTempApp(t)
	field := widget.NewEntry()
	inner := container.NewAppTabs(
		container.NewTabItem("Versions", field),
		container.NewTabItem("Sites", widget.NewLabel("sites")),
		container.NewTabItem("Off", widget.NewLabel("off")),
		container.NewTabItem("Diff", widget.NewLabel("diff")),
	)
	inner.DisableIndex(2)
	k := keys.NewTabs(inner)
	w := test.NewTempWindow(t, k)
	w.Resize(fyne.NewSize(500, 300))
	c := w.Canvas()
	escapes := 0
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if ev.Name == fyne.KeyEscape {
			escapes++
		}
	})

	c.FocusNext()
	if c.Focused() != fyne.Focusable(k) {
		t.Fatalf("Tab reached %T first, want the tab strip", c.Focused())
	}
	if !outlined(k) {
		t.Error("the strip with the keyboard has no outline")
	}
	c.FocusNext()
	if c.Focused() != fyne.Focusable(field) {
		t.Fatalf("Tab from the strip reached %T, want the shown tab's field", c.Focused())
	}
	if outlined(k) {
		t.Error("the strip keeps its outline without the keyboard")
	}
	c.Focus(k)
	for _, step := range []struct {
		rule string
		key  fyne.KeyName
		want int
	}{
		{"Right: the next tab", fyne.KeyRight, 1},
		{"Right past a disabled tab", fyne.KeyRight, 3},
		{"Right from the last: round to the first", fyne.KeyRight, 0},
		{"Left from the first: round to the last", fyne.KeyLeft, 3},
		{"Left past a disabled tab", fyne.KeyLeft, 1},
		{"Home: the first", fyne.KeyHome, 0},
		{"End: the last", fyne.KeyEnd, 3},
	} {
		k.TypedKey(&fyne.KeyEvent{Name: step.key})
		if got := inner.SelectedIndex(); got != step.want {
			t.Errorf("%s: tab %d shown, want %d", step.rule, got, step.want)
		}
	}
	k.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if escapes != 1 {
		t.Errorf("Esc on the strip reached the window %d times, want 1", escapes)
	}
}

// outlined reports whether the strip draws its outline.
func outlined(k *keys.Tabs) bool {
	for _, o := range test.WidgetRenderer(k).Objects() {
		if rect, ok := o.(*canvas.Rectangle); ok {
			_, _, _, a := rect.StrokeColor.RGBA()
			return a > 0 && rect.StrokeWidth > 0 && rect.Size().Height > 0
		}
	}
	return false
}

// TestListAndTableShowTheKeyboard: a list or a table with the keyboard is
// outlined (Fyne marks only the row, in the faint hover colour), and the
// outline goes when the keyboard leaves; Esc goes on to the window.
func TestListAndTableShowTheKeyboard(t *testing.T) {
	test.NewTempApp(t)
	l := keys.NewList(func() int { return 3 }, func() fyne.CanvasObject { return widget.NewLabel("row") }, func(widget.ListItemID, fyne.CanvasObject) {})
	tb := keys.NewTable(func() (int, int) { return 3, 2 }, func() fyne.CanvasObject { return widget.NewLabel("cell") }, func(widget.TableCellID, fyne.CanvasObject) {})
	w := test.NewTempWindow(t, container.NewGridWithColumns(2, l, tb))
	w.Resize(fyne.NewSize(500, 300))
	c := w.Canvas()
	escapes := 0
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if ev.Name == fyne.KeyEscape {
			escapes++
		}
	})
	for _, x := range []struct {
		name   string
		w      fyne.Focusable
		ringed func() bool
	}{{"list", l, l.Ringed}, {"table", tb, tb.Ringed}} {
		if x.ringed() || drawnRing(x.w.(fyne.Widget)) {
			t.Errorf("%s: outlined before it had the keyboard", x.name)
		}
		c.Focus(x.w)
		if !x.ringed() || !drawnRing(x.w.(fyne.Widget)) {
			t.Errorf("%s: not outlined with the keyboard", x.name)
		}
		x.w.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
		c.Unfocus()
		if x.ringed() || drawnRing(x.w.(fyne.Widget)) {
			t.Errorf("%s: still outlined after the keyboard left", x.name)
		}
	}
	if escapes != 2 {
		t.Errorf("Esc reached the window %d times from the list and the table, want 2", escapes)
	}
}

// drawnRing reports whether w's renderer draws a visible outline last.
func drawnRing(w fyne.Widget) bool {
	objs := test.WidgetRenderer(w).Objects()
	if len(objs) == 0 {
		return false
	}
	rect, ok := objs[len(objs)-1].(*canvas.Rectangle)
	if !ok || rect.StrokeColor == nil {
		return false
	}
	_, _, _, a := rect.StrokeColor.RGBA()
	return a > 0 && rect.StrokeWidth > 0 && rect.Size().Width > 0
}
