//go:build !js

package aitab

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// agentsServer answers robots.txt by User-Agent: GPTBot gets Cloudflare's
// managed block before the file, ClaudeBot an HTTP 500, every other the
// file alone.
func agentsServer(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ua := r.Header.Get("User-Agent")
		body := "User-agent: *\nDisallow: /admin/\n"
		switch {
		case strings.Contains(ua, "GPTBot"):
			body = "# BEGIN Cloudflare Managed content\nUser-agent: GPTBot\nDisallow: /\n# END Cloudflare Managed Content\n" + body
		case strings.Contains(ua, "ClaudeBot"):
			http.Error(w, "no", http.StatusInternalServerError)
			return
		}
		w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	return srv
}

// Rule: outside the browser the tab has the button (the walk that
// TestFetchAsHiddenInTheBrowser trusts finds it).
func TestFetchAsInTheWindow(t *testing.T) {
	tab, _ := newTestTab(t, "User-agent: *\nAllow: /\n")
	if tab.as == nil || !hasButton(tab.Content, "Fetch as Each Crawler") {
		t.Fatal("no Fetch as Each Crawler in the tab")
	}
}

// Rule: each crawler's row names the version it got (the same letter for
// the same answer, A the most common), its status and size, and a
// differing version lists the lines it has and lacks as fetch-as does; the
// crawlers are fetch-as's own.
func TestFetchAsShowsEachCrawlersVersion(t *testing.T) {
	srv := agentsServer(t)
	tab, _ := newTestTab(t, "User-agent: *\nAllow: /\n")
	v := tab.as
	v.worker.Inline = true // the test driver has no UI goroutine
	if len(v.agents) != len(fetch.DefaultAgents) {
		t.Fatalf("agents %v, fetch-as fetches as %v", v.agents, fetch.DefaultAgents)
	}
	tab.SetSite(func() string { return srv.URL + "/robots.txt" })
	if v.site.Text != srv.URL+"/robots.txt" {
		t.Fatalf("site field %q: not the document's site", v.site.Text)
	}
	test.Tap(v.fetchBtn)
	got := labels(v.results)
	for _, want := range []string{
		"Googlebot: version A · HTTP 200 · 32 bytes",
		"bingbot: version A · HTTP 200 · 32 bytes",
		"browser: version A · HTTP 200 · 32 bytes",
		"GPTBot: version B · HTTP 200 · 131 bytes",
		"ClaudeBot: version C · HTTP 500",
		"Version B (GPTBot) against version A:",
		"Cloudflare's managed block",
		"    + User-agent: GPTBot",
		"Version C (ClaudeBot) against version A:",
		"HTTP 500, the most common one HTTP 200",
		"    - Disallow: /admin/",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	if !strings.Contains(v.status.Text, "3 different versions") || v.cancel.Visible() || v.fetchBtn.Disabled() {
		t.Errorf("status %q, cancel shown %v, fetch disabled %v", v.status.Text, v.cancel.Visible(), v.fetchBtn.Disabled())
	}
	// The answers and the site survive a rebuild in another language.
	again, _ := newTestTab(t, "User-agent: *\nAllow: /\n")
	again.Restore(tab.State())
	if again.as.site.Text != v.site.Text || labels(again.as.results) != got || again.as.status.Text != v.status.Text {
		t.Errorf("restored: site %q, status %q, results\n%s", again.as.site.Text, again.as.status.Text, labels(again.as.results))
	}
	// A site typed by the user stays when the document is read again.
	v.site.SetText("example.org")
	tab.Refresh()
	if v.site.Text != "example.org" {
		t.Errorf("the user's site was replaced by %q", v.site.Text)
	}
}

// Rule: the fetch runs off the UI goroutine with progress and Cancel;
// Cancel stops it, says so, and the button is ready again.
func TestFetchAsCancel(t *testing.T) {
	arrived := make(chan struct{}, 1)
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case arrived <- struct{}{}:
		default:
		}
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)
	tab, _ := newTestTab(t, "User-agent: *\nAllow: /\n")
	v := tab.as
	ui := uitest.NewLoop()
	v.hand = ui.Hand
	v.site.SetText(srv.URL)
	test.Tap(v.fetchBtn)
	<-arrived
	ui.Until(func() bool { return strings.Contains(v.status.Text, "Fetching as Googlebot (1 of 5)") })
	if !v.cancel.Visible() || !v.progress.Visible() || !v.fetchBtn.Disabled() {
		t.Error("no progress bar and Cancel while fetching")
	}
	test.Tap(v.cancel)
	v.worker.Wait()
	ui.Drain()
	if v.cancel.Visible() || v.fetchBtn.Disabled() || v.status.Text != "Cancelled." || len(v.results.Objects) != 0 {
		t.Errorf("after Cancel: cancel shown %v, fetch disabled %v, status %q, %d results", v.cancel.Visible(), v.fetchBtn.Disabled(), v.status.Text, len(v.results.Objects))
	}
}

// Rule: one answer for all says so; bodies that differ only in line ends
// are two versions whose lines are the same, and the row says that.
func TestFetchAsSameAndLineEnds(t *testing.T) {
	var crlf atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := "User-agent: *\nDisallow: /admin/\n"
		if crlf.Load() && strings.Contains(r.Header.Get("User-Agent"), "GPTBot") {
			body = strings.ReplaceAll(body, "\n", "\r\n")
		}
		w.Write([]byte(body))
	}))
	defer srv.Close()
	tab, _ := newTestTab(t, "User-agent: *\nAllow: /\n")
	v := tab.as
	v.worker.Inline = true
	v.site.SetText(srv.URL)
	test.Tap(v.fetchBtn)
	if v.status.Text != "Every crawler got the same robots.txt." || !strings.Contains(labels(v.results), "GPTBot: version A · HTTP 200 · 32 bytes") {
		t.Errorf("status %q, results\n%s", v.status.Text, labels(v.results))
	}
	crlf.Store(true)
	test.Tap(v.fetchBtn)
	got := labels(v.results)
	if !strings.Contains(got, "GPTBot: version B · HTTP 200 · 34 bytes") || !strings.Contains(got, "the same lines; the bytes differ") {
		t.Errorf("results\n%s", got)
	}
}
