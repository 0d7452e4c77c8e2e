package ui

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/history"
	"github.com/robots-studio/robots-studio/ui/historytab"
)

// TestHistoryTabComparesAndOpensKeptVersions: a site fetched twice, its
// file changed between, has two versions in the History tab (the window's
// fetches are kept by tester/history, where the CLI reads them); Compare
// opens the newer in the editor with the Changes view against the older,
// and a version opens as a new document with its bytes.
func TestHistoryTabComparesAndOpensKeptVersions(t *testing.T) {
	english(t)
	var mu sync.Mutex
	body := siteRobots
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprint(w, body)
	}))
	t.Cleanup(srv.Close)
	s := newTestStudio(t)
	st := keepHistory(t, s)
	s.history.SetSynchronous(true)
	openSite(t, s, srv.URL)
	mu.Lock()
	body = "User-agent: *\nDisallow: /\n"
	mu.Unlock()
	openSite(t, s, srv.URL)
	s.showTab(s.history)
	site, rows := s.history.Timeline()
	if site != srv.URL+"/robots.txt" || len(rows) != 2 {
		t.Fatalf("the tab shows %q with %d rows:\n%s", site, len(rows), strings.Join(rows, "\n"))
	}
	if !strings.Contains(rows[0], "the * group now disallows / (was: 1 rule)") {
		t.Errorf("newest row %q", rows[0])
	}
	if vs, err := st.Versions(site); err != nil || len(vs) != 2 {
		t.Fatalf("the store has %d versions (%v)", len(vs), err)
	}

	cmp := findButton(s.history.Content, "Compare #1 → #2")
	if cmp == nil {
		t.Fatal("no Compare #1 → #2 button")
	}
	test.Tap(cmp)
	if s.tabs.Selected() != s.editor.tabItem() || string(s.ed.Bytes()) != body {
		t.Fatalf("after Compare the editor has %q", s.ed.Bytes())
	}
	if s.live.changes == nil || s.live.changes.rep == nil || !strings.Contains(s.live.changes.source, "version #1") {
		t.Fatal("no Changes view against version #1")
	}
	// The banner is #2's, not the fetch shown before it.
	if banner := texts(s.live.banner); !strings.Contains(banner, fmt.Sprintf("· %d bytes", len(body))) {
		t.Errorf("banner after comparing:\n%s", banner)
	}
	newlyBlocked := 0
	for _, c := range s.live.changes.rep.Changes {
		if c.NewlyBlocked() {
			newlyBlocked++
		}
	}
	if newlyBlocked == 0 {
		t.Errorf("Disallow: / blocks nothing new: %+v %+v editor %q", s.live.changes.rep.Summaries, s.live.changes.rep, s.ed.Bytes())
	}

	// Open #1 (the older) as a new document.
	s.showTab(s.history)
	s.history.Restore(historytab.State{Selected: 1})
	s.history.Refresh()
	open := findButton(s.history.Content, "Open as a new document")
	if open == nil {
		t.Fatal("no Open button in the detail")
	}
	test.Tap(open)
	if string(s.ed.Bytes()) != siteRobots || s.doc.Remote() != site {
		t.Errorf("Open put %q (from %q) in the editor", s.ed.Bytes(), s.doc.Remote())
	}
	if banner := texts(s.live.banner); !strings.Contains(banner, fmt.Sprintf("· %d bytes", len(siteRobots))) {
		t.Errorf("banner after opening #1:\n%s", banner)
	}
}

// TestLanguageSwitchStopsAHistoryCheck: a check of every site that is
// running when the language changes stops (historyTab.keep): its answers
// would reach the discarded tab, and the rebuilt tab could start a second
// check beside it. The site answers only when its client gives up.
func TestLanguageSwitchStopsAHistoryCheck(t *testing.T) {
	english(t)
	asked := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case asked <- struct{}{}:
		default:
		}
		<-r.Context().Done()
	}))
	t.Cleanup(srv.Close)
	s := newTestStudio(t)
	st := keepHistory(t, s)
	s.history.SetSynchronous(true)
	if _, _, err := st.Add(history.Version{Site: srv.URL + "/robots.txt", Time: time.Now().Add(-time.Hour), Status: 200, Source: "fetch"}, []byte(siteRobots)); err != nil {
		t.Fatal(err)
	}
	s.showTab(s.history)
	var inner *container.AppTabs
	for _, o := range test.LaidOutObjects(s.history.Content) {
		if x, ok := o.(*container.AppTabs); ok && inner == nil {
			inner = x
		}
	}
	if inner == nil || len(inner.Items) < 2 {
		t.Fatal("the History tab has no Sites view")
	}
	inner.SelectIndex(1)
	var check *widget.Button
	for _, o := range test.LaidOutObjects(s.history.Content) {
		if b, ok := o.(*widget.Button); ok && b.Text == "Check every site now" {
			check = b
		}
	}
	if check == nil || check.Disabled() {
		t.Fatalf("no enabled Check every site now button (%v)", check)
	}
	test.Tap(check)
	running, done := s.history.Checking()
	if !running {
		t.Fatal("the check did not start")
	}
	select {
	case <-asked:
	case <-time.After(10 * time.Second):
		t.Fatal("the check never asked the site")
	}
	s.switchLanguage("ru")
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the check still runs after the language switch")
	}
	if again, _ := s.history.Checking(); again {
		t.Error("the rebuilt History tab says a check is running")
	}
}

// TestLanguageSwitchStopsFetchAs: the AI access tab's "What each crawler
// gets" fetch running when the language changes is cancelled (aiTab.keep):
// the site sees its client give up.
func TestLanguageSwitchStopsFetchAs(t *testing.T) {
	english(t)
	asked := make(chan struct{}, 1)
	gaveUp := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case asked <- struct{}{}:
		default:
		}
		<-r.Context().Done()
		select {
		case gaveUp <- struct{}{}:
		default:
		}
	}))
	s := newTestStudio(t)
	s.showTab(s.ai)
	site := entryWithPlaceholder(s.ai.Content, "example.com or https://example.com/")
	var fetchB *widget.Button
	for _, o := range test.LaidOutObjects(s.ai.Content) {
		if b, ok := o.(*widget.Button); ok && b.Text == "Fetch as Each Crawler" {
			fetchB = b
		}
	}
	if site == nil || fetchB == nil {
		t.Fatal("no site field or Fetch as Each Crawler button in the AI access tab")
	}
	site.SetText(srv.URL)
	test.Tap(fetchB)
	select {
	case <-asked:
	case <-time.After(10 * time.Second):
		t.Fatal("the fetch never asked the site")
	}
	s.switchLanguage("pl")
	// Without the cancel the fetch would give up only at its own timeout.
	select {
	case <-gaveUp:
	case <-time.After(fetch.DefaultTimeout / 2):
		t.Fatal("the fetch still waits for the site after the language switch")
	}
	srv.Close()
}

// TestLanguageSwitchStopsAWaybackImport: an import from the archive that
// is running when the language changes stops (historyTab.keep). The
// archive here is a local server that lists one capture and answers its
// snapshot only when the client gives up.
func TestLanguageSwitchStopsAWaybackImport(t *testing.T) {
	english(t)
	held := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/cdx":
			fmt.Fprint(w, `[["timestamp","original","mimetype","statuscode","digest"],["20190101000000","example.com/robots.txt","text/plain","200","D1"]]`)
		case strings.HasPrefix(r.URL.Path, "/web/"):
			select {
			case held <- struct{}{}:
			default:
			}
			<-r.Context().Done()
		default:
			fmt.Fprint(w, siteRobots)
		}
	}))
	t.Cleanup(srv.Close)
	s := newTestStudio(t)
	keepHistory(t, s)
	openSite(t, s, srv.URL)
	s.history.host.Import = history.ImportOptions{CDX: srv.URL + "/cdx", Snapshots: srv.URL + "/web/", Delay: -1}
	s.switchLanguage("pl") // the tab is built again with the local archive
	s.history.SetSynchronous(true)
	s.showTab(s.history)
	s.history.Refresh()
	var start *widget.Button
	for _, o := range test.LaidOutObjects(s.history.Content) {
		if b, ok := o.(*widget.Button); ok && b.Text == lang.X("historytab.import", "?") {
			start = b
		}
	}
	if start == nil || start.Disabled() {
		t.Fatalf("no enabled import button (%v)", start)
	}
	test.Tap(start)
	top := s.win.Canvas().Overlays().Top()
	var confirm *keys.Button
	if top != nil {
		for _, o := range test.LaidOutObjects(top) {
			if b, ok := o.(*keys.Button); ok && b.Text == lang.X("historytab.import.start", "?") {
				confirm = b
			}
		}
	}
	if confirm == nil {
		t.Fatal("no question before the import")
	}
	test.Tap(confirm)
	running, done := s.history.Importing()
	if !running {
		t.Fatal("the import did not start")
	}
	select {
	case <-held:
	case <-time.After(10 * time.Second):
		t.Fatal("the import never asked for the snapshot")
	}
	s.switchLanguage("ru")
	// Without the cancel the import would wait for the snapshot until its
	// own timeout.
	select {
	case <-done:
	case <-time.After(fetch.DefaultTimeout / 2):
		t.Fatal("the import still runs after the language switch")
	}
}
