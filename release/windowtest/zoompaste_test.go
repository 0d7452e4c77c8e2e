//go:build unix

package windowtest

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/loggen"
)

// TestZoomAndPaste measures two of the window issue's felt-speed points
// with 10,000 results, in the real window: View ▸ Zoom In (Ctrl+=) and
// Actual Size (Ctrl+0) in turn, key → the first frame after the zoom; and
// a paste of 500 paths into the tester's path rows (Ctrl+Shift+P, Ctrl+V),
// key → the first frame whose results are tallied for the 10,020 rows.
// The 500 paths reach the X clipboard the way a user's would: copied
// (Ctrl+A, Ctrl+C) from a second window of the app. Target of each:
// 0.5 s on a quiet machine; it reports, and checks only that each step
// reached the screen with the rows it should.
func TestZoomAndPaste(t *testing.T) {
	bin := windowBinary(t)

	t.Run("zoom", func(t *testing.T) {
		w := open(t, bin, 20, 500, false)
		var frame, cpu durations
		for i := range 8 {
			key := "ctrl+equal" // Zoom In
			if i%2 == 1 {
				key = "ctrl+0" // Actual Size
			}
			f, _, c := w.stepKey(key, "zoom", 0, true)
			frame, cpu = append(frame, f), append(cpu, c)
		}
		w.profile(t)
		t.Logf("zoom in / actual size, 10,000 results, 8 presses\n  key → frame:             %v  all %v\n  UI-thread CPU to frame:  %v  all %v",
			frame, rounded(frame), cpu, rounded(cpu))
	})

	t.Run("paste-500-paths", func(t *testing.T) {
		src, err := os.ReadFile("../webtest/testdata/linkedin.robots.txt")
		if err != nil {
			t.Fatal(err)
		}
		var frame, cpu durations
		for range 3 {
			w := open(t, bin, 20, 1, false)
			// 500 paths the window does not test yet (its one path is the first).
			paths := loggen.TestSet(src, 1, 501, "").Paths[1:]
			w.copyFromSecondWindow(t, bin, strings.Join(paths, "\n")+"\n")
			w.xdo("key", "--delay", "0", "ctrl+shift+p") // Add Path Row: an empty row, focused
			f, _, c := w.stepKey("ctrl+v", "paste", 20*501, false)
			frame, cpu = append(frame, f), append(cpu, c)
			w.profile(t)
			w.shot(t, "paste-500-paths")
		}
		t.Logf("a paste of 500 paths beside 20 crawlers (10,020 results), 3 windows\n  key → frame:             %v  all %v\n  UI-thread CPU to frame:  %v  all %v",
			frame, rounded(frame), cpu, rounded(cpu))
	})
}

// stepKey presses key and returns the time from the key to the first frame
// after the step it starts (named name in the trace) whose results are
// tallied, the step's handler time, and the UI thread's CPU time from the
// handler to that frame. With rows > 0 that frame must show that many
// results; with working, "Working…" must have been painted before the step.
func (w *window) stepKey(key, name string, rows int, working bool) (frame, handler, cpu time.Duration) {
	tr := w.tr
	tr.t.Helper()
	from := len(tr.seen)
	w.xdo("key", "--delay", "0", key)
	sent := time.Now().UnixNano()
	st := tr.wait(30*time.Second, name, func(e event) bool { return e.Ev == "step" && e.Name == name && tr.index(e) >= from })
	fr := tr.wait(30*time.Second, name+" frame", func(e event) bool { return e.Ev == "frame" && e.N == st.N })
	if working {
		tr.workingFirst(from, st, key)
	}
	if rows > 0 && fr.Rows != rows {
		tr.t.Fatalf("%s: the frame shows %d results, want %d", name, fr.Rows, rows)
	}
	return time.Duration(fr.Painted - sent), time.Duration(st.Ms * 1e6), time.Duration(fr.CPU - st.CPU)
}

// copyFromSecondWindow puts text on the X clipboard as a user would: a
// second window of the app opens a file holding it, selects all and
// copies; it stays open (on X the clipboard is its owner's to give). The
// measured window has the keyboard again afterwards.
func (w *window) copyFromSecondWindow(t *testing.T, bin, text string) {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "clip.txt")
	if err := os.WriteFile(file, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	app := exec.Command(bin, file)
	app.Env = append(os.Environ(), "DISPLAY="+w.display, "HOME="+dir, "XDG_CONFIG_HOME="+filepath.Join(dir, "config"),
		"XDG_DATA_HOME="+filepath.Join(dir, "data"), "LANGUAGE=en", "LC_ALL=en_US.UTF-8")
	var out bytes.Buffer
	app.Stdout, app.Stderr = &out, &out
	if err := app.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		app.Process.Kill()
		app.Wait()
		if t.Failed() {
			t.Logf("second window's output:\n%s", out.String())
		}
	})
	var id string
	deadline := time.Now().Add(60 * time.Second)
	for id == "" {
		found, _ := exec.Command("env", "DISPLAY="+w.display, "xdotool", "search", "--onlyvisible", "--name", "clip.txt").Output()
		if f := strings.Fields(string(found)); len(f) > 0 {
			id = f[0]
		} else if time.Now().After(deadline) {
			t.Fatal("the second window did not open")
		} else {
			time.Sleep(50 * time.Millisecond) // not mapped yet: look again
		}
	}
	w.xdo("windowfocus", "--sync", id)
	w.xdo("mousemove", "--window", id, "200", "300", "click", "1")
	w.xdo("key", "ctrl+a", "ctrl+c")
	w.xdo("windowmove", id, "2000", "0") // off the screen, still the clipboard's owner
	w.xdo("windowraise", w.win)
	w.xdo("windowfocus", "--sync", w.win)
	w.xdo("mousemove", "--window", w.win, "200", "300", "click", "1") // the editor: the window has the keyboard
}

// profile has the window write its CPU profile when
// ROBOTS_STUDIO_CPUPROFILE asks for one.
func (w *window) profile(t *testing.T) {
	if os.Getenv("ROBOTS_STUDIO_CPUPROFILE") == "" {
		return
	}
	w.app.Process.Signal(syscall.SIGUSR1) // the window writes its profile
	e := w.tr.wait(30*time.Second, "profile", func(e event) bool { return e.Ev == "profile" })
	t.Logf("CPU profile: %s", e.Name)
}

// shot writes a screenshot of the display to ROBOTS_STUDIO_WINDOW_SHOTS/name.png
// when that variable names a folder (to look at what was measured).
func (w *window) shot(t *testing.T, name string) {
	dir := os.Getenv("ROBOTS_STUDIO_WINDOW_SHOTS")
	if dir == "" {
		return
	}
	out := filepath.Join(dir, name+".png")
	cmd := exec.Command("import", "-display", w.display, "-window", "root", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("screenshot: %v\n%s", err, msg)
		return
	}
	t.Logf("screenshot: %s", out)
}
