package historytab

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/history"
	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
	"github.com/robots-studio/robots-studio/ui/safewidget"
	"github.com/robots-studio/robots-studio/ui/textfit"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// changingSite serves the robots.txt it is told to, or a status.
type changingSite struct {
	srv    *httptest.Server
	mu     sync.Mutex
	body   string
	status int
}

func newChangingSite(t *testing.T) *changingSite {
	c := &changingSite{status: 200}
	c.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.status != 200 {
			w.WriteHeader(c.status)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, c.body)
	}))
	t.Cleanup(c.srv.Close)
	return c
}

// serve makes the site answer body (status 200) or status.
func (c *changingSite) serve(body string, status int) {
	c.mu.Lock()
	c.body, c.status = body, status
	c.mu.Unlock()
}

// fetchInto fetches the site as the window does and keeps the fetch as the
// fetch keeper does.
func (c *changingSite) fetchInto(t *testing.T, st history.Store) {
	t.Helper()
	res, err := fetch.Get(context.Background(), c.srv.URL, fetch.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := st.Keep(res, history.SourceFetch); err != nil {
		t.Fatal(err)
	}
}

func (c *changingSite) robots() string { return c.srv.URL + "/robots.txt" }

// harness is the tab on a store in a temporary folder, with the window's
// callbacks recorded.
type harness struct {
	tab      *Tab
	st       history.Store
	site     string
	opened   []Pick
	compared [][2]Pick
	win      fyne.Window
}

func newHarness(t *testing.T, site string, h Host) *harness {
	t.Helper()
	uitest.NewApp(t)
	x := &harness{st: history.In(t.TempDir()), site: site}
	x.win = test.NewWindow(nil)
	t.Cleanup(x.win.Close)
	x.win.Resize(fyne.NewSize(1280, 800))
	h.Window = x.win
	h.Store = func() (history.Store, bool) { return x.st, true }
	h.Site = func() string { return x.site }
	h.Open = func(p Pick) { x.opened = append(x.opened, p) }
	h.Compare = func(a, b Pick) { x.compared = append(x.compared, [2]Pick{a, b}) }
	x.tab = New(h)
	x.tab.SetSynchronous(true)
	x.win.SetContent(x.tab.Content)
	return x
}

// rows are the timeline's rows as drawn: facts, then the change's line.
func (x *harness) rows() []string {
	var out []string
	for i := 0; i < x.tab.list.Length(); i++ {
		o := x.tab.newRow()
		x.tab.updateRow(i, o)
		body := o.(*fyne.Container).Objects[0].(*fyne.Container)
		facts := body.Objects[0].(*safewidget.Ellipsis).Text
		change := body.Objects[1].(*fyne.Container).Objects[0].(*safewidget.Ellipsis).Text
		out = append(out, facts+" | "+change)
	}
	return out
}

const (
	openFile    = "User-agent: *\nDisallow: /private/\n\nSitemap: https://example.com/sitemap.xml\n"
	commented   = "# shop\nUser-agent: *\nDisallow: /private/\n\nSitemap: https://example.com/sitemap.xml\n"
	stagingFile = "User-agent: *\nDisallow: /\n"
)

// TestTimelineGradesEachChange: a site that changes between fetches shows
// one row per state, newest first, each with what its change did: a
// harmless edit said as harmless, a staging file's Disallow: / as an
// error, a 503 with each engine's outcome; a fetch that found the same
// answer adds no row.
func TestTimelineGradesEachChange(t *testing.T) {
	site := newChangingSite(t)
	x := newHarness(t, site.robots(), Host{})
	for _, step := range []struct {
		body   string
		status int
	}{{openFile, 200}, {openFile, 200}, {commented, 200}, {stagingFile, 200}, {"", 503}} {
		site.serve(step.body, step.status)
		site.fetchInto(t, x.st)
	}
	x.tab.Refresh()
	rows := x.rows()
	if len(rows) != 4 {
		t.Fatalf("want 4 versions (the repeated fetch marks #1 found again), got %d:\n%s", len(rows), strings.Join(rows, "\n"))
	}
	want := []struct{ facts, change string }{
		{"#4 ", "the server now answers 503"},
		{"#3 ", "the * group now disallows / (was: 1 rule)"},
		{"#2 ", "harmless: no reading answers"},
		{"#1 ", "first version kept"},
	}
	for i, w := range want {
		if !strings.HasPrefix(rows[i], w.facts) || !strings.Contains(rows[i], w.change) {
			t.Errorf("row %d = %q, want %q… with %q", i, rows[i], w.facts, w.change)
		}
	}
	if !strings.Contains(rows[3], "200 · ") || !strings.Contains(rows[3], "fetched") || !strings.Contains(rows[0], "503 · 0 bytes") {
		t.Errorf("facts:\n%s", strings.Join(rows, "\n"))
	}
	if e := x.tab.entries[2]; e.worst != diag.Error {
		t.Errorf("the staging file's change is graded %v, want an error", e.worst)
	}
	if e := x.tab.entries[1]; e.worst != diag.Info {
		t.Errorf("the harmless change is graded %v, want info", e.worst)
	}
	if !strings.Contains(x.tab.status.Text, "4 versions, from ") {
		t.Errorf("status %q", x.tab.status.Text)
	}
	// #1 was found twice: its detail says so.
	x.tab.list.Select(3)
	if d := detailText(x.tab); !strings.Contains(d, "found 2 times") || !strings.Contains(d, "Version #1 of 4") {
		t.Errorf("detail of #1:\n%s", d)
	}
}

// detailText is every label and rich text of the detail side.
func detailText(t *Tab) string {
	var b strings.Builder
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch w := o.(type) {
		case *widget.Label:
			b.WriteString(w.Text + "\n")
		case interface{ Shown() string }: // richmsg.Text
			b.WriteString(w.Shown() + "\n")
		case *fyne.Container:
			for _, c := range w.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(w).Objects() {
				walk(c)
			}
		}
	}
	walk(t.detail)
	return b.String()
}

// TestCompareTheCheckedTwo: the newest two are checked at first; checking a
// third drops the older check; Compare hands the pair, older first, with
// their exact bytes to the window; Open hands the selected version.
func TestCompareTheCheckedTwo(t *testing.T) {
	site := newChangingSite(t)
	x := newHarness(t, site.robots(), Host{})
	for _, body := range []string{openFile, stagingFile, commented} {
		site.serve(body, 200)
		site.fetchInto(t, x.st)
	}
	x.tab.Refresh()
	if got := x.tab.compareB.Text; got != "Compare #2 → #3" || x.tab.compareB.Disabled() {
		t.Fatalf("compare button %q (disabled %v), want the newest two", got, x.tab.compareB.Disabled())
	}
	x.tab.setChecked(1, true) // #2 was checked first: it goes
	if got := x.tab.compareB.Text; got != "Compare #1 → #3" {
		t.Fatalf("after checking #1: %q", got)
	}
	test.Tap(x.tab.compareB)
	if len(x.compared) != 1 {
		t.Fatalf("Compare called %d times", len(x.compared))
	}
	old, new := x.compared[0][0], x.compared[0][1]
	if old.N != 1 || string(old.Body) != openFile || new.N != 3 || string(new.Body) != commented {
		t.Errorf("compared #%d %q with #%d %q", old.N, old.Body, new.N, new.Body)
	}
	x.tab.setChecked(3, false)
	if !x.tab.compareB.Disabled() {
		t.Error("Compare stays enabled with one version checked")
	}
	x.tab.list.Select(1) // #2
	x.tab.open()
	if len(x.opened) != 1 || x.opened[0].N != 2 || string(x.opened[0].Body) != stagingFile {
		t.Errorf("opened %+v", x.opened)
	}
}

// TestNoSiteSaysWhatToDo: a document that came from no site has no
// timeline: the tab says how to get one, and nothing can be imported.
func TestNoSiteSaysWhatToDo(t *testing.T) {
	x := newHarness(t, "", Host{})
	x.tab.Refresh()
	if !strings.Contains(x.tab.status.Text, "did not come from a site") || !x.tab.importB.Disabled() || x.tab.compareB.Visible() {
		t.Errorf("status %q, import disabled %v, compare shown %v", x.tab.status.Text, x.tab.importB.Disabled(), x.tab.compareB.Visible())
	}
	// A site with no versions yet.
	x.site = "https://example.com/robots.txt"
	x.tab.Refresh()
	if !strings.Contains(x.tab.status.Text, "No versions are kept") || x.tab.importB.Disabled() {
		t.Errorf("status %q, import disabled %v", x.tab.status.Text, x.tab.importB.Disabled())
	}
}

// archive is a local CDX endpoint and raw replay in the documented JSON
// form; a snapshot listed in hold waits until its request is given up.
type archive struct {
	srv   *httptest.Server
	rows  [][]string
	files map[string]string
	hold  string
	held  chan struct{}
}

func newArchive(t *testing.T) *archive {
	a := &archive{files: map[string]string{}, held: make(chan struct{}, 1)}
	a.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/cdx" {
			rows := append([][]string{{"timestamp", "original", "mimetype", "statuscode", "digest"}}, a.rows...)
			json.NewEncoder(w).Encode(rows)
			return
		}
		stamp, _, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/web/"), "id_/")
		if stamp == a.hold {
			a.held <- struct{}{}
			<-r.Context().Done()
			return
		}
		body, ok := a.files[stamp]
		if !ok {
			http.NotFound(w, r)
			return
		}
		fmt.Fprint(w, body)
	}))
	t.Cleanup(a.srv.Close)
	return a
}

func (a *archive) add(stamp, status, body string) {
	a.rows = append(a.rows, []string{stamp, "example.com/robots.txt", "text/plain", status, "D" + stamp})
	if body != "" {
		a.files[stamp] = body
	}
}

func (a *archive) options() history.ImportOptions {
	return history.ImportOptions{CDX: a.srv.URL + "/cdx", Snapshots: a.srv.URL + "/web/", Delay: -1}
}

// TestWaybackImport: the import runs off the UI goroutine behind a
// progress bar; the captures become versions marked Wayback Machine on the
// timeline (a capture recorded as a 404 kept as that answer) and the tab
// says what the import did.
func TestWaybackImport(t *testing.T) {
	a := newArchive(t)
	a.add("20190101000000", "200", openFile)
	a.add("20200101000000", "404", "")
	a.add("20210101000000", "200", stagingFile)
	loop := uitest.NewLoop()
	x := newHarness(t, "https://example.com/robots.txt", Host{Import: a.options(), Hand: loop.Hand})
	x.tab.Refresh()
	x.tab.startImport(x.site)
	running, done := x.tab.Importing()
	if !running || !x.tab.importB.Disabled() {
		t.Fatal("no import running, or the import button stays enabled during one")
	}
	loop.Until(closed(done))
	if x.tab.importing != nil || x.tab.importB.Disabled() {
		t.Error("the import still shows as running")
	}
	if v := x.tab.importBarValue(); v != 1 {
		t.Errorf("progress ended at %v", v)
	}
	rows := x.rows()
	if len(rows) != 3 || !strings.Contains(rows[0], "Wayback Machine") || !strings.Contains(rows[1], "404 · 0 bytes") ||
		!strings.Contains(rows[0], stamp(time.Date(2021, 1, 1, 0, 0, 0, 0, time.UTC))) {
		t.Errorf("timeline after the import:\n%s", strings.Join(rows, "\n"))
	}
	if msg := dialogText(x.win); !strings.Contains(msg, "The archive lists 3 captures: 2 read, 3 new, 0 kept before, 0 skipped.") {
		t.Errorf("the report says:\n%s", msg)
	}
}

// TestWaybackImportCancel: Cancel stops the import while a snapshot is
// being read; what was read before stays, and the tab says so.
func TestWaybackImportCancel(t *testing.T) {
	a := newArchive(t)
	a.add("20190101000000", "200", openFile)
	a.add("20200101000000", "200", stagingFile)
	a.hold = "20200101000000"
	loop := uitest.NewLoop()
	x := newHarness(t, "https://example.com/robots.txt", Host{Import: a.options(), Hand: loop.Hand})
	x.tab.startImport(x.site)
	_, done := x.tab.Importing()
	<-a.held // the second snapshot is being read
	x.tab.CancelImport()
	loop.Until(closed(done))
	if rows := x.rows(); len(rows) != 1 || !strings.Contains(rows[0], "#1 · "+stamp(time.Date(2019, 1, 1, 0, 0, 0, 0, time.UTC))) {
		t.Errorf("after the cancel:\n%s", strings.Join(rows, "\n"))
	}
	if msg := dialogText(x.win); !strings.Contains(msg, "Cancelled: what was read is kept.") {
		t.Errorf("the report says:\n%s", msg)
	}
}

func (t *Tab) importBarValue() float64 {
	if t.lastImport == nil {
		return -1
	}
	return t.lastImport.bar.Value
}

// dialogText is the text of the window's top dialog.
func dialogText(w fyne.Window) string {
	top := w.Canvas().Overlays().Top()
	if top == nil {
		return ""
	}
	var b strings.Builder
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch v := o.(type) {
		case *widget.Label:
			b.WriteString(v.Text + "\n")
		case *fyne.Container:
			for _, c := range v.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(v).Objects() {
				walk(c)
			}
		}
	}
	walk(top)
	return b.String()
}

// TestSitesViewBadgesTheChangesThatMatter: every site of the history is
// listed with its last check; a site whose last change made it a staging
// file has the error badge, one with a harmless change none; a site
// clicked opens its timeline.
func TestSitesViewBadgesTheChangesThatMatter(t *testing.T) {
	calm, broken := newChangingSite(t), newChangingSite(t)
	x := newHarness(t, "", Host{})
	calm.serve(openFile, 200)
	calm.fetchInto(t, x.st)
	calm.serve(commented, 200)
	calm.fetchInto(t, x.st)
	broken.serve(openFile, 200)
	broken.fetchInto(t, x.st)
	broken.serve(stagingFile, 200)
	broken.fetchInto(t, x.st)
	x.tab.inner.SelectIndex(1)
	if got := x.tab.sitesStatus.Text; !strings.HasPrefix(got, "2 sites; the last change matters for 1 of them.") {
		t.Errorf("sites status %q", got)
	}
	if len(x.tab.siteRows) != 2 {
		t.Fatalf("%d site rows", len(x.tab.siteRows))
	}
	for _, r := range x.tab.siteRows {
		bad := r.URL == broken.robots()
		if r.matters() != bad {
			t.Errorf("%s: badge %v, want %v (%s)", r.URL, r.matters(), bad, r.last.line())
		}
		if r.Versions != 2 {
			t.Errorf("%s: %d versions", r.URL, r.Versions)
		}
	}
	k := 0
	if x.tab.siteRows[1].URL == broken.robots() {
		k = 1
	}
	x.tab.sites.Select(k)
	if x.tab.inner.SelectedIndex() != 0 || x.tab.site != broken.robots() || len(x.tab.entries) != 2 {
		t.Errorf("clicking the site shows tab %d, site %q, %d versions", x.tab.inner.SelectedIndex(), x.tab.site, len(x.tab.entries))
	}
}

// TestTimelineSpeaksRussianAndPolish: the timeline's counts take each
// language's plural forms, and the graded findings (tester/history's
// messages) speak the language too.
func TestTimelineSpeaksRussianAndPolish(t *testing.T) {
	site := newChangingSite(t)
	for _, c := range []struct{ lang, versions, bytes, finding string }{
		{"ru", "2 версии, с ", "0 байт", "группа * теперь запрещает /"},
		{"pl", "2 wersje, od ", "0 bajtów", "grupa * zabrania teraz /"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			i18ntest.Speak(t, c.lang)
			x := newHarness(t, site.robots(), Host{})
			site.serve(openFile, 200)
			site.fetchInto(t, x.st)
			site.serve(stagingFile, 200)
			site.fetchInto(t, x.st)
			x.tab.Refresh()
			rows := x.rows()
			if !strings.HasPrefix(x.tab.status.Text, c.versions) || len(rows) != 2 || !strings.Contains(rows[0], c.finding) {
				t.Errorf("status %q, rows:\n%s", x.tab.status.Text, strings.Join(rows, "\n"))
			}
			site.serve("", 503)
			site.fetchInto(t, x.st)
			x.tab.Refresh()
			if rows := x.rows(); !strings.Contains(rows[0], c.bytes) {
				t.Errorf("503 row %q, want %q", rows[0], c.bytes)
			}
		})
	}
}

// TestNoTextCut: nothing of the tab is cut in English, Russian or Polish,
// at 1280×800 and at 1024×768 (less the menu bar and the window's tabs):
// without a site, with a timeline and a version's detail, and the Sites
// view. The timeline's and the Sites' rows are one
// line by design: the detail writes the selected version out in full.
func TestNoTextCut(t *testing.T) {
	site := newChangingSite(t)
	skip := textfit.Options{Skip: func(o fyne.CanvasObject) bool {
		_, list := o.(*keys.List)
		return list
	}}
	defer func(s fyne.Size) { textfit.WindowSize = s }(textfit.WindowSize)
	for _, size := range []fyne.Size{textfit.WindowSize, fyne.NewSize(1024, 688)} {
		textfit.WindowSize = size
		textfit.InEachLanguage(t, skip, func(t *testing.T, win fyne.Window, check func(string)) {
			st := history.In(t.TempDir())
			robots := ""
			tab := New(Host{Window: win, Store: func() (history.Store, bool) { return st, true }, Site: func() string { return robots }})
			tab.SetSynchronous(true)
			win.SetContent(tab.Content)
			tab.Refresh()
			check(fmt.Sprintf("%v, no site", size))
			for _, body := range []string{openFile, stagingFile} {
				site.serve(body, 200)
				site.fetchInto(t, st)
			}
			site.serve("", 503)
			site.fetchInto(t, st)
			robots = site.robots()
			// a snapshot reached through a redirect, with long addresses
			long := "https://web.archive.org/web/20190611080000id_/" + strings.TrimPrefix(robots, "http://")
			st.Add(history.Version{Site: robots, Time: time.Date(2019, 6, 11, 8, 0, 0, 0, time.UTC), Source: history.SourceWayback,
				SourceURL: long, Status: 200, Hops: []history.Hop{{URL: robots + "?from=the-archive&really=long", Status: 301, Location: long}, {URL: long, Status: 200}}},
				[]byte(openFile))
			tab.Refresh()
			tab.list.Select(1)
			check(fmt.Sprintf("%v, a timeline, #2 selected", size))
			tab.list.Select(3)
			check(fmt.Sprintf("%v, a snapshot selected", size))
			tab.inner.SelectIndex(1)
			check(fmt.Sprintf("%v, Sites", size))
		})
	}
}

// TestSelectionFollowsItsVersion: an import adds older versions, which
// numbers the kept ones anew; the selected and checked versions stay the
// same versions.
func TestSelectionFollowsItsVersion(t *testing.T) {
	a := newArchive(t)
	a.add("20190101000000", "200", stagingFile)
	loop := uitest.NewLoop()
	site := newChangingSite(t)
	x := newHarness(t, site.robots(), Host{Import: a.options(), Hand: loop.Hand})
	x.tab.SetSynchronous(false)
	for _, body := range []string{openFile, commented} {
		site.serve(body, 200)
		site.fetchInto(t, x.st)
	}
	x.tab.Refresh()
	loop.Until(func() bool { return len(x.tab.entries) == 2 })
	x.tab.list.Select(1) // #1, the first fetch
	x.tab.startImport(x.site)
	_, done := x.tab.Importing()
	loop.Until(func() bool { return closed(done)() && !x.tab.loading })
	if len(x.tab.entries) != 3 || x.tab.selected != 2 || fmt.Sprint(x.tab.checked) != "[2 3]" {
		t.Errorf("after the import: %d versions, #%d selected, %v checked; want 3, #2, [2 3]", len(x.tab.entries), x.tab.selected, x.tab.checked)
	}
}

// TestForgetAndKeepSetting: Forget… removes the site's versions from the
// store (after asking), as `history forget` does; the Sites view's check
// turns keeping off and on in the store's settings, which the fetch keeper
// reads.
func TestForgetAndKeepSetting(t *testing.T) {
	site := newChangingSite(t)
	x := newHarness(t, site.robots(), Host{})
	for _, body := range []string{openFile, stagingFile} {
		site.serve(body, 200)
		site.fetchInto(t, x.st)
	}
	x.tab.Refresh()
	if !x.tab.forgetB.Visible() {
		t.Fatal("no Forget button with two versions")
	}
	test.Tap(x.tab.forgetB)
	if !strings.Contains(dialogText(x.win), "Forget 2 versions of "+site.robots()+"?") {
		t.Fatalf("the question:\n%s", dialogText(x.win))
	}
	x.tab.forget(site.robots()) // the question answered Yes
	if vs, err := x.st.Versions(site.robots()); err == nil || len(vs) != 0 {
		t.Errorf("the store still has %d versions", len(vs))
	}
	if len(x.tab.entries) != 0 || x.tab.forgetB.Visible() || !strings.Contains(x.tab.status.Text, "No versions are kept") {
		t.Errorf("after forgetting: %d rows, status %q", len(x.tab.entries), x.tab.status.Text)
	}

	x.tab.inner.SelectIndex(1)
	if !x.tab.keepCheck.Checked {
		t.Fatal("keeping is on by default, the check says off")
	}
	x.tab.keepCheck.SetChecked(false)
	if x.st.Keeping() {
		t.Error("unchecking left keeping on")
	}
	x.tab.keepCheck.SetChecked(true)
	if !x.st.Keeping() {
		t.Error("checking left keeping off")
	}
}

// TestCheckEverySiteNow: the Sites view checks every site of the history
// as watch does, off the UI goroutine behind a progress bar: a site that
// became a staging file and one that stopped answering are told at once by
// desktop notifications, one that did not change is not, one that answers
// too slowly is counted as not checked; the run ends with a notification
// and a line of what it found, and the list shows the new changes' badges.
func TestCheckEverySiteNow(t *testing.T) {
	calm, broken, gone := newChangingSite(t), newChangingSite(t), newChangingSite(t)
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(func() { close(release); slow.Close() })
	var mu sync.Mutex
	var told []string
	loop := uitest.NewLoop()
	x := newHarness(t, "", Host{Hand: loop.Hand, Notify: func(n *fyne.Notification) {
		mu.Lock()
		told = append(told, n.Title+" | "+n.Content)
		mu.Unlock()
	}, Watch: history.WatchOptions{Budget: time.Second}})
	for _, s := range []*changingSite{calm, broken, gone} {
		s.serve(openFile, 200)
		s.fetchInto(t, x.st)
	}
	if _, _, err := x.st.Add(history.Version{Site: slow.URL + "/robots.txt", Time: time.Now().Add(-time.Hour), Status: 200, Source: "fetch"}, []byte(openFile)); err != nil {
		t.Fatal(err)
	}
	broken.serve(stagingFile, 200)
	gone.srv.Close() // no answer: RFC 9309 readers take it as a complete disallow
	x.tab.inner.SelectIndex(1)
	loop.Until(func() bool { return len(x.tab.siteRows) == 4 })
	if x.tab.checkB.Disabled() {
		t.Fatal("Check every site now is disabled with four sites listed")
	}
	x.tab.startCheck()
	running, done := x.tab.Checking()
	if !running || !x.tab.checkB.Disabled() || !x.tab.checkBar.Visible() {
		t.Fatal("no check running, or its button stays enabled, or no progress shows")
	}
	loop.Until(closed(done))
	mu.Lock()
	got := slices.Clone(told)
	mu.Unlock()
	if len(got) == 3 {
		slices.Sort(got[:2]) // the changes come as the sites finish
	}
	want := []string{"robots.txt changed: " + broken.robots() + " | the * group now disallows / (was: 1 rule)",
		"robots.txt changed: " + gone.robots() + " | the server no longer answers (was 200)",
		"Robots Studio: sites checked | Checked 4 sites: 2 changed, 2 of them matter; 1 could not be checked."}
	slices.Sort(want[:2])
	if len(got) != 3 || !strings.HasPrefix(got[0], want[0]) || !strings.HasPrefix(got[1], want[1]) || got[2] != want[2] {
		t.Errorf("notifications:\n%s\nwant (each line's start):\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if x.tab.checkB.Disabled() || x.tab.checkBar.Visible() || !strings.HasPrefix(x.tab.checkNote.Text, "Checked 4 sites") {
		t.Errorf("after the check: button disabled %v, bar shown %v, note %q", x.tab.checkB.Disabled(), x.tab.checkBar.Visible(), x.tab.checkNote.Text)
	}
	loop.Until(func() bool {
		n := 0
		for _, r := range x.tab.siteRows {
			if r.matters() && (r.URL == broken.robots() || r.URL == gone.robots()) {
				n++
			}
		}
		return n == 2
	})
}

// TestCheckEverySiteCancel: Cancel stops the check; the tab says so.
func TestCheckEverySiteCancel(t *testing.T) {
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
		fmt.Fprint(w, openFile)
	}))
	t.Cleanup(func() { close(release); slow.Close() })
	loop := uitest.NewLoop()
	x := newHarness(t, "", Host{Hand: loop.Hand, Notify: func(*fyne.Notification) {}})
	if _, _, err := x.st.Add(history.Version{Site: slow.URL + "/robots.txt", Time: time.Now().Add(-time.Hour), Status: 200, Source: "fetch"}, []byte(openFile)); err != nil {
		t.Fatal(err)
	}
	x.tab.inner.SelectIndex(1)
	loop.Until(func() bool { return len(x.tab.siteRows) == 1 })
	x.tab.startCheck()
	_, done := x.tab.Checking()
	x.tab.CancelCheck()
	loop.Until(closed(done))
	if !strings.Contains(x.tab.checkNote.Text, "Stopped: the sites not checked keep their last check.") {
		t.Errorf("after the cancel: %q", x.tab.checkNote.Text)
	}
}

// closed is a condition for Loop.Until: done is closed.
func closed(done <-chan struct{}) func() bool {
	return func() bool {
		select {
		case <-done:
			return true
		default:
			return false
		}
	}
}
