package cli_test

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/metatag"
)

// metaNow pins "today" so unavailable_after output does not age.
const metaNow = "2026-01-01"

func runMeta(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	return runCmd(t, stdin, append([]string{"meta"}, args...)...)
}

func metaGolden(t *testing.T, name, got string) {
	t.Helper()
	golden(t, filepath.Join("meta", name+".golden"), got)
}

func metaFile(name string) string { return filepath.Join("testdata", "meta", name) }

func TestMetaCommand(t *testing.T) {
	cases := []struct {
		name     string
		args     []string
		stdin    string
		code     int
		golden   string   // compare stdout with testdata/meta/GOLDEN.golden
		contains []string // or look for these in stdout
		stderr   string   // and this in stderr
	}{
		{name: "the 1996 guide's bad example (repeated and contradictory) exits 1",
			args: []string{"--now", metaNow, "INDEX,NOINDEX,NOFOLLOW,FOLLOW,FOLLOW"}, code: 1, golden: "seed-bad"},
		{name: "none, nofollow breaks the 1996 rules: exit 1",
			args: []string{"--now", metaNow, "none, nofollow"}, code: 1, golden: "none-nofollow"},
		{name: "none, nofollow is only redundant for Google: exit 0",
			args: []string{"--engine", "google", "none, nofollow"}, code: 0, contains: []string{"warning [Google]", "harmless"}},
		{name: "a clean string exits 0",
			args: []string{"noindex, nofollow"}, code: 0, contains: []string{"noindex", "do not show this page"}},
		{name: "an unquoted string arrives as several arguments",
			args: []string{"noindex,", "nofollow"}, code: 0, contains: []string{"content: noindex, nofollow"}},
		{name: "a typo is an error with a suggestion",
			args: []string{"noindx"}, code: 1, contains: []string{"content:1:1: error", "did you mean “noindex”"}},
		{name: "a header line is read with its bot prefix",
			args: []string{"--now", metaNow, "X-Robots-Tag: googlebot: unavailable_after: 25 Jun 2010 15:00:00 PST"}, code: 0, golden: "header-line"},
		{name: "a page with its headers",
			args: []string{"--now", metaNow, "--html", metaFile("page.html"), "--headers", metaFile("headers.txt")}, code: 0, golden: "page"},
		{name: "a page with a typo exits 1",
			args: []string{"--html", metaFile("broken.html")}, code: 1, contains: []string{"broken.html:2: error"}},
		{name: "a page with no robots tags says the default applies",
			args: []string{"--html", metaFile("clean.html")}, code: 0, contains: []string{"links: 1", "(the default)"}},
		{name: "HTML from standard input",
			args: []string{"--html", "-"}, stdin: `<meta name="robots" content="none, nofollow">`, code: 1, contains: []string{"-:1: error [1996 rules]"}},
		{name: "headers alone",
			args: []string{"--now", metaNow, "--headers", metaFile("headers.txt")}, code: 0, contains: []string{"headers.txt:7: X-Robots-Tag: googlebot: nofollow", "otherbot"}},
		{name: "unknown engine is a usage error",
			args: []string{"--engine", "altavista", "noindex"}, code: 2, stderr: "unknown engine"},
		{name: "content and --html together is a usage error",
			args: []string{"--html", metaFile("page.html"), "noindex"}, code: 2, stderr: "not both"},
		{name: "nothing to check is a usage error",
			args: nil, code: 2, stderr: "usage"},
		{name: "a missing file is a usage error",
			args: []string{"--html", metaFile("no-such.html")}, code: 2, stderr: "no-such.html"},
		{name: "a bad --now is a usage error",
			args: []string{"--now", "someday", "noindex"}, code: 2, stderr: "--now"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runMeta(t, tc.stdin, tc.args...)
			if code != tc.code {
				t.Errorf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out, errOut)
			}
			if tc.golden != "" {
				metaGolden(t, tc.golden, out)
			}
			for _, want := range tc.contains {
				if !strings.Contains(out, want) {
					t.Errorf("stdout lacks %q:\n%s", want, out)
				}
			}
			if tc.stderr != "" && !strings.Contains(errOut, tc.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tc.stderr, errOut)
			}
		})
	}
}

func TestMetaJSON(t *testing.T) {
	code, out, _ := runMeta(t, "", "--json", "--engine", "yandex", "all, noindex")
	if code != 1 {
		t.Errorf("all + noindex contradicts: exit %d, want 1", code)
	}
	var got struct {
		OK      bool `json:"ok"`
		Sources []struct {
			Directives []struct {
				Name  string `json:"name"`
				Known bool   `json:"known"`
			} `json:"directives"`
		} `json:"sources"`
		Diagnostics []struct {
			Severity string `json:"severity"`
			Code     string `json:"code"`
		} `json:"diagnostics"`
		Policies []struct {
			Crawler string `json:"crawler"`
			Index   bool   `json:"index"`
		} `json:"policies"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if got.OK || len(got.Sources) != 1 || len(got.Sources[0].Directives) != 2 || !got.Sources[0].Directives[1].Known {
		t.Errorf("unexpected report: %+v", got)
	}
	if len(got.Policies) != 1 || got.Policies[0].Crawler != "YandexBot" || !got.Policies[0].Index {
		t.Errorf("Yandex takes the positive value, so all + noindex → index: %+v", got.Policies)
	}
	found := false
	for _, d := range got.Diagnostics {
		found = found || d.Code == "contradictory" && d.Severity == "error"
	}
	if !found {
		t.Errorf("no contradictory error in %+v", got.Diagnostics)
	}
}

// TestMetaUnknownEngineListsTheEngines: the refusal of an engine id lists
// the ids metatag has, each of which --engine then accepts.
func TestMetaUnknownEngineListsTheEngines(t *testing.T) {
	_, _, errOut := runMeta(t, "", "--engine", "altavista", "noindex")
	_, valid, ok := strings.Cut(strings.TrimSpace(errOut), "valid: ")
	if !ok {
		t.Fatalf("no list of valid engines: %q", errOut)
	}
	ids := strings.Split(valid, ", ")
	for _, e := range metatag.Engines {
		if !slices.Contains(ids, string(e)) {
			t.Errorf("%s is not listed: %q", e, errOut)
		}
	}
	for _, id := range ids {
		if code, out, errs := runMeta(t, "", "--engine", id, "noindex"); code != 0 {
			t.Errorf("--engine %s, listed as valid: exit %d\n%s%s", id, code, out, errs)
		}
	}
}
