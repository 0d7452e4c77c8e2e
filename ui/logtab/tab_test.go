package logtab

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/assets"
	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/accesslog"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/ui/textfit"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

func doc(t *testing.T, name string) *syntax.Document {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return syntax.Parse(data)
}

func newTestTab(t *testing.T) (*Tab, *[]Selection) {
	t.Helper()
	t.Setenv("LC_ALL", "en_US.UTF-8")
	uitest.NewApp(t)
	if err := lang.AddTranslationsFS(assets.Translations, assets.TranslationsDir); err != nil {
		t.Fatal(err)
	}
	var got []Selection
	robots, draft := doc(t, "robots.txt"), doc(t, "draft.txt")
	w := test.NewTempWindow(t, nil)
	tab := New(w, func() Source { return Source{Robots: robots, Draft: draft} }, func(s Selection) { got = append(got, s) })
	w.SetContent(tab.Content)
	w.Resize(fyne.NewSize(1280, 800))
	return tab, &got
}

func run(t *testing.T, tab *Tab, files ...string) {
	t.Helper()
	tab.SetFiles(files)
	test.Tap(tab.run)
	tab.wait()
}

// TestRunFillsTheTab: a run reads the log off the UI thread and fills the
// status, the table (most hits first) and the chart.
func TestRunFillsTheTab(t *testing.T) {
	tab, _ := newTestTab(t)
	run(t, tab, filepath.Join("testdata", "combined.log"))
	if !strings.Contains(tab.status.Text, "Lines: 15 in") || !strings.Contains(tab.status.Text, "malformed lines: 1.") {
		t.Errorf("status = %q", tab.status.Text)
	}
	rows := tab.summary.rows
	if len(rows) != 4 || rows[0].Name != "Googlebot" || rows[0].Hits != 6 {
		t.Fatalf("rows = %d, first %+v", len(rows), rows[0])
	}
	if !tab.run.Disabled() && tab.cancelB.Disabled() {
		// both as expected after a run
	} else {
		t.Errorf("after a run: Analyse disabled %v, Cancel disabled %v", tab.run.Disabled(), tab.cancelB.Disabled())
	}
	lines, dots := 0, 0
	for _, o := range test.LaidOutObjects(tab.chart) {
		switch o.(type) {
		case *canvas.Line:
			lines++
		case *canvas.Circle:
			dots++
		}
	}
	if lines < 3 || dots < 2 {
		t.Errorf("chart: %d lines, %d markers", lines, dots)
	}
}

// TestHeaderSorts: a header click sorts by its column, a second click the
// other way.
func TestHeaderSorts(t *testing.T) {
	tab, _ := newTestTab(t)
	run(t, tab, filepath.Join("testdata", "combined.log"))
	names := func() string {
		var n []string
		for _, r := range tab.summary.rows {
			n = append(n, r.Name)
		}
		return strings.Join(n, ",")
	}
	tab.summary.sortBy(0)
	if got := names(); got != "bingbot,ExampleSeoBot,Googlebot,YandexBot" {
		t.Errorf("by name: %s", got)
	}
	tab.summary.sortBy(0)
	if got := names(); got != "YandexBot,Googlebot,ExampleSeoBot,bingbot" {
		t.Errorf("by name, descending: %s", got)
	}
	tab.summary.sortBy(4) // disallowed, most first
	if tab.summary.rows[0].Name != "Googlebot" || tab.summary.rows[0].Disallowed != 3 {
		t.Errorf("by disallowed: %s", names())
	}
}

// TestCrawlerHitsGoToTheTester: selecting a crawler lists its disallowed
// hits; a tap on one sends its path, engine and deciding line; "Test These
// Paths" sends its most fetched paths.
func TestCrawlerHitsGoToTheTester(t *testing.T) {
	tab, got := newTestTab(t)
	run(t, tab, filepath.Join("testdata", "combined.log"))
	tab.summary.table.Select(fyneCell(0, 0))
	if tab.selected == nil || tab.selected.Name != "Googlebot" {
		t.Fatalf("selected %+v", tab.selected)
	}
	if !strings.Contains(tab.detail.Text, "3 hits on disallowed URLs") || len(tab.hits.items) != 3 {
		t.Fatalf("detail %q, %d hits", tab.detail.Text, len(tab.hits.items))
	}
	if s := tab.hits.text(tab.hits.items[0]); s != "/admin/login  ×1 — line 3: Disallow: /admin/  (combined.log:4)" {
		t.Errorf("hit text = %q", s)
	}
	tab.hits.list.Select(1)
	if len(*got) != 1 || (*got)[0].Crawler != "Googlebot" || (*got)[0].Engine != "google" || (*got)[0].Paths[0] != "/shop/cart?add=17" || (*got)[0].Line != 2 {
		t.Fatalf("sent %+v", *got)
	}
	test.Tap(tab.testTop)
	if len(*got) != 2 || len((*got)[1].Paths) != 6 || (*got)[1].Line != 0 {
		t.Errorf("top paths sent %+v", (*got)[1])
	}
}

// TestCancelKeepsWhatWasRead: Cancel stops a long run; the tab says so and
// is ready for another.
func TestCancelKeepsWhatWasRead(t *testing.T) {
	tab, _ := newTestTab(t)
	line, _ := os.ReadFile(filepath.Join("testdata", "combined.log"))
	big := filepath.Join(t.TempDir(), "big.log")
	if err := os.WriteFile(big, bytes.Repeat(line, 20000), 0o644); err != nil { // about 45 MB
		t.Fatal(err)
	}
	tab.SetFiles([]string{big})
	test.Tap(tab.run)
	test.Tap(tab.cancelB)
	tab.wait()
	if !strings.Contains(tab.status.Text, "Cancelled after") {
		t.Errorf("status = %q", tab.status.Text)
	}
	if tab.run.Disabled() {
		t.Error("Analyse still disabled after Cancel")
	}
}

// TestMissingFileSaysWhy: a file that cannot be read stops the run with its
// name, in the status line.
func TestMissingFileSaysWhy(t *testing.T) {
	tab, _ := newTestTab(t)
	run(t, tab, filepath.Join("testdata", "missing.log"))
	if !strings.HasPrefix(tab.status.Text, "Stopped: ") || !strings.Contains(tab.status.Text, "missing.log") {
		t.Errorf("status = %q", tab.status.Text)
	}
}

// TestAPanicInTheRunStopsOnlyTheRun: a panic in the tab's own reading
// goroutine (outside the workers batch.Run guards) ends the run with the
// internal-error message in the status line; without the catch it would
// take the process, and the user's unsaved text, down.
func TestAPanicInTheRunStopsOnlyTheRun(t *testing.T) {
	tab, _ := newTestTab(t)
	defer func(a func(context.Context, accesslog.Options) (*accesslog.Report, error)) { analyze = a }(analyze)
	analyze = func(context.Context, accesslog.Options) (*accesslog.Report, error) { panic("index out of range") }
	run(t, tab, filepath.Join("testdata", "combined.log"))
	if !strings.HasPrefix(tab.status.Text, "Stopped: ") || !strings.Contains(tab.status.Text, "index out of range") {
		t.Errorf("status = %q", tab.status.Text)
	}
	if tab.run.Disabled() {
		t.Error("Analyse stays disabled after the caught panic")
	}
}

func fyneCell(row, col int) widget.TableCellID { return widget.TableCellID{Row: row, Col: col} }

// TestNoTextCut renders the tab at 1280×800 in English, Russian and Polish,
// empty and after a run with a crawler selected, and fails on any text the
// window cuts. The summary table's cells and the hit list are left out:
// rows are one line by design and the selection is written out in full.
func TestNoTextCut(t *testing.T) {
	skip := textfit.Options{Skip: func(o fyne.CanvasObject) bool {
		switch o.(type) {
		case *widget.List, *keys.List:
			return true
		}
		return false
	}}
	textfit.InEachLanguage(t, skip, func(t *testing.T, win fyne.Window, check func(string)) {
		robots, draft := doc(t, "robots.txt"), doc(t, "draft.txt")
		tab := New(win, func() Source { return Source{Robots: robots, Draft: draft} }, func(Selection) {})
		win.SetContent(tab.Content)
		check("empty")
		run(t, tab, filepath.Join("testdata", "combined.log"))
		tab.summary.table.Select(widget.TableCellID{Row: 0, Col: 0})
		check("after a run, a crawler selected")
	})
}

// TestIdleTabOffersOnlyWhatWorks: before any log is added, Analyse and
// Clear are off and no progress bar stands at 0 %; adding a log turns them
// on, a run shows the bar, and clearing the list turns them off again.
func TestIdleTabOffersOnlyWhatWorks(t *testing.T) {
	tab, _ := newTestTab(t)
	if !tab.run.Disabled() || !tab.clearB.Disabled() || tab.progress.Visible() {
		t.Errorf("no logs: Analyse disabled %v, Clear disabled %v, progress shown %v; want off, off, hidden",
			tab.run.Disabled(), tab.clearB.Disabled(), tab.progress.Visible())
	}
	if tab.fileList.Text == "" {
		t.Error("no logs: the list says nothing, want that there are none yet")
	}
	tab.AddFiles([]string{filepath.Join("testdata", "combined.log")})
	if tab.run.Disabled() || tab.clearB.Disabled() {
		t.Errorf("a log added: Analyse disabled %v, Clear disabled %v", tab.run.Disabled(), tab.clearB.Disabled())
	}
	test.Tap(tab.run)
	tab.wait()
	if !tab.progress.Visible() || tab.run.Disabled() {
		t.Errorf("after a run: progress shown %v, Analyse disabled %v", tab.progress.Visible(), tab.run.Disabled())
	}
	test.Tap(tab.clearB)
	if !tab.run.Disabled() || !tab.clearB.Disabled() {
		t.Errorf("list cleared: Analyse disabled %v, Clear disabled %v", tab.run.Disabled(), tab.clearB.Disabled())
	}
}

// TestReportOfAnotherFileSaysSo: a report cites the lines of the text it
// was replayed against; once another robots.txt is open (or the file is
// changed), the tab says the report is out of date, and a tapped hit
// names no line of the old text; with the text back, or after Analyse,
// the note goes.
func TestReportOfAnotherFileSaysSo(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	uitest.NewApp(t)
	if err := lang.AddTranslationsFS(assets.Translations, assets.TranslationsDir); err != nil {
		t.Fatal(err)
	}
	first, other := doc(t, "robots.txt"), syntax.Parse([]byte("User-agent: *\nDisallow: /private/\n"))
	src := Source{Robots: first}
	var got []Selection
	w := test.NewTempWindow(t, nil)
	tab := New(w, func() Source { return src }, func(s Selection) { got = append(got, s) })
	w.SetContent(tab.Content)
	w.Resize(fyne.NewSize(1280, 800))
	run(t, tab, filepath.Join("testdata", "combined.log"))
	tab.DocumentChanged()
	if strings.Contains(tab.status.Text, "Out of date") {
		t.Fatalf("a report of the open file is called out of date: %q", tab.status.Text)
	}
	src = Source{Robots: other}
	tab.DocumentChanged()
	if !strings.HasPrefix(tab.status.Text, "⚠ Out of date") {
		t.Errorf("a report of another file does not say so: %q", tab.status.Text)
	}
	tab.summary.table.Select(fyneCell(0, 0))
	if !strings.Contains(tab.detail.Text, "Out of date") {
		t.Errorf("the hits of another file's report are listed as current: %q", tab.detail.Text)
	}
	tab.hits.list.Select(1)
	if len(got) != 1 || got[0].Line != 0 {
		t.Errorf("a hit of the old report sends a line of the old text: %+v", got)
	}
	src = Source{Robots: first}
	tab.DocumentChanged()
	if strings.Contains(tab.status.Text, "Out of date") {
		t.Errorf("the file is back, the note stays: %q", tab.status.Text)
	}
	src = Source{Robots: other}
	tab.DocumentChanged()
	run(t, tab, filepath.Join("testdata", "combined.log"))
	if strings.Contains(tab.status.Text, "Out of date") {
		t.Errorf("analysed again, the note stays: %q", tab.status.Text)
	}
}
