// Package sitemaptab is the window's "Sitemaps" tab: check a sitemap (opened,
// dropped, or named by a Sitemap: line of the robots.txt in the editor),
// list its findings like the lint panel, list the URLs the robots.txt blocks
// for each crawler with the deciding rule, and build sitemaps from a list of
// URLs. The work is in tester/sitemap; this package binds it to widgets and
// keeps the reading of big files off the UI thread.
package sitemaptab

import (
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/editor/keys"
)

// Host is what the tab needs from the window.
type Host struct {
	Window fyne.Window
	// Robots returns the robots.txt in the editor: its path ("" when it was
	// never saved) and its text.
	Robots func() (path string, text []byte)
	// SelectRule selects line n of the robots.txt in the editor and shows it.
	SelectRule func(line int)
	// AddToTester adds a crawler row and path rows to the tester.
	AddToTester func(crawler string, paths []string)
	// TesterPaths are the tester's path rows, for the builder.
	TesterPaths func() []string
}

// Tab is the Sitemaps tab.
type Tab struct {
	host    Host
	check   *checkView
	build   *buildView
	content *container.AppTabs
	keyed   *keys.Tabs // content, with its strip in the Tab order
}

// New builds the tab.
func New(h Host) *Tab {
	t := &Tab{host: h}
	t.check = newCheckView(t)
	t.build = newBuildView(t)
	t.content = container.NewAppTabs(
		container.NewTabItem(lang.X("sitemap.ui.tab.check", "Check"), t.check.content),
		container.NewTabItem(lang.X("sitemap.ui.tab.build", "Build"), t.build.content),
	)
	t.keyed = keys.NewTabs(t.content)
	return t
}

// Object is the tab's content.
func (t *Tab) Object() fyne.CanvasObject { return t.keyed }

// Open checks the sitemap file at path (File ▸ Open in the tab, or a file
// dropped on the window).
func (t *Tab) Open(path string) {
	t.content.SelectIndex(0)
	t.check.start(path, "")
}

// DocumentChanged refreshes what the tab shows of the robots.txt in the
// editor (its Sitemap: lines).
func (t *Tab) DocumentChanged() { t.check.refreshSitemapLines() }

// LooksLikeSitemap tells a sitemap from a robots.txt by its name, for files
// dropped on the window.
func LooksLikeSitemap(path string) bool {
	name := strings.ToLower(filepath.Base(path))
	return strings.HasSuffix(name, ".xml") || strings.HasSuffix(name, ".xml.gz") ||
		strings.HasSuffix(name, ".gz") || strings.HasPrefix(name, "sitemap")
}

// SetSynchronous makes checks run on the calling goroutine: the fyne test
// driver has no UI thread to come back to. A check already running is
// waited for first (when on).
func (t *Tab) SetSynchronous(on bool) {
	if on {
		t.check.checker.Wait()
	}
	t.check.checker.Inline = on
}

// Status is the check's one-line summary as shown.
func (t *Tab) Status() string { return t.check.status.Text }
