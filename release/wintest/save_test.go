package wintest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fixInput is a robots.txt with safe fixes (check --fix rewrites it).
func fixInput(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root(t), "internal", "cli", "testdata", "check", "fix.robots.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// linuxFixed is what the Linux CLI's check --fix makes of fixInput.
func linuxFixed(t *testing.T) []byte {
	t.Helper()
	lin := linuxCLI(t)
	p := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(p, fixInput(t), 0o644); err != nil {
		t.Fatal(err)
	}
	res := run(t, linuxCommand(lin, "en_US.UTF-8", "check", "--fix", p))
	if res.code == 2 {
		t.Fatalf("Linux check --fix: %s", res)
	}
	data, _ := os.ReadFile(p)
	if bytes.Equal(data, fixInput(t)) {
		t.Fatal("the Linux check --fix changed nothing: the input has no safe fix any more")
	}
	return data
}

// catalogue returns the text of key in the translation area file of lang.
func catalogue(t *testing.T, area, lang, key string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root(t), "assets", "translations", area+"."+lang+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]string
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	if m[key] == "" {
		t.Fatalf("%s.%s.json has no %s", area, lang, key)
	}
	return m[key]
}

// hold starts holder.exe on path for ms milliseconds and returns once the
// file is open; the returned channel is closed when the holder has let go.
func hold(t *testing.T, w *wine, path string, ms int) <-chan struct{} {
	t.Helper()
	c := w.Command(filepath.Dir(path), nil, Windows(filepath.Join(w.helpers, "holder.exe")), Windows(path), strconv.Itoa(ms))
	out, err := c.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	c.Stderr = &errb
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	held := make(chan bool, 1)
	done := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(out)
		held <- sc.Scan() && sc.Text() == "held"
		c.Wait() // returns when the holder exits (and closes the pipe)
		close(done)
	}()
	t.Cleanup(func() { c.Process.Kill(); <-done })
	select {
	case ok := <-held:
		if !ok {
			t.Fatalf("holder.exe could not open %s: %s", path, errb.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("holder.exe did not open the file in 30 s")
	}
	return done
}

// leftovers lists the files in dir other than the names given.
func leftovers(t *testing.T, dir string, names ...string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		keep := false
		for _, n := range names {
			keep = keep || e.Name() == n
		}
		if !keep {
			out = append(out, e.Name())
		}
	}
	return out
}

// TestSaveOverFileHeldOpen: on Windows a file another program holds open
// (without FILE_SHARE_DELETE, as most programs open files) cannot be
// renamed over. The save retries for a moment, then fails with a clear
// translated message; the file keeps its bytes and no temporary file is
// left. Checked with `check --fix` (the CLI's save) in en, ru and pl.
func TestSaveOverFileHeldOpen(t *testing.T) {
	dist := winDist(t)
	w := Wine(t)
	cli := Windows(filepath.Join(dist, "robots-studio-cli.exe"))
	for _, lang := range []string{"en", "ru", "pl"} {
		t.Run(lang, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, "robots.txt")
			if err := os.WriteFile(file, fixInput(t), 0o644); err != nil {
				t.Fatal(err)
			}
			hold(t, w, file, 15000)
			start := time.Now()
			res := run(t, w.Command(dir, []string{"LC_ALL=" + lang + "_" + strings.ToUpper(lang) + ".UTF-8"}, cli, "check", "--fix", Windows(file)))
			took := time.Since(start)
			want := catalogue(t, "platform", lang, "platform.file.in_use")
			if res.code != 2 || !strings.Contains(string(res.stderr), want) {
				t.Fatalf("check --fix over a file held open: want exit 2 and %q\n%s", want, res)
			}
			if strings.Contains(string(res.stdout), "fixed:") {
				t.Errorf("fixes were reported though nothing was written:\n%s", res.stdout)
			}
			if took < 1500*time.Millisecond {
				t.Errorf("the save gave up after %v: it should retry for about two seconds", took)
			}
			if data, _ := os.ReadFile(file); !bytes.Equal(data, fixInput(t)) {
				t.Error("the file changed although the save failed")
			}
			if extra := leftovers(t, dir, "robots.txt"); len(extra) > 0 {
				t.Errorf("the failed save left %v", extra)
			}
		})
	}
}

// TestSaveWaitsForBriefHold: a program that holds the file for a moment
// (a virus scanner, an indexer) only delays the save.
func TestSaveWaitsForBriefHold(t *testing.T) {
	dist := winDist(t)
	w := Wine(t)
	want := linuxFixed(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(file, fixInput(t), 0o644); err != nil {
		t.Fatal(err)
	}
	released := hold(t, w, file, 1200)
	res := run(t, w.Command(dir, nil, Windows(filepath.Join(dist, "robots-studio-cli.exe")), "check", "--fix", Windows(file)))
	if res.code == 2 {
		t.Fatalf("check --fix did not wait for a brief hold: %s", res)
	}
	select {
	case <-released:
	default:
		t.Fatal("check --fix finished while the file was still held open: the rename was not refused, so this test proves nothing")
	}
	if data, _ := os.ReadFile(file); !bytes.Equal(data, want) {
		t.Errorf("saved bytes differ from the Linux CLI's fix:\n got %q\nwant %q", data, want)
	}
	if extra := leftovers(t, dir, "robots.txt"); len(extra) > 0 {
		t.Errorf("the save left %v", extra)
	}
}

// TestSaveKeepsHardLinks: NTFS has hard links too; saving one name must
// change the text every name shows (the file is rewritten in place).
func TestSaveKeepsHardLinks(t *testing.T) {
	dist := winDist(t)
	w := Wine(t)
	want := linuxFixed(t)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "robots.txt"), filepath.Join(dir, "link.txt")
	if err := os.WriteFile(a, fixInput(t), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(a, b); err != nil {
		t.Fatal(err)
	}
	res := run(t, w.Command(dir, nil, Windows(filepath.Join(dist, "robots-studio-cli.exe")), "check", "--fix", Windows(a)))
	if res.code == 2 {
		t.Fatalf("check --fix: %s", res)
	}
	for _, p := range []string{a, b} {
		if data, _ := os.ReadFile(p); !bytes.Equal(data, want) {
			t.Errorf("%s does not hold the fixed text", filepath.Base(p))
		}
	}
	sa, _ := os.Stat(a)
	sb, _ := os.Stat(b)
	if !os.SameFile(sa, sb) {
		t.Error("the save split the hard link: the two names are different files now")
	}
	if extra := leftovers(t, dir, "robots.txt", "link.txt"); len(extra) > 0 {
		t.Errorf("the save left %v", extra)
	}
}

// TestSaveRefusesReadOnly: a read-only file (no write permission: Windows'
// read-only attribute under Wine) is not written, with the usual message.
func TestSaveRefusesReadOnly(t *testing.T) {
	dist := winDist(t)
	w := Wine(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(file, fixInput(t), 0o444); err != nil {
		t.Fatal(err)
	}
	res := run(t, w.Command(dir, nil, Windows(filepath.Join(dist, "robots-studio-cli.exe")), "check", "--fix", Windows(file)))
	want := catalogue(t, "safety", "en", "file.read_only")
	if res.code != 2 || !strings.Contains(string(res.stderr), want) {
		t.Fatalf("check --fix on a read-only file: want exit 2 and %q\n%s", want, res)
	}
	if data, _ := os.ReadFile(file); !bytes.Equal(data, fixInput(t)) {
		t.Error("the read-only file was changed")
	}
	if extra := leftovers(t, dir, "robots.txt"); len(extra) > 0 {
		t.Errorf("the refused save left %v", extra)
	}
}
