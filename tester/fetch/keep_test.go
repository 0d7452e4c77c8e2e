package fetch

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
)

// The keeper hears of every finished Get of a robots.txt, and of nothing
// else: not NoKeep, not input that is no site, not GetURL.
func TestKeeperHearsOfEveryFetch(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("ETag", `"a"`)
		w.Header().Set("Last-Modified", "Tue, 01 Sep 2026 10:00:00 GMT")
		if r.Header.Get("If-None-Match") == `"a"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Write([]byte("User-agent: *\nDisallow:\n"))
	}))
	defer srv.Close()
	var heard []*Result
	SetKeeper(func(r *Result) { heard = append(heard, r) })
	defer SetKeeper(nil)
	ctx := context.Background()
	Get(ctx, srv.URL, Options{})
	Get(ctx, srv.URL, Options{NoKeep: true})
	Get(ctx, "ftp://x", Options{})
	GetURL(ctx, srv.URL+"/list.json", Options{})
	if len(heard) != 1 || heard[0].ETag != `"a"` || heard[0].LastModified == "" || heard[0].NotModified {
		t.Fatalf("heard %d fetches: %+v", len(heard), heard)
	}
	r, _ := Get(ctx, srv.URL, Options{IfNoneMatch: `"a"`})
	if !r.NotModified || r.Status != 304 || len(heard) != 2 {
		t.Errorf("conditional fetch: %+v", r)
	}
}
