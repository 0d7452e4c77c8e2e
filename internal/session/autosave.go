package session

import (
	"sync"
	"time"
)

// Clock gives the autosave its ticks: Ticks returns a channel that
// delivers every d, and a function that stops it. The window passes
// RealClock; tests pass a clock they tick themselves.
type Clock interface {
	Ticks(d time.Duration) (<-chan time.Time, func())
}

// RealClock ticks with time.Ticker.
type RealClock struct{}

// Ticks is part of Clock.
func (RealClock) Ticks(d time.Duration) (<-chan time.Time, func()) {
	t := time.NewTicker(d)
	return t.C, t.Stop
}

// Autosaver calls a function every AutosaveEvery on its own goroutine
// until Stop; it is the goroutine's owner.
type Autosaver struct {
	stop chan struct{}
	done chan struct{}
	once sync.Once
}

// StartAutosave calls save through hand (fyne.Do in the window: the
// document is the UI goroutine's) at every tick of clock, every d.
func StartAutosave(clock Clock, d time.Duration, hand func(func()), save func()) *Autosaver {
	a := &Autosaver{stop: make(chan struct{}), done: make(chan struct{})}
	ticks, stop := clock.Ticks(d)
	go func() {
		defer close(a.done)
		defer stop()
		for {
			select {
			case <-a.stop:
				return
			case <-ticks:
				hand(save)
			}
		}
	}()
	return a
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

// ManualClock is a Clock a test ticks by hand (Tick).
type ManualClock struct {
	mu sync.Mutex
	ch chan time.Time
}

// Ticks is part of Clock.
func (c *ManualClock) Ticks(time.Duration) (<-chan time.Time, func()) { return c.channel(), func() {} }

func (c *ManualClock) channel() chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ch == nil {
		c.ch = make(chan time.Time)
	}
	return c.ch
}

// Tick delivers one tick and returns once the autosave has taken it.
func (c *ManualClock) Tick() {
	c.channel() <- time.Now()
}
