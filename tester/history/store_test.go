package history

import (
	"context"
	"errors"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/tester/fetch"
)

// site serves a robots.txt whose body and status the test changes.
type site struct {
	srv    *httptest.Server
	mu     sync.Mutex
	body   string
	status int
	etag   string
	hits   atomic.Int32
}

func newSite(t *testing.T, body string) *site {
	s := &site{body: body, status: 200}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.hits.Add(1)
		s.mu.Lock()
		body, status, etag := s.body, s.status, s.etag
		s.mu.Unlock()
		if etag != "" {
			w.Header().Set("ETag", etag)
			if r.Header.Get("If-None-Match") == etag {
				w.WriteHeader(http.StatusNotModified)
				return
			}
		}
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Last-Modified", "Tue, 01 Sep 2026 10:00:00 GMT")
		w.WriteHeader(status)
		w.Write([]byte(body))
	}))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *site) set(status int, body string) {
	s.mu.Lock()
	s.status, s.body = status, body
	s.mu.Unlock()
}

func (s *site) robots() string { return s.srv.URL + "/robots.txt" }

func get(t *testing.T, input string, opts fetch.Options) *fetch.Result {
	t.Helper()
	r, err := fetch.Get(context.Background(), input, opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func blobs(t *testing.T, s Store) int {
	t.Helper()
	n := 0
	filepath.WalkDir(filepath.Join(s.Dir, "blobs"), func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return nil
	})
	return n
}

// Every fetch through fetch.Get is kept once Open installed the keeper;
// the same answer again is the same version seen twice; identical bytes of
// two sites are stored once.
func TestEveryFetchIsKeptAndIdenticalBytesOnce(t *testing.T) {
	st, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { fetch.SetKeeper(nil) })
	a := newSite(t, "User-agent: *\nDisallow: /private\n")
	b := newSite(t, "User-agent: *\nDisallow: /private\n")
	get(t, a.srv.URL, fetch.Options{})
	get(t, a.srv.URL, fetch.Options{})
	get(t, b.srv.URL+"/some/page", fetch.Options{})
	a.set(200, "User-agent: *\nDisallow: /\n")
	get(t, a.srv.URL, fetch.Options{})
	a.set(503, "down")
	get(t, a.srv.URL, fetch.Options{})
	get(t, a.srv.URL, fetch.Options{NoKeep: true})

	vs, err := st.Versions(a.robots())
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 3 {
		t.Fatalf("versions of a: %d, want 3 (two fetches of one file, a change, a 503): %+v", len(vs), vs)
	}
	if vs[0].Seen != 2 || !vs[0].LastSeen.After(vs[0].Time) {
		t.Errorf("the first version was found twice: seen %d, %v..%v", vs[0].Seen, vs[0].Time, vs[0].LastSeen)
	}
	if vs[2].Status != 503 || vs[2].Body != "" || vs[2].Seen != 1 {
		t.Errorf("the 503 version: %+v (the NoKeep fetch must not count)", vs[2])
	}
	if vs[0].ContentType != "text/plain" || vs[0].LastModified == "" || vs[0].Source != SourceFetch || vs[0].Hops[0].Status != 200 {
		t.Errorf("headers and source not kept: %+v", vs[0])
	}
	body, err := st.Body(vs[1])
	if err != nil || string(body) != "User-agent: *\nDisallow: /\n" {
		t.Errorf("body of version 2: %q, %v", body, err)
	}
	if n := blobs(t, st); n != 2 {
		t.Errorf("%d bodies stored, want 2 (a's two files; b's is a's first)", n)
	}
	sites, _ := st.Sites()
	if len(sites) != 2 {
		t.Errorf("sites: %+v", sites)
	}

	// forget: a goes with its own bodies, b's (shared with a) stays.
	n, err := st.Forget(a.robots())
	if err != nil || n != 3 {
		t.Fatalf("forget: %d, %v", n, err)
	}
	if _, err := st.Versions(a.robots()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a still has a history: %v", err)
	}
	if n := blobs(t, st); n != 1 {
		t.Errorf("%d bodies after forget, want 1 (b's)", n)
	}
	vb, _ := st.Versions(b.robots())
	if body, err := st.Body(vb[0]); err != nil || len(body) == 0 {
		t.Errorf("b's body lost by forgetting a: %v", err)
	}
	if _, err := st.Forget(a.robots()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("forgetting twice: %v", err)
	}
}

// Keeping off (the setting) keeps nothing; a storage that is not an
// absolute folder keeps nothing either.
func TestNothingKeptWhenOffOrWithoutStorage(t *testing.T) {
	dir := t.TempDir()
	st, _ := Open(dir)
	t.Cleanup(func() { fetch.SetKeeper(nil) })
	if err := st.SetKeeping(false); err != nil {
		t.Fatal(err)
	}
	a := newSite(t, "User-agent: *\nDisallow:\n")
	get(t, a.srv.URL, fetch.Options{})
	if sites, _ := st.Sites(); len(sites) != 0 {
		t.Errorf("kept while off: %+v", sites)
	}
	st.SetKeeping(true)
	get(t, a.srv.URL, fetch.Options{})
	if sites, _ := st.Sites(); len(sites) != 1 {
		t.Errorf("not kept when on again: %+v", sites)
	}

	wd, _ := os.Getwd()
	if _, err := Open("fyne/app"); err == nil {
		t.Error("a relative storage was accepted")
	}
	get(t, a.srv.URL, fetch.Options{})
	if _, err := os.Stat(filepath.Join(wd, "fyne")); err == nil {
		t.Error("a fetch wrote into the working folder")
	}
}

// A 304 to a conditional request confirms the latest version.
func TestNotModifiedConfirmsTheLatest(t *testing.T) {
	st := In(t.TempDir())
	a := newSite(t, "User-agent: *\nDisallow: /x\n")
	a.etag = `"v1"`
	r := get(t, a.srv.URL, fetch.Options{NoKeep: true})
	st.Keep(r, SourceWatch)
	r = get(t, a.srv.URL, fetch.Options{NoKeep: true, IfNoneMatch: `"v1"`})
	if !r.NotModified {
		t.Fatalf("no 304: %+v", r.Hops)
	}
	v, added, err := st.Keep(r, SourceWatch)
	if err != nil || added || v.Seen != 2 || v.Body == "" {
		t.Errorf("304 kept as %+v added=%v err=%v; want the first version seen twice", v, added, err)
	}
}

// Writers in parallel lose no fetch: every one is a version or a "seen
// again" of one (the site's record is rewritten under its lock).
func TestParallelKeepsLoseNothing(t *testing.T) {
	st := In(t.TempDir())
	const n = 40
	var wg sync.WaitGroup
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body := []byte("User-agent: *\nDisallow: /" + string(rune('a'+i%2)) + "\n")
			v := Version{Site: "https://example.com/robots.txt", Time: base.Add(time.Duration(i) * time.Minute), Source: SourceWatch, Status: 200}
			if _, _, err := st.Add(v, body); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	vs, err := st.Versions("https://example.com/robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, v := range vs {
		seen += v.Seen
	}
	if seen != n {
		t.Errorf("%d fetches recorded of %d (lost updates)", seen, n)
	}
}

// A damaged record is reported and left as it is; bodies are checked
// against their hash.
func TestDamagedRecordAndBody(t *testing.T) {
	st := In(t.TempDir())
	site := "https://example.com/robots.txt"
	v, _, err := st.Add(Version{Site: site, Time: time.Now(), Status: 200, Source: SourceFetch}, []byte("User-agent: *\n"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(st.blobPath(v.Body), []byte("tampered"), 0o644)
	if _, err := st.Body(v); err == nil {
		t.Error("a changed body was given as the version's")
	}
	os.WriteFile(st.sitePath(site), []byte("{not json"), 0o644)
	if _, err := st.Versions(site); err == nil || !strings.Contains(err.Error(), "cannot be read") {
		t.Errorf("damaged record: %v", err)
	}
	if _, _, err := st.Add(Version{Site: site, Time: time.Now(), Status: 404, Source: SourceFetch}, nil); err == nil {
		t.Error("a version was added over a damaged record")
	}
	if data, _ := os.ReadFile(st.sitePath(site)); string(data) != "{not json" {
		t.Errorf("the damaged record was overwritten: %q", data)
	}
}

// Site names become file names that every system accepts and no two
// sites share.
func TestKeys(t *testing.T) {
	seen := map[string]string{}
	for _, s := range []string{"https://example.com/robots.txt", "http://example.com/robots.txt",
		"http://127.0.0.1:8080/robots.txt", "http://[::1]:8080/robots.txt", "https://xn--e1afmkfd.xn--p1ai/robots.txt",
		"http://example.com:80/robots.txt"} {
		k := key(s)
		if strings.ContainsAny(k, `/\:*?"<>|[]`) {
			t.Errorf("key(%s) = %s: not a portable file name", s, k)
		}
		if o, dup := seen[k]; dup {
			t.Errorf("%s and %s share %s", s, o, k)
		}
		seen[k] = s
	}
}
