package ui

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/history"
	"github.com/robots-studio/robots-studio/ui/dlg"
)

const stagingRobots = "User-agent: *\nDisallow: /\nSitemap: https://staging.example.com/sitemap.xml\n"

// productionStudio is a window on text whose guard runs on the caller.
func productionStudio(t *testing.T, text string) *studio {
	t.Helper()
	s := newTestStudio(t)
	s.production.work.Inline = true
	s.ed.SetText([]byte(text))
	return s
}

// editItem is the item of the Edit menu labelled label, or nil.
func editItem(s *studio, label string) *fyne.MenuItem {
	for _, m := range s.menus.main().Items {
		if m.Label != lang.X("menu.edit", "Edit") {
			continue
		}
		for _, it := range m.Items {
			if it.Label == label {
				return it
			}
		}
	}
	return nil
}

// dialogText is every label's text in the dialog on top of the window.
func dialogText(s *studio) string {
	top := s.win.Canvas().Overlays().Top()
	if top == nil {
		return ""
	}
	var b strings.Builder
	for _, o := range test.LaidOutObjects(top) {
		if l, ok := o.(*widget.Label); ok {
			b.WriteString(l.Text + "\n")
		}
	}
	return b.String()
}

// Edit ▸ Check for Production… on a staging file lists what the CLI's
// check --production fails on, each with its line.
func TestProductionStagingFileShowsFindings(t *testing.T) {
	english(t)
	s := productionStudio(t, stagingRobots)
	it := editItem(s, "Check for Production…")
	if it == nil {
		t.Fatal("Edit has no Check for Production… item")
	}
	it.Action()
	got := dialogText(s)
	for _, want := range []string{
		"checks failed: this file must not reach a live site",
		"the `*` group disallows `/`",
		"Googlebot may not fetch `/`",
		"line 2",
		"the sitemap https://staging.example.com/sitemap.xml is on a staging or local host",
		"line 3",
		"open the file from its site",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the dialog lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "Ready for production") {
		t.Errorf("a staging file said ready:\n%s", got)
	}
}

// A file fit for a live site is said to be ready.
func TestProductionCleanFileSaysReady(t *testing.T) {
	english(t)
	s := productionStudio(t, "User-agent: *\nDisallow: /admin/\n")
	s.production.check()
	got := dialogText(s)
	if !strings.Contains(got, "Ready for production: none of the checks failed.") || strings.Contains(got, "line ") {
		t.Errorf("the dialog says:\n%s", got)
	}
}

// Go to Line closes the dialog and selects the finding's line.
func TestProductionGoToLineSelectsTheLine(t *testing.T) {
	english(t)
	s := productionStudio(t, stagingRobots)
	s.production.check()
	b := findButton(s.win.Canvas().Overlays().Top(), "Go to Line")
	if b == nil {
		t.Fatalf("no Go to Line button:\n%s", dialogText(s))
	}
	test.Tap(b)
	if a, e := s.ed.Selection(); string(s.ed.Bytes()[a:e]) != "Disallow: /" {
		t.Errorf("selection %q, want line 2", s.ed.Bytes()[a:e])
	}
	if dlg.Open(s.win) != 0 || hasDialog(s) {
		t.Error("the dialog stayed open")
	}
}

// A document opened from a site is checked as the CLI checks a URL: the
// home page's X-Robots-Tag is read too.
func TestProductionSiteReadsTheHomePage(t *testing.T) {
	english(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			w.Header().Set("Content-Type", "text/plain")
			w.Write([]byte("User-agent: *\nDisallow: /admin/\n"))
			return
		}
		w.Header().Set("X-Robots-Tag", "noindex")
		w.Write([]byte("<html></html>"))
	}))
	t.Cleanup(srv.Close)
	s := newTestStudio(t)
	s.production.work.Inline = true
	openSite(t, s, srv.URL)
	s.production.check()
	got := dialogText(s)
	for _, want := range []string{"is served with X-Robots-Tag: noindex", "the home page", "Checked as the robots.txt of " + srv.URL + "/robots.txt"} {
		if !strings.Contains(got, want) {
			t.Errorf("the dialog lacks %q:\n%s", want, got)
		}
	}
}

// The item is in the Edit menu in every language the window speaks, in
// that language.
func TestProductionMenuItemInEveryLanguage(t *testing.T) {
	t.Cleanup(func() { setLanguage("") })
	for _, code := range []string{"en", "ru", "pl"} {
		setLanguage(code)
		s := productionStudio(t, stagingRobots)
		label := lang.X("production.menu", "Check for Production…")
		if code != "en" && label == "Check for Production…" {
			t.Errorf("%s: the item is not translated", code)
		}
		it := editItem(s, label)
		if it == nil {
			t.Fatalf("%s: no %q in the Edit menu", code, label)
		}
		it.Action()
		if !hasDialog(s) || code != "en" && strings.Contains(dialogText(s), "failed: this file must not") {
			t.Errorf("%s: the dialog is missing or in English:\n%s", code, dialogText(s))
		}
	}
}

// A result for a text edited while the guard ran is not shown (its lines
// are the old text's): the text as it is now is checked instead. A result
// after the window closed is not shown at all.
func TestProductionResultOfAnOlderTextIsCheckedAgain(t *testing.T) {
	s := productionStudio(t, stagingRobots)
	old := s.ed.Document()
	s.ed.SetText([]byte("User-agent: *\nDisallow: /private/\n"))
	s.production.show(productionJob{doc: old}, []history.GuardFinding{{Line: 2}})
	if got := dialogText(s); !strings.Contains(got, "Ready for production") {
		t.Errorf("the dialog after an edit says %q, want the check of the text as it is now", got)
	}
	s.win.Canvas().Overlays().Top().Hide()
	s.production.close()
	s.production.show(productionJob{doc: s.ed.Document()}, nil)
	if top := s.win.Canvas().Overlays().Top(); top != nil && top.Visible() {
		t.Errorf("a result after the window closed is shown: %q", dialogText(s))
	}
}
