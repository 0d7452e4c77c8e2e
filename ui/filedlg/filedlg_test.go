package filedlg

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
)

// shown lists the texts of the labels and buttons drawn under o.
func shown(o fyne.CanvasObject) []string {
	var out []string
	switch x := o.(type) {
	case *widget.Label:
		return []string{x.Text}
	case *widget.Button:
		return []string{x.Text}
	case *fyne.Container:
		for _, c := range x.Objects {
			out = append(out, shown(c)...)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			out = append(out, shown(c)...)
		}
	}
	return out
}

// TestDialogSpeaksTheUsersLanguage: an open dialog shown through Show names
// its places, buttons and title in Russian and Polish, with no English word
// of Fyne's left ("Home" and "Computer" were).
func TestDialogSpeaksTheUsersLanguage(t *testing.T) {
	for _, tc := range []struct {
		lang string
		want []string
	}{
		{"ru", []string{"Личная папка", "Отмена", "Открыть", "Открыть файл"}},
		{"pl", []string{"Folder domowy", "Anuluj", "Otwórz", "Otwórz plik"}},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			test.NewTempApp(t)
			t.Setenv("HOME", t.TempDir())
			i18ntest.Speak(t, tc.lang)
			w := test.NewTempWindow(t, widget.NewLabel(""))
			w.Resize(fyne.NewSize(1280, 800))
			Show(dialog.NewFileOpen(func(fyne.URIReadCloser, error) {}, w), w)
			got := shown(w.Canvas().Overlays().Top())
			want := tc.want
			if runtime.GOOS != "windows" { // Fyne lists the root as "Computer" on Unix
				want = append(want, PlaceName("Computer"))
			}
			for _, s := range want {
				if !slices.Contains(got, s) {
					t.Errorf("%q not shown; the dialog shows %q", s, got)
				}
			}
			for _, english := range []string{"Home", "Computer", "Cancel", "Open", "Open File"} {
				if slices.Contains(got, english) {
					t.Errorf("English %q left in the dialog: %q", english, got)
				}
			}
		})
	}
}

// TestPlaceNameKeepsOtherNames: a folder the user named is not a place.
func TestPlaceNameKeepsOtherNames(t *testing.T) {
	test.NewTempApp(t)
	i18ntest.Speak(t, "ru")
	if got := PlaceName("robots"); got != "robots" {
		t.Errorf("PlaceName(robots) = %q", got)
	}
	if got := PlaceName("Documents"); got != "Документы" {
		t.Errorf("PlaceName(Documents) = %q, want Документы", got)
	}
}

// TestPlaceNamesFitTheSideList: Fyne sizes the side list to a row reading
// "Template Object" and clips a longer name ("Домашняя па…" in a real
// window), so each translated place must be no wider.
func TestPlaceNamesFitTheSideList(t *testing.T) {
	for _, code := range []string{"en", "ru", "pl"} {
		t.Run(code, func(t *testing.T) {
			test.NewTempApp(t)
			i18ntest.Speak(t, code)
			room := widget.NewLabel("Template Object").MinSize().Width
			for _, english := range []string{"Home", "App Files", "Computer", "Desktop", "Documents", "Downloads", "Music", "Pictures", "Videos", "Movies"} {
				name := PlaceName(english)
				if w := widget.NewLabel(name).MinSize().Width; w > room {
					t.Errorf("%q (%s) is %.0f px wide, the list has %.0f", name, english, w, room)
				}
			}
		})
	}
}

// TestEveryFileDialogGoesThroughShow: a file dialog shown with its own
// Show() would name its places in English again, and take no Esc nor
// Enter, so each file of the app shows as many dialogs through
// filedlg.Show as it makes; and every open dialog is filedlg.Open's.
func TestEveryFileDialogGoesThroughShow(t *testing.T) {
	made := regexp.MustCompile(`dialog\.New(FileOpen|FileSave|FolderOpen)\(`)
	root := filepath.Join("..", "..")
	seen := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		n := len(made.FindAll(src, -1))
		seen += n
		show := "filedlg.Show("
		if filepath.Base(filepath.Dir(p)) == "filedlg" { // this package calls its own Show
			show = "\tShow("
		}
		if shown := strings.Count(string(src), show); shown != n {
			t.Errorf("%s makes %d file dialogs and shows %d through filedlg.Show", p, n, shown)
		}
		if strings.Contains(string(src), "dialog.NewFileOpen(") && filepath.Base(filepath.Dir(p)) != "filedlg" {
			t.Errorf("%s makes an open dialog of its own: filedlg.Open makes them all (its filters, the browser's picker)", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen == 0 {
		t.Fatal("no file dialog found in the sources; the scan is broken")
	}
}
