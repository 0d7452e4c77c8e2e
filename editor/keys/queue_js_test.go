//go:build js

package keys

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// queueingDriver records what fyne.Do hands it instead of running it.
type queueingDriver struct {
	fyne.Driver
	queued []func()
}

func (d *queueingDriver) DoFromGoroutine(f func(), wait bool) {
	d.queued = append(d.queued, f)
}

type queueingApp struct {
	fyne.App
	d *queueingDriver
}

func (a queueingApp) Driver() fyne.Driver { return a.d }

// In the browser a key's work must be queued with fyne.Do (the web driver's
// UI queue), not run on the goroutine the key arrived on.
func TestRunQueuesWithFyneDoInTheBrowser(t *testing.T) {
	real := test.NewTempApp(t)
	d := &queueingDriver{Driver: real.Driver()}
	fyne.SetCurrentApp(queueingApp{App: real, d: d})
	defer fyne.SetCurrentApp(real)
	if !Queued() {
		t.Fatal("on js keys.Run does not queue")
	}
	ran := 0
	Run(func() { ran++ })
	Run(func() { ran += 10 })
	if ran != 0 {
		t.Fatal("keys.Run ran the work on the key's goroutine")
	}
	if len(d.queued) != 2 {
		t.Fatalf("%d functions reached fyne.Do, want 2", len(d.queued))
	}
	d.queued[0]()
	if ran != 1 {
		t.Fatal("the queue does not keep the keys' order")
	}
	d.queued[1]()
	if ran != 11 {
		t.Fatalf("ran = %d", ran)
	}
}

// An Entry's typing goes through the queue too.
func TestEntryKeysQueueInTheBrowser(t *testing.T) {
	real := test.NewTempApp(t)
	d := &queueingDriver{Driver: real.Driver()}
	e := NewEntry()
	fyne.SetCurrentApp(queueingApp{App: real, d: d})
	defer fyne.SetCurrentApp(real)
	e.TypedRune('x')
	if e.Text != "" || len(d.queued) != 1 {
		t.Fatalf("typed rune ran at once (text %q, %d queued)", e.Text, len(d.queued))
	}
	d.queued[0]()
	if e.Text != "x" {
		t.Fatalf("text %q after the queue ran", e.Text)
	}
}
