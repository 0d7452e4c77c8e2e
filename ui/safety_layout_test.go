package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestRecoveryRowButtonsKeepTheirHeight: with a preview that wraps over
// several lines, Restore and Delete stay button-sized (seen in a real
// window: the Border's side stretched them to the row's full height).
func TestRecoveryRowButtonsKeepTheirHeight(t *testing.T) {
	english(t)
	a := uitest.NewApp(t)
	s := testStudio(a, t.TempDir())
	rec := session.RecoveryRecord{Path: "/site/robots.txt", Saved: time.Now(),
		Text: []byte(strings.Repeat("Disallow: /a-long-path-to-wrap/\n", 8))}
	row := s.recovery.recoveryRow(rec)
	row.Resize(fyne.NewSize(680, row.MinSize().Height))
	found := 0
	for _, o := range test.LaidOutObjects(row) {
		kb, ok := o.(*keys.Button)
		if !ok {
			continue
		}
		b := &kb.Button
		found++
		if h, want := b.Size().Height, b.MinSize().Height; h > want+0.5 {
			t.Errorf("button %q is %.0f px high, its own height is %.0f", b.Text, h, want)
		}
	}
	if found != 2 {
		t.Fatalf("want Restore and Delete in the row, found %d buttons", found)
	}
}

// TestRecoveryDeleteQuestionReadsInEveryLanguage: the copy of a never-saved
// buffer is asked about in its own sentence (the row's title "New file"
// would be in the wrong case inside a Russian or Polish question).
func TestRecoveryDeleteQuestionReadsInEveryLanguage(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	t.Cleanup(func() { setLanguage("") })
	newRec := session.RecoveryRecord{}
	fileRec := session.RecoveryRecord{Path: "/site/robots.txt"}
	for _, c := range []struct{ code, newQ, fileQ string }{
		{"en", "Delete the unsaved text of the new file for good?", "Delete the unsaved text of /site/robots.txt for good?"},
		{"ru", "Удалить несохранённый текст нового файла навсегда?", "Удалить навсегда несохранённый текст файла /site/robots.txt?"},
		{"pl", "Usunąć na zawsze niezapisany tekst nowego pliku?", "Usunąć na zawsze niezapisany tekst pliku /site/robots.txt?"},
	} {
		setLanguage(c.code)
		if got := recoveryDeleteQuestion(newRec); got != c.newQ {
			t.Errorf("%s, new file: %q, want %q", c.code, got, c.newQ)
		}
		if got := recoveryDeleteQuestion(fileRec); got != c.fileQ {
			t.Errorf("%s, a file: %q, want %q", c.code, got, c.fileQ)
		}
	}
}

// TestDiffGridColoursTheTwoSides: "- " rows (only in the user's text) and
// "+ " rows (only on disk) get their own colours; unchanged rows none.
func TestDiffGridColoursTheTwoSides(t *testing.T) {
	uitest.NewApp(t)
	g := diffGrid(session.LineDiff([]byte("User-agent: *\nDisallow: /mine/\n"), []byte("User-agent: *\nDisallow: /theirs/\n"), 2))
	var minus, plus, same int
	for _, row := range g.Rows {
		if len(row.Cells) == 0 {
			continue
		}
		st, ok := row.Style.(*widget.CustomTextGridStyle)
		switch row.Cells[0].Rune {
		case '-':
			if ok && st.FGColor == theme.Color(theme.ColorNameError) {
				minus++
			}
		case '+':
			if ok && st.FGColor == theme.Color(theme.ColorNameSuccess) {
				plus++
			}
		default:
			if row.Style == nil {
				same++
			}
		}
	}
	if minus != 1 || plus != 1 || same == 0 {
		t.Fatalf("coloured rows: - %d, + %d, plain %d; want 1, 1 and at least 1\n%s", minus, plus, same, g.Text())
	}
}

// TestRecoveryListIsAsTallAsItsCopies: one copy gives a dialog no taller
// than that copy needs (a fixed 460 px left most of it empty in the real
// window); many copies stop at the list's height and scroll.
func TestRecoveryListIsAsTallAsItsCopies(t *testing.T) {
	english(t)
	a := uitest.NewApp(t)
	storage := t.TempDir()
	listHeight := func(copies int) (list, rows float32) {
		s := testStudio(a, storage)
		for _, r := range s.doc.PendingCopies() {
			s.doc.DeleteCopy(r)
		}
		for i := 0; i < copies; i++ {
			w := testStudio(a, storage)
			w.openPath(writeFile(t, fmt.Sprintf("R%d.txt", i), []byte("User-agent: *\n")))
			test.Type(w.ed, "Disallow: /typed\n")
			w.autosave()
			w.doc.Close()
		}
		s = testStudio(a, storage)
		s.win.Resize(fyne.NewSize(1280, 800))
		s.recovery.offerRecovery()
		if len(s.recovery.rows) != copies {
			t.Fatalf("%d copies offered, want %d", len(s.recovery.rows), copies)
		}
		for _, o := range test.LaidOutObjects(s.win.Canvas().Overlays().Top()) {
			if sc, ok := o.(*container.Scroll); ok {
				return sc.Size().Height, sc.Content.MinSize().Height
			}
		}
		t.Fatal("no scrolling list in the recovery dialog")
		return 0, 0
	}
	if list, rows := listHeight(1); list > rows+1 {
		t.Errorf("one copy: the list is %.0f px high, its row needs %.0f", list, rows)
	}
	if list, rows := listHeight(8); rows <= recoveryListHeight || list > recoveryListHeight+1 {
		t.Errorf("eight copies: the list is %.0f px high for %.0f px of rows, want at most %d and a scroll", list, rows, recoveryListHeight)
	}
}
