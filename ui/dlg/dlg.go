// Package dlg shows every dialog of the window so that it owns its keys.
//
// Fyne 2.7.1's dialogs handle neither Esc nor Enter: a key goes to the
// widget that has the keyboard in the dialog (its buttons react to Space
// only), else to the window's own key handler, which knew nothing of the
// dialog. Here each dialog shown is kept on a stack per window with what
// Esc (its cancel) and Enter (its default button) do; the window's key
// handler asks HandleKey first. The buttons are keys.Buttons, which hand
// Esc on to that handler and press themselves on Enter, and the app's
// fields (keys.Entry) hand on Esc, and Enter when they do nothing with it:
// so the keys work whichever part of the dialog has the keyboard. Fyne's
// own widgets (its file dialogs' buttons, lists and folder grid, a radio
// group, selectable text) take Esc and Enter and drop them: for those the
// window's build hands the keys to Ahead before the focused widget sees
// them (ui.KeyHook).
package dlg

import (
	"sync"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
)

// Keys is what the keys do in a dialog.
type Keys struct {
	Cancel  func() // Esc: what the dialog's Cancel, Close or No does
	Default func() // Enter: the default button's action; nil: Enter does nothing
	// Foreign says the dialog's controls include Fyne's own, which drop
	// Enter: Ahead gives it Enter too, unless one of the app's buttons has
	// the keyboard (it presses itself on Enter).
	Foreign bool
}

// Dialog is what the stack needs of a dialog: Fyne's dialogs and its
// FileDialog.
type Dialog interface {
	Show()
	SetOnClosed(func())
}

type shown struct {
	d     Dialog
	keys  Keys
	popUp fyne.CanvasObject // what Show put over the window (nil: not known)
}

var (
	mu     sync.Mutex
	stacks = map[fyne.Window][]*shown{}
)

// Show shows d over win, with what Esc and Enter do in it, until it closes
// (SetOnClosed takes it off the stack).
func Show(win fyne.Window, d Dialog, k Keys) {
	sh := track(win, d, k)
	d.Show()
	top := win.Canvas().Overlays().Top()
	mu.Lock()
	sh.popUp = top
	mu.Unlock()
}

// Track puts d, about to be shown, on win's stack without showing it.
func Track(win fyne.Window, d Dialog, k Keys) { track(win, d, k) }

func track(win fyne.Window, d Dialog, k Keys) *shown {
	sh := &shown{d: d, keys: k}
	mu.Lock()
	stacks[win] = append(stacks[win], sh)
	mu.Unlock()
	d.SetOnClosed(func() { remove(win, sh) })
	return sh
}

func remove(win fyne.Window, sh *shown) {
	mu.Lock()
	defer mu.Unlock()
	st := stacks[win]
	for i := len(st) - 1; i >= 0; i-- {
		if st[i] == sh {
			st = append(st[:i:i], st[i+1:]...)
			break
		}
	}
	if len(st) == 0 {
		delete(stacks, win)
	} else {
		stacks[win] = st
	}
}

// Open reports how many dialogs are open over win.
func Open(win fyne.Window) int {
	mu.Lock()
	defer mu.Unlock()
	return len(stacks[win])
}

// Shown says what is shown over win: shown is false when nothing is, and
// title is the title of the dialog on top ("" for a pop-up that is no
// dialog of Fyne's, whose title is the last object of its content).
func Shown(win fyne.Window) (title string, shown bool) {
	top := win.Canvas().Overlays().Top()
	if top == nil {
		return "", false
	}
	if p, ok := top.(*widget.PopUp); ok {
		if c, ok := p.Content.(*fyne.Container); ok && len(c.Objects) > 0 {
			if l, ok := c.Objects[len(c.Objects)-1].(*widget.Label); ok {
				return l.Text, true
			}
		}
	}
	return "", true
}

// HandleKey gives a key to the dialog on top of win: Esc runs its cancel,
// Enter its default. It reports whether a dialog is open, in which case
// the key is the dialog's and the window does nothing more with it.
func HandleKey(win fyne.Window, ev *fyne.KeyEvent) bool {
	mu.Lock()
	if win.Canvas().Overlays().Top() == nil {
		// Nothing is shown over the window: a dialog hidden past its
		// own Hide (its pop-up hidden directly) must not keep the keys.
		delete(stacks, win)
	}
	st := stacks[win]
	var top *shown
	if len(st) > 0 {
		top = st[len(st)-1]
	}
	mu.Unlock()
	if top == nil {
		return false
	}
	switch ev.Name {
	case fyne.KeyEscape:
		if top.keys.Cancel != nil {
			top.keys.Cancel()
		}
	case fyne.KeyReturn, fyne.KeyEnter:
		if top.keys.Default != nil {
			top.keys.Default()
		}
	}
	return true
}

// Ahead gives Esc, and Enter in a Foreign dialog, to the dialog on top of
// win before the widget that has the keyboard sees the key (Enter on one
// of Fyne's buttons presses that button); it reports
// whether it did, and then the key is spent. It leaves the key alone while
// something is shown over the dialog (a menu, or a dialog Fyne opened over
// its own, as a file dialog's New Folder).
func Ahead(win fyne.Window, name fyne.KeyName) bool {
	enter := name == fyne.KeyReturn || name == fyne.KeyEnter
	if name != fyne.KeyEscape && !enter {
		return false
	}
	c := win.Canvas()
	mu.Lock()
	st := stacks[win]
	var top *shown
	if len(st) > 0 {
		top = st[len(st)-1]
	}
	mu.Unlock()
	if top == nil || c.Overlays().Top() == nil || top.popUp != nil && c.Overlays().Top() != top.popUp {
		return false
	}
	if enter {
		if !top.keys.Foreign {
			return false
		}
		switch b := c.Focused().(type) {
		case *keys.Button:
			return false // it presses itself
		case *widget.Button:
			// One of Fyne's own (a file dialog's Cancel, New Folder, a
			// folder of the path): Enter presses the button that has
			// the keyboard, as Space does, not the dialog's default.
			if !b.Disabled() && b.OnTapped != nil {
				b.OnTapped()
			}
			return true
		}
	}
	return HandleKey(win, &fyne.KeyEvent{Name: name})
}

// Button is a dialog's button (keys.Button: Space and Enter press it, Esc
// goes on to the dialog).
func Button(label string, icon fyne.Resource, important bool, tapped func()) *keys.Button {
	b := keys.NewButton(label, tapped)
	b.Icon = icon
	if important {
		b.Importance = widget.HighImportance
	}
	return b
}

// message is a dialog's text, centred and wrapped as Fyne's own.
func message(text string) *widget.Label {
	return &widget.Label{Text: text, Alignment: fyne.TextAlignCenter, Wrapping: fyne.TextWrapWord}
}

// fitText sizes a text dialog as Fyne does: as wide as its text on one
// line, at most 600 px and 90% of the window.
func fitText(d *dialog.CustomDialog, text string, win fyne.Window) {
	w := widget.NewLabel(text).MinSize().Width + 32 + theme.Padding()*2
	if cw := win.Canvas().Size().Width * 0.9; cw > 0 {
		w = fyne.Min(w, cw)
	}
	w = fyne.Min(w, 600)
	// A wrapped label's height follows its width: size it at the width,
	// then take the height the text needs there.
	d.Resize(fyne.NewSize(w, d.MinSize().Height))
	d.Resize(fyne.NewSize(w, d.MinSize().Height))
}

// Confirm asks a yes-or-no question (dialog.ShowConfirm): Enter answers
// Yes, Esc No; callback hears the answer once.
func Confirm(title, text string, callback func(bool), win fyne.Window) {
	CustomConfirm(title, lang.L("Yes"), lang.L("No"), message(text), callback, win)
}

// CustomConfirm is dialog.ShowCustomConfirm with the keys: Enter confirms,
// Esc dismisses.
func CustomConfirm(title, confirm, dismiss string, content fyne.CanvasObject, callback func(bool), win fyne.Window) *dialog.CustomDialog {
	d := dialog.NewCustomWithoutButtons(title, content, win)
	answer := func(ok bool) func() {
		return func() {
			d.Hide()
			if callback != nil {
				callback(ok)
			}
		}
	}
	if _, ok := content.(*widget.Label); ok {
		d.SetIcon(theme.QuestionIcon())
	}
	d.SetButtons([]fyne.CanvasObject{
		Button(dismiss, theme.CancelIcon(), false, answer(false)),
		Button(confirm, theme.ConfirmIcon(), true, answer(true)),
	})
	Show(win, d, Keys{Cancel: answer(false), Default: answer(true)})
	if l, ok := content.(*widget.Label); ok {
		fitText(d, l.Text, win)
	}
	return d
}

// Info tells something (dialog.ShowInformation): Esc and Enter close it.
func Info(title, text string, win fyne.Window) {
	info(title, text, theme.InfoIcon(), win)
}

// Error shows an error (dialog.ShowError), its first letter upper case.
func Error(err error, win fyne.Window) {
	text := err.Error()
	if r, n := utf8.DecodeRuneInString(text); r != utf8.RuneError {
		text = string(unicode.ToUpper(r)) + text[n:]
	}
	info(lang.L("Error"), text, theme.ErrorIcon(), win)
}

func info(title, text string, icon fyne.Resource, win fyne.Window) {
	d := dialog.NewCustomWithoutButtons(title, message(text), win)
	d.SetIcon(icon)
	d.SetButtons([]fyne.CanvasObject{Button(lang.L("OK"), nil, false, d.Hide)})
	Show(win, d, Keys{Cancel: d.Hide, Default: d.Hide})
	fitText(d, text, win)
}

// Custom shows content with one button that closes it (dialog.ShowCustom):
// Esc and Enter close it too.
func Custom(title, dismiss string, content fyne.CanvasObject, win fyne.Window) *dialog.CustomDialog {
	d := NewCustom(title, dismiss, content, win)
	Show(win, d, Keys{Cancel: d.Hide, Default: d.Hide})
	return d
}

// NewCustom is dialog.NewCustom with a keys.Button, not shown: show it with
// Show(win, d, Keys{Cancel: d.Hide, Default: d.Hide}).
func NewCustom(title, dismiss string, content fyne.CanvasObject, win fyne.Window) *dialog.CustomDialog {
	d := dialog.NewCustomWithoutButtons(title, content, win)
	d.SetButtons([]fyne.CanvasObject{container.NewCenter(Button(dismiss, nil, false, d.Hide))})
	return d
}

// Form shows a form (dialog.ShowForm) whose confirm button stays disabled
// while an item is invalid: Enter submits when it is enabled, Esc cancels.
func Form(title, confirm, dismiss string, items []*widget.FormItem, callback func(bool), win fyne.Window) *dialog.CustomDialog {
	form := widget.NewForm(items...)
	d := dialog.NewCustomWithoutButtons(title, form, win)
	var ok *keys.Button
	answer := func(yes bool) func() {
		return func() {
			if yes && ok.Disabled() {
				return
			}
			d.Hide()
			if callback != nil {
				callback(yes)
			}
		}
	}
	ok = Button(confirm, theme.ConfirmIcon(), true, answer(true))
	valid := func(err error) {
		if err != nil {
			ok.Disable()
		} else {
			ok.Enable()
		}
	}
	valid(form.Validate())
	form.SetOnValidationChanged(valid)
	d.SetButtons([]fyne.CanvasObject{Button(dismiss, theme.CancelIcon(), false, answer(false)), ok})
	Show(win, d, Keys{Cancel: answer(false), Default: answer(true)})
	return d
}

// File shows a file dialog: Esc cancels it (its callback hears nil, as
// from its Cancel button), Enter presses its confirm button (Open, Save)
// when that is enabled.
func File(win fyne.Window, d *dialog.FileDialog) {
	var popUp fyne.CanvasObject
	Show(win, d, Keys{Cancel: d.Dismiss, Foreign: true, Default: func() {
		if b := confirmButton(popUp); b != nil && !b.Disabled() && b.OnTapped != nil {
			b.OnTapped()
		}
	}})
	popUp = win.Canvas().Overlays().Top()
}

// confirmButton finds a file dialog's confirm button, its one button of
// high importance, in the containers of the pop-up o that holds it.
func confirmButton(o fyne.CanvasObject) *widget.Button {
	switch x := o.(type) {
	case *widget.PopUp:
		return confirmButton(x.Content)
	case *fyne.Container:
		for _, c := range x.Objects {
			if b := confirmButton(c); b != nil {
				return b
			}
		}
	case *widget.Button:
		if x.Importance == widget.HighImportance {
			return x
		}
	}
	return nil
}
