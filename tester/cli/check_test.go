package cli

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/check")

func runCLI(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(args, Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb})
	return out.String(), errb.String(), code
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "check", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./tester/cli -run TestCheck -update)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s:\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// TestCheckGolden: the text and JSON output of `check` on files with many
// mistakes and on a clean file, and the exit codes.
func TestCheckGolden(t *testing.T) {
	mistakes := filepath.Join("testdata", "check", "mistakes.robots.txt")
	clean := filepath.Join("testdata", "check", "clean.robots.txt")
	cases := []struct {
		name, golden string
		args         []string
		code         int
	}{
		{"text", "mistakes.golden", []string{"check", mistakes}, ExitFailure},
		{"json", "mistakes.json.golden", []string{"check", "--json", mistakes}, ExitFailure},
		{"google only", "mistakes.google.golden", []string{"check", "--engine", "google", mistakes}, ExitFailure},
		{"two engines, flag after file", "mistakes.yandex-temoto.golden", []string{"check", mistakes, "--engine", "yandex", "--engine", "temoto"}, ExitFailure},
		{"clean", "clean.golden", []string{"check", clean}, ExitOK},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, errs, code := runCLI(t, c.args...)
			if code != c.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, c.code, errs)
			}
			golden(t, c.golden, out)
		})
	}
}

func TestCheckJSONFields(t *testing.T) {
	out, _, _ := runCLI(t, "check", "--json", filepath.Join("testdata", "check", "mistakes.robots.txt"))
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 5 {
		t.Fatalf("only %d lines", len(lines))
	}
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"code", "severity", "line", "col", "end_line", "end_col", "message", "engines", "fix"} {
			if _, ok := m[k]; !ok {
				t.Errorf("%s: no %q", l, k)
			}
		}
	}
}

func TestCheckUsage(t *testing.T) {
	for _, args := range [][]string{
		{"check"},
		{"check", "a", "b"},
		{"check", "--engine", "nosuch", "testdata/check/clean.robots.txt"},
		{"check", "testdata/check/no-such-file.txt"},
		{"check", "testdata/check"},
		{"check", "--fix", "-"},
		{"check", "--bogus", "testdata/check/clean.robots.txt"},
	} {
		if _, errs, code := runCLI(t, args...); code != ExitUsage || errs == "" {
			t.Errorf("%v: exit %d, stderr %q; want %d and a reason", args, code, errs, ExitUsage)
		}
	}
}

func TestCheckStdin(t *testing.T) {
	var out bytes.Buffer
	code := Run([]string{"check", "-"}, Env{Stdin: strings.NewReader("User-agent: *\nDissallow: /x\n"), Stdout: &out, Stderr: &out})
	if code != ExitFailure || !strings.Contains(out.String(), "-:2:1: error:") {
		t.Errorf("exit %d: %s", code, out.String())
	}
}

// TestCheckFix: --fix writes the safe fixes back, keeps the BOM and the CRLF
// line ends, reports what it changed, and a second run finds nothing to fix.
func TestCheckFix(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "check", "fix.robots.txt"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(path, src, 0o600); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCLI(t, "check", "--fix", path)
	if errs != "" {
		t.Fatalf("stderr: %s", errs)
	}
	if code != ExitOK {
		t.Errorf("exit %d after fixing, want 0", code)
	}
	golden(t, "fix.golden", strings.ReplaceAll(out, path, "FILE"))
	fixed, _ := os.ReadFile(path)
	golden(t, "fix.fixed.robots.txt", string(fixed))
	if !bytes.HasPrefix(fixed, []byte("\xEF\xBB\xBF")) {
		t.Error("BOM lost")
	}
	if bytes.Count(fixed, []byte("\r\n")) != bytes.Count(fixed, []byte("\n")) {
		t.Error("line ends changed")
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600 kept", st.Mode().Perm())
	}
	again, _, _ := runCLI(t, "check", "--fix", path)
	if strings.Contains(again, "fixed:") {
		t.Errorf("second --fix still fixes:\n%s", again)
	}
}
