package history

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/tester/diag"
)

func ver(status int) *Version {
	return &Version{Site: exampleSite, Status: status, Hops: []Hop{{URL: exampleSite, Status: status}}}
}

func TestGradeSaysWhatAChangeDoes(t *testing.T) {
	for _, c := range []struct {
		rule       string
		old, new   string
		oldS, newS int
		urls       []string
		code       string
		sev        diag.Severity
		text       string
	}{
		{"`*` now disallows / (with the old rule count)", "User-agent: *\nDisallow: /a\nDisallow: /b\nAllow: /c\n", "User-agent: *\nDisallow: /\n", 200, 200, nil,
			"star-root", diag.Error, "the `*` group now disallows `/` (was: 3 rules)"},
		{"an AI crawler's group removed: newly allowed", "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /tmp\n", "User-agent: *\nDisallow: /tmp\n", 200, 200, nil,
			"ai-open", diag.Warning, "GPTBot newly allowed"},
		{"a major crawler shut out", "User-agent: *\nDisallow:\n", "User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nDisallow:\n", 200, 200, nil,
			"major-root", diag.Error, "Googlebot may no longer fetch `/`"},
		{"a sitemap line removed", "Sitemap: https://example.com/s.xml\nUser-agent: *\nDisallow:\n", "User-agent: *\nDisallow:\n", 200, 200, nil,
			"sitemap-removed", diag.Warning, "sitemap line removed: https://example.com/s.xml"},
		{"Host changed", "User-agent: Yandex\nDisallow:\nHost: a.example.com\n", "User-agent: Yandex\nDisallow:\nHost: b.example.com\n", 200, 200, nil,
			"host", diag.Warning, "Host changed: a.example.com → b.example.com"},
		{"saved URLs flip", "User-agent: *\nDisallow: /old/\n", "User-agent: *\nDisallow: /shop/\n", 200, 200, []string{"/shop/a", "/shop/b", "/old/x", "/about"},
			"saved", diag.Error, "3 of your 4 saved URLs flip for Googlebot (2 newly blocked, 1 newly allowed)"},
		{"the server answers 503", "User-agent: *\nDisallow: /x\n", "", 200, 503, nil,
			"answer", diag.Error, "the server now answers 503 (was 200): google"},
		{"comments, order and spacing only", "User-agent: *\nDisallow: /a\nDisallow: /b\n", "# tidied\nuser-agent: *\ndisallow:   /b\nDisallow: /a\n", 200, 200, nil,
			"harmless", diag.Info, "harmless"},
	} {
		t.Run(c.rule, func(t *testing.T) {
			ch := Change{Old: ver(c.oldS), New: ver(c.newS), OldBody: []byte(c.old), NewBody: []byte(c.new)}
			if c.newS != 200 {
				ch.NewBody = nil
			}
			fs := Grade(ch, GradeOptions{URLs: c.urls})
			var all []string
			for _, f := range fs {
				all = append(all, fmt.Sprintf("%s %s: %s", f.Severity, f.Code, f.Text))
				if f.Code == c.code && f.Severity == c.sev && strings.Contains(f.Text.String(), c.text) {
					if c.code == "harmless" && len(fs) != 1 {
						t.Errorf("harmless with more findings: %v", all)
					}
					return
				}
			}
			t.Errorf("no %s %s %q in\n%s", c.sev, c.code, c.text, strings.Join(all, "\n"))
		})
	}
	if fs := Grade(Change{New: ver(200)}, GradeOptions{}); len(fs) != 1 || fs[0].Code != "first" {
		t.Errorf("first version: %+v", fs)
	}
}

// sites serves each site's robots.txt from a server of its own (every
// one on 127.0.0.1: one host for the per-host limit), with the answer each
// should give, counting conditional requests and the most at once.
type sites struct {
	mu          sync.Mutex
	srv         map[string]*httptest.Server
	body        map[string]string
	status      map[string]int
	slow        map[string]bool
	lateFirst   map[string]time.Duration // the first answer of the site comes this late
	conditional atomic.Int32
	inFlight    atomic.Int32
	peak        atomic.Int32
}

func newSites(t *testing.T, names ...string) *sites {
	s := &sites{srv: map[string]*httptest.Server{}, body: map[string]string{}, status: map[string]int{}, slow: map[string]bool{}, lateFirst: map[string]time.Duration{}}
	for _, name := range names {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { s.serve(name, w, r) }))
		t.Cleanup(srv.Close)
		s.srv[name] = srv
	}
	return s
}

func (s *sites) url(name string) string { return s.srv[name].URL }

func (s *sites) serve(name string, w http.ResponseWriter, r *http.Request) {
	n := s.inFlight.Add(1)
	defer s.inFlight.Add(-1)
	for {
		p := s.peak.Load()
		if n <= p || s.peak.CompareAndSwap(p, n) {
			break
		}
	}
	s.mu.Lock()
	body, status, slow, late := s.body[name], s.status[name], s.slow[name], s.lateFirst[name]
	delete(s.lateFirst, name)
	s.mu.Unlock()
	time.Sleep(late)
	if slow {
		<-r.Context().Done()
		return
	}
	time.Sleep(time.Millisecond) // long enough for requests to overlap
	etag := fmt.Sprintf(`"%x-%d"`, len(body), status)
	if r.Header.Get("If-None-Match") != "" {
		s.conditional.Add(1)
		if r.Header.Get("If-None-Match") == etag && status == 200 {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	w.Header().Set("ETag", etag)
	w.Header().Set("Content-Type", "text/plain")
	w.WriteHeader(status)
	io.WriteString(w, body)
}

func (s *sites) set(name string, status int, body string) {
	s.mu.Lock()
	s.status[name], s.body[name] = status, body
	s.mu.Unlock()
}

func list(items ...string) func() (string, error) {
	i := 0
	return func() (string, error) {
		if i == len(items) {
			return "", io.EOF
		}
		i++
		return items[i-1], nil
	}
}

func TestWatchKeepsChangesGradesThemAndSaysWhatWasNotChecked(t *testing.T) {
	st := In(t.TempDir())
	s := newSites(t, "a", "b", "c", "slow")
	s.set("a", 200, "User-agent: *\nDisallow: /private\n")
	s.set("b", 200, "User-agent: *\nDisallow:\n")
	s.set("c", 200, "User-agent: *\nDisallow:\n")
	s.slow["slow"] = true
	inputs := []string{s.url("a"), s.url("b") + "/robots.txt", s.url("c"), s.url("slow"), "ftp://nowhere"}
	opts := WatchOptions{Workers: 4, PerHost: 2, Budget: 300 * time.Millisecond}
	run := func() []SiteReport {
		out := make([]SiteReport, len(inputs))
		if err := st.Watch(context.Background(), list(inputs...), opts, func(r SiteReport) error { out[r.Index] = r; return nil }); err != nil {
			t.Fatal(err)
		}
		return out
	}
	first := run()
	if len(first) != 5 || first[0].Input != inputs[0] || first[4].Input != "ftp://nowhere" {
		t.Fatalf("reports not placed by Index: %+v", first)
	}
	for i := range 3 {
		if !first[i].Checked || !first[i].Changed || first[i].Findings[0].Code != "first" {
			t.Errorf("site %d, first watch: %+v", i, first[i])
		}
	}
	if first[3].Checked || !strings.Contains(first[3].Why.String(), "300ms") {
		t.Errorf("the slow site: %+v", first[3])
	}
	if first[4].Checked || !strings.Contains(first[4].Why.String(), "ftp") {
		t.Errorf("the bad input: %+v", first[4])
	}
	if p := s.peak.Load(); p > 2 {
		t.Errorf("%d requests at once to one host (limit 2)", p)
	}

	s.set("a", 200, "User-agent: *\nDisallow: /\n")
	s.set("b", 503, "")
	second := run()
	if !second[0].Changed || second[0].Findings[0].Code != "star-root" {
		t.Errorf("a: %+v", second[0].Findings)
	}
	if w, _ := second[1].Worst(); !second[1].Changed || w != diag.Error || second[1].Findings[0].Code != "answer" {
		t.Errorf("b: %+v", second[1].Findings)
	}
	if !second[2].Checked || second[2].Changed || !second[2].NotModified {
		t.Errorf("c, unchanged, was not a 304: %+v", second[2])
	}
	if s.conditional.Load() < 2 {
		t.Errorf("%d conditional requests, want a and c's", s.conditional.Load())
	}
}

// A site listed more than once (host, page, robots.txt URL) is checked in
// the list's order, never two at once: the first line keeps the version
// and is graded "first", every later line finds it kept. Its first answer
// comes late, so lines checked at once would finish first and each keep a
// "first" version of its own.
func TestWatchChecksOneSiteListedTwiceInListOrder(t *testing.T) {
	st := In(t.TempDir())
	s := newSites(t, "a", "b")
	s.set("a", 200, "User-agent: *\nDisallow: /a\n")
	s.set("b", 200, "User-agent: *\nDisallow: /b\n")
	s.lateFirst["a"] = 200 * time.Millisecond
	a := s.url("a")
	inputs := []string{a, a + "/page", s.url("b"), a + "/robots.txt", a + "/x?y", a}
	out := make([]SiteReport, len(inputs))
	opts := WatchOptions{Workers: 8, PerHost: 8, Budget: 5 * time.Second}
	if err := st.Watch(context.Background(), list(inputs...), opts, func(r SiteReport) error { out[r.Index] = r; return nil }); err != nil {
		t.Fatal(err)
	}
	for i, r := range out {
		first := i == 0 || i == 2
		if !r.Checked || r.Changed != first || first && r.Findings[0].Code != "first" {
			t.Errorf("line %d (%s): checked %v, changed %v (want %v), findings %+v", i+1, r.Input, r.Checked, r.Changed, first, r.Findings)
		}
	}
	if vs, err := st.Versions(a + "/robots.txt"); err != nil || len(vs) != 1 {
		t.Errorf("%d versions of a kept (%v), want 1", len(vs), err)
	}
}

func TestNotifierRetriesAndNeverBlocks(t *testing.T) {
	var got atomic.Int32
	var calls atomic.Int32
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			w.WriteHeader(http.StatusServiceUnavailable) // the first post fails once
			return
		}
		var v map[string]any
		if json.NewDecoder(r.Body).Decode(&v) == nil && r.Header.Get("Content-Type") == "application/json" {
			got.Add(1)
		}
	}))
	defer hook.Close()
	n := &Notifier{URL: hook.URL, Pause: time.Millisecond}
	for i := range 3 {
		n.Send([]byte(fmt.Sprintf(`{"n":%d}`, i)))
	}
	st := n.Close(10 * time.Second)
	if st.Sent != 3 || got.Load() != 3 || calls.Load() != 4 {
		t.Errorf("stats %+v, %d received, %d calls; want 3 sent after one retry", st, got.Load(), calls.Load())
	}

	// A hook that never answers: Send returns at once, Close gives up in
	// time and says what went unsent.
	stuck := make(chan struct{})
	dead := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-stuck:
		case <-r.Context().Done():
		}
	}))
	defer dead.Close()
	defer close(stuck)
	n = &Notifier{URL: dead.URL, Timeout: 50 * time.Millisecond, Tries: 2, Pause: time.Millisecond}
	start := time.Now()
	for range 2000 {
		n.Send([]byte(`{}`))
	}
	if el := time.Since(start); el > time.Second {
		t.Errorf("Send blocked: %v for 2000", el)
	}
	st = n.Close(100 * time.Millisecond)
	if st.Dropped == 0 || st.Unsent == 0 || st.Sent != 0 {
		t.Errorf("stats of a dead hook: %+v", st)
	}
}

// ShardOf: every input in exactly one shard from 1 to n, the same one for
// every spelling of a site (host and port decide, not the scheme, case,
// path or the list's order), and the inputs spread over the shards.
func TestShardOfIsStableAndSpreads(t *testing.T) {
	for _, same := range [][]string{
		{"example.com", "https://EXAMPLE.com/page?q", "http://example.com/robots.txt", "https://example.com:443/"},
		{"shop.example:8080", "http://shop.example:8080/a"},
		{"ftp://nowhere", "  ftp://nowhere "},
	} {
		for n := 1; n <= 7; n++ {
			want := ShardOf(same[0], n)
			if want < 1 || want > n {
				t.Fatalf("ShardOf(%q, %d) = %d, outside 1..%d", same[0], n, want, n)
			}
			for _, s := range same[1:] {
				if got := ShardOf(s, n); got != want {
					t.Errorf("n=%d: %q in shard %d, %q in %d: one site, two shards", n, same[0], want, s, got)
				}
			}
		}
	}
	count := make([]int, 4)
	for i := range 300 {
		count[ShardOf(fmt.Sprintf("site%d.example", i), 3)]++
	}
	for s := 1; s <= 3; s++ {
		if count[s] < 60 {
			t.Errorf("shard %d of 3 got %d of 300 sites: %v", s, count[s], count[1:])
		}
	}
}

// Watch with Shard/Shards checks its shard's inputs only and keeps their
// places in the whole input; the shards together check each input once.
func TestWatchShardChecksItsSitesOnly(t *testing.T) {
	st := In(t.TempDir())
	names := []string{"a", "b", "c", "d", "e", "f"}
	s := newSites(t, names...)
	var inputs []string
	for _, n := range names {
		s.set(n, 200, "User-agent: *\nDisallow: /"+n+"\n")
		inputs = append(inputs, s.url(n))
	}
	inputs = append(inputs, "ftp://nowhere")
	seen := map[int]int{}
	for shard := 1; shard <= 3; shard++ {
		opts := WatchOptions{Workers: 2, Budget: 5 * time.Second, Shard: shard, Shards: 3}
		err := st.Watch(context.Background(), list(inputs...), opts, func(r SiteReport) error {
			if r.Input != inputs[r.Index] {
				t.Errorf("shard %d: report %d is %q, input %d is %q", shard, r.Index, r.Input, r.Index, inputs[r.Index])
			}
			if got := ShardOf(r.Input, 3); got != shard {
				t.Errorf("shard %d checked %q, which is shard %d's", shard, r.Input, got)
			}
			seen[r.Index]++
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for i := range inputs {
		if seen[i] != 1 {
			t.Errorf("input %d (%q) checked %d times by the 3 shards, want once", i, inputs[i], seen[i])
		}
	}
}
