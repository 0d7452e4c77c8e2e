package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
)

// TestEveryTabInSightInPresenterMode: in presenter mode at 1024×768 (a
// classroom projector), in en, ru and pl, with the tour's robots.txt and
// with a longer file name, the tab strip shows every tab by name, none
// folded into its "…" menu (Russian folded History and Lessons there);
// the names stay whole where they fit (English, outside presenter mode).
func TestEveryTabInSightInPresenterMode(t *testing.T) {
	for _, locale := range []string{"en", "ru", "pl"} {
		for _, name := range []string{"robots.txt", "www.linkedin.com.robots.txt"} {
			t.Run(locale+"-"+name, func(t *testing.T) {
				i18ntest.Speak(t, locale)
				s := newTestStudio(t)
				s.win.Resize(fyne.NewSize(1024, 768))
				s.openPath(writeFile(t, name, []byte("User-agent: *\nDisallow: /private/\n")))
				full := tabNames(s.tabs)
				if locale == "en" && name == "robots.txt" {
					s.win.Content().Refresh()
					if got := tabNames(s.tabs); got != full || shownTabs(s.tabs) != len(s.tabs.Items) {
						t.Errorf("outside presenter mode the tabs are %q (%d shown), want %q whole", got, shownTabs(s.tabs), full)
					}
				}
				s.class.setPresenter(true)
				defer s.class.setPresenter(false)
				s.win.Content().Refresh()
				if n := shownTabs(s.tabs); n != len(s.tabs.Items) {
					t.Errorf("presenter mode, zoom %d: %d of %d tabs in the strip (%q), the rest in its menu", s.view.zoom(), n, len(s.tabs.Items), tabNames(s.tabs))
				}
				for _, it := range s.tabs.Items {
					if it.Text == "" || it.Text == "…" {
						t.Errorf("a tab has no name: %q", tabNames(s.tabs))
					}
				}
				s.class.setPresenter(false)
				s.win.Content().Refresh()
				if locale == "en" && name == "robots.txt" {
					if got := tabNames(s.tabs); got != full {
						t.Errorf("after presenter mode the tabs are %q, want %q", got, full)
					}
				}
			})
		}
	}
}

// TestShortTabNamesOnlyWhenNeeded: the strip keeps the full names when they
// fit, takes the short ones when they do not, and cuts the file's name in
// the middle only when the short names still do not fit.
func TestShortTabNamesOnlyWhenNeeded(t *testing.T) {
	test.NewTempApp(t)
	labels := []tabLabel{{"robots.txt — www.example.com", "robots.txt"}, {"Mirrors / Host", "Mirrors"}, {"AI access", "AI"}}
	full := stripWidth([]string{labels[0].full, labels[1].full, labels[2].full})
	short := stripWidth([]string{labels[0].short, labels[1].short, labels[2].short})
	for _, c := range []struct {
		rule  string
		width float32
		want  string
	}{
		{"not laid out yet: full", 0, "robots.txt — www.example.com|Mirrors / Host|AI access"},
		{"room for all: full", full + 1, "robots.txt — www.example.com|Mirrors / Host|AI access"},
		{"a little short of room: the name that gives back most", full - 1, "robots.txt|Mirrors / Host|AI access"},
		{"short of room: short", short + 1, "robots.txt|Mirrors|AI"},
		{"short of room for the short: the file's cut", short - 20, ""},
	} {
		got := strings.Join(fitTabNames(labels, c.width), "|")
		if c.want == "" {
			names := fitTabNames(labels, c.width)
			if !strings.Contains(names[0], "…") || stripWidth(names) > c.width {
				t.Errorf("%s: %q (%.0f px in %.0f)", c.rule, got, stripWidth(names), c.width)
			}
			continue
		}
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.rule, got, c.want)
		}
	}
}

// tabNames are the tabs' names, joined.
func tabNames(tabs *container.AppTabs) string {
	var names []string
	for _, it := range tabs.Items {
		names = append(names, it.Text)
	}
	return strings.Join(names, " | ")
}

// shownTabs is how many tab buttons the strip draws (the others are in
// its "…" menu): Fyne's tab bar holds a box of the buttons, then the menu's
// button.
func shownTabs(tabs *container.AppTabs) int {
	r := test.WidgetRenderer(tabs)
	bar, ok := r.Objects()[0].(*fyne.Container)
	if !ok || len(bar.Objects) == 0 {
		panic(fmt.Sprintf("the tab strip is drawn as %T", r.Objects()[0]))
	}
	buttons, ok := bar.Objects[0].(*fyne.Container)
	if !ok {
		panic(fmt.Sprintf("the tab strip's buttons are %T", bar.Objects[0]))
	}
	return len(buttons.Objects)
}
