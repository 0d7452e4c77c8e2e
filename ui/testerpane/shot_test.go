package testerpane

import (
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
)

// TestScreenshots writes PNGs of the pane to $TESTERPANE_SHOTS for a human
// to look at (list, detail, compare matrix).
func TestScreenshots(t *testing.T) {
	dir := os.Getenv("TESTERPANE_SHOTS")
	if dir == "" {
		t.Skip("set TESTERPANE_SHOTS=DIR to write screenshots")
	}
	for _, tc := range []struct {
		locale, prefix string
		th             fyne.Theme
	}{
		{"en_GB.UTF-8", "en-dark-", theme.DefaultTheme()},
		{"ru_RU.UTF-8", "ru-light-", lightTheme{theme.DefaultTheme()}},
		{"pl_PL.UTF-8", "pl-light-", lightTheme{theme.DefaultTheme()}},
	} {
		t.Run(tc.prefix, func(t *testing.T) {
			t.Setenv("LC_ALL", tc.locale)
			shots(t, dir, tc.prefix, tc.th)
		})
	}
}

// lightTheme is the default theme in its light variant, as a classroom
// projector usually shows it.
type lightTheme struct{ fyne.Theme }

func (l lightTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return l.Theme.Color(n, theme.VariantLight)
}

func shots(t *testing.T, dir, prefix string, th fyne.Theme) {
	p, w := newTestPane(t, "")
	test.ApplyTheme(t, th)
	robots := "User-Agent: *\nDisallow: /\n\nUser-Agent: Lycos\nDisallow: /cgi-bin/ /tmp/\n\nUser-agent: Googlebot\nDisallow: /p\nAllow: /page\n"
	p.SetDocument(syntax.Parse([]byte(robots)))
	s := &testset.Set{Crawlers: []string{"Googlebot", "Lycos_Spider_(Rex)/1.0 libwww/3.1", "StackRambler"},
		Paths: []string{"/page", "/cgi-bin/x", "/robots.txt"}}
	s.SetExpected("Googlebot", "/page", "google", true)
	s.SetExpected("StackRambler", "/page", "google", true)
	p.SetTestSet(s)
	shot := func(name string, size fyne.Size) {
		w.Resize(size)
		f, err := os.Create(filepath.Join(dir, prefix+name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := png.Encode(f, w.Canvas().Capture()); err != nil {
			t.Fatal(err)
		}
	}
	p.ui.list.Select(0)
	shot("list.png", fyne.NewSize(640, 860))
	p.SetCompare(true)
	p.ui.table.Select(widget.TableCellID{Row: 0, Col: firstEngineCol + 3})
	shot("compare.png", fyne.NewSize(1250, 860))
	p.SetCompare(false)
	test.Tap(p.ui.crawlerBox.Objects[0].(*fyne.Container).Objects[1].(*fyne.Container).Objects[0].(*widget.Button))
	shot("catalogue.png", fyne.NewSize(640, 860))
}
