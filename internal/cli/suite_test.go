package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// suiteRobots is divergence scenario 8 plus a Googlebot group, so google and
// rfc9309 disagree about /robots.txt.
const suiteRobots = "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /private/\nAllow: /private/ok\n"

const suitePassing = `{
  "version": 1,
  "crawlers": ["Googlebot", "Bingbot"],
  "paths": ["/private/x", "/robots.txt"],
  "expect": [
    {"crawler": "Googlebot", "path": "/private/x", "engine": "google", "allowed": false},
    {"crawler": "Googlebot", "path": "/private/ok", "engine": "google", "allowed": true},
    {"crawler": "Bingbot", "path": "/robots.txt", "engine": "rfc9309", "allowed": true},
    {"crawler": "Bingbot", "path": "/robots.txt", "engine": "google", "allowed": false}
  ]
}`

const suiteFailing = `{
  "version": 1,
  "crawlers": ["Googlebot", ""],
  "paths": ["/public", "/robots.txt"],
  "expect": [
    {"crawler": "Googlebot", "path": "/public", "engine": "google", "allowed": false},
    {"crawler": "", "path": "/robots.txt", "engine": "rfc9309", "allowed": false},
    {"crawler": "Googlebot", "path": "/private/x", "engine": "google", "allowed": false}
  ]
}`

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestSuite(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"robots.txt":            suiteRobots,
		"robots.txt.tests.json": suitePassing,
		"failing.tests.json":    suiteFailing,
		"empty.tests.json":      `{"version": 1}`,
		"broken.tests.json":     `{"version": 1, "expects": []}`,
		"newer.tests.json":      `{"version": 7}`,
		"unknown.tests.json":    `{"expect": [{"crawler": "a", "path": "/", "engine": "nosuch", "allowed": true}]}`,
	})
	robots := filepath.Join(dir, "robots.txt")
	suite := func(name string) string { return filepath.Join(dir, name) }
	for _, tc := range []struct {
		name      string
		stdin     string
		args      []string
		code      int
		golden    string // compare stdout with testdata/suite/GOLDEN.golden
		stderrHas string
	}{
		{name: "all pass", args: []string{"test", "--suite", suite("robots.txt.tests.json"), robots}, code: 0, golden: "pass"},
		{name: "a failure exits 1", args: []string{"test", "--suite", suite("failing.tests.json"), robots}, code: 1, golden: "fail"},
		{name: "flag after the file", args: []string{"test", robots, "--suite", suite("failing.tests.json")}, code: 1, golden: "fail"},
		{name: "engine filter", args: []string{"test", "--engine", "rfc9309", "--suite", suite("robots.txt.tests.json"), robots}, code: 0, golden: "rfc9309"},
		{name: "engine all", args: []string{"test", "--engine", "all", "--suite", suite("robots.txt.tests.json"), robots}, code: 0, golden: "pass"},
		{name: "robots from stdin", stdin: suiteRobots, args: []string{"test", "--suite", suite("robots.txt.tests.json"), "-"}, code: 0, golden: "pass"},
		{name: "no expectations", args: []string{"test", "--suite", suite("empty.tests.json"), robots}, code: 0, golden: "empty"},
		{name: "missing test set", args: []string{"test", "--suite", suite("nope.tests.json"), robots}, code: 2, stderrHas: "nope.tests.json"},
		{name: "misspelt field", args: []string{"test", "--suite", suite("broken.tests.json"), robots}, code: 2, stderrHas: `unknown field "expects"`},
		{name: "newer version", args: []string{"test", "--suite", suite("newer.tests.json"), robots}, code: 2, stderrHas: "newer version"},
		{name: "unknown engine in the set", args: []string{"test", "--suite", suite("unknown.tests.json"), robots}, code: 2, stderrHas: `unknown engine "nosuch"`},
		{name: "missing robots file", args: []string{"test", "--suite", suite("robots.txt.tests.json"), suite("gone.txt")}, code: 2, stderrHas: "gone.txt"},
		{name: "missing robots argument", args: []string{"test", "--suite", suite("robots.txt.tests.json")}, code: 2, stderrHas: "missing ROBOTS_FILE"},
		{name: "agents do not mix with a suite", args: []string{"test", "--agent", "x", "--suite", suite("robots.txt.tests.json"), robots}, code: 2, stderrHas: "come from the test set"},
		{name: "URLs do not mix with a suite", args: []string{"test", "--suite", suite("robots.txt.tests.json"), robots, "/x"}, code: 2, stderrHas: "come from the test set"},
		{name: "unknown --engine", args: []string{"test", "--engine", "nosuch", "--suite", suite("robots.txt.tests.json"), robots}, code: 2, stderrHas: "unknown engine"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCmd(t, tc.stdin, tc.args...)
			if code != tc.code {
				t.Errorf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, stdout, stderr)
			}
			if tc.golden != "" {
				golden(t, "suite/"+tc.golden+".golden", stdout)
			}
			if tc.stderrHas != "" && !strings.Contains(stderr, tc.stderrHas) {
				t.Errorf("stderr %q does not contain %q", stderr, tc.stderrHas)
			}
			if tc.code == 2 && stdout != "" {
				t.Errorf("usage error printed on stdout: %q", stdout)
			}
		})
	}
}
