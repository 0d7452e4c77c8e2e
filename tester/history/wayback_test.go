package history

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// archive is a local stand-in for the Internet Archive: a CDX endpoint
// answering in the documented JSON form and a raw (id_) replay.
type archive struct {
	srv       *httptest.Server
	mu        sync.Mutex
	rows      [][]string          // after the header row
	bodies    map[string]string   // timestamp → bytes
	limit429  map[string]int      // path → how many 429s to answer first
	times     []time.Time         // when each request came
	inFlight  int                 // requests being answered now
	overlap   bool                // two requests at once were seen
	cdxStatus int                 // ≠ 0: the CDX endpoint answers this
	cdxBody   string              // with this body
	queries   []map[string]string // the CDX queries
}

func newArchive(t *testing.T) *archive {
	a := &archive{bodies: map[string]string{}, limit429: map[string]int{}}
	a.srv = httptest.NewServer(http.HandlerFunc(a.serve))
	t.Cleanup(a.srv.Close)
	return a
}

func (a *archive) serve(w http.ResponseWriter, r *http.Request) {
	a.mu.Lock()
	a.inFlight++
	if a.inFlight > 1 {
		a.overlap = true
	}
	a.times = append(a.times, time.Now())
	n429 := a.limit429[r.URL.Path]
	if n429 > 0 {
		a.limit429[r.URL.Path]--
	}
	a.mu.Unlock()
	time.Sleep(time.Millisecond) // long enough for an overlap to show
	defer func() { a.mu.Lock(); a.inFlight--; a.mu.Unlock() }()
	if n429 > 0 {
		http.Error(w, "slow down", http.StatusTooManyRequests)
		return
	}
	if r.URL.Path == "/cdx/search/cdx" {
		q := map[string]string{}
		for k := range r.URL.Query() {
			q[k] = r.URL.Query().Get(k)
		}
		a.mu.Lock()
		a.queries = append(a.queries, q)
		status, body := a.cdxStatus, a.cdxBody
		a.mu.Unlock()
		if status != 0 {
			w.WriteHeader(status)
			fmt.Fprint(w, body)
			return
		}
		rows := [][]string{{"timestamp", "original", "mimetype", "statuscode", "digest"}}
		rows = append(rows, a.rows...)
		var b strings.Builder
		b.WriteString("[")
		for i, row := range rows {
			if i > 0 {
				b.WriteString(",\n")
			}
			b.WriteString(`["` + strings.Join(row, `","`) + `"]`)
		}
		b.WriteString("]\n")
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, b.String())
		return
	}
	// /web/<timestamp>id_/<original>
	rest, ok := strings.CutPrefix(r.URL.Path, "/web/")
	stamp, _, found := strings.Cut(rest, "id_/")
	body, known := a.bodies[stamp]
	if !ok || !found || !known {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/plain")
	fmt.Fprint(w, body)
}

func (a *archive) opts() ImportOptions {
	return ImportOptions{CDX: a.srv.URL + "/cdx/search/cdx", Snapshots: a.srv.URL + "/web/", Delay: 5 * time.Millisecond, Tries: 3}
}

const exampleSite = "https://example.com/robots.txt"

func TestImportKeepsSnapshotsPolitely(t *testing.T) {
	st := In(t.TempDir())
	a := newArchive(t)
	a.rows = [][]string{
		{"20150301000000", "http://example.com/robots.txt", "text/plain", "200", "AAA"},
		{"20160301000000", "http://example.com/robots.txt", "text/html", "404", "BBB"},
		{"20170301000000", "http://example.com/robots.txt", "text/html", "301", "CCC"},
		{"20180301000000", "https://example.com/robots.txt", "warc/revisit", "-", "DDD"},
		{"20190301000000", "https://example.com/robots.txt", "text/plain", "200", "EEE"},
		{"20200301000000", "https://example.com/robots.txt", "text/plain", "200", "FFF"},
	}
	a.bodies["20150301000000"] = "User-agent: *\nDisallow: /cgi-bin/\n"
	a.bodies["20190301000000"] = "User-agent: *\nDisallow: /\n"
	a.bodies["20200301000000"] = "User-agent: *\nDisallow: /cgi-bin/\n"
	a.limit429["/web/20190301000000id_/https://example.com/robots.txt"] = 1 // one 429, then the bytes

	opts := a.opts()
	opts.Max = 2
	rep, err := st.Import(context.Background(), exampleSite, opts)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Listed != 6 || rep.Read != 2 || rep.Added != 3 || len(rep.Skipped) != 2 {
		t.Errorf("report: %+v, want 6 listed, 2 read, 3 added (two files and the 404), 2 skipped (301, -)", rep)
	}
	if !strings.Contains(rep.Stopped.String(), "--from 20200301000000") {
		t.Errorf("the cap is not said with where to go on: %q", rep.Stopped)
	}
	q := a.queries[0]
	if q["url"] != "example.com/robots.txt" || q["output"] != "json" || q["collapse"] != "digest" {
		t.Errorf("CDX query: %v", q)
	}
	if a.overlap {
		t.Error("two requests were sent at once")
	}
	for i := 1; i < len(a.times); i++ {
		if gap := a.times[i].Sub(a.times[i-1]); gap < opts.Delay {
			t.Errorf("request %d came %v after the one before (delay %v)", i, gap, opts.Delay)
		}
	}
	vs, _ := st.Versions(exampleSite)
	if len(vs) != 3 || vs[0].Source != SourceWayback || !strings.HasSuffix(vs[0].SourceURL, "/web/20150301000000id_/http://example.com/robots.txt") ||
		vs[1].Status != 404 || vs[1].Body != "" || !vs[2].Time.Equal(time.Date(2019, 3, 1, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("versions: %+v", vs)
	}
	if b, _ := st.Body(vs[2]); string(b) != "User-agent: *\nDisallow: /\n" {
		t.Errorf("2019's bytes: %q", b)
	}

	// Again, without the cap: what is kept is not read again.
	before := len(a.times)
	opts.Max = 0
	rep, err = st.Import(context.Background(), exampleSite, opts)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Known != 3 || rep.Read != 1 || rep.Added != 1 || !rep.Stopped.IsZero() {
		t.Errorf("second import: %+v, want 3 known, 1 read and added", rep)
	}
	if got := len(a.times) - before; got != 2 {
		t.Errorf("second import sent %d requests, want 2 (the listing, the 2020 snapshot)", got)
	}
}

func TestImportStopsOnLastingRateLimit(t *testing.T) {
	st := In(t.TempDir())
	a := newArchive(t)
	a.rows = [][]string{{"20190301000000", "https://example.com/robots.txt", "text/plain", "200", "EEE"}}
	a.bodies["20190301000000"] = "User-agent: *\n"
	a.limit429["/web/20190301000000id_/https://example.com/robots.txt"] = 100
	rep, err := st.Import(context.Background(), exampleSite, a.opts())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.Stopped.String(), "429") || rep.Added != 0 || rep.Requests != 4 {
		t.Errorf("report: %+v (stopped %q); want stopped by 429 after the listing and 3 tries", rep, rep.Stopped)
	}
}

func TestImportReportsIndexErrors(t *testing.T) {
	for _, c := range []struct {
		name   string
		status int
		body   string
		want   string
	}{
		{"a 400 with the archive's message", 400, "org.archive.util.io.RuntimeIOException: bad url", "answered 400 Bad Request: org.archive"},
		{"a 503", 503, "down", "answered 503"},
		{"not JSON", 200, "[[\"timestamp\"", "not a CDX listing"},
		{"no timestamp column", 200, `[["original"],["x"]]`, "no timestamp"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := newArchive(t)
			a.cdxStatus, a.cdxBody = c.status, c.body
			_, err := In(t.TempDir()).Import(context.Background(), exampleSite, a.opts())
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want %q", err, c.want)
			}
		})
	}
}

// TestImportSaysWhyTheArchiveIsUnreachable: an archive that cannot be
// reached is said in a sentence (as fetch says a site's), not as Go's
// "Get \"url\": dial tcp …".
func TestImportSaysWhyTheArchiveIsUnreachable(t *testing.T) {
	a := newArchive(t)
	opts := a.opts()
	a.srv.Close() // nothing listens there any more
	_, err := In(t.TempDir()).Import(context.Background(), exampleSite, opts)
	if err == nil || err.Error() != "the archive could not be reached: the connection was refused" {
		t.Errorf("error %v", err)
	}
}

func TestParseCDXPlainAndEmpty(t *testing.T) {
	caps, err := ParseCDX([]byte("com,example)/robots.txt 20150301000000 http://example.com/robots.txt text/plain 200 AAA 120\n"))
	if err != nil || len(caps) != 1 || caps[0].Stamp != "20150301000000" || caps[0].Status != "200" || caps[0].Digest != "AAA" {
		t.Errorf("plain: %+v, %v", caps, err)
	}
	for _, empty := range []string{"", "[]", "\n"} {
		if caps, err := ParseCDX([]byte(empty)); err != nil || len(caps) != 0 {
			t.Errorf("%q: %+v, %v", empty, caps, err)
		}
	}
}

func TestRetryAfter(t *testing.T) {
	for h, want := range map[string]time.Duration{"": 0, "3": 3 * time.Second, "junk": 0, "999999": maxRetryAfter, "-4": 0} {
		if got := retryAfter(h); got != want {
			t.Errorf("Retry-After %q: %v, want %v", h, got, want)
		}
	}
}
