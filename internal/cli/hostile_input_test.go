package cli_test

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestLogsEndlessFirstLineIsAMessageNotACrash: `logs - </dev/zero` (here
// cut at 3 MiB) and a log whose first line is over a mebibyte end with a
// message or a report, never a panic.
func TestLogsEndlessFirstLineIsAMessageNotACrash(t *testing.T) {
	code, out, errs := runWithin(t, time.Minute, bytes.NewReader(make([]byte, 3<<20)), "logs", "-")
	if code != 2 || !strings.Contains(errs, "no known log format") || strings.Contains(errs, "goroutine") || out != "" {
		t.Errorf("zeros: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	good := `66.249.66.1 - - [03/Feb/2025:08:00:01 +0000] "GET /shop/cart HTTP/1.1" 200 1 "-" "Googlebot/2.1"` + "\n"
	log := strings.Repeat("q", 1<<20) + "\n" + good
	code, out, errs = runWithin(t, time.Minute, strings.NewReader(log), "logs", "-")
	if code != 0 || !strings.Contains(out, "lines: 2,") || !strings.Contains(out, "malformed: -:1") || errs != "" {
		t.Errorf("long first line: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestLogsTruncatedGzipReportsWhatWasReadThenFails: a .gz log cut short
// prints the report of the lines before the cut, then the error, exit 1.
func TestLogsTruncatedGzipReportsWhatWasReadThenFails(t *testing.T) {
	plain, err := os.ReadFile(logsDir + "combined.log")
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(bytes.Repeat(plain, 3000))
	zw.Close()
	p := filepath.Join(t.TempDir(), "cut.log.gz")
	os.WriteFile(p, gz.Bytes()[:gz.Len()/2], 0o644)
	for _, mode := range [][]string{nil, {"--json"}} {
		args := append(append([]string{"logs"}, mode...), p)
		code, out, errs := runCmd(t, "", args...)
		report := strings.Contains(out, "Googlebot")
		if code != 1 || !report || !strings.Contains(errs, "cut.log.gz: unexpected EOF") || !strings.Contains(errs, "the report covers the lines read before that") {
			t.Errorf("%v: exit %d, report %v, stderr %q", args, code, report, errs)
		}
	}
}

// zipOf writes a zip of files (name → content) and returns its path.
func zipOf(t *testing.T, files map[string]string) string {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for name, data := range files {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(data))
	}
	zw.Close()
	p := filepath.Join(t.TempDir(), "x.zip")
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// lessonFiles reads the files of a lesson folder.
func lessonFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = string(data)
	}
	return files
}

// TestLessonsZipOutsideItselfIsAMessage: `lessons x.zip` on a zip whose
// entries all climb out with ../ exits 2 with one clear line.
func TestLessonsZipOutsideItselfIsAMessage(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	files := map[string]string{}
	for name, data := range lessonFiles(t, goodLesson) {
		files["../evil/"+name] = data
	}
	p := zipOf(t, files)
	for _, args := range [][]string{{"lessons", p}, {"lessons", "--check", p}} {
		code, out, errs := runWithin(t, time.Minute, strings.NewReader(""), args...)
		if code != 2 || out != "" || !strings.Contains(errs, "x.zip: the zip names files outside itself") || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

// TestLessonsPrintNoTerminalControls: a shared lesson's title and the
// problem lines of --check show control characters escaped, so a lesson
// cannot clear or retitle the terminal; one line stays one line.
func TestLessonsPrintNoTerminalControls(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	files := lessonFiles(t, goodLesson)
	files["lesson.json"] = strings.Replace(files["lesson.json"], `"en": "Only Lycos"`, `"en": "Only \u001b[2J\u001b]0;owned\u0007Lycos\nfake line"`, 1)
	files["robots.txt"] = strings.Replace(files["robots.txt"], "Disallow: /tmp/", "Disallow: /tmp/\u001b[2J", 1)
	delete(files, "text.pl.md")
	dir := filepath.Join(t.TempDir(), "les\x1b]0;son\x07")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644)
	}
	for _, args := range [][]string{{"lessons", "--lang", "en", dir}, {"lessons", "--check", dir}} {
		_, out, errs := runCmd(t, "", args...)
		if strings.ContainsFunc(out+errs, func(r rune) bool { return r < 0x20 && r != '\n' }) || !strings.Contains(out, `\x1b`) {
			t.Errorf("%v: control characters printed raw: %q %q", args[:2], out, errs)
		}
		if strings.Contains(out, "\nfake line") {
			t.Errorf("%v: a title broke the line: %q", args[:2], out)
		}
	}
}
