package wintest

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/corpus"
)

// corpusFiles lists every robots.txt of the repository (the corpus's own
// files, every *robots*.txt in a testdata folder, the lessons' and the
// sample's) and, when ../shared/corpus/real is beside the repository, the
// real ones.
func corpusFiles(t *testing.T) []string {
	t.Helper()
	top := root(t)
	var files []string
	err := filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" || p == filepath.Join(top, "release") {
				return filepath.SkipDir
			}
			return nil
		}
		name := strings.ToLower(d.Name())
		if strings.Contains(name, "robots") && strings.HasSuffix(name, ".txt") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if real := corpus.Dir(); real != "" {
		entries, err := os.ReadDir(real)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.Type().IsRegular() {
				files = append(files, filepath.Join(real, e.Name()))
			}
		}
	} else {
		t.Log(corpus.Absent)
	}
	sort.Strings(files)
	return files
}

// probePaths are the paths each file is tested on besides its own rules'.
var probePaths = []string{"/", "/index.html", "/private/x", "/a?b=c", "/%D0%BF%D1%80%D0%B8", "/żółw", "/search/", "/wp-admin/admin-ajax.php"}

// probeAgents are the crawlers asked about.
var probeAgents = []string{"Googlebot", "Googlebot-Image", "Yandex", "bingbot", "GPTBot", "SomeBot/1.0"}

// rulePaths are the paths of a file's Allow and Disallow lines (without
// wildcards' stars, at most 40), so each rule is exercised.
func rulePaths(data []byte) []string {
	seen := map[string]bool{}
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		k = strings.ToLower(strings.TrimSpace(k))
		if k != "allow" && k != "disallow" {
			continue
		}
		v, _, _ = strings.Cut(v, "#")
		v = strings.TrimSpace(strings.NewReplacer("*", "x", "$", "").Replace(v))
		if v == "" || !strings.HasPrefix(v, "/") || strings.ContainsAny(v, " \t\r") || seen[v] {
			continue
		}
		seen[v] = true
		out = append(out, v)
		if len(out) == 40 {
			break
		}
	}
	return out
}

// parityRun is one invocation, made the same way on both systems.
type parityRun struct {
	name string // what it is, for messages
	lang string // LC_ALL
	args []string
}

// TestCLIParity: the Windows CLI under Wine prints byte for byte what the
// Linux CLI prints for `test --json` and `check --json` on every file of
// the corpus, in English and in Russian, with the same exit codes. The
// Windows side runs as one cmd.exe batch (one Wine start for all).
func TestCLIParity(t *testing.T) {
	lin := linuxCLI(t)
	dist := winDist(t)
	w := Wine(t)
	files := corpusFiles(t)
	if len(files) < 40 {
		t.Fatalf("found only %d robots.txt files in the repository; the corpus walk is broken", len(files))
	}
	work := t.TempDir()
	for _, d := range []string{"c", "u", "win", "lin"} {
		os.Mkdir(filepath.Join(work, d), 0o755)
	}
	var runs []parityRun
	for i, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// Copied under a short ASCII name: the batch file is read in the
		// OEM code page, and both systems then print the same path.
		name := fmt.Sprintf("c/%03d.txt", i)
		if err := os.WriteFile(filepath.Join(work, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
		urls := fmt.Sprintf("u/%03d.txt", i)
		paths := append(rulePaths(data), probePaths...)
		if err := os.WriteFile(filepath.Join(work, urls), []byte(strings.Join(paths, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root(t), f)
		test := []string{"test", "--engine", "all"}
		for _, a := range probeAgents {
			test = append(test, "--agent", a)
		}
		test = append(test, "--json", "--urls", urls, name)
		// English for both commands; Russian for check, whose messages
		// are the most text (test's explanations come from the same
		// catalogue code).
		runs = append(runs,
			parityRun{rel + ": test --json", "en_US.UTF-8", test},
			parityRun{rel + ": check --json --history", "en_US.UTF-8", []string{"check", "--json", "--history", name}},
			parityRun{rel + ": check --json --history", "ru_RU.UTF-8", []string{"check", "--json", "--history", name}},
		)
	}

	// Linux: one process per run, while Wine runs the Windows side.
	var wg sync.WaitGroup
	var linTime time.Duration
	linResults := make([]result, len(runs))
	wg.Add(1)
	go func() {
		defer wg.Done()
		start := time.Now()
		for i, r := range runs {
			c := linuxCommand(lin, r.lang, r.args...)
			c.Dir = work
			var out, errb bytes.Buffer
			c.Stdout, c.Stderr = &out, &errb
			err := c.Run()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				code = -1
				errb.WriteString(err.Error())
			}
			linResults[i] = result{out.Bytes(), errb.Bytes(), code}
		}
		linTime = time.Since(start)
	}()

	// Windows: one batch per language (Wine takes the language from LC_ALL
	// at start), both at once, every run's output to its own files.
	start := time.Now()
	exe := Windows(filepath.Join(dist, "robots-studio-cli.exe"))
	langs := []string{"en_US.UTF-8", "ru_RU.UTF-8"}
	batchResults := make([]result, len(langs))
	for li, lang := range langs {
		var bat strings.Builder
		bat.WriteString("@echo off\r\n")
		for i, r := range runs {
			if r.lang != lang {
				continue
			}
			fmt.Fprintf(&bat, "\"%s\" %s >win\\%04d.out 2>win\\%04d.err\r\n>win\\%04d.code echo %%ERRORLEVEL%%\r\n",
				exe, batchArgs(r.args), i, i, i)
		}
		batName := "run-" + lang[:2] + ".bat"
		if err := os.WriteFile(filepath.Join(work, batName), []byte(bat.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := w.Command(work, []string{"LC_ALL=" + lang}, "cmd", "/c", batName)
			var out, errb bytes.Buffer
			c.Stdout, c.Stderr = &out, &errb
			c.WaitDelay = 2 * time.Second
			err := c.Run()
			code := 0
			if err != nil {
				code = -1
				errb.WriteString(err.Error())
			}
			batchResults[li] = result{out.Bytes(), errb.Bytes(), code}
		}()
	}
	wg.Wait()
	winTime := time.Since(start)
	for li, res := range batchResults {
		if res.code != 0 {
			t.Fatalf("the %s batch under Wine failed: %s", langs[li], res)
		}
	}
	for i, res := range linResults {
		if res.code < 0 {
			t.Fatalf("the Linux CLI did not run: %s", res.stderr)
		}
		writeResult(t, filepath.Join(work, "lin"), i, res)
	}
	t.Logf("%d files, %d runs each side: Linux %.1f s, Windows under Wine %.1f s (at the same time)", len(files), len(runs), linTime.Seconds(), winTime.Seconds())

	differ, restarted := 0, 0
	for i, r := range runs {
		lr := readResult(t, filepath.Join(work, "lin"), i)
		wr := readResult(t, filepath.Join(work, "win"), i)
		if neverStarted(wr) {
			// cmd.exe under a loaded Wine now and then fails to create
			// the process at all (exit 9009, "Can't recognize …"): the CLI
			// never ran, so its answer is asked again, once, directly.
			restarted++
			c := w.Command(work, []string{"LC_ALL=" + r.lang}, exe, r.args...)
			c.Dir = work
			wr = run(t, c)
		}
		if lr.code != wr.code || !bytes.Equal(lr.stdout, wr.stdout) || !bytes.Equal(lr.stderr, wr.stderr) {
			differ++
			if differ <= 5 {
				t.Errorf("%s (%s): the Windows CLI differs from the Linux one\nLinux: %s\nWindows: %s", r.name, r.lang, clip(lr), clip(wr))
			}
		}
		if lr.code == 2 {
			t.Errorf("%s (%s): the Linux CLI refused the run (exit 2): %s", r.name, r.lang, lr.stderr)
		}
	}
	if differ > 0 {
		t.Errorf("%d of %d runs differ", differ, len(runs))
	}
	if restarted > 0 {
		t.Logf("%d of %d runs were not started by cmd.exe under Wine and were run again directly", restarted, len(runs))
	}
	if restarted > len(runs)/10 {
		t.Errorf("cmd.exe under Wine failed to start %d of %d runs: the batch no longer proves anything", restarted, len(runs))
	}
	// The comparison must have had something to compare: verdicts and
	// findings, some files with errors (exit 1).
	total, failing := 0, 0
	for i := range runs {
		total += len(linResults[i].stdout)
		if linResults[i].code == 1 {
			failing++
		}
	}
	if total < 100000 || failing == 0 {
		t.Errorf("the runs printed only %d bytes and %d found an error: the corpus or the probes are too thin to prove anything", total, failing)
	}
	t.Logf("compared %d bytes of output; %d runs exit 1", total, failing)
}

// batchArgs quotes arguments for a cmd.exe batch line (none of ours holds
// a quote, a percent sign or a non-ASCII character).
func batchArgs(args []string) string {
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		if a == "" || strings.ContainsAny(a, " \t&|<>^()") {
			a = `"` + a + `"`
		}
		b.WriteString(a)
	}
	return b.String()
}

func writeResult(t *testing.T, dir string, i int, r result) {
	t.Helper()
	base := filepath.Join(dir, fmt.Sprintf("%04d", i))
	for ext, data := range map[string][]byte{".out": r.stdout, ".err": r.stderr, ".code": []byte(strconv.Itoa(r.code))} {
		if err := os.WriteFile(base+ext, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func readResult(t *testing.T, dir string, i int) result {
	t.Helper()
	base := filepath.Join(dir, fmt.Sprintf("%04d", i))
	var r result
	var err error
	if r.stdout, err = os.ReadFile(base + ".out"); err != nil {
		t.Fatalf("run %d left no output: %v", i, err)
	}
	r.stderr, _ = os.ReadFile(base + ".err")
	code, _ := os.ReadFile(base + ".code")
	if r.code, err = strconv.Atoi(strings.TrimSpace(string(code))); err != nil {
		t.Fatalf("run %d: no exit code (%q)", i, code)
	}
	return r
}

// neverStarted reports a batch line whose program cmd.exe could not
// start: cmd's own exit code for "not a command", with nothing on standard
// output (its message is in the batch's language, so it is not read; the
// CLI itself never exits 9009).
func neverStarted(r result) bool {
	return r.code == 9009 && len(r.stdout) == 0
}

// clip shortens a result for a failure message.
func clip(r result) string {
	s := r.String()
	if len(s) > 1500 {
		s = s[:1500] + "…"
	}
	return s
}
