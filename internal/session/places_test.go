package session

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/testset"
)

func rowsSet() *testset.Set {
	set := testset.New()
	set.Crawlers = []string{"Googlebot"}
	set.Paths = []string{"/private/"}
	return set
}

// TestPlacesRules: where a robots file's test set is kept, rule by rule.
func TestPlacesRules(t *testing.T) {
	site := t.TempDir()
	robots := filepath.Join(site, "robots.txt")
	os.WriteFile(robots, []byte("User-agent: *\n"), 0o644)
	storage := t.TempDir()
	places := NewPlaces(storage)

	for _, tc := range []struct {
		rule  string
		setup func()
		want  Place
	}{
		{"with no set anywhere and no answer, the set is kept out of the site folder", func() {}, InApp},
		{"a set already beside the file stays there", func() { os.WriteFile(testset.PathFor(robots), []byte("{}"), 0o644) }, Beside},
		{"an unreadable set beside the file is still the file's set", func() { os.WriteFile(testset.PathFor(robots), []byte("{not json"), 0o644) }, Beside},
		{"the user's answer \"beside the file\" is remembered", func() {
			if err := places.Choose(robots, Beside); err != nil {
				t.Fatal(err)
			}
		}, Beside},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			os.Remove(testset.PathFor(robots))
			os.RemoveAll(storage)
			tc.setup()
			path, place := places.For(robots)
			if place != tc.want {
				t.Fatalf("place = %v, want %v (%s)", place, tc.want, path)
			}
			switch place {
			case InApp:
				if !strings.HasPrefix(path, storage) || strings.HasPrefix(path, site) || !strings.HasPrefix(filepath.Base(path), "robots.txt-") {
					t.Errorf("app path %s: not in the app's folder or not named after the file", path)
				}
			case Beside:
				if path != testset.PathFor(robots) {
					t.Errorf("beside path = %s", path)
				}
			}
		})
	}
	if p, place := (Places{}).For(robots); place != Beside || p != testset.PathFor(robots) {
		t.Errorf("with no app folder (the command line) the set is beside the file: %s", p)
	}
	other := filepath.Join(t.TempDir(), "robots.txt")
	os.RemoveAll(storage)
	a, _ := places.For(robots)
	b, _ := places.For(other)
	if a == b {
		t.Error("two robots.txt files in different folders must not share a test set")
	}
}

// TestSaveKeepsANewTestSetOutOfTheSiteFolder: a first save writes the
// set into the app's folder, nothing beside the file; reopening reads it
// back; choosing "beside the file" moves it there and back, and a move never
// overwrites a set already at the destination.
func TestSaveKeepsANewTestSetOutOfTheSiteFolder(t *testing.T) {
	site := t.TempDir()
	robots := filepath.Join(site, "robots.txt")
	places := NewPlaces(t.TempDir())
	f := File{IsNew: true}
	if err := f.Save(robots, []byte("User-agent: *\nDisallow: /private/\n"), rowsSet(), places); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(site); len(entries) != 1 {
		t.Fatalf("the site folder must hold only robots.txt, has %d entries", len(entries))
	}
	if _, err := testset.Load(f.TestsPath); err != nil {
		t.Fatalf("the set is not where File says (%s): %v", f.TestsPath, err)
	}
	o, err := Open(robots, places)
	if err != nil || len(o.Tests.Crawlers) != 1 || o.File.TestsPath != f.TestsPath {
		t.Fatalf("reopen: %v %+v %s", err, o.Tests, o.File.TestsPath)
	}

	if err := places.Choose(robots, Beside); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(f.TestsPath); !os.IsNotExist(err) {
		t.Error("the set moved beside the file must leave the app's folder")
	}
	if set, err := testset.Load(testset.PathFor(robots)); err != nil || len(set.Paths) != 1 {
		t.Fatalf("moved set: %v", err)
	}
	if !places.Chosen(robots) {
		t.Error("the answer must be remembered")
	}
	if err := places.Choose(robots, InApp); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(testset.PathFor(robots)); !os.IsNotExist(err) {
		t.Error("moving back must remove the set beside the file")
	}
	// A set written by hand beside the file meanwhile is the user's: the
	// move refuses to overwrite it.
	os.WriteFile(testset.PathFor(robots), []byte(`{"version":1}`), 0o644)
	if err := places.Choose(robots, InApp); err == nil {
		t.Fatal("moving onto an existing set must be refused")
	}
	if data, _ := os.ReadFile(testset.PathFor(robots)); string(data) != `{"version":1}` {
		t.Errorf("the set beside the file was changed: %q", data)
	}
	if set, err := testset.Load(places.appPath(robots)); err != nil || len(set.Crawlers) != 1 {
		t.Errorf("the set in the app's folder was changed: %v", err)
	}
}
