package session

import (
	"sync"
	"time"
)

// Clock gives the autosave its time: Ticks returns a channel that
// delivers every d, After one that delivers once, d from now; each with a
// function that stops it. The window passes RealClock; tests pass a clock
// they move themselves.
type Clock interface {
	Ticks(d time.Duration) (<-chan time.Time, func())
	After(d time.Duration) (<-chan time.Time, func())
}

// RealClock ticks with time.Ticker and waits with time.Timer.
type RealClock struct{}

// Ticks is part of Clock.
func (RealClock) Ticks(d time.Duration) (<-chan time.Time, func()) {
	t := time.NewTicker(d)
	return t.C, t.Stop
}

// After is part of Clock.
func (RealClock) After(d time.Duration) (<-chan time.Time, func()) {
	t := time.NewTimer(d)
	return t.C, func() { t.Stop() }
}

// TypingPause is how long typing must stop before the copy is written
// (besides every AutosaveEvery): a crash then loses at most the keys of
// the last TypingPause, not those of the last AutosaveEvery.
const TypingPause = 300 * time.Millisecond

// Autosaver calls a function every AutosaveEvery, and once typing pauses
// for TypingPause (Edited), on its own goroutine until Stop; it is the
// goroutine's owner.
type Autosaver struct {
	stop  chan struct{}
	done  chan struct{}
	edits chan struct{}
	once  sync.Once
}

// StartAutosave calls save through hand (fyne.Do in the window: the
// document is the UI goroutine's) at every tick of clock, every d, and at
// the end of each pause in typing.
func StartAutosave(clock Clock, d time.Duration, hand func(func()), save func()) *Autosaver {
	a := &Autosaver{stop: make(chan struct{}), done: make(chan struct{}), edits: make(chan struct{}, 1)}
	ticks, stop := clock.Ticks(d)
	go func() {
		defer close(a.done)
		defer stop()
		var pause <-chan time.Time // nil: no edit since the last save
		stopPause := func() {}
		defer func() { stopPause() }()
		for {
			select {
			case <-a.stop:
				return
			case <-ticks:
				hand(save)
			case <-a.edits:
				stopPause() // each edit starts the pause again
				pause, stopPause = clock.After(TypingPause)
			case <-pause:
				pause, stopPause = nil, func() {}
				hand(save)
			}
		}
	}()
	return a
}

// Edited says the text was just edited: the copy is written once typing
// has paused for TypingPause. It never blocks (the UI goroutine calls
// it); a nil Autosaver ignores it.
func (a *Autosaver) Edited() {
	if a == nil {
		return
	}
	select {
	case a.edits <- struct{}{}:
	default: // an edit is already waiting to restart the pause
	}
}

// Stop ends the autosave and returns once its goroutine has ended; save is
// not handed on after that. Stopping twice, or a nil Autosaver, is fine.
func (a *Autosaver) Stop() {
	if a == nil {
		return
	}
	a.once.Do(func() { close(a.stop) })
	<-a.done
}
