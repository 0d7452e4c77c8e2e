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

// animatingDriver records what fyne.Do and animations hand it.
type animatingDriver struct {
	queueingDriver
	anims []*fyne.Animation
}

func (d *animatingDriver) StartAnimation(a *fyne.Animation) { d.anims = append(d.anims, a) }

type animatingApp struct {
	fyne.App
	d *animatingDriver
}

func (a animatingApp) Driver() fyne.Driver { return a.d }

// In the browser what a key sets off (BeforeFrame: the editor's OnChanged)
// runs from the animation tick Fyne's loop makes right before it paints,
// all of it at once, in order: through fyne.Do it could run after the
// frame and need a second one.
func TestBeforeFrameRunsAtTheTickBeforePaintInTheBrowser(t *testing.T) {
	real := test.NewTempApp(t)
	d := &animatingDriver{queueingDriver: queueingDriver{Driver: real.Driver()}}
	fyne.SetCurrentApp(animatingApp{App: real, d: d})
	defer fyne.SetCurrentApp(real)
	var ran []int
	BeforeFrame(func() { ran = append(ran, 1) })
	BeforeFrame(func() { ran = append(ran, 2) })
	if len(ran) != 0 || len(d.queued) != 0 {
		t.Fatalf("before the tick: ran %v, %d handed to fyne.Do", ran, len(d.queued))
	}
	if len(d.anims) != 1 {
		t.Fatalf("%d animations started, want 1 for both", len(d.anims))
	}
	d.anims[0].Tick(0.5)
	d.anims[0].Tick(1)
	if len(ran) != 2 || ran[0] != 1 || ran[1] != 2 {
		t.Fatalf("after the tick ran %v, want [1 2]", ran)
	}
	BeforeFrame(func() { ran = append(ran, 3) })
	if len(d.anims) != 2 {
		t.Fatalf("work after the tick waits for a new one: %d animations, want 2", len(d.anims))
	}
	d.anims[1].Tick(0.1)
	if len(ran) != 3 {
		t.Fatalf("ran %v", ran)
	}
}
