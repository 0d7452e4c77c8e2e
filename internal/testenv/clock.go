package testenv

import (
	"sync"
	"time"
)

// ManualClock is a clock for the autosave (session.Clock) that a test
// moves by hand: Tick for the timer, EndPause for a pause in typing.
type ManualClock struct {
	mu    sync.Mutex
	ch    chan time.Time
	pause chan time.Time
}

// Ticks is part of session.Clock.
func (c *ManualClock) Ticks(time.Duration) (<-chan time.Time, func()) {
	ch, _ := c.channels()
	return ch, func() {}
}

// After is part of session.Clock: every wait ends at the next EndPause.
func (c *ManualClock) After(time.Duration) (<-chan time.Time, func()) {
	_, pause := c.channels()
	return pause, func() {}
}

func (c *ManualClock) channels() (tick, pause chan time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ch == nil {
		c.ch, c.pause = make(chan time.Time), make(chan time.Time)
	}
	return c.ch, c.pause
}

// Tick delivers one tick and returns once the autosave has taken it.
func (c *ManualClock) Tick() {
	ch, _ := c.channels()
	ch <- time.Now()
}

// EndPause ends the pause in typing the autosave waits for, and returns
// once the autosave has taken it (it waits while no edit started one).
func (c *ManualClock) EndPause() {
	_, pause := c.channels()
	pause <- time.Now()
}
