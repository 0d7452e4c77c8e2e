package cli_test

import (
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
