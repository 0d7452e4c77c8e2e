package fetch

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
)

func hasKey(list []msg.Text, key string) bool {
	for _, t := range list {
		if t.Key == key {
			return true
		}
	}
	return false
}

func outcome(t *testing.T, r *Result, id string) engine.FetchOutcome {
	t.Helper()
	o, ok := r.Outcome(id)
	if !ok {
		t.Fatalf("no outcome for %s", id)
	}
	return o.Outcome
}

func get(t *testing.T, u string, opts Options) *Result {
	t.Helper()
	r, err := Get(context.Background(), u, opts)
	if err != nil {
		t.Fatalf("Get(%s): %v", u, err)
	}
	return r
}

func TestResolve(t *testing.T) {
	cases := []struct {
		name, in, robots string
		page             bool
		variants         []string
		err              bool
	}{
		{name: "a bare host gets https", in: "example.com", robots: "https://example.com/robots.txt",
			variants: []string{"https://www.example.com/robots.txt", "http://example.com/robots.txt", "http://www.example.com/robots.txt"}},
		{name: "a page URL is governed by its host's file", in: "http://www.Example.com/shop/item?id=1", robots: "http://www.example.com/robots.txt", page: true,
			variants: []string{"https://www.example.com/robots.txt", "https://example.com/robots.txt", "http://example.com/robots.txt"}},
		{name: "the robots.txt URL itself", in: "https://example.com:8443/robots.txt", robots: "https://example.com:8443/robots.txt",
			variants: []string{"https://www.example.com:8443/robots.txt", "http://example.com:8443/robots.txt", "http://www.example.com:8443/robots.txt"}},
		{name: "a robots.txt under a folder is not a robots file", in: "https://example.com/~joe/robots.txt", robots: "https://example.com/robots.txt", page: true,
			variants: []string{"https://www.example.com/robots.txt", "http://example.com/robots.txt", "http://www.example.com/robots.txt"}},
		{name: "an IP address has no www variant", in: "http://127.0.0.1:8080/", robots: "http://127.0.0.1:8080/robots.txt",
			variants: []string{"https://127.0.0.1:8080/robots.txt"}},
		{name: "the default port is the same file (the origin's rule)", in: "https://Example.com:443/robots.txt#top", robots: "https://example.com/robots.txt",
			variants: []string{"https://www.example.com/robots.txt", "http://example.com/robots.txt", "http://www.example.com/robots.txt"}},
		{name: "a query makes a page", in: "https://example.com/?q=1", robots: "https://example.com/robots.txt", page: true,
			variants: []string{"https://www.example.com/robots.txt", "http://example.com/robots.txt", "http://www.example.com/robots.txt"}},
		{name: "a port is digits", in: "https://example.com:80a/", err: true},
		{name: "a host has no blank", in: "https://exa mple.com/", err: true},
		{name: "ftp has no robots.txt", in: "ftp://example.com/robots.txt", err: true},
		{name: "empty input", in: "  ", err: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Resolve(c.in)
			if c.err {
				var ie *InputError
				if !errors.As(err, &ie) {
					t.Fatalf("want an InputError, got %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.RobotsURL != c.robots || got.FromPage != c.page || strings.Join(got.Variants, " ") != strings.Join(c.variants, " ") {
				t.Errorf("got %+v", got)
			}
		})
	}
}

// TestStatusClasses: each engine's policy applied to the real answer.
func TestStatusClasses(t *testing.T) {
	cases := []struct {
		status             int
		google, draft, rfc engine.FetchOutcome
	}{
		{200, engine.FetchUseFile, engine.FetchUseFile, engine.FetchUseFile},
		{204, engine.FetchUseFile, engine.FetchUseFile, engine.FetchUseFile},
		{404, engine.FetchAllowAll, engine.FetchAllowAll, engine.FetchAllowAll},
		{401, engine.FetchAllowAll, engine.FetchDisallowAll, engine.FetchAllowAll},
		{403, engine.FetchAllowAll, engine.FetchDisallowAll, engine.FetchAllowAll},
		{429, engine.FetchDisallowAll, engine.FetchAllowAll, engine.FetchAllowAll},
		{500, engine.FetchDisallowAll, engine.FetchDisallowAll, engine.FetchDisallowAll},
		{503, engine.FetchDisallowAll, engine.FetchDisallowAll, engine.FetchDisallowAll},
		{100 + 3, engine.FetchDisallowAll, engine.FetchDisallowAll, engine.FetchDisallowAll},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.status), func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path != "/robots.txt" {
					t.Errorf("asked for %s", r.URL.Path)
				}
				if c.status < 200 {
					// A 1xx final status cannot be sent by net/http; 600 is as undefined.
					w.WriteHeader(600)
					return
				}
				w.Header().Set("Content-Type", "text/plain")
				w.WriteHeader(c.status)
				fmt.Fprint(w, "User-agent: *\nDisallow: /x\n")
			}))
			defer srv.Close()
			r := get(t, srv.URL, Options{})
			if c.status >= 200 && r.Status != c.status {
				t.Errorf("status %d, want %d", r.Status, c.status)
			}
			if g := outcome(t, r, "google"); g != c.google {
				t.Errorf("google: %s, want %s", g, c.google)
			}
			if g := outcome(t, r, "draft1996"); g != c.draft {
				t.Errorf("draft1996: %s, want %s", g, c.draft)
			}
			if g := outcome(t, r, "rfc9309"); g != c.rfc {
				t.Errorf("rfc9309: %s, want %s", g, c.rfc)
			}
			if len(r.Outcomes) != len(engine.All()) {
				t.Errorf("%d outcomes, want one per engine", len(r.Outcomes))
			}
			if r.OK() != (c.status >= 200 && c.status < 300) {
				t.Errorf("OK() = %v", r.OK())
			}
		})
	}
}

// chainServer redirects /robots.txt through hops redirects to /final;
// hops < 0 makes a loop between /loop-a and /loop-b.
func chainServer(hops int) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var n int
		switch {
		case r.URL.Path == "/final":
			fmt.Fprint(w, "User-agent: *\nDisallow: /\n")
		case r.URL.Path == "/loop-a":
			http.Redirect(w, r, "/loop-b", http.StatusFound)
		case r.URL.Path == "/loop-b":
			http.Redirect(w, r, "/loop-a", http.StatusFound)
		case r.URL.Path == "/robots.txt" && hops < 0:
			http.Redirect(w, r, "/loop-a", http.StatusMovedPermanently)
		case r.URL.Path == "/robots.txt":
			n = hops
			fallthrough
		case strings.HasPrefix(r.URL.Path, "/r/"):
			if n == 0 {
				fmt.Sscan(strings.TrimPrefix(r.URL.Path, "/r/"), &n)
			}
			if n <= 1 {
				http.Redirect(w, r, "/final", http.StatusMovedPermanently)
				return
			}
			http.Redirect(w, r, fmt.Sprintf("/r/%d", n-1), http.StatusMovedPermanently)
		default:
			http.NotFound(w, r)
		}
	}))
}

// TestRedirectChains: every hop recorded; five redirects are followed, the
// sixth is not (RFC 9309 §2.3.1.2, Google), and each engine says what that means.
func TestRedirectChains(t *testing.T) {
	for hops := 1; hops <= 6; hops++ {
		t.Run(fmt.Sprintf("%d hops", hops), func(t *testing.T) {
			srv := chainServer(hops)
			defer srv.Close()
			r := get(t, srv.URL, Options{})
			if hops <= 5 {
				if len(r.Hops) != hops+1 || r.Status != 200 || r.TooMany || !bytes.Equal(r.Body, []byte("User-agent: *\nDisallow: /\n")) {
					t.Fatalf("hops %+v status %d toomany %v body %q", r.Hops, r.Status, r.TooMany, r.Body)
				}
				for i, h := range r.Hops[:hops] {
					if h.Status != 301 || h.Location == "" || h.CrossHost {
						t.Errorf("hop %d: %+v", i, h)
					}
				}
				for _, o := range r.Outcomes {
					if o.Outcome != engine.FetchUseFile {
						t.Errorf("%s: %s after %d redirects", o.Engine, o.Outcome, hops)
					}
				}
				return
			}
			if len(r.Hops) != 6 || !r.TooMany || r.Status != 301 || !hasKey(r.Warnings, msgTooMany) {
				t.Fatalf("hops %d toomany %v status %d", len(r.Hops), r.TooMany, r.Status)
			}
			if g := outcome(t, r, "google"); g != engine.FetchAllowAll {
				t.Errorf("google after 6 redirects: %s, want allow-all (as a 404)", g)
			}
			if g := outcome(t, r, "temoto"); g != engine.FetchFollow {
				t.Errorf("temoto (Go's client follows 10): %s, want follow (not resolved)", g)
			}
		})
	}
}

func TestRedirectLoop(t *testing.T) {
	srv := chainServer(-1)
	defer srv.Close()
	r := get(t, srv.URL, Options{})
	if !r.TooMany || !hasKey(r.Warnings, msgLoop) {
		t.Fatalf("toomany %v warnings %v", r.TooMany, r.Warnings)
	}
	if outcome(t, r, "google") != engine.FetchAllowAll {
		t.Error("google should read a redirect loop as no robots.txt")
	}
}

func TestCrossHostRedirect(t *testing.T) {
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "User-agent: *\nAllow: /\n")
	}))
	defer other.Close()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/robots.txt", http.StatusMovedPermanently)
	}))
	defer srv.Close()
	r := get(t, srv.URL, Options{})
	if len(r.Hops) != 2 || !r.Hops[0].CrossHost || !hasKey(r.Warnings, msgCrossHost) || r.FinalURL() != other.URL+"/robots.txt" {
		t.Fatalf("hops %+v warnings %v", r.Hops, r.Warnings)
	}
}

// TestOriginOfARedirect: a redirect is cross-host when its origin
// differs, the origin as uri.AbsoluteURL.Origin reads it: the case of scheme
// and host and a written default port change nothing.
func TestOriginOfARedirect(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"HTTP://Example.COM:80/robots.txt", "http://example.com/robots.txt", true},
		{"https://example.com:443/a", "https://example.com/b", true},
		{"https://example.com:8443/", "https://example.com/", false},
		{"http://example.com/", "https://example.com/", false},
		{"https://www.example.com/", "https://example.com/", false},
	} {
		ua, _ := url.Parse(c.a)
		ub, _ := url.Parse(c.b)
		if got := origin(ua) == origin(ub); got != c.same {
			t.Errorf("%s and %s: same origin %v (%s, %s), want %v", c.a, c.b, got, origin(ua), origin(ub), c.same)
		}
	}
}

func TestTimeoutAndCancel(t *testing.T) {
	arrived := make(chan struct{}, 2)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case arrived <- struct{}{}:
		default:
		}
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	}))
	defer srv.Close()
	start := time.Now()
	r := get(t, srv.URL, Options{Timeout: 150 * time.Millisecond})
	if !r.Unreachable || r.Failure.Key != msgTimeout || r.Status != 0 {
		t.Fatalf("unreachable %v failure %v", r.Unreachable, r.Failure)
	}
	if time.Since(start) > 3*time.Second {
		t.Errorf("the timeout did not stop the fetch: %v", time.Since(start))
	}
	if outcome(t, r, "google") != engine.FetchDisallowAll || outcome(t, r, "temoto") != engine.FetchFail {
		t.Errorf("outcomes %+v", r.Outcomes)
	}

	<-arrived // the first request's
	ctx, cancel := context.WithCancel(context.Background())
	// Cancel once the request is at the server: the fetch is under way.
	go func() { <-arrived; cancel() }()
	r, err := Get(ctx, srv.URL, Options{})
	if !errors.Is(err, context.Canceled) || r.Failure.Key != msgCancelled {
		t.Fatalf("cancel: err %v failure %v", err, r.Failure)
	}
}

func TestBodies(t *testing.T) {
	var body func(w http.ResponseWriter, kind string)
	big := bytes.Repeat([]byte("Disallow: /0123456789/abcdefghij\n"), 600*1024/33+1)[:600*1024]
	cp1251 := []byte("User-agent: *\nDisallow: /\xea\xe0\xf2\xe0\xeb\xee\xe3\n") // "/каталог" in windows-1251
	crlf := []byte("\xef\xbb\xbfUser-agent: *\r\nDisallow: /a\r\n")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(crlf)
	zw.Close()
	serve := func(kind string) *httptest.Server {
		return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body(w, kind)
		}))
	}
	body = func(w http.ResponseWriter, kind string) {
		switch kind {
		case "big":
			w.Header().Set("Content-Type", "text/plain")
			w.Write(big)
		case "html":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, "<!DOCTYPE html><html><body>Not found</body></html>")
		case "cp1251":
			w.Header().Set("Content-Type", "text/plain; charset=windows-1251")
			w.Write(cp1251)
		case "gzip":
			w.Header().Set("Content-Type", "text/plain")
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(gz.Bytes())
		case "octet":
			w.Header().Set("Content-Type", "application/octet-stream")
			w.Header().Set("Cache-Control", "public, max-age=604800")
			w.Write(crlf)
		}
	}

	t.Run("600 KiB: Google and Yandex stop at 500 KiB, the body is kept whole", func(t *testing.T) {
		srv := serve("big")
		defer srv.Close()
		r := get(t, srv.URL, Options{})
		if !bytes.Equal(r.Body, big) || r.TruncatedAt() != 512000 || !hasKey(r.Warnings, msgTruncated) {
			t.Fatalf("len %d truncated %d warnings %v", len(r.Body), r.TruncatedAt(), r.Warnings)
		}
		o, _ := r.Outcome("google")
		if want := bytes.Count(big[:512000], []byte("\n")) + 1; o.TruncatedLine != want {
			t.Errorf("google stops in line %d, want %d", o.TruncatedLine, want)
		}
		if o, _ := r.Outcome("yandex"); o.TruncatedAt != 512000 {
			t.Errorf("yandex: %+v", o)
		}
		if o, _ := r.Outcome("rfc9309"); o.TruncatedAt != -1 {
			t.Errorf("rfc9309 reads everything: %+v", o)
		}
	})
	t.Run("HTML with 200 is a soft 404", func(t *testing.T) {
		srv := serve("html")
		defer srv.Close()
		r := get(t, srv.URL, Options{})
		if !hasKey(r.Warnings, msgSoft404) || outcome(t, r, "google") != engine.FetchUseFile {
			t.Fatalf("warnings %v", r.Warnings)
		}
	})
	t.Run("windows-1251 is not UTF-8", func(t *testing.T) {
		srv := serve("cp1251")
		defer srv.Close()
		r := get(t, srv.URL, Options{})
		if !hasKey(r.Warnings, msgNotUTF8) || !bytes.Equal(r.Body, cp1251) {
			t.Fatalf("warnings %v body %q", r.Warnings, r.Body)
		}
		if !strings.Contains(r.Warnings[0].String(), "windows-1251") {
			t.Errorf("the warning should name the declared charset: %s", r.Warnings[0])
		}
	})
	t.Run("gzip is undone, BOM and CRLF kept byte for byte", func(t *testing.T) {
		srv := serve("gzip")
		defer srv.Close()
		r := get(t, srv.URL, Options{})
		if !r.Gzip || !bytes.Equal(r.Body, crlf) || r.WireBytes != int64(gz.Len()) {
			t.Fatalf("gzip %v body %q wire %d", r.Gzip, r.Body, r.WireBytes)
		}
		if !hasKey(r.Notes, msgNoteGzip) || !hasKey(r.Notes, msgNoteBOM) || !hasKey(r.Notes, msgNoteCRLF) || len(r.Warnings) != 0 {
			t.Errorf("notes %v warnings %v", r.Notes, r.Warnings)
		}
	})
	t.Run("wrong Content-Type and a week-long cache", func(t *testing.T) {
		srv := serve("octet")
		defer srv.Close()
		r := get(t, srv.URL, Options{})
		if !hasKey(r.Warnings, msgContentType) || !hasKey(r.Warnings, msgLongCache) {
			t.Fatalf("warnings %v", r.Warnings)
		}
	})
}

// TestConnectionReset: the server promises 1000 bytes, sends 100 and resets
// the connection; crawlers treat that as a failed fetch.
func TestConnectionReset(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, buf, err := w.(http.Hijacker).Hijack()
		if err != nil {
			t.Error(err)
			return
		}
		fmt.Fprintf(buf, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n%s", strings.Repeat("x", 100))
		buf.Flush()
		if tc, ok := conn.(*net.TCPConn); ok {
			tc.SetLinger(0) // close with RST
		}
		conn.Close()
	}))
	defer srv.Close()
	r := get(t, srv.URL, Options{})
	if !r.Unreachable || r.Failure.Key != msgBroken || r.Status != 0 || len(r.Hops) != 1 || r.Hops[0].Status != 200 {
		t.Fatalf("unreachable %v failure %v status %d hops %+v", r.Unreachable, r.Failure, r.Status, r.Hops)
	}
	if outcome(t, r, "google") != engine.FetchDisallowAll {
		t.Errorf("google: %s", outcome(t, r, "google"))
	}
}

func TestRefused(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	r := get(t, "http://"+addr+"/robots.txt", Options{Timeout: 2 * time.Second})
	if !r.Unreachable || r.Failure.Key != msgRefused || len(r.Hops) != 1 || r.Hops[0].Status != 0 {
		t.Fatalf("unreachable %v failure %v hops %+v", r.Unreachable, r.Failure, r.Hops)
	}
}

func TestSimulate(t *testing.T) {
	for _, c := range []struct {
		status int
		google engine.FetchOutcome
	}{{503, engine.FetchDisallowAll}, {404, engine.FetchAllowAll}, {0, engine.FetchDisallowAll}, {200, engine.FetchUseFile}, {301, engine.FetchAllowAll}} {
		got := Simulate(c.status)
		if got[0].Engine != "google" || got[0].Outcome != c.google {
			t.Errorf("Simulate(%d): %+v", c.status, got[0])
		}
	}
}
