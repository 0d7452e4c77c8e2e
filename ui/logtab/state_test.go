package logtab

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// rebuilt is a new tab (in the language now loaded) restored from x's
// State, as the window does on a language switch.
func rebuilt(t *testing.T, x *Tab) *Tab {
	y := New(x.win, x.source, x.onTest)
	x.win.SetContent(y.Content)
	y.Restore(x.State())
	return y
}

// TestLanguageSwitchKeepsTheReport: the logs, the computed report (the same
// one: nothing is read again), its sort and the selected crawler survive
// Russian, then Polish, with the texts in the new language.
func TestLanguageSwitchKeepsTheReport(t *testing.T) {
	x, _ := newTestTab(t)
	i18ntest.Speak(t, "en")
	log := filepath.Join("testdata", "combined.log")
	run(t, x, log)
	x.summary.sortBy(0) // by name
	x.summary.table.Select(fyneCell(2, 0))
	if x.selected == nil || x.selected.Name != "Googlebot" {
		t.Fatalf("selected %+v", x.selected)
	}
	report := x.report
	for _, l := range []struct{ code, locale, status, column, detail string }{
		{"ru", "ru_RU.UTF-8", "Строк: 15", "Робот", "Googlebot"},
		{"pl", "pl_PL.UTF-8", "Wierszy: 15", "Robot", "Googlebot"},
	} {
		i18ntest.Speak(t, l.code)
		x = rebuilt(t, x)
		if x.report != report {
			t.Errorf("%s: the report was made again", l.code)
		}
		if files := x.Files(); len(files) != 1 || files[0] != log || x.fileList.Text != "combined.log" {
			t.Errorf("%s: files %q shown as %q", l.code, files, x.fileList.Text)
		}
		if !strings.HasPrefix(x.status.Text, l.status) || x.progress.Value != 1 {
			t.Errorf("%s: status %q (progress %v), want it to start %q", l.code, x.status.Text, x.progress.Value, l.status)
		}
		if x.summary.cols[0].title != l.column || x.summary.sortCol != 0 || x.summary.desc {
			t.Errorf("%s: first column %q, sorted by %d desc %v", l.code, x.summary.cols[0].title, x.summary.sortCol, x.summary.desc)
		}
		if x.selected == nil || x.selected.Name != "Googlebot" || len(x.hits.items) != 3 {
			t.Fatalf("%s: selected %+v with %d hits", l.code, x.selected, len(x.hits.items))
		}
		if !strings.HasPrefix(x.detail.Text, l.detail) || strings.Contains(x.detail.Text, "hits on disallowed") {
			t.Errorf("%s: detail %q", l.code, x.detail.Text)
		}
	}
}

// TestLanguageSwitchDuringARun: a run in progress goes on after the switch
// and reports to the rebuilt tab, whose Cancel stops it.
func TestLanguageSwitchDuringARun(t *testing.T) {
	x, _ := newTestTab(t)
	i18ntest.Speak(t, "en")
	line, _ := os.ReadFile(filepath.Join("testdata", "combined.log"))
	big := filepath.Join(t.TempDir(), "big.log")
	if err := os.WriteFile(big, bytes.Repeat(line, 20000), 0o644); err != nil {
		t.Fatal(err)
	}
	x.SetFiles([]string{big})
	// The run's progress reaches the tabs on this goroutine, between the
	// steps below, as a window's UI goroutine runs it between events.
	ui := uitest.NewLoop()
	x.do = ui.Do
	test.Tap(x.run)
	i18ntest.Speak(t, "ru")
	old := x
	x = rebuilt(t, x)
	if !x.run.Disabled() || x.cancelB.Disabled() {
		t.Error("the rebuilt tab does not show the run in progress")
	}
	ui.Drain()
	test.Tap(x.cancelB)
	ui.Until(func() bool { return !x.run.Disabled() }) // finish, handed to old, reached its heir
	old.wait()
	if !strings.HasPrefix(x.status.Text, "Прервано после") || x.report == nil || x.run.Disabled() {
		t.Errorf("status %q, report %v, Analyse disabled %v", x.status.Text, x.report != nil, x.run.Disabled())
	}
}
