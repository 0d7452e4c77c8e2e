// Package keys brings keyboard input to Fyne's UI goroutine.
//
// The desktop and test drivers call a widget's key methods (TypedRune,
// TypedKey, TypedShortcut, KeyDown, KeyUp) and focus changes on the UI
// goroutine. Fyne 2.7's web driver does not: it queues mouse events to the
// UI goroutine, but calls the focused widget's key methods on a goroutine
// of its own per browser event, while the UI goroutine may be painting the
// same widget. Everything of ours that a key reaches goes through Run,
// which on js queues the work with fyne.Do — the queue the web driver's
// mouse events take, so keys and clicks stay in the order they came — and
// elsewhere runs it at once, as before.
//
// Run never waits: the key's goroutine only queues, so nothing a key does
// can stall behind a frame, and nothing is half done when a frame is drawn.
package keys

import (
	"time"

	"fyne.io/fyne/v2"
)

// queue hands work to the UI goroutine; nil runs it on the caller.
var queue = platformQueue

// Run runs f, a key's effect on widget state, on the UI goroutine: queued
// behind the events already waiting on js, at once elsewhere.
func Run(f func()) {
	if q := queue; q != nil {
		q(f)
		return
	}
	f()
}

// BeforeFrame runs f on the UI goroutine as Run does; where keys are
// queued (the browser) it runs when Fyne next ticks its animations, right
// before it paints, so that the frame that shows a key shows all the key
// set off (the tester's results, the status bar), not half of it with a
// second frame of the whole window for the rest. Whatever is given to it
// before that tick runs then, in order. Under UseQueue (tests) it queues
// as Run does.
func BeforeFrame(f func()) {
	q := queue
	if q == nil {
		f()
		return
	}
	beforeFrame(q, f)
}

// NextTick runs f once, on the UI goroutine, when Fyne next ticks its
// animations: its loop ticks them and then paints, in one pass. What f
// queues with fyne.Do runs after that paint.
func NextTick(f func()) {
	ticked := false
	fyne.NewAnimation(time.Millisecond, func(float32) {
		if !ticked {
			ticked = true
			f()
		}
	}).Start()
}

// Queued reports whether Run queues its work instead of running it at once.
func Queued() bool { return queue != nil }

// UseQueue makes Run hand its work to q (nil: run it at once) until restore
// is called: for tests that play the web driver on the desktop, with input
// on one goroutine and a UI goroutine of their own.
func UseQueue(q func(func())) (restore func()) {
	old := queue
	queue = q
	return func() { queue = old }
}

// Key wraps a window key handler (Canvas.SetOnTypedKey, SetOnKeyDown, ...)
// so it runs through Run.
func Key(f func(*fyne.KeyEvent)) func(*fyne.KeyEvent) {
	if f == nil {
		return nil
	}
	return func(ev *fyne.KeyEvent) { Run(func() { f(ev) }) }
}

// Rune wraps a window rune handler (Canvas.SetOnTypedRune).
func Rune(f func(rune)) func(rune) {
	if f == nil {
		return nil
	}
	return func(r rune) { Run(func() { f(r) }) }
}

// Shortcut wraps a shortcut handler (Canvas.AddShortcut).
func Shortcut(f func(fyne.Shortcut)) func(fyne.Shortcut) {
	if f == nil {
		return nil
	}
	return func(s fyne.Shortcut) { Run(func() { f(s) }) }
}

// Menu makes every action of a main menu run through Run: the web driver
// calls a menu item's action from its key goroutine when the item's
// shortcut is pressed. A click on an item (already on the UI goroutine)
// only passes through the queue once more. Call it once per menu built.
func Menu(m *fyne.MainMenu) *fyne.MainMenu {
	if m == nil {
		return nil
	}
	for _, menu := range m.Items {
		wrapItems(menu)
	}
	return m
}

func wrapItems(m *fyne.Menu) {
	if m == nil {
		return
	}
	for _, it := range m.Items {
		if f := it.Action; f != nil {
			it.Action = func() { Run(f) }
		}
		wrapItems(it.ChildMenu)
	}
}

// PasteText reads the text a paste shortcut carries, on the caller's
// goroutine: in a browser the clipboard answers through a promise, and the
// key's goroutine, not the UI goroutine, is the one to wait for it.
func PasteText(p *fyne.ShortcutPaste) string {
	c := p.Clipboard
	if c == nil {
		if a := fyne.CurrentApp(); a != nil {
			c = a.Clipboard()
		}
	}
	if c == nil {
		return ""
	}
	return c.Content()
}

// Read is a paste whose text was already read (PasteText): the widget that
// handles it on the UI goroutine gets the text without asking the browser.
func Read(p *fyne.ShortcutPaste, text string) *fyne.ShortcutPaste {
	return &fyne.ShortcutPaste{Clipboard: readClipboard{text: text, to: p.Clipboard}}
}

// readClipboard answers Content with text already read; SetContent goes to
// the real clipboard.
type readClipboard struct {
	text string
	to   fyne.Clipboard
}

func (c readClipboard) Content() string { return c.text }

func (c readClipboard) SetContent(s string) {
	if c.to != nil {
		c.to.SetContent(s)
	}
}
