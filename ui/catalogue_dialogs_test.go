package ui

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/crawlers"
)

func catalogueMenuOf(s *studio) []string {
	for _, m := range s.win.MainMenu().Items {
		if m.Label == "Catalogue" {
			var out []string
			for _, it := range m.Items {
				out = append(out, it.Label)
			}
			return out
		}
	}
	return nil
}

// Catalogue ▸ Update… reads the sources the user lists (here a loopback
// server with Google's range file and ai.robots.txt's list), shows what
// changed with its source, and the summary line counts the result. The
// menu offers an update only when the catalogue is older than 30 days.
func TestCatalogueUpdateDialog(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	t.Cleanup(func() { catalogue.Use(nil) })
	srv := httptest.NewServer(http.FileServer(http.Dir("../tester/crawlers/sources/testdata")))
	defer srv.Close()
	s := newTestStudio(t)
	v := s.catalogue.newUpdateView()
	sm := s.catalogue.summary()
	if !strings.HasPrefix(v.summary.Text, "catalogue of "+catalogue.BuiltinDate()+": ") || sm.FromUpdates != 0 {
		t.Fatalf("summary %q", v.summary.Text)
	}
	v.sources.SetText(srv.URL + "/googlebot.json\n\n" + srv.URL + "/robots.json\n")
	test.Tap(v.run)
	<-v.finished
	if !strings.Contains(v.result.Text, "IP ranges of Google: 231  ("+srv.URL+"/googlebot.json)") ||
		!strings.Contains(v.result.Text, "robots.json, 166 items") {
		t.Errorf("result:\n%s", v.result.Text)
	}
	files := s.catalogue.store().RangeFiles()
	if len(files) != 1 || files[0].Key != "Google" {
		t.Errorf("range files after the update: %+v", files)
	}

	v.sources.SetText(srv.URL + "/missing.json")
	test.Tap(v.run)
	<-v.finished
	if !strings.Contains(v.result.Text, "the server answered 404") || !strings.Contains(v.result.Text, "The catalogue is unchanged.") {
		t.Errorf("a failed source: %q", v.result.Text)
	}

	if items := catalogueMenuOf(s); len(items) == 0 || items[0] != "Update…" {
		t.Errorf("a fresh catalogue: menu %q", items)
	}
	clock = func() time.Time { return time.Now().Add(45 * 24 * time.Hour) }
	defer func() { clock = time.Now }()
	s.catalogue.changed()
	if items := catalogueMenuOf(s); len(items) == 0 || !strings.HasPrefix(items[0], "Update… (the catalogue is 45 days old)") {
		t.Errorf("an old catalogue: menu %q", items)
	}
	if v := s.catalogue.newUpdateView(); v.offer.Hidden || !strings.Contains(v.offer.Text, "more than 30 days old") {
		t.Errorf("the dialog's offer: hidden %v %q", v.offer.Hidden, v.offer.Text)
	}
}

// A crawler of the user's own, saved from the form's fields, is used
// everywhere an entry is: the tester identifies its User-Agent, and undo
// takes it back.
func TestOwnCrawlerUsedEverywhere(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	t.Cleanup(func() { catalogue.Use(nil) })
	s := newTestStudio(t)
	store := s.catalogue.store()
	e := ownEntry("Example-Intranet-Bot", "", "", "Example Ltd", "monitor", "rfc9309", "obeys", "our link checker")
	if err := store.Put(e); err != nil {
		t.Fatal(err)
	}
	r := crawlers.Resolve("Example-Intranet-Bot/3.1 (+https://example.com/bot)")
	if !r.Matched || r.Entry.Operator != "Example Ltd" || r.Token != "Example-Intranet-Bot" || r.Entry.Origin != catalogue.FromUser {
		t.Fatalf("the tester does not know the user's entry: %+v", r)
	}
	if sm := s.catalogue.summary(); sm.FromUser != 1 {
		t.Errorf("summary counts %d of the user's own", sm.FromUser)
	}
	s.catalogue.undo()
	if _, ok := crawlers.ByToken("Example-Intranet-Bot"); ok {
		t.Error("undo left the entry in use")
	}
	if bad := ownEntry("Bad", "a:b", "", "", "other", "rfc9309", "unknown", ""); store.Put(bad) == nil {
		t.Error("a token with a colon was saved")
	}
}
