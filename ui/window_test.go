package ui

import (
	"fmt"
	"fyne.io/fyne/v2/driver/desktop"
	"github.com/robots-studio/robots-studio/tester/engine"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/internal/testenv"
	"github.com/robots-studio/robots-studio/tester/lint"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
	"github.com/robots-studio/robots-studio/ui/logtab"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// newTestStudio builds the real window on the fyne test driver.
func newTestStudio(t testing.TB) *studio {
	t.Helper()
	s := testStudio(uitest.NewApp(t), t.TempDir())
	s.win.Resize(fyne.NewSize(1280, 800))
	return s
}

// testStudio is a window on storage for the test driver, which has no UI
// goroutine to hand background results to: every worker of the window, the
// tester pane and the Lessons tab does its work on the caller's goroutine.
func testStudio(a fyne.App, storage string) *studio {
	s := newStudio(a, storage)
	// Work newStudio already started is handed over (on its own goroutine,
	// under the test driver) before the test touches the window.
	s.checks.lints.Wait()
	s.live.fetcher.Wait()
	s.live.changesWork.Wait()
	s.checks.lints.Inline, s.live.fetcher.Inline, s.live.changesWork.Inline = true, true, true
	s.disk.off = true // the test calls checkDisk itself
	s.pane.SetSynchronous(true)
	s.class.setSynchronous(true)
	return s
}

func writeFile(t testing.TB, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func hasDialog(s *studio) bool { return s.win.Canvas().Overlays().Top() != nil }

func TestUnchangedFileResavesByteIdentical(t *testing.T) {
	data := []byte("\xEF\xBB\xBFUser-agent: *\r\nDisallow: /a\x00b\rAllow: /\xff\r\n# no final newline")
	p := writeFile(t, "robots.txt", data)
	s := newTestStudio(t)
	if !s.openPath(p) {
		t.Fatal("open failed")
	}
	if s.doc.Modified() || strings.Contains(s.win.Title(), "•") {
		t.Fatalf("freshly opened file shows as modified: %q", s.win.Title())
	}
	if got := s.win.Title(); got != "Robots Studio — robots.txt" {
		t.Errorf("title = %q", got)
	}
	s.save(nil)
	if got, _ := os.ReadFile(p); string(got) != string(data) {
		t.Fatalf("re-save changed the bytes:\n%q\n%q", got, data)
	}
}

func TestTypingMarksModifiedAndSaveWritesExactlyTheEdit(t *testing.T) {
	p := writeFile(t, "robots.txt", []byte("User-agent: *\r\nDisallow: /\r\n"))
	s := newTestStudio(t)
	s.openPath(p)
	s.win.Canvas().Focus(s.ed)
	s.ed.SetSelection(0, 0)
	test.Type(s.ed, "# hi")
	s.ed.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if !strings.HasSuffix(s.win.Title(), "•") {
		t.Fatalf("title %q lacks the modified mark", s.win.Title())
	}
	s.save(nil)
	if got, _ := os.ReadFile(p); string(got) != "# hi\r\nUser-agent: *\r\nDisallow: /\r\n" {
		t.Fatalf("saved %q", got)
	}
	if strings.HasSuffix(s.win.Title(), "•") {
		t.Fatal("still marked modified after save")
	}
}

// TestTestSetIsKeptOutOfTheSiteFolderAndCountsAsAChange: new tester rows
// are kept with the test set as they change, not as a change of the
// robots.txt; the first save keeps them in the app's folder (a
// deploy of the site folder must not publish them), says so once and
// offers "beside the file"; they reopen with the file, and removing every
// row removes the saved set.
func TestTestSetIsKeptOutOfTheSiteFolderAndCountsAsAChange(t *testing.T) {
	english(t)
	p := writeFile(t, "robots.txt", []byte("User-agent: *\nDisallow: /x\n"))
	s := newTestStudio(t)
	s.openPath(p)
	set := testset.New()
	set.Crawlers = []string{"Googlebot"}
	set.Paths = []string{"/x"}
	set.SetExpected("Googlebot", "/x", "google", false)
	s.pane.SetTestSet(set)
	if s.doc.Modified() || !s.doc.TestsModified() {
		t.Fatal("new tester rows must be a change of the test set, not of the robots.txt")
	}
	s.save(nil)
	if _, err := os.Stat(testset.PathFor(p)); !os.IsNotExist(err) {
		t.Fatalf("the test set was written beside the file without asking: %v", err)
	}
	where, place := s.doc.Places.For(p)
	loaded, err := testset.Load(where)
	if err != nil || place != session.InApp || len(loaded.Expect) != 1 || loaded.Crawlers[0] != "Googlebot" {
		t.Fatalf("test set not saved in the app's folder: %+v %v", loaded, err)
	}
	if !hasDialog(s) || !strings.Contains(deepTexts(s.win.Canvas().Overlays().Top()), "not beside the file") {
		t.Fatal("the first save must say where the set went and offer the other place")
	}
	if got := s.bar.tests.Text; got != "Test set: in Robots Studio's folder" {
		t.Errorf("status bar says %q", got)
	}
	s2 := newTestStudio(t)
	s2.doc.Places = s.doc.Places
	s2.openPath(p)
	if got := s2.pane.TestSet(); len(got.Paths) != 1 || got.Paths[0] != "/x" || s2.doc.Modified() {
		t.Fatalf("test set not reopened: %+v", got)
	}
	// Removing every row and saving must not let the old rows come back.
	s2.pane.SetTestSet(testset.New())
	s2.save(nil)
	if _, err := os.Stat(where); !os.IsNotExist(err) {
		t.Fatalf("the emptied test set is still on disk: %v", err)
	}
	s3 := newTestStudio(t)
	s3.doc.Places = s.doc.Places
	s3.openPath(p)
	if got := s3.pane.TestSet(); len(got.Crawlers)+len(got.Paths)+len(got.Expect) != 0 {
		t.Fatalf("old rows came back: %+v", got)
	}
}

// TestTestSetBesideTheFileStaysThere: a set that is already beside the file
// (kept in version control with it) is read and saved there, and the status
// bar says so.
func TestTestSetBesideTheFileStaysThere(t *testing.T) {
	english(t)
	p := writeFile(t, "robots.txt", []byte("User-agent: *\nDisallow: /x\n"))
	os.WriteFile(testset.PathFor(p), []byte(`{"version":1,"crawlers":["Googlebot"],"paths":["/x"]}`), 0o644)
	s := newTestStudio(t)
	s.openPath(p)
	if got := s.bar.tests.Text; got != "Test set: beside the file" {
		t.Errorf("status bar says %q", got)
	}
	set := s.pane.TestSet()
	set.Paths = append(set.Paths, "/y")
	s.pane.SetTestSet(set)
	s.save(nil)
	if loaded, err := testset.Load(testset.PathFor(p)); err != nil || len(loaded.Paths) != 2 {
		t.Fatalf("the set beside the file was not updated: %v", err)
	}
	if hasDialog(s) {
		t.Error("a set already beside the file needs no question")
	}
}

func TestUnreadableTestSetIsNeverOverwritten(t *testing.T) {
	p := writeFile(t, "robots.txt", []byte("User-agent: *\n"))
	broken := []byte(`{"version": 1, "crawlers": ["Googlebot"],}`)
	os.WriteFile(testset.PathFor(p), broken, 0o644)
	s := newTestStudio(t)
	s.openPath(p)
	if !hasDialog(s) {
		t.Fatal("an unreadable test set must be reported")
	}
	test.Type(s.ed, "# x\n")
	s.save(nil)
	if got, _ := os.ReadFile(testset.PathFor(p)); string(got) != string(broken) {
		t.Fatalf("the unreadable test set was changed: %q", got)
	}
	// Rows added now cannot be written over it, so after Save they must
	// still count as unsaved (the close prompt warns).
	set := testset.New()
	set.Crawlers, set.Paths = []string{"Bingbot"}, []string{"/new"}
	s.pane.SetTestSet(set)
	s.save(nil)
	if got, _ := os.ReadFile(testset.PathFor(p)); string(got) != string(broken) || !s.doc.Modified() {
		t.Fatalf("after Save with new rows: file %q, modified %v", got, s.doc.Modified())
	}
}

func TestOpenErrorsKeepTheText(t *testing.T) {
	s := newTestStudio(t)
	s.openSample()
	before := string(s.ed.Bytes())
	for _, p := range []string{
		writeFile(t, "logo.png", []byte("\x89PNG\r\n\x1a\n\x00\x00")),
		t.TempDir(),
		filepath.Join(t.TempDir(), "gone.txt"),
	} {
		if s.openPath(p) {
			t.Fatalf("%s opened", p)
		}
		if !hasDialog(s) {
			t.Fatalf("%s: no error dialog", p)
		}
		s.win.Canvas().Overlays().Top().Hide()
		if string(s.ed.Bytes()) != before {
			t.Fatalf("%s: the editor text changed", p)
		}
	}
}

func TestDroppedFileOpens(t *testing.T) {
	s := newTestStudio(t)
	s.openSample()
	p := writeFile(t, "dropped.txt", []byte("User-agent: *\nDisallow: /dropped\n"))
	web, err := storage.ParseURI("https://example.com/robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	s.dropped([]fyne.URI{web, storage.NewFileURI(p)})
	if s.doc.Name() != "dropped.txt" || string(s.ed.Bytes()) != "User-agent: *\nDisallow: /dropped\n" {
		t.Fatalf("dropped file not opened: %s %q", s.doc.Name(), s.ed.Bytes())
	}
}

func TestUnsavedChangesAsk(t *testing.T) {
	s := newTestStudio(t)
	s.openPath(writeFile(t, "robots.txt", []byte("User-agent: *\n")))
	ran := 0
	s.whenSafe(func() { ran++ })
	if ran != 1 || hasDialog(s) {
		t.Fatal("nothing unsaved: the action must run without asking")
	}
	test.Type(s.ed, "x")
	s.whenSafe(func() { ran++ })
	if ran != 1 || !hasDialog(s) {
		t.Fatal("unsaved text: must ask before closing")
	}
}

func TestApplyAllSafeFixes(t *testing.T) {
	s := newTestStudio(t)
	s.openPath(writeFile(t, "robots.txt", []byte("User-agent: *\nDissallow: /x\nDisallow /y\n")))
	s.checks.applySafeFixes()
	if got := string(s.ed.Bytes()); got != "User-agent: *\nDisallow: /x\nDisallow: /y\n" {
		t.Fatalf("after fixes: %q", got)
	}
	s.ed.Undo()
	if got := string(s.ed.Bytes()); got != "User-agent: *\nDissallow: /x\nDisallow /y\n" {
		t.Fatalf("all fixes must be one undo step: %q", got)
	}
}

func TestAutosaveAndRecovery(t *testing.T) {
	a := uitest.NewApp(t)
	storage := t.TempDir()
	p := writeFile(t, "robots.txt", []byte("User-agent: *\n"))
	s := testStudio(a, storage)
	s.openPath(p)
	test.Type(s.ed, "Disallow: /unsaved")
	s.autosave()
	// A second window on the same storage stands for the next start after
	// a crash (its lock gone).
	s.doc.Close()
	s2 := testStudio(a, storage)
	s2.openPath(p)
	s2.recovery.offerRecovery()
	if !hasDialog(s2) {
		t.Fatal("no recovery offer")
	}
	recs := s2.doc.PendingCopies()
	if len(recs) != 1 || !strings.Contains(string(recs[0].Text), "Disallow: /unsaved") {
		t.Fatalf("recovery copy = %+v", recs)
	}
	s.save(nil)
	if s.doc.HasCopy(p) {
		t.Fatal("saving must drop the recovery copy")
	}
}

func TestMenusHaveTheStandardItemsAndShortcuts(t *testing.T) {
	english(t)
	s := newTestStudio(t)
	m := s.menus.main()
	want := map[string][]string{
		"File":      {"New", "Open…", "Open Path…", "Open Recent", "Open from Site…", "Save", "Save As…", "Revert", "Recover Unsaved Work…", "Open Lesson…", "Export Lesson…", "Quit"},
		"Edit":      {"Undo", "Redo", "Cut", "Copy", "Paste", "Find…", "Replace…", "Go to Line…", "Apply All Safe Fixes", "Check for Production…"},
		"Tester":    {"Add Crawler Row", "Add Path Row", "Compare with…", "Test Set Location…"},
		"View":      {"Engine", "Compare Readings", "Zoom In", "Zoom Out", "Actual Size", "Word Wrap", "Results Only", "Theme", "Language", "Presenter", "Timeline of the Standard", "Next Tab", "Previous Tab"},
		"Catalogue": {"Update…", "Your Crawlers…", "Undo Last Catalogue Change"},
		"Help":      {"Keyboard Shortcuts", "About Robots Studio"},
	}
	for _, menu := range m.Items {
		var labels []string
		for _, it := range menu.Items {
			if !it.IsSeparator {
				labels = append(labels, it.Label)
			}
		}
		if got, exp := strings.Join(labels, ","), strings.Join(want[menu.Label], ","); got != exp {
			t.Errorf("%s menu = %s, want %s", menu.Label, got, exp)
		}
	}
	if len(m.Items) != len(want) {
		t.Errorf("%d menus, want %d", len(m.Items), len(want))
	}
	save := m.Items[0].Items[6]
	if sc, ok := save.Shortcut.(fyne.KeyboardShortcut); !ok || sc.Key() != fyne.KeyS {
		t.Errorf("Save has no Ctrl+S: %#v", save.Shortcut)
	}
	engines := m.Items[3].Items[0].ChildMenu.Items
	if len(engines) != 1+len(engine.All()) || !engines[0].Checked { // each crawler's own, then every engine
		t.Errorf("engine menu: %d items, first checked %v", len(engines), engines[0].Checked)
	}
	// compare has a key of its own, and the key's item turns it on
	compare := m.Items[3].Items[1]
	sc, ok := compare.Shortcut.(*desktop.CustomShortcut)
	if !ok || sc.KeyName != fyne.KeyE || sc.Modifier&fyne.KeyModifierShift == 0 {
		t.Errorf("Compare Readings has no Ctrl+Shift+E: %#v", compare.Shortcut)
	}
	compare.Action()
	if !s.pane.Compare() {
		t.Error("Compare Readings did not turn compare on")
	}
}

func TestLanguageSwitchRebuildsTheTexts(t *testing.T) {
	s := newTestStudio(t)
	s.openSample()
	t.Cleanup(func() { setLanguage("") })
	s.switchLanguage("ru")
	if got := s.menus.main().Items[0].Label; got != "Файл" {
		t.Errorf("File menu in Russian = %q", got)
	}
	if got := s.app.Preferences().String(prefLanguage); got != "ru" {
		t.Errorf("language not remembered: %q", got)
	}
	s.switchLanguage("pl")
	if got := s.menus.main().Items[0].Label; got != "Plik" {
		t.Errorf("File menu in Polish = %q", got)
	}
	if len(s.pane.TestSet().Crawlers) == 0 {
		t.Error("the tester rows must survive a language switch")
	}
}

// cycleStudio opens src with 5 crawlers × 10 paths = 50 result rows and puts
// the cursor in the middle of the file.
func cycleStudio(b *testing.B, src []byte) *studio {
	s := newTestStudio(b)
	s.openPath(writeFile(b, "robots.txt", src))
	set := testset.New()
	set.Crawlers = []string{"Googlebot", "Bingbot", "YandexBot", "GPTBot", "Slurp"}
	for i := range 10 {
		set.Paths = append(set.Paths, fmt.Sprintf("/admin/%d/page?id=%d", i, i))
	}
	s.pane.SetTestSet(set)
	s.win.Canvas().Focus(s.ed)
	mid := int(s.ed.Document().Lines[len(s.ed.Document().Lines)/2].Start) + 10
	s.ed.SetSelection(mid, mid)
	return s
}

func typeOrErase(s *studio, i int) {
	if i%2 == 0 {
		s.ed.TypedRune('x')
	} else {
		s.ed.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
	}
}

// BenchmarkKeystrokeCycle is one keystroke with 50 result rows, on the
// generated 500 KiB file and on linkedin.robots.txt:
//   - results: what the keystroke itself costs the UI goroutine — the
//     editor's edit and repaint, the re-parse, the engine compile and the 50
//     verdicts; lint runs on the other core meanwhile;
//   - all-current: until the lint diagnostics are shown too;
//   - one-core: everything on the UI goroutine, nothing in parallel.
func BenchmarkKeystrokeCycle(b *testing.B) {
	for _, in := range []struct {
		name string
		src  []byte
	}{
		{"generated-500KiB", corpus.Generated(500 * 1024)},
		{"linkedin", corpus.File(b, "linkedin.robots.txt")},
	} {
		b.Run(in.name+"/results", func(b *testing.B) {
			s := cycleStudio(b, in.src)
			s.checks.lints.Inline = false
			s.checks.lints.Deliver = func(*syntax.Document, []lint.Diagnostic) {}
			b.ResetTimer()
			for i := range b.N {
				typeOrErase(s, i)
			}
		})
		b.Run(in.name+"/all-current", func(b *testing.B) {
			s := cycleStudio(b, in.src)
			type result struct {
				doc   *syntax.Document
				diags []lint.Diagnostic
			}
			done := make(chan result, 1)
			s.checks.lints.Inline = false
			s.checks.lints.Deliver = func(doc *syntax.Document, diags []lint.Diagnostic) { done <- result{doc, diags} }
			s.checks.lints.Hand = nil
			b.ResetTimer()
			for i := range b.N {
				typeOrErase(s, i)
				r := <-done
				s.checks.applyLint(r.doc, r.diags)
			}
			b.StopTimer()
			if s.checks.lintDoc != s.ed.Document() {
				b.Fatal("diagnostics are not current")
			}
		})
		b.Run(in.name+"/one-core", func(b *testing.B) {
			s := cycleStudio(b, in.src)
			b.ResetTimer()
			for i := range b.N {
				typeOrErase(s, i)
			}
		})
	}
}

// TestLogsTabTestsAHit: a hit sent from the Logs tab lands in the tester
// rows and marks its deciding rule in the editor; log files dropped on the
// Logs tab are added to it instead of being opened.
func TestLogsTabTestsAHit(t *testing.T) {
	s := newTestStudio(t)
	s.openPath(writeFile(t, "robots.txt", []byte("User-agent: *\nDisallow: /shop/cart\n")))
	s.tabs.Select(s.logs.tabItem())
	log := writeFile(t, "access.log", []byte(`66.249.66.1 - - [03/Feb/2025:08:00:03 +0100] "GET /shop/cart HTTP/1.1" 200 1 "-" "Googlebot/2.1"`+"\n"))
	s.dropped([]fyne.URI{storage.NewFileURI(log)})
	if s.doc.Name() != "robots.txt" || len(s.logs.Files()) != 1 || s.logs.Files()[0] != log {
		t.Fatalf("a log dropped on the Logs tab: file %s, logs %q", s.doc.Name(), s.logs.Files())
	}
	s.logs.testFromLogs(logtab.Selection{Crawler: "Googlebot", Engine: "google", Paths: []string{"/shop/cart"}, Line: 2})
	if s.tabs.SelectedIndex() != 0 {
		t.Error("the tester tab is not shown")
	}
	set := s.pane.TestSet()
	if !slices.Contains(set.Crawlers, "Googlebot") || !slices.Contains(set.Paths, "/shop/cart") {
		t.Errorf("tester rows: %v %v", set.Crawlers, set.Paths)
	}
	if s.checks.selected == nil || s.checks.selected.Rule == nil || s.checks.selected.Rule.Line != 2 {
		t.Errorf("selected verdict %+v", s.checks.selected)
	}
}

// A recovery copy belongs to its own file: when that file can no longer be
// opened (here it became a program), the text comes back as a new unsaved
// document, never under the name of the file that is open.
func TestRecoveryNeverAttachesTextToAnotherFile(t *testing.T) {
	a := uitest.NewApp(t)
	storage := t.TempDir()
	pa := writeFile(t, "A.txt", []byte("User-agent: *\n"))
	pb := writeFile(t, "B.txt", []byte("User-agent: B\n"))
	s := testStudio(a, storage)
	s.openPath(pa)
	test.Type(s.ed, "Disallow: /recovered-a")
	s.autosave()
	s.doc.Close() // crashed
	if err := os.WriteFile(pa, []byte("\x7FELF\x02\x01\x01\x00binary"), 0o644); err != nil {
		t.Fatal(err)
	}
	s2 := testStudio(a, storage)
	s2.openPath(pb)
	recs := s2.doc.PendingCopies()
	if len(recs) != 1 {
		t.Fatalf("recovery copies = %d", len(recs))
	}
	s2.restore(recs[0])
	if s2.doc.Path() == pb || strings.Contains(s2.win.Title(), "B.txt") {
		t.Fatalf("A's text was attached to B: path %q title %q", s2.doc.Path(), s2.win.Title())
	}
	if !strings.Contains(string(s2.ed.Bytes()), "/recovered-a") {
		t.Fatalf("the recovered text is not in the editor: %q", s2.ed.Bytes())
	}
	if !hasDialog(s2) {
		t.Fatal("no dialog says why the text is a new document")
	}
	if err := s2.writeTo(pb + ".other"); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(pb); string(got) != "User-agent: B\n" {
		t.Fatalf("B.txt changed: %q", got)
	}
}

// Undoing back to the saved bytes removes the recovery copy at once, and a
// copy equal to the file on disk is never offered.
func TestRecoveryForgetsAnUndoneEdit(t *testing.T) {
	a := uitest.NewApp(t)
	storage := t.TempDir()
	p := writeFile(t, "robots.txt", []byte("User-agent: *\n"))
	s := testStudio(a, storage)
	s.openPath(p)
	test.Type(s.ed, "Q")
	s.autosave()
	if !s.doc.HasCopy(p) {
		t.Fatal("no recovery copy after typing")
	}
	for s.doc.Modified() {
		s.ed.Undo()
	}
	if s.doc.HasCopy(p) {
		t.Fatal("undone edit still has a copy")
	}
	// A copy whose text is what the file holds now is not worth a question
	// (left by another window that crashed).
	crashed := session.NewRecovery(storage)
	if err := crashed.Save(p, []byte("User-agent: *\n")); err != nil {
		t.Fatal(err)
	}
	crashed.Close()
	s.doc.Close()
	s2 := testStudio(a, storage)
	s2.openPath(p)
	s2.recovery.offerRecovery()
	if hasDialog(s2) {
		t.Fatal("recovery offered the bytes already on disk")
	}
}

// Ctrl+S on a read-only file refuses with a dialog and writes nothing; the
// editor keeps the text.
func TestSavingAReadOnlyFileIsRefused(t *testing.T) {
	p := writeFile(t, "robots.txt", []byte("User-agent: *\n"))
	os.Chmod(p, 0o444)
	s := newTestStudio(t)
	s.openPath(p)
	test.Type(s.ed, "Disallow: /x\n")
	if hasDialog(s) {
		t.Fatal("a dialog before saving")
	}
	s.save(nil)
	if !hasDialog(s) {
		t.Fatal("no dialog for a read-only file")
	}
	if got, _ := os.ReadFile(p); string(got) != "User-agent: *\n" {
		t.Fatalf("read-only file written: %q", got)
	}
	if !s.doc.Modified() || !strings.Contains(string(s.ed.Bytes()), "Disallow: /x") {
		t.Fatal("the editor lost the unsaved text")
	}
}

// A named pipe (here with no writer) is refused at once, with a dialog.
func TestOpeningAPipeDoesNotHang(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "robots.txt")
	testenv.Mkfifo(t, fifo)
	s := newTestStudio(t)
	s.openSample()
	done := make(chan bool, 1)
	go func() { done <- s.openPath(fifo) }()
	select {
	case ok := <-done:
		if ok || !hasDialog(s) {
			t.Fatalf("a pipe opened (%v) or no dialog", ok)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("opening a pipe blocked the window")
	}
}

// TestApplyAllSafeFixesLeavesNoSafeFix: fixes that overlap are applied in
// rounds, as check --fix does, so none is left for a second press.
func TestApplyAllSafeFixesLeavesNoSafeFix(t *testing.T) {
	for _, name := range []string{"odd-bytes.robots.txt", "groups-and-gaps.robots.txt", "news-crlf.robots.txt"} {
		s := newTestStudio(t)
		s.openPath(writeFile(t, "robots.txt", corpus.File(t, name)))
		s.checks.applySafeFixes()
		doc := syntax.Parse(s.ed.Bytes())
		for _, d := range lint.Run(doc, lint.Options{}) {
			if d.Fix != nil && d.Fix.Safe {
				t.Errorf("%s: a safe fix is left after Apply All Safe Fixes: %s line %d", name, d.Code, doc.Position(d.Span.Start).Line)
			}
		}
	}
}

// TestAFailedSaveStopsTheAction: answering Save when the save fails (a
// read-only file) shows why and does not run the action (close, open…), so
// the text stays.
func TestAFailedSaveStopsTheAction(t *testing.T) {
	english(t)
	s := newTestStudio(t)
	p := writeFile(t, "robots.txt", []byte("User-agent: *\n"))
	s.openPath(p)
	test.Type(s.ed, "x")
	if err := os.Chmod(p, 0o444); err != nil {
		t.Fatal(err)
	}
	ran := 0
	s.whenSafe(func() { ran++ })
	save := findButton(s.win.Canvas().Overlays().Top(), "Save")
	if save == nil {
		t.Fatal("no Save button in the unsaved-changes dialog")
	}
	test.Tap(save)
	if ran != 0 {
		t.Fatal("the action ran although the save failed")
	}
	if !strings.HasPrefix(string(s.ed.Bytes()), "x") || !s.doc.Modified() {
		t.Fatalf("the text was lost: %q", s.ed.Bytes())
	}
}

// findButton is the button labelled text under o, or nil.
func findButton(o fyne.CanvasObject, text string) *widget.Button {
	switch x := o.(type) {
	case *widget.Button:
		if x.Text == text {
			return x
		}
	case *keys.Button:
		if x.Text == text {
			return &x.Button
		}
	case *fyne.Container:
		for _, c := range x.Objects {
			if b := findButton(c, text); b != nil {
				return b
			}
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			if b := findButton(c, text); b != nil {
				return b
			}
		}
	}
	return nil
}
