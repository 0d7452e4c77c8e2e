package ui

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/testenv"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestSiteFromTheCommandLineGetsItsOwnRows: `robots-studio URL` fetches the
// site's robots.txt and tests it with crawlers of its own on its home page,
// not with the sample's rows and the sample's expectation (which showed
// "expectations: 0 pass, 1 fail" for a check the user never set).
func TestSiteFromTheCommandLineGetsItsOwnRows(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			w.Write([]byte("User-agent: *\nDisallow: /private/\n"))
			return
		}
		http.NotFound(w, r)
	}))
	defer srv.Close()
	a := uitest.NewApp(t)
	s := testStudio(a, t.TempDir())
	s.clock = &testenv.ManualClock{}
	openWindow(s, []string{srv.URL + "/robots.txt"})
	defer s.win.Close()
	if got := string(s.ed.Bytes()); !strings.Contains(got, "Disallow: /private/") {
		t.Fatalf("the fetched file is not in the editor: %q", got)
	}
	set := s.pane.TestSet()
	if strings.Join(set.Crawlers, ",") != "Googlebot,bingbot,YandexBot,GPTBot" || strings.Join(set.Paths, ",") != "/" {
		t.Errorf("the site is tested with %v × %v", set.Crawlers, set.Paths)
	}
	if len(set.Expect) != 0 {
		t.Errorf("the site carries expectations the user never set: %+v", set.Expect)
	}
}

// TestLessonFromTheCommandLineLeavesTheSampleOut: a lesson opened from the
// command line shows beside an empty file, without the sample's rows.
func TestLessonFromTheCommandLineLeavesTheSampleOut(t *testing.T) {
	a := uitest.NewApp(t)
	s := testStudio(a, t.TempDir())
	s.clock = &testenv.ManualClock{}
	lesson, err := filepath.Abs(filepath.Join("lessontab", "testdata", "99-private"))
	if err != nil {
		t.Fatal(err)
	}
	openWindow(s, []string{lesson})
	defer s.win.Close()
	if set := s.pane.TestSet(); len(set.Expect) != 0 || strings.Contains(strings.Join(set.Crawlers, ","), "Lycos") {
		t.Errorf("the lesson's window tests the sample's rows: %+v", set)
	}
}
