package ui

import (
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/ui/dlg"
)

// showTestSetPlace is Tester ▸ Test Set Location… (and the status bar's
// button): where the rows and expectations are kept, why, the command that
// runs them in CI, and the choice between the two places.
func (dl *dialogs) showTestSetPlace() {
	if dl.doc.Path() == "" {
		dlg.Info(lang.X("window.tests.place_title", "Test set location"),
			lang.X("window.tests.place_unsaved", "This document has not been saved yet. Its tester rows are kept when you save it: in Robots Studio's own folder, unless you choose to keep them beside the file."), dl.win)
		return
	}
	robots := dl.doc.Path()
	path, place := dl.doc.Places.For(robots)
	where := widget.NewLabel(path)
	where.Wrapping = fyne.TextWrapBreak
	where.Selectable = true
	where.TextStyle = fyne.TextStyle{Monospace: true}
	command := "robots-studio test --suite " + shellQuote(path) + " " + shellQuote(robots)
	why := lang.X("window.tests.place_app", "Robots Studio's own folder: a deploy that copies the site's folder to the server does not publish it.")
	if place == session.Beside {
		why = lang.X("window.tests.place_beside", "Beside the file, so it can be kept in version control with it — but a deploy that copies this folder to the server may publish it.")
	}
	options := []string{
		lang.X("window.tests.choice_app", "Keep it in Robots Studio's folder (safe from deploys)"),
		lang.X("window.tests.choice_beside", "Keep it beside the file, as {{.Name}}", map[string]any{"Name": filepath.Base(robots) + ".tests.json"}),
	}
	radio := widget.NewRadioGroup(options, nil)
	radio.SetSelected(options[int(place)])
	var d *dialog.CustomDialog
	radio.OnChanged = func(choice string) {
		want := session.InApp
		if choice == options[1] {
			want = session.Beside
		}
		if want == place {
			return
		}
		if err := dl.doc.Places.Choose(robots, want); err != nil {
			d.Hide()
			dlg.Error(fmt.Errorf("%s", lang.X("window.tests.move_failed", "The test set was not moved: {{.Error}}", map[string]any{"Error": err.Error()})), dl.win)
			return
		}
		dl.doc.TestsMoved(robots)
		dl.refreshBar()
		d.Hide()
		dl.showTestSetPlace()
	}
	cmdLabel := widget.NewLabel(command)
	cmdLabel.Wrapping = fyne.TextWrapBreak
	cmdLabel.Selectable = true
	cmdLabel.TextStyle = fyne.TextStyle{Monospace: true}
	copyCmd := newButton(lang.X("window.tests.copy_command", "Copy the command"), func() {
		dl.app.Clipboard().SetContent(command)
	})
	body := container.NewVBox(
		newWrappedLabel(lang.X("window.tests.place_head", "The tester's rows and expectations for {{.File}} are kept in:", map[string]any{"File": filepath.Base(robots)})),
		where,
		newWrappedLabel(why),
		radio,
		widget.NewSeparator(),
		newWrappedLabel(lang.X("window.tests.place_ci", "To run the expectations in CI:")),
		cmdLabel,
		container.NewHBox(copyCmd),
	)
	d = dlg.NewCustom(lang.X("window.tests.place_title", "Test set location"), lang.X("window.tests.close", "Close"), body, dl.win)
	d.Resize(fyne.NewSize(760, 0))
	// Its radio buttons and selectable text are Fyne's own, which drop
	// Esc and Enter.
	dlg.Show(dl.win, d, dlg.Keys{Cancel: d.Hide, Default: d.Hide, Foreign: true})
}

// askTestSetPlaceOnce runs after a save that put a test set in the app's
// folder for a file whose user was never asked: it says so and offers to
// keep the set beside the file instead. The answer is remembered, so each
// file is asked once.
func (dl *dialogs) askTestSetPlaceOnce() {
	robots := dl.doc.Path()
	if robots == "" || dl.doc.Places.Dir == "" || dl.doc.Places.Chosen(robots) {
		return
	}
	if _, place := dl.doc.Places.For(robots); place != session.InApp || !fileExists(dl.doc.TestsPath()) {
		return
	}
	name := filepath.Base(robots)
	c := dl.win.Canvas()
	prev := c.Focused()
	var d *dialog.CustomDialog
	answer := func(want session.Place) func() {
		return func() {
			d.Hide()
			// Space on a button also types a space: give the focus back only
			// after this key's events, or the space lands in a text field.
			c.Unfocus()
			fyne.Do(func() {
				if prev != nil {
					c.Focus(prev)
				}
			})
			if err := dl.doc.Places.Choose(robots, want); err != nil {
				dlg.Error(fmt.Errorf("%s", lang.X("window.tests.move_failed", "The test set was not moved: {{.Error}}", map[string]any{"Error": err.Error()})), dl.win)
			}
			dl.doc.TestsMoved(robots)
			dl.refreshStatus()
		}
	}
	keep := newImportantButton(lang.X("window.tests.ask_app", "Keep it in Robots Studio"), answer(session.InApp))
	beside := newButton(lang.X("window.tests.ask_beside", "Beside the file"), answer(session.Beside))
	msgText := lang.X("window.tests.ask", "The tester's rows for {{.File}} were saved in Robots Studio's own folder, not beside the file, so a deploy of the site folder will not publish them. Keep them there, or beside the file as {{.Name}} (to commit them with it)? You can change this later (Tester › Test Set Location…).",
		map[string]any{"File": name, "Name": name + ".tests.json"})
	d = dialog.NewCustomWithoutButtons(lang.X("window.tests.ask_title", "Where to keep the test set?"),
		container.NewVBox(newWrappedLabel(msgText), container.NewCenter(container.NewHBox(beside, keep))), dl.win)
	d.Resize(fyne.NewSize(600, 0))
	// Esc and Enter keep the set where it is, the safe answer.
	dlg.Show(dl.win, d, dlg.Keys{Cancel: keep.OnTapped, Default: keep.OnTapped})
	// The safe answer has the focus: Space keeps the set where it is.
	c.Focus(keep)
}

// shellQuote quotes a path for a POSIX shell when it needs it.
func shellQuote(p string) string {
	for _, r := range p {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '/' || r == '.' || r == '-' || r == '_') {
			return "'" + strings.ReplaceAll(p, "'", `'\''`) + "'"
		}
	}
	return p
}
