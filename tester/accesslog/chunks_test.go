package accesslog_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/robots-studio/robots-studio/internal/loggen"
	"github.com/robots-studio/robots-studio/tester/accesslog"
)

// chunkedLog is a generated combined log of about 2 MB between lines from
// hosts that send no User-Agent: 10.9.9.1 asks for a page, then for
// robots.txt (from then on a robot), and asks for disallowed pages at the
// very end, chunks later; 10.9.9.2 asks for a page and never for
// robots.txt.
func chunkedLog(t *testing.T) []byte {
	t.Helper()
	var samples [][]byte
	for _, f := range []string{"combined.log", "vhost.log", "nginx-iso.log"} {
		data, err := os.ReadFile(filepath.Join("testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		samples = append(samples, data)
	}
	var gen bytes.Buffer
	if _, err := loggen.Write(&gen, 2<<20, samples...); err != nil {
		t.Fatal(err)
	}
	host := func(ip, path string) string {
		return fmt.Sprintf("%s - - [03/Feb/2025:09:00:00 +0000] \"GET %s HTTP/1.1\" 200 1 \"-\" \"-\"\n", ip, path)
	}
	var log bytes.Buffer
	log.WriteString(host("10.9.9.1", "/search?q=early") + host("10.9.9.1", "/robots.txt") + host("10.9.9.2", "/cgi-bin/x"))
	log.Write(gen.Bytes())
	log.WriteString(host("10.9.9.1", "/search?q=late") + host("10.9.9.1", "/cgi-bin/late") + host("10.9.9.2", "/cgi-bin/y"))
	return log.Bytes()
}

// analyzeChunked reads log in chunks of about chunk bytes on workers
// goroutines; it returns the report, its summary as JSON and the
// violations in the order they were reported.
func analyzeChunked(t *testing.T, log []byte, chunk, workers int) (*accesslog.Report, string, []accesslog.Violation) {
	t.Helper()
	defer accesslog.SetChunkSize(chunk)()
	var viol []accesslog.Violation
	o := accesslog.Options{Names: []string{"-"}, Stdin: bytes.NewReader(log), Workers: workers,
		Robots: readBenchDoc(t, "bench.robots.txt"), Draft: readBenchDoc(t, "bench.draft.txt"),
		OnViolation: func(v accesslog.Violation) { viol = append(viol, v) }}
	rep, err := accesslog.Analyze(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	var sum bytes.Buffer
	if err := accesslog.WriteSummary(&sum, rep.Summary(o, nil)); err != nil {
		t.Fatal(err)
	}
	return rep, sum.String(), viol
}

// TestChunksGiveOneReport: each worker counts its chunks into a report of
// its own, merged in log order. The report (every counter and top list,
// as its summary writes them) is the same for 1 worker and 3; against a
// pass that reads the log as one chunk, every exact figure is the same,
// the violations come in the same order, and a host that fetched
// robots.txt chunks earlier is still counted as a robot.
func TestChunksGiveOneReport(t *testing.T) {
	log := chunkedLog(t)
	one, oneSum, oneViol := analyzeChunked(t, log, 64<<20, 1)
	small, smallSum, smallViol := analyzeChunked(t, log, 16<<10, 1)
	_, smallSum3, smallViol3 := analyzeChunked(t, log, 16<<10, 3)
	if smallSum != smallSum3 {
		t.Error("16 KB chunks: 1 worker and 3 give different reports")
	}
	if !reflect.DeepEqual(smallViol, smallViol3) {
		t.Error("16 KB chunks: 1 worker and 3 report different violations")
	}
	if !reflect.DeepEqual(oneViol, smallViol) || len(oneViol) < 100 {
		t.Errorf("violations: %d in one chunk, %d in 16 KB chunks, or not in the same order", len(oneViol), len(smallViol))
	}
	if oneSum == smallSum {
		t.Log("one chunk and 16 KB chunks give the same summary (top lists too)")
	}
	type totals struct{ Lines, Blank, Malformed, NoRequest, Other, Crawler int64 }
	tot := func(r *accesslog.Report) totals {
		return totals{r.Lines, r.Blank, r.Malformed, r.NoRequest, r.OtherHits, r.CrawlerHits}
	}
	if tot(one) != tot(small) {
		t.Errorf("totals: one chunk %+v, 16 KB chunks %+v", tot(one), tot(small))
	}
	if len(one.Crawlers) != len(small.Crawlers) || len(one.Crawlers) < 5 {
		t.Fatalf("%d rows in one chunk, %d in 16 KB chunks", len(one.Crawlers), len(small.Crawlers))
	}
	for i, a := range one.Crawlers {
		b := small.Crawlers[i]
		type exact struct {
			Name                                      string
			Hits, Paths, Disallowed, Blocked, Allowed int64
			First, Last                               accesslog.Stamp
			Fetches, Timeline, Draft                  string
		}
		ex := func(c *accesslog.CrawlerStats) exact {
			draft := ""
			for _, r := range c.DraftRules {
				line := 0
				if r.Rule != nil {
					line = r.Rule.Line
				}
				draft += fmt.Sprintf("%d/%v/%d/%d ", line, r.InRobots, r.Blocked, r.Allowed)
			}
			return exact{c.Name, c.Hits, c.DistinctPaths, c.Disallowed, c.NewlyBlocked, c.NewlyAllowed, c.First, c.Last,
				fmt.Sprint(c.FetchConclusions()), fmt.Sprint(c.Timeline), draft}
		}
		if ex(a) != ex(b) {
			t.Errorf("row %d:\none chunk      %+v\n16 KB chunks  %+v", i, ex(a), ex(b))
		}
	}
	for _, r := range []*accesslog.Report{one, small} {
		var h *accesslog.CrawlerStats
		for _, c := range r.Crawlers {
			if c.Name == "10.9.9.1" {
				h = c
			}
			if c.Name == "10.9.9.2" {
				t.Error("10.9.9.2 never fetched robots.txt but has a row")
			}
		}
		// robots.txt and the two late hits; the early one came before
		// the host asked for robots.txt.
		if h == nil || h.Hits != 3 || h.Disallowed != 2 {
			t.Fatalf("host 10.9.9.1: %+v", h)
		}
	}
}
