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
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/tester/corpus"
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
		for _, lang := range []string{"en_US.UTF-8", "ru_RU.UTF-8"} {
			runs = append(runs,
				parityRun{rel + ": test --json", lang, test},
				parityRun{rel + ": check --json --history", lang, []string{"check", "--json", "--history", name}},
			)
		}
	}

	// Linux: one process per run.
	start := time.Now()
	for i, r := range runs {
		c := exec.Command(lin, r.args...)
		c.Dir = work
		c.Env = append(os.Environ(), "LC_ALL="+r.lang, "LANGUAGE=", "LANG=")
		res := run(t, c)
		writeResult(t, filepath.Join(work, "lin"), i, res)
	}
	linTime := time.Since(start)

	// Windows: one batch per language (Wine takes the language from LC_ALL
	// at start), every run's output to its own files.
	start = time.Now()
	exe := Windows(filepath.Join(dist, "robots-studio-cli.exe"))
	for _, lang := range []string{"en_US.UTF-8", "ru_RU.UTF-8"} {
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
		res := run(t, w.Command(work, []string{"LC_ALL=" + lang}, "cmd", "/c", batName))
		if res.code != 0 {
			t.Fatalf("cmd /c %s under Wine: %s", batName, res)
		}
	}
	winTime := time.Since(start)
	t.Logf("%d files, %d runs each side: Linux %.1f s, Windows under Wine %.1f s", len(files), len(runs), linTime.Seconds(), winTime.Seconds())

	differ := 0
	for i, r := range runs {
		lr := readResult(t, filepath.Join(work, "lin"), i)
		wr := readResult(t, filepath.Join(work, "win"), i)
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

// clip shortens a result for a failure message.
func clip(r result) string {
	s := r.String()
	if len(s) > 1500 {
		s = s[:1500] + "…"
	}
	return s
}
