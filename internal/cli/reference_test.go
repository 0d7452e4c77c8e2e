package cli_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/cli"
)

// TestReferenceCurrent: docs/cli.md is what `go generate ./internal/cli`
// writes from the command registry, so a changed flag, usage line or
// summary cannot leave it behind.
func TestReferenceCurrent(t *testing.T) {
	got, err := os.ReadFile("../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(cli.Reference()) {
		t.Error("docs/cli.md is out of date: run go generate ./internal/cli")
	}
}

var flagLine = regexp.MustCompile(`(?m)^  -(\S+)`)

// TestUsageNamesEveryFlag: a command's usage line names each of its flags,
// so the one-line usage printed after a mistake is never missing one (meta
// and host once lacked theirs).
func TestUsageNamesEveryFlag(t *testing.T) {
	screens := [][]string{{"sitemap", "build", "--help"}}
	for _, n := range cli.Names() {
		screens = append(screens, []string{n, "--help"})
	}
	for _, args := range screens {
		code, out, errOut := runCmd(t, "", args...)
		if code != cli.ExitOK {
			t.Errorf("%v: exit %d %s", args, code, errOut)
			continue
		}
		usage, _, _ := strings.Cut(out, "\n  -")
		if !strings.HasPrefix(usage, "usage: robots-studio "+args[0]) {
			t.Errorf("%v: no usage line: %q", args, out)
		}
		for _, m := range flagLine.FindAllStringSubmatch(out, -1) {
			if !strings.Contains(usage, "--"+m[1]) && !strings.Contains(usage, "-"+m[1]+" ") {
				t.Errorf("%v: the usage line does not name -%s:\n%s", args, m[1], usage)
			}
		}
	}
}
