package cli_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/cli"
	"github.com/robots-studio/robots-studio/internal/testenv"
	"github.com/robots-studio/robots-studio/internal/textfiletest"
)

// runWithin runs a command and fails the test instead of hanging.
func runWithin(t *testing.T, limit time.Duration, stdin io.Reader, args ...string) (int, string, string) {
	t.Helper()
	type result struct {
		code     int
		out, err string
	}
	done := make(chan result, 1)
	go func() {
		var out, errOut bytes.Buffer
		code := cli.Run(args, cli.Env{Stdin: stdin, Stdout: &out, Stderr: &errOut})
		done <- result{code, out.String(), errOut.String()}
	}()
	select {
	case r := <-done:
		return r.code, r.out, r.err
	case <-time.After(limit):
		t.Fatalf("%q still running after %v", args, limit)
		return 0, "", ""
	}
}

func TestAPipeWithNoWriterIsRefusedNotWaitedFor(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "p")
	testenv.Mkfifo(t, fifo)
	robots := filepath.Join(dir, "robots.txt")
	os.WriteFile(robots, []byte("User-agent: *\nDisallow: /x\n"), 0o644)
	for _, args := range [][]string{
		{"test", "--agent", "x", fifo, "/"},
		{"check", fifo},
		{"meta", "--html", fifo},
		{"meta", "--html", robots, "--headers", fifo},
		{"test", "--suite", fifo, robots},
		{"test", "--agent", "x", "--urls", fifo, robots},
		{"test", "--count", "--agent", "x", "--urls", fifo, robots},
		{"logs", fifo},
		{"logs", "--robots", robots, fifo},
		{"sitemap", fifo},
		{"sitemap", "--robots", robots, fifo},
		{"diff", "--urls", fifo, robots, robots},
	} {
		code, _, errs := runWithin(t, 5*time.Second, strings.NewReader(""), args...)
		if code != cli.ExitUsage || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "not a regular file") {
			t.Errorf("%q: exit %d, stderr %q", args, code, errs)
		}
	}
}

func TestSuiteIsCappedLikeTheRobotsFile(t *testing.T) {
	dir := t.TempDir()
	robots := filepath.Join(dir, "robots.txt")
	os.WriteFile(robots, []byte("User-agent: *\n"), 0o644)
	huge := filepath.Join(dir, "huge.tests.json")
	f, _ := os.Create(huge)
	f.Truncate(200 << 20)
	f.Close()
	for _, suite := range []string{"/dev/zero", huge} {
		code, _, errs := runWithin(t, 5*time.Second, nil, "test", "--suite", suite, robots)
		if code != cli.ExitUsage || strings.Count(errs, "\n") != 1 {
			t.Errorf("--suite %s: exit %d, stderr %q", suite, code, errs)
		}
	}
}

// lineSource yields "/pN\n" lines for ever (until limit) and records whether
// results had come out before it was half read: proof of streaming.
type lineSource struct {
	n, limit int
	out      *syncBuffer
	early    bool
}

func (s *lineSource) Read(p []byte) (int, error) {
	if s.n >= s.limit {
		return 0, io.EOF
	}
	if s.n == s.limit/2 && s.out.Len() > 0 {
		s.early = true
	}
	s.n++
	return copy(p, "/p\n"), nil
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Len()
}

func TestURLsAreStreamed(t *testing.T) {
	robots := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(robots, []byte("User-agent: *\nDisallow: /p\n"), 0o644)
	out := &syncBuffer{}
	src := &lineSource{limit: 200_000, out: out}
	code := cli.Run([]string{"test", "--agent", "x", "--urls", "-", robots}, cli.Env{Stdin: src, Stdout: out, Stderr: io.Discard})
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if !src.early {
		t.Fatal("no result was written before the URL list was read to the end: --urls is not streamed")
	}
	if got := strings.Count(out.b.String(), "\n"); got != 200_000 {
		t.Fatalf("%d results, want 200000", got)
	}
}

func TestURLLineOverTheLimitIsAClearError(t *testing.T) {
	robots := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(robots, []byte("User-agent: *\n"), 0o644)
	code, _, errs := runWithin(t, 10*time.Second, io.LimitReader(zeros{}, 64<<20), "test", "--agent", "x", "--urls", "-", robots)
	if code != cli.ExitUsage || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "line 1") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	return len(p), nil
}

func TestCheckFixPrintsOnlyWhatWasWritten(t *testing.T) {
	const text = "User-agent: *\nDissallow: /x\n"
	// A read-only file (refused even for root) …
	ro := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(ro, []byte(text), 0o444)
	code, out, errs := runCmd(t, "", "check", "--fix", ro)
	if code != cli.ExitUsage || strings.Contains(out, "fixed:") || errs == "" {
		t.Errorf("read-only file: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if got, _ := os.ReadFile(ro); string(got) != text {
		t.Errorf("read-only file changed: %q", got)
	}
	// … and a read-only folder, for an unprivileged user.
	dir := textfiletest.SharedDir(t)
	p := filepath.Join(dir, "robots.txt")
	os.WriteFile(p, []byte(text), 0o666)
	os.Chmod(p, 0o666)
	os.Chmod(dir, 0o555)
	defer os.Chmod(dir, 0o777)
	textfiletest.AsNobody(t, func() {
		code, out, errs = runCmd(t, "", "check", "--fix", p)
	})
	if code != cli.ExitUsage || strings.Contains(out, "fixed:") || errs == "" {
		t.Errorf("read-only folder: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	// A successful fix still says what it changed.
	ok := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(ok, []byte(text), 0o644)
	if code, out, _ := runCmd(t, "", "check", "--fix", ok); code != 0 || !strings.Contains(out, "fixed:") {
		t.Errorf("writable file: exit %d, stdout %q", code, out)
	}
}

func TestTextOutputCannotBeForged(t *testing.T) {
	robots := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(robots, []byte("User-agent: *\nDisallow: /private\n"), 0o644)
	code, out, _ := runCmd(t, "", "test", "--agent", "Google\x1b[2Jbot", robots, "/a\nallowed  Googlebot  /private  forged")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if strings.Count(out, "\n") != 1 || strings.Contains(out, "\x1b") {
		t.Fatalf("a control character reached the output: %q", out)
	}
	if !strings.Contains(out, `/a\nallowed`) || !strings.Contains(out, `Google\x1b[2Jbot`) {
		t.Fatalf("control characters are not shown escaped: %q", out)
	}
}

func TestGarbageURLsAreSaidToBeRootInTheVerdict(t *testing.T) {
	robots := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(robots, []byte("User-agent: *\nDisallow: /private\n"), 0o644)
	for _, u := range []string{"::::", "%zz", "http://", "#frag"} {
		code, out, _ := runCmd(t, "", "test", "--agent", "x", robots, u)
		if code != 0 || !strings.Contains(out, "not a URL or path") {
			t.Errorf("%q: exit %d, %q", u, code, out)
		}
		code, out, _ = runCmd(t, "", "test", "--json", "--agent", "x", robots, u)
		if code != 0 || !strings.Contains(out, "not a URL or path") {
			t.Errorf("%q --json: exit %d, %q", u, code, out)
		}
	}
	for _, u := range []string{"/", "", "http://example.com", "https://example.com/"} {
		if _, out, _ := runCmd(t, "", "test", "--agent", "x", robots, u); strings.Contains(out, "not a URL or path") {
			t.Errorf("%q is a fine URL: %q", u, out)
		}
	}
}

var _ = errors.Is

// wildcardFile is a robots.txt on which temoto's regular expressions take
// seconds for one long path.
func wildcardFile(t *testing.T) string {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; i < 3000; i++ {
		b.WriteString("Disallow: /" + strings.Repeat("*a", 60) + "*b\n")
	}
	p := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(p, []byte(b.String()), 0o644)
	return p
}

func TestAQueryOverTheTimeLimitIsReportedNotWaitedFor(t *testing.T) {
	robots := wildcardFile(t)
	long := "/" + strings.Repeat("a", 4000)
	code, out, _ := runWithin(t, 20*time.Second, nil, "test", "--engine", "temoto", "--timeout", "100ms", "--agent", "x", robots, long, "/b")
	if code != cli.ExitTimeout || !strings.HasPrefix(out, "timeout  x  /aaa") || !strings.Contains(out, "longer than 100ms") {
		t.Fatalf("exit %d, output %.300q", code, out)
	}
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 2 || !strings.HasPrefix(lines[1], "allowed  x  /b  ") {
		t.Fatalf("the query after the slow one must still be answered: %.300q", out)
	}
	code, out, _ = runWithin(t, 20*time.Second, nil, "test", "--json", "--engine", "temoto", "--timeout", "100ms", "--agent", "x", robots, long)
	if code != cli.ExitTimeout || !strings.Contains(out, `"allowed":false`) || !strings.Contains(out, "longer than 100ms") {
		t.Fatalf("--json: exit %d, %.300q", code, out)
	}
}

func TestMetaAndHostOutputCannotDriveTheTerminal(t *testing.T) {
	for _, args := range [][]string{
		{"meta", "noindex\x1b]0;owned\x07, nofollow\nforged: line"},
		{"host", "www.\x1b[2Jexample.ru"},
	} {
		_, out, _ := runCmd(t, "", args...)
		if strings.ContainsAny(out, "\x1b\x07") || strings.Contains(out, "\nforged") {
			t.Errorf("%q: control characters reached the output: %q", args, out)
		}
	}
}

func TestTerminalSafeKeepsCRLFButEscapesALoneCR(t *testing.T) {
	for _, args := range [][]string{{"meta", "noindex\rforged"}, {"host", "a.ru\rforged"}} {
		_, out, _ := runCmd(t, "", args...)
		if strings.Contains(out, "\rforged") {
			t.Errorf("%q: a lone CR reached the output: %q", args, out)
		}
	}
}

func TestSuiteReportsATimedOutExpectation(t *testing.T) {
	robots := wildcardFile(t)
	long := "/" + strings.Repeat("a", 4000)
	suite := filepath.Join(t.TempDir(), "robots.txt.tests.json")
	os.WriteFile(suite, []byte(`{"version":1,"crawlers":["x"],"paths":["`+long+`","/b"],"expect":[`+
		`{"crawler":"x","path":"`+long+`","engine":"temoto","allowed":true},`+
		`{"crawler":"x","path":"/b","engine":"temoto","allowed":true}]}`), 0o644)
	code, out, errs := runWithin(t, 20*time.Second, nil, "test", "--suite", suite, "--timeout", "100ms", robots)
	if code != cli.ExitTimeout || !strings.Contains(out, "got timeout") || !strings.Contains(out, "1 passed, 1 failed") {
		t.Fatalf("exit %d, stderr %q, output %.400q", code, errs, out)
	}
}

// TestNewCommandsCannotDriveTheTerminal: what diff, logs, ai and fetch print
// comes from files, logs and servers anyone can write to; a control
// character in it is shown escaped, never obeyed.
func TestNewCommandsCannotDriveTheTerminal(t *testing.T) {
	dir := t.TempDir()
	oldR, newR := filepath.Join(dir, "old.txt"), filepath.Join(dir, "new.txt")
	os.WriteFile(oldR, []byte("User-agent: *\nDisallow: /a\n"), 0o644)
	os.WriteFile(newR, []byte("User-agent: *\nDisallow: /\n"), 0o644)
	log := filepath.Join(dir, "access.log")
	os.WriteFile(log, []byte("1.2.3.4 - - [10/Oct/2026:13:55:36 +0000] \"GET /a\x1b]0;pwned\x07b HTTP/1.1\" 200 5 \"-\" \"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\"\n"), 0o644)
	for _, args := range [][]string{
		{"diff", "--agent", "Google\x1b[2Jbot", oldR, newR},
		{"logs", "--robots", newR, log},
		{"logs", "--robots", newR, "--violations", log},
		{"ai", "--path", "/x\x1b[2J", newR},
	} {
		_, out, errs := runCmd(t, "", args...)
		if strings.ContainsAny(out+errs, "\x1b\x07") {
			t.Errorf("%q: a control character reached the output: %q", args[0], out)
		}
	}
}

// TestCountURLsKeepsTheLineLimit: test --count --urls reads through its own
// fast reader; a line over 64 KiB (batch.MaxURL) is an error there too, as
// with test --urls, not one long URL.
func TestCountURLsKeepsTheLineLimit(t *testing.T) {
	robots := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(robots, []byte("User-agent: *\nDisallow: /x\n"), 0o644)
	long := strings.Repeat("a", 3<<20) + "\n"
	code, out, errs := runCmd(t, long, "test", "--count", "--agent", "G", "--urls", "-", robots)
	if code != cli.ExitUsage || out != "" || !strings.Contains(errs, "--urls -: line 1 is longer than 64 KiB") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
