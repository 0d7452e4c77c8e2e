package ui

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/diff"
	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/history"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
	"github.com/robots-studio/robots-studio/ui/safewidget"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

const siteRobots = "User-agent: *\r\nDisallow: /private/\r\n\r\nUser-agent: Googlebot\r\nDisallow: /beta/\r\n"

// site serves robots.txt behind one redirect, or answers status.
func site(t *testing.T, status int) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case status != 200:
			w.WriteHeader(status)
		case r.URL.Path == "/robots.txt":
			http.Redirect(w, r, "/r.txt", http.StatusMovedPermanently)
		default:
			w.Header().Set("Content-Type", "text/plain")
			fmt.Fprint(w, siteRobots)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// texts collects the text of every label under o.
func texts(o fyne.CanvasObject) string {
	var b strings.Builder
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *widget.Label:
			b.WriteString(w.Text + "\n")
		case *safewidget.Ellipsis: // the changes' header
			b.WriteString(w.Text + "\n")
		case *fyne.Container:
			for _, c := range w.Objects {
				walk(c)
			}
		}
	}
	walk(o)
	return b.String()
}

func findSelect(o fyne.CanvasObject) *widget.Select {
	switch w := o.(type) {
	case *widget.Select:
		return w
	case *fyne.Container:
		for _, c := range w.Objects {
			if s := findSelect(c); s != nil {
				return s
			}
		}
	}
	return nil
}

// keepHistory keeps every fetch in the window's storage, as main.go does
// in the app (history.Open sets tester/fetch's keeper), until the test ends.
func keepHistory(t *testing.T, s *studio) history.Store {
	t.Helper()
	st, err := history.Open(s.storageRoot)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { history.Open("") })
	return st
}

func openSite(t *testing.T, s *studio, url string) {
	t.Helper()
	called := false
	s.live.fetchSite(url, func(res *fetch.Result) { called = true; s.live.openFetched(res) })
	if !called {
		t.Fatalf("the fetch of %s did not finish", url)
	}
}

func TestOpenFromSiteShowsTheFileAndTheBanner(t *testing.T) {
	english(t)
	srv := site(t, 200)
	s := newTestStudio(t)
	st := keepHistory(t, s)
	s.openSample()
	openSite(t, s, srv.URL+"/some/page")
	if got := string(s.ed.Bytes()); got != siteRobots {
		t.Fatalf("editor has %q, want the body byte for byte", got)
	}
	if !strings.Contains(s.win.Title(), srv.URL+"/robots.txt") || strings.HasSuffix(s.win.Title(), "•") {
		t.Errorf("title %q", s.win.Title())
	}
	banner := texts(s.live.banner)
	for _, want := range []string{srv.URL + "/robots.txt", "200 · 1 redirect", "bytes", "uses the file: Google, RFC 9309, Yandex, Bing, 1996 draft"} {
		if !strings.Contains(banner, want) {
			t.Errorf("banner lacks %q:\n%s", want, banner)
		}
	}
	// What if it answered 503? Simulated offline, in the same banner.
	sel := findSelect(s.live.banner)
	if sel == nil {
		t.Fatal("no simulation choice in the banner")
	}
	sel.SetSelected("503 Service Unavailable")
	banner = texts(s.live.banner)
	if !strings.Contains(banner, "503 → stays out of everything: Google, RFC 9309") || !strings.Contains(banner, "Simulated offline") {
		t.Errorf("simulated 503:\n%s", banner)
	}
	if string(s.ed.Bytes()) != siteRobots {
		t.Error("simulating changed the text")
	}
	// The fetch is kept with its date, in the history the CLI reads.
	if v, err := st.Versions(srv.URL + "/robots.txt"); err != nil || len(v) != 1 || v[0].Status != 200 || v[0].Bytes != len(siteRobots) {
		t.Errorf("history %+v, %v", v, err)
	}
	// Opening a file removes the banner.
	s.newFile()
	if len(s.live.banner.Objects) != 0 {
		t.Error("the banner stayed after File ▸ New")
	}
}

func TestOpenFromSiteNotFound(t *testing.T) {
	english(t)
	srv := site(t, 404)
	s := newTestStudio(t)
	openSite(t, s, srv.URL)
	if len(s.ed.Bytes()) != 0 {
		t.Errorf("a 404 should open an empty document, got %q", s.ed.Bytes())
	}
	banner := texts(s.live.banner)
	if !strings.Contains(banner, "404 → no robots.txt: everything allowed: Google, RFC 9309") || !strings.Contains(banner, "gave no robots.txt") {
		t.Errorf("banner:\n%s", banner)
	}
}

func TestFetchCancelAndBadInput(t *testing.T) {
	arrived := make(chan struct{}, 1)
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case arrived <- struct{}{}:
		default:
		}
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
	}))
	defer slow.Close()
	s := newTestStudio(t)
	// Cancel once the request is at the server: the fetch is under way.
	go func() {
		<-arrived
		s.live.cancelFetch()
	}()
	start := time.Now()
	called := false
	s.live.fetchSite(slow.URL, func(*fetch.Result) { called = true })
	if called || time.Since(start) > 5*time.Second {
		t.Errorf("cancel: called %v after %v", called, time.Since(start))
	}
	if hasDialog(s) {
		t.Error("a cancelled fetch should leave no dialog")
	}
	s.live.fetchSite("ftp://example.com/robots.txt", func(*fetch.Result) { called = true })
	if called || !hasDialog(s) {
		t.Error("bad input should show a message and fetch nothing")
	}
}

func TestCompareWithLiveAndSaved(t *testing.T) {
	english(t)
	srv := site(t, 200)
	s := newTestStudio(t)
	p := writeFile(t, "robots.txt", []byte("User-agent: *\nDisallow: /private/\nDisallow: /catalog\n"))
	s.openPath(p)
	set := testset.New()
	set.Crawlers = []string{"Googlebot", "bingbot"}
	set.Paths = []string{"/catalog/1", "/beta/x", "/private/a"}
	s.setTests(set)

	s.live.fetchSite(srv.URL, func(res *fetch.Result) {
		s.live.showChanges("live "+res.Target.RobotsURL, syntax.Parse(res.Body), res)
	})
	if s.live.changes == nil || s.live.changes.rep == nil {
		t.Fatal("no Changes view")
	}
	rep := s.live.changes.rep
	// Live: Googlebot has its own group (/beta/ only); the draft puts it
	// under * with /private/ and /catalog.
	// The tester's paths change as listed; the paths made from the rules
	// (diff's probes) may add more, never on a row path.
	want := map[string]bool{"Googlebot /catalog/1": true, "Googlebot /beta/x": false, "Googlebot /private/a": true, "bingbot /catalog/1": true}
	onRows := 0
	for _, c := range rep.Changes {
		blocked, ok := want[c.Agent+" "+c.URL]
		if slices.Contains(set.Paths, c.URL) {
			onRows++
			if !ok || blocked != c.NewlyBlocked() {
				t.Errorf("unexpected change %s %s blocked=%v", c.Agent, c.URL, c.NewlyBlocked())
			}
		}
	}
	if onRows != len(want) {
		t.Fatalf("changes on the tester's paths %d, want %d: %+v", onRows, len(want), rep.Summaries)
	}
	view := texts(s.live.changes.root)
	if !strings.Contains(view, "Changes against live") || !strings.Contains(view, strconv.Itoa(len(rep.Changes))+" changes") {
		t.Errorf("view:\n%s", view)
	}
	// Clicking a change marks its deciding line and shows both verdicts.
	for i, it := range s.live.changes.items {
		if it.change >= 0 && rep.Changes[it.change].URL == "/catalog/1" {
			s.live.changes.list.Select(i)
			break
		}
	}
	if s.checks.selected == nil || s.checks.selected.Rule == nil || s.checks.selected.Rule.Line != 3 {
		t.Errorf("selected %+v", s.checks.selected)
	}
	if d := s.live.changes.detail.Text; !strings.Contains(d, "Before (live") || !strings.Contains(d, "Now (the editor): blocked") {
		t.Errorf("detail %q", d)
	}
	// The rules the verdicts quote are drawn in the code font without the
	// backticks, in the detail and in the rows.
	if d := s.live.changes.detail.Shown(); strings.Contains(d, "`") {
		t.Errorf("the detail draws a backtick: %q", d)
	}
	if !uitest.InCode(s.live.changes.detail.Segments, "Disallow:") {
		t.Errorf("the detail draws no rule in the code font: %q", s.live.changes.detail.Text)
	}
	quoted := 0
	for i, it := range s.live.changes.items {
		row := s.live.changes.list.CreateItem()
		s.live.changes.list.UpdateItem(i, row)
		if strings.Contains(it.text, "`") {
			quoted++
		}
		if l := row.(*safewidget.Ellipsis); strings.Contains(l.Text, "`") {
			t.Errorf("row %d draws a backtick: %q", i, l.Text)
		}
	}
	if quoted == 0 {
		t.Error("no row quotes a rule: the rows are not checked")
	}
	// A pasted URL list replaces the tester's paths.
	s.live.changes.setURLs("https://shop.example/catalog/9\r\n\n/zzz\n")
	if n := len(s.live.changes.rep.Changes); n != 2 || s.live.changes.rep.URLs != 2 {
		t.Errorf("pasted list: %d changes over %d URLs", n, s.live.changes.rep.URLs)
	}
	s.live.changes.setURLs("")
	if n := s.live.changes.rep.URLs; n <= 3 || n != 3+len(probesBeyond(set.Paths, s.live.changes.old, s.ed.Document())) {
		t.Errorf("an empty list should go back to the tester's 3 paths and the rules' paths, got %d", n)
	}
	// Editing keeps the comparison current.
	s.ed.SetText([]byte(siteRobots))
	s.documentChanged() // as after a keystroke
	if len(s.live.changes.rep.Changes) != 0 {
		t.Errorf("same text as live, still %d changes", len(s.live.changes.rep.Changes))
	}
	// Against the saved version.
	s.live.showChanges("the saved version", syntax.Parse(s.doc.SavedText()), nil)
	if len(s.live.changes.rep.Changes) == 0 {
		t.Error("the edit differs from the saved file")
	}
	s.live.closeChanges()
	if s.live.changes != nil {
		t.Error("the Changes view did not close")
	}
}

// TestChangesSeeARuleNoRowNames: a rule added for a path no tester row has
// (Allow: /groups/public under a Disallow: /groups/) shows in the Changes
// view as newly allowed: the view tests the paths the rules name too, not
// only the rows. And the results keep their room above it.
func TestChangesSeeARuleNoRowNames(t *testing.T) {
	english(t)
	s := newTestStudio(t)
	old := "User-agent: *\nDisallow: /groups/\n"
	p := writeFile(t, "robots.txt", []byte(old))
	s.openPath(p)
	set := testset.New()
	set.Crawlers = []string{"Googlebot"}
	set.Paths = []string{"/", "/about"}
	s.setTests(set)
	s.ed.SetText([]byte(old + "Allow: /groups/public\n"))
	s.documentChanged()
	s.live.showChanges("the saved version", syntax.Parse([]byte(old)), nil)
	if s.live.changes == nil || s.live.changes.rep == nil {
		t.Fatal("no Changes view")
	}
	allowed := 0
	for _, c := range s.live.changes.rep.Changes {
		if !c.NewlyBlocked() && strings.HasPrefix(c.URL, "/groups/public") {
			allowed++
		}
	}
	if allowed == 0 {
		t.Errorf("the added Allow: /groups/public shows no newly allowed path: %+v", s.live.changes.rep.Summaries)
	}
	if changesSplit < 0.6 {
		t.Errorf("the Changes view takes %.0f %% of the height from the results", (1-changesSplit)*100)
	}
}

// probesBeyond are diff's rule-derived paths that are not among paths.
func probesBeyond(paths []string, docs ...*syntax.Document) []string {
	var out []string
	for _, p := range diff.Probes(docs...) {
		if !slices.Contains(paths, p) {
			out = append(out, p)
		}
	}
	return out
}
