package ui

import (
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/ui/historytab"
)

// historyTab is the History tab: the open site's versions kept by
// tester/history (every fetch is kept there: main.go opens the store and
// tester/fetch's keeper writes each fetch). A version opens as a new
// document with its fetch banner; two versions compare in the tester's
// Changes view, the newer one in the editor.
type historyTab struct {
	*historytab.Tab
	host historytab.Host // the window, as the tab sees it (newTabs)
	it   *container.TabItem
	kept historytab.State
}

func (t *historyTab) build() *container.TabItem {
	t.Tab = historytab.New(t.host)
	t.it = container.NewTabItem(lang.X("historytab.tab", "History"), t.Content)
	return t.it
}

func (t *historyTab) tabItem() *container.TabItem { return t.it }

// follow reads the history when the tab comes into view, and again when
// another site's document opens while it is in view.
func (t *historyTab) follow(c change, inView bool) {
	switch {
	case c == shown:
		t.Refresh()
	case inView && c == edited:
		t.DocumentChanged()
	}
}

// keep remembers what the user did; a running import or check of the
// sites stops (what was read is kept), since its answers would reach the
// old widgets and a second one could start beside it.
func (t *historyTab) keep() {
	t.kept = t.State()
	t.CancelImport()
	t.CancelCheck()
}
func (t *historyTab) restore() { t.Restore(t.kept) }

// openVersion opens a kept version as a new document, with the banner of
// the fetch it records (each engine's outcome worked out again).
func (l *liveState) openVersion(p historytab.Pick) {
	l.host.whenSafe(func() {
		l.openFetched(p.Version.Result(p.Body))
		l.host.showEditor()
	})
}

// compareVersions opens the newer version in the editor and the Changes
// view against the older: what flips for each crawler, the deciding lines
// marked in the editor.
func (l *liveState) compareVersions(old, new historytab.Pick) {
	l.host.whenSafe(func() {
		l.openFetched(new.Version.Result(new.Body))
		l.showChanges(versionLabel(old), syntax.Parse(old.Body), old.Version.Result(old.Body))
	})
}

// versionLabel names a kept version, short enough for the Changes view's
// header: "version #2 (2026-11-20)".
func versionLabel(p historytab.Pick) string {
	return lang.X("live.compare.source_version", "version #{{.N}} ({{.Date}})",
		map[string]any{"N": p.N, "Date": p.Version.Time.Local().Format("2006-01-02")})
}
