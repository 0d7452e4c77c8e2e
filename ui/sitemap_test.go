package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
)

// TestSitemapTabInWindow: a sitemap dropped on the window opens in the
// Sitemaps tab and is checked against the robots.txt in the editor; a rule
// line can be selected in the editor and blocked URLs become tester rows.
func TestSitemapTabInWindow(t *testing.T) {
	english(t)
	t.Setenv("LC_ALL", "en_US.UTF-8") // the test reads the English summary
	s := newTestStudio(t)
	s.sitemaps.SetSynchronous(true)
	robots := writeFile(t, "robots.txt", []byte("User-agent: *\nDisallow: /private/\n\nSitemap: https://www.example.com/sitemap.xml\n"))
	if !s.openPath(robots) {
		t.Fatal("robots.txt did not open")
	}
	sm := writeFile(t, "sitemap.xml", []byte(`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://www.example.com/private/a.html</loc></url>
</urlset>
`))
	s.dropped([]fyne.URI{storage.NewFileURI(sm)})
	if s.tabs.Selected() != s.sitemaps.tabItem() {
		t.Fatal("a dropped sitemap should show the Sitemaps tab")
	}
	if got := s.sitemaps.Status(); !strings.Contains(got, "URLs: 1,") || !strings.Contains(got, "blocked (URL, crawler) pairs: 3") {
		t.Errorf("status %q", got)
	}
	if string(s.ed.Bytes()) == "" || s.doc.Path() == sm {
		t.Error("the dropped sitemap replaced the robots.txt in the editor")
	}
	s.checks.selectLine(2)
	if a, b := s.ed.Selection(); s.tabs.SelectedIndex() != 0 || string(s.ed.Bytes()[a:b]) != "Disallow: /private/" {
		t.Errorf("selection %q on tab %d", s.ed.Bytes()[a:b], s.tabs.SelectedIndex())
	}
	s.addToTester("YandexBot", []string{"/private/a.html"})
	set := s.pane.TestSet()
	if !strings.Contains(strings.Join(set.Crawlers, ","), "YandexBot") || !strings.Contains(strings.Join(set.Paths, ","), "/private/a.html") {
		t.Errorf("tester rows %v %v", set.Crawlers, set.Paths)
	}
	if s.doc.Modified() {
		t.Error("tester rows alone marked the robots.txt modified (they are kept with its test set)")
	}
}
