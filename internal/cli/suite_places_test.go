package cli_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/tester/testset"
)

// TestSuiteRunsATestSetWhereverTheWindowKeptIt: `test --suite` takes the
// set's path, so it runs a set the window saved in its own folder (out of
// the site folder) as well as one beside the file.
func TestSuiteRunsATestSetWhereverTheWindowKeptIt(t *testing.T) {
	dir := writeFiles(t, map[string]string{"robots.txt": suiteRobots})
	robots := filepath.Join(dir, "robots.txt")
	set, err := testset.Parse([]byte(suitePassing))
	if err != nil {
		t.Fatal(err)
	}
	places := session.NewPlaces(t.TempDir())
	f := session.File{IsNew: true}
	if err := f.Save(robots, []byte(suiteRobots), set, places); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(testset.PathFor(robots)); !os.IsNotExist(err) {
		t.Fatal("the window put the set beside the file without being asked")
	}
	for _, where := range []session.Place{session.InApp, session.Beside} {
		if err := places.Choose(robots, where); err != nil {
			t.Fatal(err)
		}
		path, _ := places.For(robots)
		if code, out, errs := runCmd(t, "", "test", "--suite", path, robots); code != 0 {
			t.Errorf("place %v: --suite %s: exit %d\n%s%s", where, path, code, out, errs)
		}
	}
}

// TestSavedFindsTheSetWhereTheWindowKeepsIt: `test --saved ROBOTS_FILE`
// finds the set through session, as the window does — in the window's own
// folder or beside the file — and says so when there is none.
func TestSavedFindsTheSetWhereTheWindowKeepsIt(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	dir := writeFiles(t, map[string]string{"robots.txt": suiteRobots})
	robots := filepath.Join(dir, "robots.txt")
	if code, _, errs := runCmd(t, "", "test", "--saved", robots); code == 0 || !strings.Contains(errs, "no test set is kept") {
		t.Fatalf("no set: exit %d, %q", code, errs)
	}
	set, err := testset.Parse([]byte(suitePassing))
	if err != nil {
		t.Fatal(err)
	}
	places := session.NewPlaces(session.AppStorage())
	f := session.File{IsNew: true}
	if err := f.Save(robots, []byte(suiteRobots), set, places); err != nil {
		t.Fatal(err)
	}
	for _, where := range []session.Place{session.InApp, session.Beside} {
		if err := places.Choose(robots, where); err != nil {
			t.Fatal(err)
		}
		code, out, errs := runCmd(t, "", "test", "--saved", robots)
		if code != 0 || !strings.Contains(out, "passed") {
			t.Errorf("place %v: --saved: exit %d\n%s%s", where, code, out, errs)
		}
	}
	if code, _, _ := runCmd(t, "", "test", "--saved", "--suite", "x.json", robots); code == 0 {
		t.Error("--saved with --suite must be refused")
	}
}
