package wintest

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/cli"
	"github.com/robots-studio/robots-studio/tester/fetch"
)

// windowsPaths are file names as Windows users type them: drive letters,
// backslashes, UNC shares, the extended-length prefix.
var windowsPaths = []string{
	`C:\site\robots.txt`, `c:\robots.txt`, `C:/site/robots.txt`, `D:robots.txt`,
	`\\server\share\robots.txt`, `\\server\share\site\robots`, `\\?\C:\site\robots.txt`,
	`\\?\UNC\server\share\robots.txt`, `Z:\home\user\роботы-żółw.txt`, `.\robots.txt`, `..\site\robots`,
}

// TestWindowsPathsAreFiles: no Windows path is taken for an http(s) URL to
// fetch, and each opens as a file (the window), never as an unknown command.
// (Pure Go: the same rules run on every system.)
func TestWindowsPathsAreFiles(t *testing.T) {
	for _, p := range windowsPaths {
		if fetch.IsURL(p) {
			t.Errorf("fetch.IsURL(%q) = true: a Windows path would be fetched", p)
		}
		if r := cli.RouteOf([]string{p}); r != cli.RouteWindow {
			t.Errorf("RouteOf(%q) = %v, want the window (a file to open)", p, r)
		}
	}
	for _, u := range []string{"http://example.com/robots.txt", "HTTPS://example.com/"} {
		if !fetch.IsURL(u) {
			t.Errorf("fetch.IsURL(%q) = false", u)
		}
	}
}

// TestCLIPathForms: the Windows CLI under Wine reads a file by every form
// of its path (drive letter with backslashes or slashes, relative with
// backslashes, the \\?\ prefix) and prints what the Linux CLI prints for
// it; a missing file on a drive or a UNC share is a plain "does not exist"
// (not a URL, not an unknown command); a path with no command asks for the
// window, which the CLI build does not have.
func TestCLIPathForms(t *testing.T) {
	lin := linuxCLI(t)
	dist := winDist(t)
	w := Wine(t)
	exe := Windows(filepath.Join(dist, "robots-studio-cli.exe"))
	dir := t.TempDir()
	sub := filepath.Join(dir, "sous dossier")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(root(t), "internal", "cli", "testdata", "check", "mistakes.robots.txt"))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(sub, "robots.txt")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	want := run(t, linuxCommand(lin, "en_US.UTF-8", "check", "--json", file))
	if len(want.stdout) == 0 || want.code != 1 {
		t.Fatalf("the Linux CLI finds no error in mistakes.robots.txt: %s", want)
	}
	win := Windows(file)
	for _, p := range []string{
		win,                               // Z:\…\sous dossier\robots.txt
		strings.ReplaceAll(win, `\`, `/`), // Z:/…/sous dossier/robots.txt
		`\\?\` + win,                      // extended-length
		`sous dossier\robots.txt`,         // relative, backslash
		`.\sous dossier\..\sous dossier\robots.txt`,
	} {
		got := run(t, w.Command(dir, nil, exe, "check", "--json", p))
		if got.code != want.code || !bytes.Equal(got.stdout, want.stdout) || len(got.stderr) > 0 {
			t.Errorf("check --json %s: differs from the Linux CLI\nLinux: %s\nWindows: %s", p, clip(want), clip(got))
		}
	}

	missing := catalogue(t, "core", "en", "file.missing")
	for _, p := range []string{`C:\no such folder\robots.txt`, `\\no-such-server\share\robots.txt`} {
		for _, args := range [][]string{{"check", p}, {"test", "--agent", "Googlebot", p, "/"}} {
			got := run(t, w.Command(dir, nil, exe, args...))
			if got.code != 2 || !strings.Contains(string(got.stderr), p+": "+missing) {
				t.Errorf("%s: want exit 2 and %q\n%s", strings.Join(args, " "), p+": "+missing, got)
			}
		}
		got := run(t, w.Command(dir, nil, exe, p))
		noWindow := catalogue(t, "core", "en", "cli.no_window")
		if got.code != 2 || !strings.Contains(string(got.stderr), noWindow) {
			t.Errorf("robots-studio-cli %s: want the no-window message (a file, not an unknown command)\n%s", p, got)
		}
	}
}
