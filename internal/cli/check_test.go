package cli_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/cli"
	"github.com/robots-studio/robots-studio/tester/lint"
)

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
		{"text: today's crawlers, repeats grouped", "mistakes.golden", []string{"check", mistakes}, cli.ExitFailure},
		{"history: every reading", "mistakes.history.golden", []string{"check", "--history", mistakes}, cli.ExitFailure},
		{"engine all is --history", "mistakes.history.golden", []string{"check", "--engine", "all", mistakes}, cli.ExitFailure},
		{"each line on its own", "mistakes.each.golden", []string{"check", "--each", "--history", mistakes}, cli.ExitFailure},
		{"json", "mistakes.json.golden", []string{"check", "--json", mistakes}, cli.ExitFailure},
		{"google only", "mistakes.google.golden", []string{"check", "--engine", "google", mistakes}, cli.ExitFailure},
		{"two engines, flag after file", "mistakes.yandex-temoto.golden", []string{"check", mistakes, "--engine", "yandex", "--engine", "temoto"}, cli.ExitFailure},
		{"clean", "clean.golden", []string{"check", clean}, cli.ExitOK},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, errs, code := runCheck(t, c.args...)
			if code != c.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, c.code, errs)
			}
			golden(t, filepath.Join("check", c.golden), out)
		})
	}
}

func TestCheckJSONFields(t *testing.T) {
	out, _, _ := runCheck(t, "check", "--json", filepath.Join("testdata", "check", "mistakes.robots.txt"))
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
		if _, errs, code := runCheck(t, args...); code != cli.ExitUsage || errs == "" {
			t.Errorf("%v: exit %d, stderr %q; want %d and a reason", args, code, errs, cli.ExitUsage)
		}
	}
}

func TestCheckStdin(t *testing.T) {
	var out bytes.Buffer
	code := cli.Run([]string{"check", "-"}, cli.Env{Stdin: strings.NewReader("User-agent: *\nDissallow: /x\n"), Stdout: &out, Stderr: &out})
	if code != cli.ExitFailure || !strings.Contains(out.String(), "-:2:1: error:") {
		t.Errorf("exit %d: %s", code, out.String())
	}
}

// TestCheckFix: --fix writes the safe fixes back, keeps the BOM and the CRLF
// line ends, reports what it changed, and a second run finds nothing to fix.
// --history: the file also has mistakes only the 1994/1996 readings and
// temoto suffer from (a blank line in a group, `Disallow: *`).
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
	out, errs, code := runCheck(t, "check", "--fix", "--history", path)
	if errs != "" {
		t.Fatalf("stderr: %s", errs)
	}
	if code != cli.ExitOK {
		t.Errorf("exit %d after fixing, want 0", code)
	}
	golden(t, "check/fix.golden", strings.ReplaceAll(out, path, "FILE"))
	fixed, _ := os.ReadFile(path)
	golden(t, "check/fix.fixed.robots.txt", string(fixed))
	if !bytes.HasPrefix(fixed, []byte("\xEF\xBB\xBF")) {
		t.Error("BOM lost")
	}
	if bytes.Count(fixed, []byte("\r\n")) != bytes.Count(fixed, []byte("\n")) {
		t.Error("line ends changed")
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600 kept", st.Mode().Perm())
	}
	again, _, _ := runCheck(t, "check", "--fix", "--history", path)
	if strings.Contains(again, "fixed:") {
		t.Errorf("second --fix still fixes:\n%s", again)
	}
}

func runCheck(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	code, stdout, stderr = runCmd(t, "", args...)
	return stdout, stderr, code
}

// TestCheckFixRefusesAURL: a fetched file cannot be written back; --fix says
// so before fetching anything.
func TestCheckFixRefusesAURL(t *testing.T) {
	code, out, errs := runCmd(t, "", "check", "--fix", "http://127.0.0.1:1/robots.txt")
	if code != cli.ExitUsage || out != "" || !strings.Contains(errs, "--fix needs a local file") || strings.Count(errs, "\n") != 1 {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestCheckHistoryNamesTheOtherReadings: --history's help names the
// readings it adds from the engines lint knows, so every engine the default
// leaves out is named and no default one is.
func TestCheckHistoryNamesTheOtherReadings(t *testing.T) {
	_, out, errs := runCmd(t, "", "check", "-h")
	errs = out + errs
	i := strings.Index(errs, "\n  -history")
	if i < 0 {
		t.Fatalf("no --history in the help:\n%s", errs)
	}
	help, _, _ := strings.Cut(errs[i+1:], "\n  -")
	for _, id := range lint.EngineIDs() {
		named := strings.Contains(help, id+",") || strings.Contains(help, id+")")
		if want := !slices.Contains(lint.DefaultEngines, id); named != want {
			t.Errorf("--history's help names %s: %v, want %v\n%s", id, named, want, help)
		}
	}
}
