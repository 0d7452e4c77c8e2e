//go:build unix

package windowtest

import (
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/ui/statusdoc"
)

// TestPresenterWithTabs measures F11 (presenter mode on, then off, which
// zooms the whole window) with 1,000 results in three states of the
// window: no tab but the editor's ever opened; the AI access tab opened
// once and left for the editor again; the AI access tab in view. Each F11
// is one sample: the time from the key to the first frame after the
// switch, and the UI thread's CPU time from the handler's start to that
// frame. ROBOTS_STUDIO_F11_PRESSES sets how many presses per state
// (default 6). It reports; it has no target.
func TestPresenterWithTabs(t *testing.T) {
	presses := 6
	if n, err := strconv.Atoi(os.Getenv("ROBOTS_STUDIO_F11_PRESSES")); err == nil && n > 0 {
		presses = n
	}
	bin := windowBinary(t)
	for _, c := range []struct {
		name string
		away int // Ctrl+Page Down presses from the editor to the tab opened (0: none)
		back bool
	}{
		{"editor-only", 0, false},
		{"ai-opened-editor-shown", 3, true},
		{"ai-shown", 3, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := open(t, bin, 20, 50, true)
			for range c.away {
				w.xdo("key", "ctrl+Next")
			}
			if c.away > 0 {
				w.waitTab(t, "AI access")
			}
			if c.back {
				for range c.away {
					w.xdo("key", "ctrl+Prior")
				}
				w.waitTab(t, "linkedin.robots.txt")
			}
			var frame, cpu durations
			for i := range presses {
				f, _, c := w.presenter(i%2 == 0)
				frame, cpu = append(frame, f), append(cpu, c)
			}
			w.profile(t)
			t.Logf("%s, %d presses\n  F11 → frame:             %v  all %v\n  UI-thread CPU to frame:  %v  all %v",
				c.name, presses, frame, rounded(frame), cpu, rounded(cpu))
		})
	}
}

// waitTab waits until the status file names title as the tab shown.
func (w *window) waitTab(t *testing.T, title string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		if st, ok := statusdoc.Read(w.status); ok && st.Tab == title {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the window did not show the tab %q", title)
		}
		time.Sleep(10 * time.Millisecond) // the status file has not changed yet: poll it
	}
}

// rounded is d in milliseconds, in the order taken.
func rounded(d durations) []int64 {
	out := make([]int64, len(d))
	for i, x := range d {
		out[i] = x.Milliseconds()
	}
	return out
}
