package cli_test

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/cli"
	"github.com/robots-studio/robots-studio/internal/version"
)

func TestRouteOf(t *testing.T) {
	dir := t.TempDir()
	existing := filepath.Join(dir, "robots")
	if err := os.WriteFile(existing, []byte("User-agent: *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	cases := []struct {
		rule string
		args []string
		want cli.Route
	}{
		{"no arguments open the window", nil, cli.RouteWindow},
		{"a subcommand runs headless", []string{"test", "x"}, cli.RouteCommand},
		{"help is a command", []string{"--help"}, cli.RouteCommand},
		{"--version is a command, not a file to open", []string{"--version"}, cli.RouteCommand},
		{"an existing file opens, even without a dot", []string{"robots"}, cli.RouteWindow},
		{"a path that does not exist yet opens (to be created)", []string{"new/robots.txt"}, cli.RouteWindow},
		{"a name with a dot opens", []string{"robots.txt"}, cli.RouteWindow},
		{"any other word is an unknown command, not an empty document", []string{"tset"}, cli.RouteUnknown},
	}
	for _, c := range cases {
		if got := cli.RouteOf(c.args); got != c.want {
			t.Errorf("%s: RouteOf(%q) = %d, want %d", c.rule, c.args, got, c.want)
		}
	}
}

func TestVersionNamesTheBuild(t *testing.T) {
	old := version.Version
	t.Cleanup(func() { version.Version = old })
	version.Version = "v1.2.3-4-gabcdef"
	for _, arg := range []string{"--version", "version", "-V"} {
		code, out, errs := runCmd(t, "", arg)
		want := "robots-studio v1.2.3-4-gabcdef (" + runtime.GOOS + "/" + runtime.GOARCH + ")\n"
		if code != cli.ExitOK || out != want || errs != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 0 and %q", arg, code, out, errs, want)
		}
	}
	version.Version = ""
	if _, out, _ := runCmd(t, "", "--version"); !strings.HasPrefix(out, "robots-studio dev") {
		t.Errorf("a build without a version set says %q, want it to start with \"robots-studio dev\"", out)
	}
}

func TestUnknownCommandIsAUsageError(t *testing.T) {
	code, out, errs := runCmd(t, "", "tset")
	if code != cli.ExitUsage || out != "" || errs == "" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
