package ui

import (
	"encoding/json"
	"os"
	"slices"
	"time"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// The speed trace is opt-in: with ROBOTS_STUDIO_TRACE=FILE the window
// appends one JSON object a line to FILE (docs/speed-window.md):
//
//	{"ev":"ready","rows":N,...}                   the results first show, tallied
//	{"ev":"edit","n":K,"t":…,"ms":…,"cpu":…}      edit K reached the window (t), its handler took ms
//	{"ev":"frame","n":K,"what":"rows"|"results",…} the first frame after edit K whose table shows
//	                                              K's verdicts ("rows") and also its counts,
//	                                              filter and sort ("results")
//	{"ev":"step","n":K,"name":"presenter-on",…}  and its "frame" (what = the name); the
//	                                              steps: presenter-on, presenter-off, zoom, paste
//
// Times are Unix nanoseconds; "tick" is when Fyne's draw loop ticked the
// animations just before painting the frame, "painted" when the UI
// goroutine next ran after that paint; "cpu" is the UI thread's CPU time
// so far (Linux; 0 elsewhere). Fyne has no frame callback: an animation
// that runs forever is ticked once per pass of the draw loop, right
// before the loop paints the canvases that changed.
type tracer struct {
	w     *shared // the pane, whose state the frames wait for
	out   *json.Encoder
	n     int // events so far
	ready bool
	wants []traceWant
}

// traceWant is a frame the trace waits for: the first one at whose tick ok
// holds.
type traceWant struct {
	n    int
	what string
	ok   func() bool
}

type traceEvent struct {
	Ev      string  `json:"ev"`
	N       int     `json:"n,omitempty"`
	What    string  `json:"what,omitempty"`
	Name    string  `json:"name,omitempty"`
	T       int64   `json:"t,omitempty"`
	Ms      float64 `json:"ms,omitempty"`
	Tick    int64   `json:"tick,omitempty"`
	Painted int64   `json:"painted,omitempty"`
	CPU     int64   `json:"cpu,omitempty"`
	Rows    int     `json:"rows,omitempty"`
}

// startTrace begins the trace for the window when ROBOTS_STUDIO_TRACE names a file;
// without it there is no tracer (nil), and a nil tracer records nothing.
func startTrace(w *shared) *tracer {
	path := os.Getenv("ROBOTS_STUDIO_TRACE")
	if path == "" {
		return nil
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		fyne.LogError("speed trace", err)
		return nil
	}
	t := &tracer{w: w, out: json.NewEncoder(f)}
	t.profile()
	a := fyne.NewAnimation(time.Hour, func(float32) { t.tick() })
	a.RepeatCount = fyne.AnimationRepeatForever
	a.Start()
	return t
}

// edit records an edit of the document; call it as
// defer s.trace.edit(doc)() at the top of the edit's handler.
func (t *tracer) edit(doc *syntax.Document) func() {
	if t == nil {
		return func() {}
	}
	t.n++
	n, start, cpu := t.n, time.Now(), threadCPU()
	return func() {
		t.write(traceEvent{Ev: "edit", N: n, T: start.UnixNano(), Ms: ms(time.Since(start)), CPU: int64(cpu)})
		t.wants = append(t.wants,
			traceWant{n, "rows", func() bool { d, _, _ := t.w.pane.TraceState(); return d == doc }},
			traceWant{n, "results", func() bool { d, ok, _ := t.w.pane.TraceState(); return d == doc && ok }})
	}
}

// step records a named action (presenter mode on or off, a zoom, a paste
// of rows) and the first frame after it whose results are tallied (for a
// paste, the new rows' counts, filter and sort; the other steps do not
// change them); call it as defer s.trace.step(name)().
func (t *tracer) step(name string) func() {
	if t == nil {
		return func() {}
	}
	t.n++
	n, start, cpu := t.n, time.Now(), threadCPU()
	return func() {
		t.write(traceEvent{Ev: "step", N: n, Name: name, T: start.UnixNano(), Ms: ms(time.Since(start)), CPU: int64(cpu)})
		t.wants = append(t.wants, traceWant{n, name, func() bool { _, ok, _ := t.w.pane.TraceState(); return ok }})
	}
}

// shown records the first frame painted after now under name (the
// status bar's "Working…": working.go), with no step of its own.
func (t *tracer) shown(name string) {
	if t == nil {
		return
	}
	t.n++
	t.wants = append(t.wants, traceWant{t.n, name, func() bool { return true }})
}

// tick runs on the UI goroutine just before each paint.
func (t *tracer) tick() {
	now := time.Now().UnixNano()
	var seen []traceEvent
	if !t.ready {
		if d, ok, rows := t.w.pane.TraceState(); d != nil && ok && rows > 0 {
			t.ready = true
			seen = append(seen, traceEvent{Ev: "ready", Rows: rows, Tick: now})
		}
	}
	keep, newest := t.wants[:0], 0
	for _, w := range t.wants {
		if w.ok() {
			_, _, rows := t.w.pane.TraceState()
			seen = append(seen, traceEvent{Ev: "frame", N: w.n, What: w.what, Tick: now, Rows: rows})
			newest = max(newest, w.n)
		} else {
			keep = append(keep, w)
		}
	}
	// An edit whose document never showed (a newer one came first) waits
	// no longer once a newer edit's frame came.
	t.wants = slices.DeleteFunc(keep, func(w traceWant) bool { return w.n < newest })
	if len(seen) == 0 {
		return
	}
	// Queued now, run by the draw loop after this frame is painted.
	fyne.Do(func() {
		painted, cpu := time.Now().UnixNano(), int64(threadCPU())
		for _, e := range seen {
			e.Painted, e.CPU = painted, cpu
			t.write(e)
		}
	})
}

func (t *tracer) write(e traceEvent) {
	if err := t.out.Encode(e); err != nil {
		fyne.LogError("speed trace", err)
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
