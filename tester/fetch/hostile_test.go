package fetch

import (
	"compress/gzip"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/testenv"
	"github.com/robots-studio/robots-studio/tester/engine"
)

// endless serves a robots.txt that never ends (plain, or gzip-compressed
// when gz), until the client goes away.
func endless(gz bool) *httptest.Server {
	line := []byte(strings.Repeat("Disallow: /endless/\n", 512))
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		var out interface{ Write([]byte) (int, error) } = w
		if gz {
			w.Header().Set("Content-Encoding", "gzip")
			zw := gzip.NewWriter(w)
			defer zw.Close()
			out = zw
		}
		for r.Context().Err() == nil {
			if _, err := out.Write(line); err != nil {
				return
			}
		}
	}))
}

// TestEndlessBodyStopsAtMaxBody: an endless body, plain or gzip, is read
// up to MaxBody and no further — with the options the window passes (none),
// the command line's, and a caller asking for more: the cap is one — and
// the fetch holds little more than that.
func TestEndlessBodyStopsAtMaxBody(t *testing.T) {
	for _, gz := range []bool{false, true} {
		srv := endless(gz)
		for _, opts := range []Options{{}, {Timeout: DefaultTimeout}, {MaxBytes: 4 * MaxBody}} {
			var r *Result
			var err error
			peak := testenv.PeakHeap(func() { r, err = Get(context.Background(), srv.URL, opts) })
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("gzip %v: body %d bytes, heap peak %d MB", gz, len(r.Body), peak>>20)
			if len(r.Body) != MaxBody || !hasKey(r.Warnings, msgTooBig) || r.Unreachable {
				t.Errorf("gzip %v: body %d bytes, warnings %v, unreachable %v", gz, len(r.Body), r.Warnings, r.Unreachable)
			}
			// At most the last growth step's old and new buffers (8 + 10
			// MB) at once, and the test server's own buffers, which share
			// this process's heap: a fetch that read on past the cap
			// (MaxBytes 4*MaxBody) would pass 40 MB.
			if peak > 2*MaxBody+8<<20 {
				t.Errorf("gzip %v: the fetch held %d MB for a body of %d MB", gz, peak>>20, MaxBody>>20)
			}
		}
		srv.Close()
	}
}

// TestRedirectWithoutLocationIsExplainedAsSuch: a 302 with no Location is
// a redirect with nowhere to go — not "more than 5 redirects" — in the
// warning and in every crawler's conclusion.
func TestRedirectWithoutLocationIsExplainedAsSuch(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusFound)
	}))
	defer srv.Close()
	r := get(t, srv.URL, Options{})
	if r.Status != http.StatusFound || r.TooMany || !hasKey(r.Warnings, msgNoLoc) {
		t.Fatalf("status %d toomany %v warnings %v", r.Status, r.TooMany, r.Warnings)
	}
	for _, o := range r.Outcomes {
		if o.Outcome == engine.FetchFollow && o.Why.Key != msgNoLocOutcome {
			t.Errorf("%s: %s", o.Engine, o.Why)
		}
		if strings.Contains(o.Why.String(), "more than") {
			t.Errorf("%s: explained as too many redirects: %s", o.Engine, o.Why)
		}
	}
}

// TestRedirectLoopIsWarnedOnce: a URL that redirects to itself is one
// warning, not one per hop.
func TestRedirectLoopIsWarnedOnce(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/robots.txt", http.StatusMovedPermanently)
	}))
	defer srv.Close()
	r := get(t, srv.URL, Options{})
	n := 0
	for _, w := range r.Warnings {
		if w.Key == msgLoop {
			n++
		}
	}
	if !r.TooMany || n != 1 {
		t.Errorf("toomany %v, %d loop warnings: %v", r.TooMany, n, r.Warnings)
	}
}
