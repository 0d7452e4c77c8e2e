package cli_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/tester/history"
)

// TestLogsJudgeByTheVersionInForce: logs --site reads the versions kept in
// history and judges each hit by the one live at its time, naming it in
// --violations; --as-of-now judges by the newest; a site with no versions
// is an error that says how to get some.
func TestLogsJudgeByTheVersionInForce(t *testing.T) {
	storage := t.TempDir()
	t.Setenv(session.StorageEnv, storage)
	st, err := history.Open(storage)
	if err != nil {
		t.Fatal(err)
	}
	site := "https://example.com/robots.txt"
	for _, v := range []struct {
		at   time.Time
		body string
	}{
		{time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), "User-agent: *\nDisallow: /old\n"},
		{time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC), "User-agent: *\nDisallow: /new\n"},
	} {
		// found again by a daily watch until the next version
		seen := v.at.AddDate(0, 0, 30)
		if _, _, err := st.Add(history.Version{Site: site, Time: v.at, LastSeen: seen, Status: 200, Source: "watch"}, []byte(v.body)); err != nil {
			t.Fatal(err)
		}
	}
	var log strings.Builder
	for _, h := range []struct{ at, path string }{{"15/Jan/2026:10:00:00 +0000", "/old"}, {"15/Jan/2026:11:00:00 +0000", "/new"}} {
		fmt.Fprintf(&log, "66.249.66.1 - - [%s] \"GET %s HTTP/1.1\" 200 1 \"-\" \"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\"\n", h.at, h.path)
	}
	name := filepath.Join(t.TempDir(), "access.log")
	if err := os.WriteFile(name, []byte(log.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCmd(t, "", "logs", "--site", "example.com", "--violations", name)
	if code != 1 || !strings.Contains(out, ":1 Googlebot /old") || !strings.Contains(out, "(version 1)") || strings.Contains(out, "/new") {
		t.Errorf("judged by the version in force: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCmd(t, "", "logs", "--site", "example.com", "--as-of-now", "--violations", name)
	if code != 1 || !strings.Contains(out, ":2 Googlebot /new") || !strings.Contains(out, "(version 2)") || strings.Contains(out, "/old") {
		t.Errorf("--as-of-now: exit %d\n%s%s", code, out, errs)
	}
	code, out, _ = runCmd(t, "", "logs", "--site", "example.com", name)
	if !strings.Contains(out, "live at its time (2 kept, 2026-01-01 … 2026-02-01)") {
		t.Errorf("the report does not say how it judged: exit %d\n%s", code, out)
	}
	code, _, errs = runCmd(t, "", "logs", "--site", "other.example", name)
	if code != 2 || !strings.Contains(errs, "no version of https://other.example/robots.txt is kept") {
		t.Errorf("a site without versions: exit %d, %s", code, errs)
	}
}
