package sitemaptab

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/sitemap"
	"github.com/robots-studio/robots-studio/ui/textfit"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

const robotsText = "User-agent: *\nDisallow: /art/new/a\n\nUser-agent: Yandex\nDisallow: /art/\n\nSitemap: http://www.example.net/art/new/sitemap.xml\nSitemap: http://www.example.net/missing.xml\n"

const sitemapText = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>http://www.example.net/art/new/a.html</loc><priority>2</priority></url>
  <url><loc>http://www.example.net/art/new/b.html</loc></url>
  <url><loc>http://www.example.net/other/c.html</loc></url>
</urlset>
`

type fakeHost struct {
	robotsPath string
	selected   []int
	crawler    string
	paths      []string
}

// newTestTab builds the tab in a test window with a robots.txt and its
// sitemap on disk.
func newTestTab(t *testing.T) (*Tab, *fakeHost, string) {
	t.Helper()
	t.Setenv("LC_ALL", "en_US.UTF-8") // the tests read the English words
	uitest.NewApp(t)
	dir := t.TempDir()
	h := &fakeHost{robotsPath: filepath.Join(dir, "robots.txt")}
	write(t, h.robotsPath, robotsText)
	write(t, filepath.Join(dir, "sitemap.xml"), sitemapText)
	tab := New(Host{
		Robots:      func() (string, []byte) { return h.robotsPath, []byte(robotsText) },
		SelectRule:  func(n int) { h.selected = append(h.selected, n) },
		AddToTester: func(c string, p []string) { h.crawler, h.paths = c, p },
		TesterPaths: func() []string { return []string{"/", "/ümlat.php"} },
	})
	w := test.NewTempWindow(t, tab.Object())
	w.Resize(fyne.NewSize(1280, 800))
	tab.host.Window = w
	tab.check.checker.Inline = true // the test driver has no UI goroutine
	return tab, h, dir
}

func write(t *testing.T, p, text string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// wait runs start and waits until the check is on screen.
func wait(t *testing.T, v *checkView, start func()) {
	t.Helper()
	start()
	v.checker.Wait()
}

func listTexts(v *checkView) string {
	var b strings.Builder
	for i := range v.findings {
		b.WriteString(v.findingLine(&v.findings[i]) + "\n")
	}
	return b.String()
}

// TestPickSitemapLine: a Sitemap: line of the robots.txt in the editor is
// offered; picking it checks the file beside the robots.txt, lists the
// findings and the blocked URLs per crawler, each under its own engine.
func TestPickSitemapLine(t *testing.T) {
	tab, h, _ := newTestTab(t)
	v := tab.check
	tab.DocumentChanged()
	if len(v.pick.Options) != 2 || !strings.Contains(v.pick.Options[0], "7: http://www.example.net/art/new/sitemap.xml") {
		t.Fatalf("options %q", v.pick.Options)
	}
	wait(t, v, func() { v.pick.SetSelectedIndex(0) })
	got := listTexts(v)
	for _, want := range []string{"robots.txt 7:10  error  the sitemap http://www.example.net/art/new/sitemap.xml is itself blocked for YandexBot", "[SM104]", "sitemap.xml 3:66", "[SM016]"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in the findings:\n%s", want, got)
		}
	}
	if strings.Contains(got, "`") {
		t.Errorf("a row draws a backtick:\n%s", got)
	}
	if strings.Join(v.crawler.Options, "|") != "Googlebot (1)|bingbot (1)|YandexBot (2)" {
		t.Errorf("crawlers %q", v.crawler.Options)
	}
	if len(v.shown) != 1 || v.shown[0].Rule.Line != 2 {
		t.Fatalf("Googlebot's blocked URLs: %+v", v.shown)
	}
	// Click the blocked URL: the rule is selected in the editor.
	v.blockedL.Select(0)
	if len(h.selected) != 1 || h.selected[0] != 2 {
		t.Errorf("selected lines %v, want [2]", h.selected)
	}
	// YandexBot reads the Yandex group. /other/c.html is outside the
	// sitemap's folder, but the robots.txt names the sitemap: no finding.
	if strings.Contains(got, "[SM012]") {
		t.Error("a sitemap named by the host's robots.txt may list the whole host")
	}
	v.crawler.SetSelectedIndex(2)
	if len(v.shown) != 2 || v.shown[0].Rule.Line != 5 || v.shown[0].Engine != "yandex" {
		t.Errorf("YandexBot: %+v", v.shown)
	}
	test.Tap(v.add)
	if h.crawler != "YandexBot" || strings.Join(h.paths, " ") != "/art/new/a.html /art/new/b.html" {
		t.Errorf("added %q %q", h.crawler, h.paths)
	}
	// A blocked sitemap's finding is written out with its rule as code.
	for i := range v.findings {
		if strings.Contains(v.findings[i].Message.String(), "is itself blocked") {
			v.list.Select(i)
			break
		}
	}
	if shown := v.detail.Shown(); strings.Contains(shown, "`") || !uitest.InCode(v.detail.Segments, "Disallow:") {
		t.Errorf("the detail draws %q, the rule not in the code font", shown)
	}
	// The robots.txt's own finding (the missing second sitemap) selects its line.
	for i := range v.findings {
		if v.findings[i].Code == sitemap.CodeUnresolved {
			v.list.Select(i)
		}
	}
	if len(h.selected) != 3 || h.selected[2] != 8 {
		t.Errorf("selected lines %v, want 8 last", h.selected)
	}
	// Its row may end in "…"; the message is written out in full below.
	if !strings.Contains(v.detail.Text, "robots.txt:8:10") || !strings.Contains(v.detail.Text, "missing.xml") {
		t.Errorf("a robots.txt finding's message not shown in full: %q", v.detail.Text)
	}
	// A sitemap finding shows its line below the list.
	for i := range v.findings {
		if v.findings[i].Code == sitemap.CodePriority {
			v.list.Select(i)
		}
	}
	if !strings.Contains(v.detail.Text, "<priority>2</priority>") || !uitest.InCode(v.detail.Segments, "<url><loc>") {
		t.Errorf("detail %q: the sitemap's line not in the code font", v.detail.Text)
	}
}

// TestPickLineWithoutFile: a Sitemap: line with no file beside the
// robots.txt says so instead of fetching.
func TestPickLineWithoutFile(t *testing.T) {
	tab, _, _ := newTestTab(t)
	tab.DocumentChanged()
	tab.check.pick.SetSelectedIndex(1)
	if !strings.Contains(tab.check.status.Text, "missing.xml") {
		t.Errorf("status %q", tab.check.status.Text)
	}
}

// TestOpenGzip: an opened (or dropped) gzip sitemap is read by content.
func TestOpenGzip(t *testing.T) {
	tab, _, dir := newTestTab(t)
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte(sitemapText))
	zw.Close()
	p := filepath.Join(dir, "maps.bin")
	write(t, p, buf.String())
	wait(t, tab.check, func() { tab.Open(p) })
	if !strings.Contains(tab.check.status.Text, "URLs: 3,") || !strings.Contains(listTexts(tab.check), "maps.bin 3:") {
		t.Errorf("status %q\n%s", tab.check.status.Text, listTexts(tab.check))
	}
	for i := range tab.check.findings {
		if tab.check.findings[i].Code == sitemap.CodePriority {
			tab.check.list.Select(i)
		}
	}
	if !strings.Contains(tab.check.detail.Text, "<priority>2</priority>") {
		t.Errorf("detail of a gzip file: %q", tab.check.detail.Text)
	}
}

// TestCancelBigFile: a big file shows progress and Cancel while it is read
// on another goroutine; the UI keeps answering; Cancel stops it.
func TestCancelBigFile(t *testing.T) {
	tab, _, dir := newTestTab(t)
	p := bigSitemap(t, dir)
	v := tab.check
	// The check runs on its own goroutine; its progress and result reach
	// the tab on this one, when the test lets them (as the UI goroutine
	// would between events).
	ui := uitest.NewLoop()
	v.checker.Inline = false
	v.checker.Hand = ui.Hand
	tab.Open(p)
	if !v.cancel.Visible() || !v.progress.Visible() || !v.open.Disabled() {
		t.Error("no progress bar and Cancel while reading")
	}
	test.Type(v.agents, "x") // the UI thread is free while the file is read
	test.Tap(v.cancel)
	v.checker.Wait()
	ui.Drain()
	if v.cancel.Visible() || !strings.Contains(v.status.Text, "Cancelled") {
		t.Errorf("after cancel: visible %v, status %q", v.cancel.Visible(), v.status.Text)
	}
}

// TestBuilder: the builder encodes and escapes, shows a preview, and saves.
func TestBuilder(t *testing.T) {
	tab, _, dir := newTestTab(t)
	b := tab.build
	test.Tap(b.save)
	test.Type(b.host, "https://www.example.com")
	b.urls.SetText("/ümlat.php&q=name\t2007-11-02\tdaily\t0.7\n/a\n")
	b.build()
	if b.save.Disabled() || !strings.Contains(b.preview.Text, "<loc>https://www.example.com/%C3%BCmlat.php&amp;q=name</loc>") {
		t.Fatalf("preview:\n%s\nstatus %q", b.preview.Text, b.status.Text)
	}
	out := filepath.Join(dir, "out.xml")
	b.saveTo(out, "")
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sitemap.Read(bytes.NewReader(data), sitemap.Options{URL: "https://www.example.com/sitemap.xml"})
	if err != nil || len(res.Findings) != 0 || res.URLs != 2 {
		t.Errorf("saved sitemap: %v %+v", err, res)
	}
	// The tester's paths need the site address; without it nothing is built.
	b.host.SetText("")
	b.useTesterPaths()
	b.build()
	if !b.save.Disabled() || !strings.Contains(b.status.Text, "Nothing built") {
		t.Errorf("without a host: %q", b.status.Text)
	}
}

// TestBuilderBigList: a loaded list longer than the text field takes is
// kept aside and built into parts and an index, saved into a folder.
func TestBuilderBigList(t *testing.T) {
	tab, _, dir := newTestTab(t)
	b := tab.build
	var list strings.Builder
	for i := 0; i <= sitemap.MaxURLs; i++ {
		fmt.Fprintf(&list, "/p/%d\n", i)
	}
	p := filepath.Join(dir, "urls.txt")
	write(t, p, list.String())
	b.load(p)
	if !b.urls.Disabled() || b.urls.Text != "" || !strings.Contains(b.status.Text, "urls.txt") {
		t.Fatalf("big list: disabled %v, status %q", b.urls.Disabled(), b.status.Text)
	}
	b.host.SetText("https://www.example.com")
	b.build()
	if len(b.files) != 3 || b.save.Disabled() {
		t.Fatalf("%d files, status %q", len(b.files), b.status.Text)
	}
	out := t.TempDir()
	b.saveTo("", out)
	for _, name := range []string{"sitemap-1.xml", "sitemap-2.xml", "sitemap.xml"} {
		if _, err := os.Stat(filepath.Join(out, name)); err != nil {
			t.Error(err)
		}
	}
	test.Tap(b.clear)
	if b.urls.Disabled() || b.loaded != nil {
		t.Error("Clear should give the text field back")
	}
}

// TestNoTextCut renders the tab at 1280×800 in English, Russian and Polish,
// before and after a check, and fails on any text the window cuts. The rows
// of the two lists are left out: a row is one line by design, and the
// selected finding is shown in full, wrapped, under the list.
func TestNoTextCut(t *testing.T) {
	skipLists := textfit.Options{Skip: func(o fyne.CanvasObject) bool { _, ok := o.(*keys.List); return ok }}
	textfit.InEachLanguage(t, skipLists, func(t *testing.T, win fyne.Window, check func(string)) {
		dir := t.TempDir()
		h := &fakeHost{robotsPath: filepath.Join(dir, "robots.txt")}
		write(t, h.robotsPath, robotsText)
		write(t, filepath.Join(dir, "sitemap.xml"), sitemapText)
		tab := New(Host{
			Robots:      func() (string, []byte) { return h.robotsPath, []byte(robotsText) },
			SelectRule:  func(n int) {},
			AddToTester: func(string, []string) {},
			TesterPaths: func() []string { return []string{"/"} },
		})
		tab.host.Window = win
		tab.check.checker.Inline = true
		win.SetContent(tab.Object())
		tab.DocumentChanged()
		check("before a check")
		wait(t, tab.check, func() { tab.check.pick.SetSelectedIndex(0) })
		check("a sitemap checked")
		tab.content.SelectIndex(1)
		check("build")
	})
}

// TestReadingsByName: the reading select lists the readings by name, as the
// tester does ("RFC 9309", not "rfc9309"), and the one chosen is the
// engine the check runs with.
func TestReadingsByName(t *testing.T) {
	tab, _, _ := newTestTab(t)
	v := tab.check
	ids := engine.IDs()
	if got := len(v.engineID.Options); got != len(ids)+1 {
		t.Fatalf("%d options for %d engines and each crawler's own", got, len(ids))
	}
	v.engineID.SetSelectedIndex(0)
	if id := v.selectedEngine(); id != "" {
		t.Errorf("each crawler's own reading runs engine %q, want none fixed", id)
	}
	for i, id := range ids {
		name := v.engineID.Options[i+1]
		if name != engine.NameOf(id).String() || name == id {
			t.Errorf("option %d is %q, want the name of %s (%q)", i+1, name, id, engine.NameOf(id))
		}
		v.engineID.SetSelected(name)
		if got := v.selectedEngine(); got != id {
			t.Errorf("choosing %q runs engine %q, want %s", name, got, id)
		}
	}
}

// TestStoppedReadingIsSaid: a 7-URL sitemap with a bare & in its fourth
// URL stops reading there (crawlers reject the file); the summary says
// where and why, and gives the count as that of what came before it, not
// "URLs: 3" as if the file held three.
func TestStoppedReadingIsSaid(t *testing.T) {
	tab, _, dir := newTestTab(t)
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n")
	for i := 1; i <= 7; i++ {
		q := ""
		if i == 4 {
			q = "?a=1&b=2"
		}
		fmt.Fprintf(&b, "  <url><loc>http://www.example.net/art/new/p%d.html%s</loc></url>\n", i, q)
	}
	b.WriteString("</urlset>\n")
	p := filepath.Join(dir, "seven.xml")
	write(t, p, b.String())
	wait(t, tab.check, func() { tab.Open(p) })
	st := tab.check.status.Text
	if !strings.Contains(st, "seven.xml: reading stopped at line 6: a bare &") {
		t.Errorf("the summary does not say where reading stopped: %q", st)
	}
	if strings.Contains(st, "seven.xml — URLs") || !strings.Contains(st, "Before that line — URLs: 3") {
		t.Errorf("the summary gives the count of a stopped reading as the file's: %q", st)
	}
	// A file read to its end keeps the plain summary.
	wait(t, tab.check, func() { tab.Open(filepath.Join(dir, "sitemap.xml")) })
	if st := tab.check.status.Text; strings.Contains(st, "stopped") || !strings.Contains(st, "URLs: 3,") {
		t.Errorf("a whole file's summary: %q", st)
	}
}
