// Package wintest checks the Windows build of Robots Studio (the .zip that
// build/windows.sh writes) by running it under Wine: the command line must
// answer exactly as the Linux one does over the repository's corpus, the
// window must open, edit and save a file byte for byte, and saving must keep
// Windows' rules (a file another program holds open cannot be replaced,
// hard links, read-only files, drive letters, backslashes and UNC paths).
//
// Environment:
//
//	ROBOTS_STUDIO_DIST       the dist folder holding robots-studio-*-windows-amd64.zip
//	ROBOTS_STUDIO_LINUX_CLI  the Linux headless CLI to compare with
//	ROBOTS_STUDIO_STRICT=1   a missing input or tool fails the test instead of skipping it
//
// Tools: Debian's wine64 (8.0; its binary is outside PATH), Xvfb, xdotool,
// imagemagick's import, and x86_64-w64-mingw32-gcc, which builds two tiny
// helpers for the tests only: a stand-in bcryptprimitives.dll (Go ≥ 1.22
// needs its ProcessPrng, which Wine 8.0 lacks) and holder.exe (keeps a file
// open like another program would).
package wintest

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/testenv"
)

// root is the repository's top folder.
func root(t testing.TB) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}

// scratch is this test run's temporary folder (wine prefix, unpacked zip,
// helpers); TestMain removes it.
var scratch string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "wintest-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "wintest:", err)
		os.Exit(1)
	}
	scratch = dir
	code := m.Run()
	if w := serverStarted; w != nil {
		// End this prefix's wineserver (and any program left in it).
		k := exec.Command(w.server, "-k")
		k.Env = w.env(nil)
		k.Run()
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

// Windows turns a Linux path into the one a Windows program under Wine
// sees: drive Z: is the Linux root.
func Windows(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return `Z:` + strings.ReplaceAll(abs, "/", `\`)
}

var (
	distOnce  sync.Once
	distDir   string // the unpacked Windows .zip
	distZip   string // the .zip itself
	distErr   string // why it is not there (a sentence for need)
	distFatal error  // it is there but broken: a failure in any mode
)

// winDist unpacks the Windows .zip from ROBOTS_STUDIO_DIST once and returns
// the folder holding robots-studio.exe and robots-studio-cli.exe.
func winDist(t testing.TB) string {
	t.Helper()
	distOnce.Do(func() {
		dist := os.Getenv("ROBOTS_STUDIO_DIST")
		if dist == "" {
			distErr = "ROBOTS_STUDIO_DIST is not set (the folder `make dist` writes, with robots-studio-VERSION-windows-amd64.zip)"
			return
		}
		archive := newestZip(dist)
		if archive == "" {
			distErr = fmt.Sprintf("no robots-studio-*-windows-amd64.zip in %s (run build/windows.sh DISTDIR VERSION)", dist)
			return
		}
		out := filepath.Join(scratch, "dist")
		if err := unzip(archive, out); err != nil {
			distFatal = fmt.Errorf("%s: %v", archive, err)
			return
		}
		distDir, distZip = out, archive
	})
	if distFatal != nil {
		t.Fatal(distFatal)
	}
	if distDir == "" {
		testenv.Need(t, distErr)
	}
	return distDir
}

// newestZip is the newest robots-studio-*-windows-amd64.zip in dist (a
// dist folder not cleaned between versions holds several), or "".
func newestZip(dist string) string {
	zips, _ := filepath.Glob(filepath.Join(dist, "robots-studio-*-windows-amd64.zip"))
	newest := ""
	var when time.Time
	for _, z := range zips {
		if st, err := os.Stat(z); err == nil && (newest == "" || st.ModTime().After(when)) {
			newest, when = z, st.ModTime()
		}
	}
	return newest
}

// unzip extracts the release archive; it must hold exactly the two programs.
func unzip(name, out string) error {
	r, err := zip.OpenReader(name)
	if err != nil {
		return err
	}
	defer r.Close()
	var names []string
	for _, f := range r.File {
		names = append(names, f.Name)
	}
	if strings.Join(names, ",") != "robots-studio.exe,robots-studio-cli.exe" {
		return fmt.Errorf("the archive holds %v, want robots-studio.exe and robots-studio-cli.exe", names)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	for _, f := range r.File {
		src, err := f.Open()
		if err != nil {
			return err
		}
		data, err := io.ReadAll(src)
		src.Close()
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, f.Name), data, 0o755); err != nil {
			return err
		}
	}
	return nil
}

// linuxCLI is the Linux headless CLI named by ROBOTS_STUDIO_LINUX_CLI.
func linuxCLI(t testing.TB) string {
	t.Helper()
	p := os.Getenv("ROBOTS_STUDIO_LINUX_CLI")
	if p == "" {
		testenv.Need(t, "ROBOTS_STUDIO_LINUX_CLI is not set (the Linux headless CLI, `make headless`)")
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(abs); err != nil || st.IsDir() {
		t.Fatalf("ROBOTS_STUDIO_LINUX_CLI=%s: not a program", p)
	}
	return abs
}

// wine is one Wine prefix made for this test run.
type wine struct {
	bin, server string
	prefix      string
	bootTime    time.Duration
	helpers     string // folder with holder.exe
}

var (
	wineOnce  sync.Once
	wineState *wine
	// serverStarted is the prefix whose wineserver this run started.
	serverStarted *wine
	wineErr       string
	wineFatal     error
)

// findWine finds Debian's wine64 (installed outside PATH) or a wine in PATH.
func findWine() (bin, server string) {
	for _, pair := range [][2]string{
		{"/usr/lib/wine/wine64", "/usr/lib/wine/wineserver64"},
		{"/usr/lib/wine/wine64", "/usr/lib/wine/wineserver"},
	} {
		if isFile(pair[0]) && isFile(pair[1]) {
			return pair[0], pair[1]
		}
	}
	if out, err := exec.Command("dpkg", "-L", "wine64").Output(); err == nil {
		for _, l := range strings.Split(string(out), "\n") {
			switch filepath.Base(l) {
			case "wine64":
				if isFile(l) {
					bin = l
				}
			case "wineserver64", "wineserver":
				if isFile(l) {
					server = l
				}
			}
		}
		if bin != "" && server != "" {
			return bin, server
		}
	}
	for _, name := range []string{"wine64", "wine"} {
		if p, err := exec.LookPath(name); err == nil {
			if s, err := exec.LookPath("wineserver"); err == nil {
				return p, s
			}
		}
	}
	return "", ""
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// Wine returns this run's prefix: a fresh WINEPREFIX made with
// `wineboot -i`, the stand-in bcryptprimitives.dll in its system32 and the
// test helpers built.
func Wine(t testing.TB) *wine {
	t.Helper()
	wineOnce.Do(func() {
		bin, server := findWine()
		if bin == "" {
			wineErr = "wine: Debian's wine64 is not installed (apt-get install wine64)"
			return
		}
		cc, err := exec.LookPath("x86_64-w64-mingw32-gcc")
		if err != nil {
			wineErr = "x86_64-w64-mingw32-gcc: Debian's gcc-mingw-w64-x86-64 is not installed"
			return
		}
		w := &wine{bin: bin, prefix: filepath.Join(scratch, "prefix"), helpers: filepath.Join(scratch, "helpers")}
		if err := os.MkdirAll(w.helpers, 0o755); err != nil {
			wineFatal = err
			return
		}
		if err := os.MkdirAll(w.prefix, 0o755); err != nil {
			wineFatal = err
			return
		}
		// A wineserver kept up for the whole run, started first: every
		// program then starts in a fraction of a second, and none of them
		// starts a server that would inherit (and hold open) its output
		// pipes. TestMain ends it.
		p := exec.Command(server, "-p")
		p.Env = w.env(nil)
		if err := p.Run(); err != nil { // it goes to the background itself
			wineFatal = fmt.Errorf("wineserver -p: %v", err)
			return
		}
		w.server = server
		serverStarted = w
		start := time.Now()
		// wineboot's services live on after it: its output goes to a file,
		// not a pipe that they would keep open.
		log := filepath.Join(scratch, "wineboot.log")
		lf, err := os.Create(log)
		if err != nil {
			wineFatal = err
			return
		}
		boot := exec.Command(bin, "wineboot", "-i")
		boot.Env = w.env(nil)
		boot.Stdout, boot.Stderr = lf, lf
		err = boot.Run()
		lf.Close()
		if err != nil {
			out, _ := os.ReadFile(log)
			wineFatal = fmt.Errorf("wineboot -i: %v\n%s", err, out)
			return
		}
		w.bootTime = time.Since(start)
		w.startServices(t)
		sys32 := filepath.Join(w.prefix, "drive_c", "windows", "system32")
		if !isFile(filepath.Join(sys32, "kernel32.dll")) {
			wineFatal = fmt.Errorf("wineboot -i made no %s/kernel32.dll", sys32)
			return
		}
		src := filepath.Join(root(t), "release", "wintest", "testdata")
		for _, c := range [][]string{
			{cc, "-O2", "-shared", "-o", filepath.Join(sys32, "bcryptprimitives.dll"),
				filepath.Join(src, "bcryptprimitives.c"), filepath.Join(src, "bcryptprimitives.def"), "-ladvapi32"},
			{cc, "-O2", "-municode", "-o", filepath.Join(w.helpers, "holder.exe"), filepath.Join(src, "holder.c")},
		} {
			if out, err := exec.Command(c[0], c[1:]...).CombinedOutput(); err != nil {
				wineFatal = fmt.Errorf("%s: %v\n%s", strings.Join(c, " "), err, out)
				return
			}
		}
		wineState = w
	})
	if wineFatal != nil {
		t.Fatal(wineFatal)
	}
	if wineState == nil {
		testenv.Need(t, wineErr)
	}
	t.Logf("wine prefix %s (wineboot -i took %.1f s)", wineState.prefix, wineState.bootTime.Seconds())
	return wineState
}

// env is the environment of a Windows program in this prefix: no debug
// output, no offer to install Mono or Gecko, English unless extra says.
func (w *wine) env(extra []string) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "WINEPREFIX", "WINEDEBUG", "WINEDLLOVERRIDES", "LC_ALL", "LANG", "LANGUAGE", "LC_MESSAGES", "DISPLAY", "WAYLAND_DISPLAY", "ROBOTS_STUDIO_STATUS":
			continue
		}
		env = append(env, kv)
	}
	env = append(env, "WINEPREFIX="+w.prefix, "WINEDEBUG=-all", "WINEDLLOVERRIDES=mscoree,mshtml=", "LC_ALL=en_US.UTF-8")
	return append(env, extra...)
}

// Command is a Windows program run under Wine in dir with the extra
// environment (KEY=VALUE; a later LC_ALL wins over the default English).
func (w *wine) Command(dir string, extra []string, exe string, args ...string) *exec.Cmd {
	c := exec.Command(w.bin, append([]string{exe}, args...)...)
	c.Dir = dir
	c.Env = w.env(extra)
	return c
}

// result is what a program did: its output, errors and exit code.
type result struct {
	stdout, stderr []byte
	code           int
}

func (r result) String() string {
	return fmt.Sprintf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
}

// run runs c and returns what it did; a program that could not start at
// all fails the test.
func run(t testing.TB, c *exec.Cmd) result {
	t.Helper()
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	// A program that leaves a child behind holding its output must not
	// hang the test: once it exits, its pipes get two more seconds.
	c.WaitDelay = 2 * time.Second
	err := c.Run()
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("%s: %v", strings.Join(c.Args, " "), err)
		}
		code = ee.ExitCode()
	}
	return result{out.Bytes(), errb.Bytes(), code}
}

// startServices runs one program with no output pipes, so that Wine's
// services (started with the first program of a wineserver, and living on)
// do not inherit and hold open the pipes of a test's program.
func (w *wine) startServices(t testing.TB) {
	c := exec.Command(w.bin, "cmd", "/c", "exit")
	c.Env = w.env(nil)
	if err := c.Run(); err != nil {
		t.Logf("cmd /c exit under Wine: %v", err)
	}
}

// linuxCommand is the Linux CLI run with args in English (LC_ALL wins over
// whatever language the test run has), like the Windows programs.
func linuxCommand(lin, lang string, args ...string) *exec.Cmd {
	c := exec.Command(lin, args...)
	c.Env = append(os.Environ(), "LC_ALL="+lang, "LANGUAGE=", "LANG=")
	return c
}
