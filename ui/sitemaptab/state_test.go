package sitemaptab

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestLanguageSwitchKeepsTheCheck: a finished check (its findings, the
// crawler chosen for the blocked list), the crawlers asked for and the
// builder's list and result survive Russian, then Polish; nothing is read
// again and the texts are in the new language.
func TestLanguageSwitchKeepsTheCheck(t *testing.T) {
	x, _, _ := newTestTab(t)
	i18ntest.Speak(t, "en")
	v := x.check
	x.DocumentChanged()
	v.agents.SetText("Googlebot, YandexBot, bingbot")
	wait(t, v, func() { v.pick.SetSelectedIndex(0) })
	v.crawler.SetSelectedIndex(1)
	crawler, shown, findings := v.crawler.Selected, len(v.shown), len(v.findings)
	b := x.build
	b.host.SetText("https://www.example.com")
	b.urls.SetText("/a\n/b\n")
	b.build()
	x.content.SelectIndex(1)
	for _, l := range []struct{ code, locale, tab, status, built string }{
		{"ru", "ru_RU.UTF-8", "Проверка", "sitemap.xml — адресов: 3", "Адресов: 2"},
		{"pl", "pl_PL.UTF-8", "Sprawdzanie", "sitemap.xml — adresów: 3", "Adresów: 2"},
	} {
		i18ntest.Speak(t, l.code)
		y := New(x.host)
		test.NewTempWindow(t, y.Object())
		y.check.checker.Inline = true
		y.Restore(x.State())
		x = y
		v, b := x.check, x.build
		if got := x.content.Items[0].Text; got != l.tab {
			t.Errorf("%s: tab %q, want %q", l.code, got, l.tab)
		}
		if !strings.HasPrefix(v.status.Text, l.status) || len(v.findings) != findings {
			t.Errorf("%s: status %q, %d findings (want %d)", l.code, v.status.Text, len(v.findings), findings)
		}
		if v.agents.Text != "Googlebot, YandexBot, bingbot" || v.crawler.Selected != crawler || len(v.shown) != shown || shown == 0 {
			t.Errorf("%s: crawlers %q, blocked list of %q with %d URLs (want %q, %d)", l.code, v.agents.Text, v.crawler.Selected, len(v.shown), crawler, shown)
		}
		if b.host.Text != "https://www.example.com" || b.urls.Text != "/a\n/b\n" || !strings.HasPrefix(b.status.Text, l.built) || b.save.Disabled() {
			t.Errorf("%s: builder %q %q, status %q", l.code, b.host.Text, b.urls.Text, b.status.Text)
		}
		if x.content.SelectedIndex() != 1 {
			t.Errorf("%s: the builder is no longer shown", l.code)
		}
	}
}

// TestLanguageSwitchDuringACheck: a check in progress goes on after the
// switch and reports to the rebuilt tab, whose Cancel stops it.
func TestLanguageSwitchDuringACheck(t *testing.T) {
	x, _, dir := newTestTab(t)
	i18ntest.Speak(t, "en")
	p := bigSitemap(t, dir)
	old := x.check
	old.checker.Inline = false
	// The test driver runs fyne.Do on the caller's goroutine: the reading's
	// progress and result go through a loop the test runs instead, as the
	// window's UI goroutine would (the race detector saw the progress bar
	// set beside the rebuild).
	loop := uitest.NewLoop()
	old.checker.Hand = loop.Hand
	x.Open(p)
	i18ntest.Speak(t, "ru")
	y := New(x.host)
	test.NewTempWindow(t, y.Object())
	y.Restore(x.State())
	v := y.check
	if !v.cancel.Visible() || !v.open.Disabled() || !strings.Contains(v.status.Text, "big.xml") {
		t.Errorf("the rebuilt tab does not show the check in progress: %q", v.status.Text)
	}
	test.Tap(v.cancel)
	old.checker.Wait()
	loop.Drain()
	if v.cancel.Visible() || !strings.HasPrefix(v.status.Text, "Отменено") {
		t.Errorf("after cancel: Cancel shown %v, status %q", v.cancel.Visible(), v.status.Text)
	}
}

// bigSitemap writes a sitemap of 300,000 URLs, which takes long enough to
// read to be cancelled, and returns its path.
func bigSitemap(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n")
	for i := 0; i < 300000; i++ {
		fmt.Fprintf(&b, "<url><loc>http://www.example.net/art/new/page-%d.html</loc></url>\n", i)
	}
	b.WriteString("</urlset>\n")
	p := filepath.Join(dir, "big.xml")
	write(t, p, b.String())
	return p
}
