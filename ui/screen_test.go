package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/ui/uitest"
)

// The window opens at 1280×800 where that fits and at the screen's size on
// a smaller one; the window's content still fits a 1024×700 screen.
func TestWindowFitsTheScreen(t *testing.T) {
	want := fyne.NewSize(1280, 800)
	for _, c := range []struct {
		w, h  int
		scale float32
		fit   fyne.Size
	}{
		{1920, 1080, 1, want},
		{1280, 800, 1, want},
		{1024, 700, 1, fyne.NewSize(1024, 660)},
		{2048, 1400, 2, fyne.NewSize(1024, 660)},
	} {
		if got := fitSize(want, c.w, c.h, c.scale, frame{}); got != c.fit {
			t.Errorf("%d×%d at %v: %v, want %v", c.w, c.h, c.scale, got, c.fit)
		}
	}
	// Where the system says how big its frame is (Windows: 1280×800 opened
	// at 1288×812, the menu bar under the title bar), the frame fits too.
	for _, c := range []struct {
		rule string
		w, h int
		f    frame
		fit  fyne.Size
	}{
		{"the frame of a 1280×800 window on a 1280×800 work area is taken off", 1280, 800, frame{8, 12, true}, fyne.NewSize(1272, 788)},
		{"a window and frame that fit keep their size", 1920, 1040, frame{16, 39, true}, want},
		{"a frame at scale 2 is taken off in pixels", 2560, 1600, frame{16, 40, true}, fyne.NewSize(1272, 780)},
	} {
		if got := fitSize(want, c.w, c.h, 1+float32(c.w/2560), c.f); got != c.fit {
			t.Errorf("%s: %v, want %v", c.rule, got, c.fit)
		}
	}
	t.Setenv("LC_ALL", "en_US.UTF-8")
	s := newTestStudio(t)
	s.openSample()
	ScreenPixels = func() (int, int, bool) { return 1024, 700, true }
	t.Cleanup(func() { ScreenPixels = nil })
	s.view.fitScreen()
	if got := s.win.Canvas().Size(); got.Width > 1024 || got.Height > 700 {
		t.Errorf("window %v on a 1024×700 screen", got)
	}
	for i, it := range s.tabs.Items {
		s.tabs.SelectIndex(i)
		if m := s.win.Content().MinSize(); m.Width > 1024 || m.Height > 660 {
			t.Errorf("tab %q needs %v: more than a 1024×700 screen", it.Text, m)
		}
	}
}

// A window the user left maximised opens maximised at the next start, once
// fitted to the screen (issue 36, point 27: fit the work area, keep a
// maximised state); one the user restored opens at the fitted size. The
// system's state is faked: the test driver's windows have none.
func TestWindowKeepsItsMaximisedState(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	zoomed := map[fyne.Window]bool{}
	orig := maximised
	maximised.is = func(w fyne.Window) bool { return zoomed[w] }
	maximised.set = func(w fyne.Window) { zoomed[w] = true }
	ScreenPixels = func() (int, int, bool) { return 1024, 700, true }
	t.Cleanup(func() { maximised, ScreenPixels = orig, nil })

	a := uitest.NewApp(t)
	storage := t.TempDir()
	start := func() *studio {
		s := testStudio(a, storage)
		s.win.Resize(defaultWindowSize)
		s.openSample()
		s.view.fitScreen()
		return s
	}
	s := start()
	if zoomed[s.win] {
		t.Fatal("a first start maximised the window")
	}
	for _, c := range []struct {
		rule   string
		zoomed bool
	}{
		{"a window the user maximised opens maximised", true},
		{"a window the user restored opens at the fitted size", false},
		{"maximised again, it opens maximised again", true},
	} {
		zoomed[s.win] = c.zoomed
		s.quit()
		s = start()
		if zoomed[s.win] != c.zoomed {
			t.Errorf("%s: maximised %v", c.rule, zoomed[s.win])
		}
		if got := s.win.Canvas().Size(); got.Width > 1024 || got.Height > 700 {
			t.Errorf("%s: the window is %v on a 1024×700 screen", c.rule, got)
		}
	}
}
