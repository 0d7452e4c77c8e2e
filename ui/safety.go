package ui

import (
	"fmt"
	"os"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/ui/dlg"
)

// diskState is the watch on the open file and the question about a change
// on disk, when one is shown.
type diskState struct {
	w *shared
	// reloaded runs after the file on disk replaced the text (the studio's
	// documentChanged); kept after the user kept their text over it (the
	// title and the status bar).
	reloaded, kept func()
	watch          *session.Watch
	ask            dialog.Dialog
	// question, reload and mine are the text and the buttons of ask while it
	// is shown (reload is nil when the file cannot be reloaded): the
	// page's automation reads and taps them (diskQuestion, answerDisk).
	question     string
	reload, mine *keys.Button
	// off: no watch (tests under the test driver, where fyne.Do runs the
	// callback on the watch's own goroutine; they call checkDisk instead).
	off bool
}

func (d *diskState) stop() {
	d.watch.Stop()
	d.watch = nil
}

// fileOnDisk runs after every open and save: the watch follows the file,
// and temporary files a killed save left beside it (swept by session) are
// offered when they hold newer text.
func (d *diskState) fileOnDisk() {
	s := d.w
	d.stop()
	if !d.off {
		d.watch = s.doc.Watch(func() { fyne.Do(d.checkDisk) })
	}
	if s.doc.Leftovers() > 0 {
		dlg.Info(lang.X("window.leftover.title", "Text of an unfinished save"),
			lang.X("window.leftover.found", "A save of {{.File}} was cut off (the program was stopped while writing), and its temporary file held text newer than the file. The temporary file is removed; its text is kept as recovered work: File › Recover Unsaved Work…",
				map[string]any{"File": s.doc.Name()}), s.win)
	}
}

// checkDisk compares the open file with what this window last read or
// wrote, and says at once when another program changed it: a clean buffer
// is reloaded (nothing of the user's is lost), unsaved text asks.
func (d *diskState) checkDisk() {
	s := d.w
	c := s.doc.CheckDisk()
	switch s.doc.OnDisk(c) {
	case session.DiskReload:
		d.reloadFromDisk(c)
		dlg.Info(lang.X("window.disk.title", "Changed on disk"), lang.X("window.disk.reloaded", "{{.File}} was changed by another program and has been reloaded (you had no unsaved changes).",
			map[string]any{"File": s.doc.Name()}), s.win)
	case session.DiskAsk:
		d.askDisk(c)
	}
}

// reloadFromDisk shows the file as it is now on disk.
func (d *diskState) reloadFromDisk(c session.DiskCheck) {
	s := d.w
	s.doc.Reloaded(c) // the disk's state is now the saved one …
	s.ed.SetText(c.Text)
	d.reloaded() // … and the buffer equals it
}

// keepMine answers the question with "keep my text".
func (d *diskState) keepMine() {
	if d.ask != nil {
		d.ask.Hide()
		d.ask = nil
	}
	d.w.doc.KeepMine()
	d.kept()
}

// askDisk asks what to do about a change on disk while the buffer holds
// unsaved text, with the two versions' differences.
func (d *diskState) askDisk(c session.DiskCheck) {
	s := d.w
	if d.ask != nil {
		d.ask.Hide()
	}
	args := map[string]any{"File": s.doc.Name()}
	var text string
	var buttons *fyne.Container
	reload := newButton(lang.X("window.disk.reload", "Reload from disk"), func() {
		d.ask.Hide()
		d.ask = nil
		if now := s.doc.CheckDisk(); now.Changed && !now.Gone && now.Err == nil {
			d.reloadFromDisk(now)
		}
	})
	mine := newImportantButton(lang.X("window.disk.keep", "Keep my text"), d.keepMine)
	var body fyne.CanvasObject = widget.NewLabel("")
	switch {
	case c.Gone:
		text = lang.X("window.disk.gone", "{{.File}} was deleted or moved by another program. Your text stays in the editor, unsaved; Save writes it back.", args)
		buttons = container.NewHBox(mine)
	case c.Err != nil:
		text = lang.X("window.disk.unreadable", "{{.File}} was changed by another program and can no longer be opened here. Your text stays in the editor, unsaved.", args)
		buttons = container.NewHBox(mine)
	default:
		text = lang.X("window.disk.changed", "{{.File}} was changed by another program while you have unsaved changes. Reload it (your changes are lost) or keep your text (Save then writes over the other program's change)? Lines marked − are only in your text, + only on disk:", args)
		buttons = container.NewHBox(reload, mine)
		scroll := container.NewScroll(diffGrid(session.LineDiff(s.ed.Bytes(), c.Text, 2)))
		scroll.SetMinSize(fyne.NewSize(640, 260))
		body = scroll
	}
	d.question, d.mine = text, mine
	if !c.Gone && c.Err == nil {
		d.reload = reload
	} else {
		d.reload = nil
	}
	d.ask = dialog.NewCustomWithoutButtons(lang.X("window.disk.title", "Changed on disk"),
		container.NewBorder(newWrappedLabel(text), container.NewCenter(buttons), nil, nil, body), s.win)
	d.ask.Resize(fyne.NewSize(720, 440))
	// Esc and Enter keep the user's text: nothing is lost either way.
	dlg.Show(s.win, d.ask, dlg.Keys{Cancel: mine.OnTapped, Default: mine.OnTapped})
}

// diffGrid shows session.LineDiff's text with the lines only in the
// user's text in the error colour and the lines only on disk in the success
// colour, so the two sides read apart at a glance.
func diffGrid(diff string) *widget.TextGrid {
	grid := widget.NewTextGridFromString(diff)
	for i, row := range grid.Rows {
		if len(row.Cells) == 0 {
			continue
		}
		switch row.Cells[0].Rune {
		case '-':
			grid.SetRowStyle(i, &widget.CustomTextGridStyle{FGColor: theme.Color(theme.ColorNameError)})
		case '+':
			grid.SetRowStyle(i, &widget.CustomTextGridStyle{FGColor: theme.Color(theme.ColorNameSuccess)})
		}
	}
	return grid
}

// workerFailed: background work (lint, fetch, changes) panicked on a bad
// input. The window stays, the text is copied to recovery at once, and the
// user is told in plain words; the details go to the log.
func (k *checks) workerFailed(v any) {
	s := k.w
	fyne.LogError("background work failed", fmt.Errorf("%v", v))
	s.doc.Rescue()
	workerNoticeOnce.Do(func() {
		dlg.Info(lang.X("window.worker.title", "Something went wrong"),
			lang.X("window.worker.failed", "Part of the background work (checking or comparing the text) stopped on an unexpected problem. Your text is safe and still in the editor; results may be missing until you edit again. Please report this, with the file if you can."), s.win)
	})
}

// workerNoticeOnce: one dialog per run, not one per keystroke.
var workerNoticeOnce sync.Once

// recoveryList is the list of unsaved work a previous run left, offered
// at start and from File ▸ Recover Unsaved Work….
type recoveryList struct {
	w *shared
	// restore opens a copy in the editor, once the open text is safe (the
	// studio's whenSafe and restore).
	restore func(rec session.RecoveryRecord, then func())
	rows    []session.RecoveryRecord
	dlg     dialog.Dialog
}

// offerRecovery lists every copy a previous run left unsaved (file, time,
// size, the start of its text): each can be restored or deleted on its own;
// "Later" keeps them all for the next start (or File ▸ Recover Unsaved
// Work…).
func (rl *recoveryList) offerRecovery() {
	s := rl.w
	var recs []session.RecoveryRecord
	for _, r := range s.doc.PendingCopies() {
		if r.Path != "" {
			if st, err := os.Stat(r.Path); err == nil && st.Size() == int64(len(r.Text)) {
				if disk, err := os.ReadFile(r.Path); err == nil && string(disk) == string(r.Text) {
					// Nothing was lost: the file already holds this text.
					s.doc.DeleteCopy(r)
					continue
				}
			}
		}
		recs = append(recs, r)
	}
	rl.rows = recs
	if rl.dlg != nil {
		rl.dlg.Hide()
		rl.dlg = nil
	}
	if len(recs) == 0 {
		return
	}
	rows := container.NewVBox()
	for _, rec := range recs {
		rows.Add(rl.recoveryRow(rec))
	}
	// The list is as tall as its rows, up to recoveryListHeight, then it
	// scrolls: one copy left most of a fixed-height dialog empty.
	rows.Resize(fyne.NewSize(recoveryListWidth, rows.MinSize().Height)) // wrapped rows are as tall as this width makes them
	listH := min(rows.MinSize().Height, recoveryListHeight)
	scroll := container.NewVScroll(rows)
	scroll.SetMinSize(fyne.NewSize(recoveryListWidth, listH))
	intro := newWrappedLabel(lang.X("window.recover.list", "Robots Studio closed without saving this work. Restore what you want to keep; Delete removes only that copy; Later keeps them all for next time."))
	later := newButton(lang.X("window.recover.later", "Later"), func() { rl.dlg.Hide(); rl.dlg = nil })
	content := container.NewBorder(intro, container.NewCenter(later), nil, nil, scroll)
	rl.dlg = dialog.NewCustomWithoutButtons(lang.X("window.recover.title", "Recover unsaved work"), content, s.win)
	rl.dlg.Resize(fyne.NewSize(recoveryListWidth+80, 1)) // as high as its content needs
	dlg.Show(s.win, rl.dlg, dlg.Keys{Cancel: later.OnTapped, Default: later.OnTapped})
}

// The recovery list's width, and the height past which it scrolls.
const recoveryListWidth, recoveryListHeight = 680, 300

// recoveryRow is one copy in the list: what it is and its two buttons.
func (rl *recoveryList) recoveryRow(rec session.RecoveryRecord) fyne.CanvasObject {
	s := rl.w
	name := rec.Path
	if name == "" {
		name = lang.X("window.recover.new", "New file (never saved)")
	}
	head := lang.X("window.recover.row", "{{.File}} — {{.Time}} — {{.Size}}", map[string]any{
		"File": name, "Time": rec.Saved.Local().Format("2006-01-02 15:04:05"),
		"Size": lang.XN("window.recover.bytes", "{{.Count}} bytes", rec.Size(), map[string]any{"Count": rec.Size()})})
	if rec.Note != "" {
		head += " — " + lang.X("window.recover.leftover", "from an unfinished save ({{.Name}})", map[string]any{"Name": rec.Note})
	}
	title := widget.NewLabelWithStyle(head, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Wrapping = fyne.TextWrapWord // a long path still breaks inside a word when it must
	preview := widget.NewLabelWithStyle(rec.Preview(160), fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	preview.Wrapping = fyne.TextWrapWord
	restore := newImportantButton(lang.X("window.recover.restore", "Restore"), func() {
		rl.restore(rec, rl.offerRecovery) // the others stay listed
	})
	del := newButton(lang.X("window.recover.delete", "Delete"), func() {
		dlg.Confirm(lang.X("window.recover.delete", "Delete"), recoveryDeleteQuestion(rec),
			func(ok bool) {
				if ok {
					s.doc.DeleteCopy(rec)
					rl.offerRecovery()
				}
			}, s.win)
	})
	// The buttons keep their own height at the top of the row; a Border's
	// side would stretch them to the height of the wrapped preview.
	buttons := container.NewVBox(container.NewHBox(restore, del))
	return container.NewBorder(nil, widget.NewSeparator(), nil, buttons, container.NewVBox(title, preview))
}

// recoveryDeleteQuestion asks before a copy is deleted. A copy of a file
// that was never saved has its own sentence: the row's "New file" is a
// title, and Russian and Polish need another case inside a sentence.
func recoveryDeleteQuestion(rec session.RecoveryRecord) string {
	if rec.Path == "" {
		return lang.X("window.recover.delete_ask_new", "Delete the unsaved text of the new file for good?")
	}
	return lang.X("window.recover.delete_ask", "Delete the unsaved text of {{.File}} for good?", map[string]any{"File": rec.Path})
}
