package ui

import (
	"errors"
	"fmt"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/assets"
	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/tester/testset"
	"github.com/robots-studio/robots-studio/tester/textfile"
	"github.com/robots-studio/robots-studio/ui/dlg"
	"github.com/robots-studio/robots-studio/ui/filedlg"
	"github.com/robots-studio/robots-studio/ui/webfile"
)

// The window's side of the open document (session.Document): what the
// user does with files — open, save, leave — and what the window shows of
// it. The rules themselves (what is unsaved, where test sets go, recovery
// copies) are session's.

// show makes the document f, with text and the tester's rows set, and
// shows it (the file before it is left without a question: callers ask
// first, whenSafe).
func (s *studio) show(f session.File, text []byte, set *testset.Set) {
	s.doc.Replace(f)
	s.ed.SetText(text)
	s.setTests(set)
	s.documentChanged()
}

// setTests shows a test set and remembers it as the saved one.
func (s *studio) setTests(set *testset.Set) {
	s.pane.SetTestSet(set)
	s.doc.TestsKept()
}

// keepTests saves the tester's rows with the file's test set when they
// changed and can be saved alone (session.Document.KeepTests).
func (s *studio) keepTests() {
	wrote, err := s.doc.KeepTests()
	if err != nil {
		fyne.LogError("saving the test set", err)
	}
	if wrote {
		webfile.Flush()
		s.refreshStatus()
	}
}

// openSample shows the sample (example 1 of the Lycos 1996 text) with its
// tester rows, as a new file. At start-up no document is being replaced, so
// the copies a crash left stay until they are offered.
func (s *studio) openSample() {
	sample := assets.Sample(currentLanguage(s.app.Preferences()))
	set, err := testset.Parse(assets.SampleTests)
	if err != nil {
		set = testset.New()
	}
	s.doc.StartWith(sample)
	s.ed.SetText(sample)
	s.setTests(set)
	s.documentChanged()
}

// newFile starts an empty buffer.
func (s *studio) newFile() { s.show(session.File{IsNew: true}, nil, testset.New()) }

// openPath loads a file; on error the editor keeps its text and a dialog
// says why in plain words.
func (s *studio) openPath(path string) bool {
	o, err := s.doc.Open(path)
	if err != nil {
		s.showFileError(err)
		return false
	}
	s.ed.SetText(o.Text)
	if o.TestsErr != nil {
		// The file on disk is kept: saving neither deletes nor overwrites
		// rows the user can still repair by hand.
		dlg.Error(fmt.Errorf("%s", lang.X("window.tests.unreadable",
			"The test set {{.File}} could not be read, so the tester starts empty; the file is left as it is and will not be overwritten. ({{.Error}})",
			map[string]any{"File": o.File.TestsPath, "Error": o.TestsErr.Error()})), s.win)
	}
	s.setTests(o.Tests)
	s.remember(o.File.Path)
	s.documentChanged()
	s.disk.fileOnDisk()
	return true
}

// remember keeps path as the last file, first in the recent list and as
// the folder the open dialogs start in.
func (s *studio) remember(path string) {
	p := s.app.Preferences()
	p.SetString(prefLast, path)
	pushRecent(p, path)
	s.dialogs.rememberFolder(path)
	s.menus.refresh()
}

// save writes the buffer to its file (asking for a name for a new one).
func (s *studio) save(then func()) {
	if webfile.Enabled {
		s.web.webSave(then) // written into the page's storage, and downloaded
		return
	}
	if s.doc.Path() == "" {
		s.saveAs(then)
		return
	}
	if err := s.writeTo(s.doc.Path()); err != nil {
		if errors.Is(err, textfile.ErrChangedOnDisk) {
			s.disk.checkDisk() // the question: reload or keep mine
			return
		}
		s.showFileError(err)
		return
	}
	if then != nil {
		then()
	}
}

// writeTo saves the text and the test set (session.Document.Save).
func (s *studio) writeTo(path string) error {
	if err := s.doc.Save(path); err != nil {
		return err
	}
	s.remember(s.doc.Path())
	s.updateTitle()
	s.refreshStatus()
	webfile.Flush()
	if !webfile.Enabled { // a page's storage is never deployed with a site
		s.dialogs.askTestSetPlaceOnce()
	}
	s.disk.fileOnDisk()
	return nil
}

func (s *studio) saveAs(then func()) {
	if webfile.Enabled {
		s.web.webSaveAs(then)
		return
	}
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			return
		}
		path := w.URI().Path()
		// The dialog has already opened (and so emptied) the chosen file:
		// fill it at once, then replace it atomically and durably.
		_, werr := w.Write(s.ed.Bytes())
		if cerr := w.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			s.showFileError(werr)
			return
		}
		if abs, _ := filepath.Abs(path); abs == s.doc.Path() {
			// The user chose this very file in the dialog, which has just
			// written it: that is not another program's change.
			s.doc.KeepMine()
		}
		if err := s.writeTo(path); err != nil {
			s.showFileError(err)
			return
		}
		if then != nil {
			then()
		}
	}, s.win)
	d.SetFileName(s.doc.SaveName())
	s.dialogs.startIn(d)
	filedlg.Show(d, s.win)
}

// revert reloads the file from disk after confirming.
func (s *studio) revert() {
	if s.doc.Path() == "" {
		return
	}
	if !s.doc.Modified() {
		s.openPath(s.doc.Path())
		return
	}
	dlg.Confirm(lang.X("window.revert.title", "Revert"),
		lang.X("window.revert.ask", "Discard your changes to {{.File}} and reload it from disk?", map[string]any{"File": s.doc.Name()}),
		func(ok bool) {
			if ok {
				s.openPath(s.doc.Path())
			}
		}, s.win)
}

// whenSafe runs action now if nothing is unsaved; otherwise it asks to save,
// discard or cancel (session.Decide), and a failed save cancels.
func (s *studio) whenSafe(action func()) {
	s.keepTests()
	unsaved := s.doc.Unsaved()
	if !unsaved.Any() {
		action()
		return
	}
	var d *dialog.CustomDialog
	answer := func(c session.Choice) func() {
		return func() {
			d.Hide()
			save, goOn := session.Decide(c)
			if save {
				s.save(action)
				return
			}
			if goOn {
				s.doc.Discard()
				action()
			}
		}
	}
	msgText := unsavedQuestion(s.doc.Name(), unsaved)
	buttons := container.NewHBox(
		newButton(lang.X("window.unsaved.cancel", "Cancel"), answer(session.ChoiceCancel)),
		newButton(lang.X("window.unsaved.discard", "Don't save"), answer(session.ChoiceDiscard)),
		newImportantButton(lang.X("window.unsaved.save", "Save"), answer(session.ChoiceSave)),
	)
	d = dialog.NewCustomWithoutButtons(lang.X("window.unsaved.title", "Unsaved changes"),
		container.NewVBox(newWrappedLabel(msgText), container.NewCenter(buttons)), s.win)
	// Esc cancels, Enter saves (the highlighted answer).
	dlg.Show(s.win, d, dlg.Keys{Cancel: answer(session.ChoiceCancel), Default: answer(session.ChoiceSave)})
}

// quit leaves without a copy of the text (the user saved or discarded it).
func (s *studio) quit() {
	s.view.rememberMaximised()
	s.doc.Discard()
	s.close()
	s.app.Quit()
}

// showFileError says in plain words why a file could not be opened or saved.
func (s *studio) showFileError(err error) {
	text := err.Error()
	if fe, ok := err.(*textfile.Error); ok {
		text = fe.Path + "\n\n" + fe.Text.String()
	}
	dlg.Error(fmt.Errorf("%s", text), s.win)
}

// autosave keeps the tester's rows and copies an unsaved buffer to storage
// (session.Document.Autosave); the autosaver calls it every few seconds.
func (s *studio) autosave() {
	if !s.web.mayKeepCopies() {
		return
	}
	wrote, err := s.doc.Autosave()
	if err != nil {
		fyne.LogError("autosave", err)
	}
	if wrote {
		webfile.Flush()
		s.refreshStatus()
	}
}

// restore puts a recovered buffer back in the editor, under its own file
// only. When that file exists but can no longer be opened (it became a
// folder, a binary, unreadable…), the text comes back as a new unsaved
// document and a dialog says why: it is never attached to another file.
func (s *studio) restore(rec session.RecoveryRecord) {
	f, open, why := session.RestoreTarget(rec)
	if open && !s.openPath(rec.Path) {
		f, open = session.File{IsNew: true}, false
	}
	if !open {
		s.doc.RestoreAs(f)
	}
	if s.doc.Path() != rec.Path {
		s.setTests(testset.New())
	}
	s.ed.SetText(rec.Text)
	s.documentChanged()
	// The copy becomes this window's, under "" when the text is now a new
	// document.
	s.doc.Adopt(rec)
	if s.doc.Path() != rec.Path {
		reason := ""
		if why != nil {
			reason = why.Error()
			if fe, ok := why.(*textfile.Error); ok {
				reason = fe.Text.String()
			}
		}
		dlg.Info(lang.X("window.recover.title", "Recover unsaved work"),
			lang.X("window.recover.detached", "{{.File}} could not be opened ({{.Reason}}), so the recovered text is shown as a new, unsaved document. Use File › Save As… to keep it; {{.File}} itself was not changed.",
				map[string]any{"File": rec.Path, "Reason": reason}), s.win)
	}
}

// close ends what the window started: the autosave, the watch on the file,
// the lint pause, a running fetch and the background workers; the recovery
// copies stay for the next start (quit drops them first). It runs when the
// window closes, and more than once does no harm.
func (s *studio) close() {
	s.autosaver.Stop()
	s.disk.stop()
	s.lint.pause.stop()
	s.live.cancelFetch()
	if s.history != nil && s.history.Tab != nil {
		s.history.CancelImport()
		s.history.CancelCheck()
	}
	if s.ai != nil && s.ai.Tab != nil {
		s.ai.CancelFetch()
	}
	s.production.close()
	s.checks.lints.Wait()
	s.live.fetcher.Wait()
	s.live.changesWork.Wait()
	s.doc.Close()
	keys.ForgetWindowKey(s.win.Canvas())
}
