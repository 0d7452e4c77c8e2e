package ui

import (
	"context"
	"errors"
	"math"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/crawlers/sources"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/ui/aitab"
	"github.com/robots-studio/robots-studio/ui/dlg"
)

// staleDays is when the window offers an update: a catalogue more than
// this many days old (new crawlers appear every month).
const staleDays = 30

// catalogueSide is the Catalogue menu and its dialogs: updating the crawler
// catalogue and the user's own crawlers, kept in the app's storage.
type catalogueSide struct {
	win         fyne.Window // the dialogs' parent
	storageRoot string      // the app's storage folder, where the user layer is kept
	// changed rebuilds what shows the catalogue's numbers (the window's
	// menu) after an update, an undo or an edit of the user's crawlers.
	changed func()
}

// newCatalogueSide makes the Catalogue menu's part for the window win,
// keeping the user layer under storageRoot.
func newCatalogueSide(win fyne.Window, storageRoot string, changed func()) catalogueSide {
	return catalogueSide{win: win, storageRoot: storageRoot, changed: changed}
}

// catalogueOpened remembers the storage folders whose user layer is open.
var catalogueOpened sync.Map

// store opens the user layer in the app's storage once per folder
// and returns it; a damaged layer is reported and the built-in catalogue
// stays in use.
func (cat *catalogueSide) store() sources.Store {
	if st, ok := sources.InUse(); ok && st.Dir != "" {
		if _, done := catalogueOpened.Load(cat.storageRoot); done {
			return st
		}
	}
	// The layer is read when the catalogue is first consulted, so a large
	// one does not slow the window's start.
	win := cat.win
	st := sources.OpenLazy(cat.storageRoot, func(err error) {
		fyne.Do(func() {
			dlg.Error(errors.New(sources.BrokenLayer(err).String()), win)
		})
	})
	catalogueOpened.Store(cat.storageRoot, true)
	return st
}

// summary is the catalogue in numbers, from the store in use.
func (cat *catalogueSide) summary() sources.Summary {
	state, _ := cat.store().Load()
	return sources.Summarise(state)
}

// catalogueDays is how many calendar days old the catalogue in use is at
// now, counted in now's time zone, where the update wrote its day: the day
// read as UTC midnight made a catalogue updated east of Greenwich a day
// younger after local midnight (44 days where 45 had passed).
func catalogueDays(sm sources.Summary, now time.Time) int {
	d, err := time.ParseInLocation("2006-01-02", sm.Date, now.Location())
	if err != nil {
		return 0
	}
	y, m, day := now.Date()
	today := time.Date(y, m, day, 0, 0, 0, 0, now.Location())
	// rounded: a day with a daylight-saving change is 23 or 25 hours
	return int(math.Round(today.Sub(d).Hours() / 24))
}

// menu is the Catalogue menu. When the catalogue is older than 30
// days the Update item says so: that is the offer; nothing is fetched
// unless the user asks.
func (cat *catalogueSide) menu() *fyne.Menu {
	sm := sources.Summary{Date: cat.store().Date()} // the date only: the menu does not read the whole layer
	update := lang.X("catalogue.menu.update", "Update…")
	if days := catalogueDays(sm, clock()); days > staleDays {
		update = lang.XN("catalogue.menu.update_stale", "Update… (the catalogue is {{.Count}} days old)", days, map[string]any{"Count": days})
	}
	return fyne.NewMenu(lang.X("catalogue.menu", "Catalogue"),
		fyne.NewMenuItem(update, cat.showUpdate),
		fyne.NewMenuItem(lang.X("catalogue.menu.own", "Your Crawlers…"), cat.showOwn),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(lang.X("catalogue.menu.undo", "Undo Last Catalogue Change"), cat.undo),
	)
}

func (cat *catalogueSide) undo() {
	st, err := cat.store().Undo()
	if err != nil {
		if errors.Is(err, sources.ErrNothingToUndo) {
			err = errors.New(lang.X("catalogue.undo.nothing", "There is no catalogue update or edit to undo."))
		}
		dlg.Error(err, cat.win)
		return
	}
	cat.changed()
	dlg.Info(lang.X("catalogue.undo.title", "Catalogue"),
		lang.X("catalogue.undo.done", "Undone. {{.Summary}}", map[string]any{"Summary": sources.Summarise(st).Text().String()}), cat.win)
}

// catalogueUpdateView is the Update dialog's content.
type catalogueUpdateView struct {
	summary *widget.Label
	offer   *widget.Label
	sources *keys.Entry
	dryRun  *keys.Check
	result  *widget.Label
	run     *keys.Button
	cancel  *keys.Button
	stop    context.CancelFunc
	// finished is closed when the running update has shown its result
	// (tests wait on it).
	finished chan struct{}
}

// clock is the window's idea of now; tests set it.
var clock = time.Now

// showUpdate is Catalogue ▸ Update…: the summary, the sources to
// read (the published lists, or files and URLs of the user's choosing), a
// dry run, and the changes with their sources once read.
func (cat *catalogueSide) showUpdate() {
	v := cat.newUpdateView()
	var d *dialog.CustomDialog
	closeB := newButton(lang.X("catalogue.update.close", "Close"), func() {
		if v.stop != nil {
			v.stop()
		}
		d.Hide()
	})
	buttons := container.NewHBox(v.run, v.cancel, closeB)
	content := container.NewBorder(container.NewVBox(v.summary, v.offer, widget.NewLabel(lang.X("catalogue.update.sources", "Sources (one file or URL per line):")), v.sources, v.dryRun),
		container.NewCenter(buttons), nil, nil, container.NewVScroll(v.result))
	d = dialog.NewCustomWithoutButtons(lang.X("catalogue.update.title", "Update the Crawler Catalogue"), content, cat.win)
	d.Resize(fyne.NewSize(820, 560))
	dlg.Show(cat.win, d, dlg.Keys{Cancel: closeB.OnTapped, Default: func() {
		if !v.run.Disabled() {
			v.run.OnTapped()
		}
	}})
}

func (cat *catalogueSide) newUpdateView() *catalogueUpdateView {
	v := &catalogueUpdateView{summary: widget.NewLabel(""), offer: widget.NewLabel(""), result: widget.NewLabel("")}
	v.result.Wrapping = fyne.TextWrapWord
	v.offer.Wrapping = fyne.TextWrapWord
	v.sources = keys.NewMultiLineEntry()
	v.sources.SetText(strings.Join(sources.Defaults, "\n"))
	v.sources.SetMinRowsVisible(5)
	// keys.Check: Esc on the box closes the dialog in the browser too,
	// which has no key hook to give it Esc first (ui/keyhook.go)
	v.dryRun = keys.NewCheck(lang.X("catalogue.update.dry_run", "Only show the changes (keep nothing)"), nil)
	v.cancel = newButton(lang.X("catalogue.update.cancel", "Stop"), func() {
		if v.stop != nil {
			v.stop()
		}
	})
	v.cancel.Disable()
	v.run = newButton(lang.X("catalogue.update.run", "Update"), func() { cat.runUpdate(v) })
	v.run.Importance = widget.HighImportance
	cat.showSummary(v)
	return v
}

func (cat *catalogueSide) showSummary(v *catalogueUpdateView) {
	sm := cat.summary()
	v.summary.SetText(sm.Text().String())
	if catalogueDays(sm, clock()) > staleDays {
		v.offer.SetText(lang.X("catalogue.update.offer", "The catalogue is more than 30 days old; new crawlers appear every month. Update it from the lists below?"))
		v.offer.Show()
	} else {
		v.offer.Hide()
	}
}

// runUpdate reads the sources off the UI goroutine; the result
// and the new summary come back through fyne.Do.
func (cat *catalogueSide) runUpdate(v *catalogueUpdateView) {
	var srcs []string
	for _, l := range strings.Split(v.sources.Text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			srcs = append(srcs, l)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	v.stop = cancel
	finished := make(chan struct{})
	v.finished = finished
	v.run.Disable()
	v.cancel.Enable()
	v.result.SetText(lang.X("catalogue.update.reading", "Reading the sources…"))
	store := cat.store()
	dry := v.dryRun.Checked
	go func() {
		rep, err := store.Update(ctx, srcs, sources.Options{DryRun: dry})
		fyne.Do(func() {
			cancel()
			v.stop = nil
			v.run.Enable()
			v.cancel.Disable()
			v.result.SetText(updateResultText(rep, err, dry))
			cat.showSummary(v)
			if rep.Saved {
				cat.changed()
			}
			close(finished)
		})
	}()
}

// updateResultText is what an update did, one line each.
func updateResultText(rep sources.Report, err error, dry bool) string {
	if err != nil {
		return lang.X("catalogue.update.failed", "{{.Err}}. The catalogue is unchanged.", map[string]any{"Err": err.Error()})
	}
	var lines []string
	for _, r := range rep.Read {
		lines = append(lines, r.Text().String())
	}
	for _, c := range rep.Changes {
		lines = append(lines, c.Text().String())
	}
	if o := rep.Outcome(dry); !o.IsZero() {
		lines = append(lines, o.String())
	}
	return strings.Join(lines, "\n")
}

// showOwn is Catalogue ▸ Your Crawlers…: the user's own entries,
// with Add, Edit and Remove. They are used everywhere a catalogue entry is.
func (cat *catalogueSide) showOwn() {
	store := cat.store()
	var own []catalogue.Crawler
	reload := func() {
		own = own[:0]
		for _, c := range catalogue.All() {
			if c.Origin == catalogue.FromUser {
				own = append(own, c)
			}
		}
	}
	reload()
	selected := -1
	list := keys.NewList(func() int { return len(own) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			c := own[i]
			o.(*widget.Label).SetText(c.Name + " — " + strings.Join(c.Tokens, " ") + " · " + aitab.PurposeLabel(c.Purpose) + " · " + c.Operator)
		})
	empty := widget.NewLabel(lang.X("catalogue.own.empty", "No crawlers of your own yet. Add one to have the tester, the AI access tab and the logs know it."))
	empty.Wrapping = fyne.TextWrapWord
	var edit, remove *keys.Button
	refresh := func() {
		reload()
		list.UnselectAll()
		selected = -1
		list.Refresh()
		edit.Disable()
		remove.Disable()
		empty.Hidden = len(own) > 0
		empty.Refresh()
		cat.changed()
	}
	list.OnSelected = func(i widget.ListItemID) {
		selected = i
		edit.Enable()
		remove.Enable()
	}
	add := newButton(lang.X("catalogue.own.add", "Add…"), func() {
		cat.editOwn(store, catalogue.Crawler{Purpose: catalogue.Other, Engine: "rfc9309", RobotsTxt: catalogue.Unknown}, refresh)
	})
	edit = newButton(lang.X("catalogue.own.edit", "Edit…"), func() {
		if selected >= 0 && selected < len(own) {
			cat.editOwn(store, own[selected], refresh)
		}
	})
	remove = newButton(lang.X("catalogue.own.remove", "Remove"), func() {
		if selected < 0 || selected >= len(own) {
			return
		}
		if err := store.Remove(own[selected].Name); err != nil {
			dlg.Error(err, cat.win)
		}
		refresh()
	})
	edit.Disable()
	remove.Disable()
	empty.Hidden = len(own) > 0
	content := container.NewBorder(empty, container.NewHBox(add, edit, remove), nil, nil, list)
	d := dlg.NewCustom(lang.X("catalogue.own.title", "Your Crawlers"), lang.X("catalogue.update.close", "Close"), content, cat.win)
	d.Resize(fyne.NewSize(720, 460))
	dlg.Show(cat.win, d, dlg.Keys{Cancel: d.Hide, Default: d.Hide})
}

// editOwn asks for an entry's fields and saves it in the user layer.
func (cat *catalogueSide) editOwn(store sources.Store, c catalogue.Crawler, done func()) {
	name := keys.NewEntry()
	name.SetText(c.Name)
	// Save waits for a name (dlg.Form keeps it disabled): the store
	// refused a nameless entry only after the form had closed, losing
	// what was typed in it.
	name.Validator = func(s string) error {
		if strings.TrimSpace(s) == "" {
			return errors.New(lang.X("catalogue.err.entry_no_name", "an entry has no name"))
		}
		return nil
	}
	tokens := keys.NewEntry()
	tokens.SetText(strings.Join(c.Tokens, " "))
	tokens.SetPlaceHolder(lang.X("catalogue.own.tokens_hint", "robots.txt tokens, separated by spaces (default: the name)"))
	uas := keys.NewEntry()
	uas.SetText(strings.Join(c.UAPatterns, ", "))
	uas.SetPlaceHolder(lang.X("catalogue.own.ua_hint", "words that identify it in a User-Agent, separated by commas"))
	operator := keys.NewEntry()
	operator.SetText(c.Operator)
	purpose := keys.NewSelect(aitab.PurposeLabels(), nil)
	purpose.SetSelected(aitab.PurposeLabel(c.Purpose))
	eng := keys.NewSelect(engine.IDs(), nil)
	eng.SetSelected(c.Engine)
	var behaviours []string
	for _, b := range catalogue.Behaviours {
		behaviours = append(behaviours, aiaccess.BehaviourText(b).String())
	}
	robots := keys.NewSelect(behaviours, nil)
	robots.SetSelected(aiaccess.BehaviourText(c.RobotsTxt).String())
	note := keys.NewEntry()
	note.SetText(c.Note.In("en"))
	items := []*widget.FormItem{
		widget.NewFormItem(lang.X("catalogue.own.name", "Name"), name),
		widget.NewFormItem(lang.X("catalogue.own.tokens", "Tokens"), tokens),
		widget.NewFormItem(lang.X("catalogue.own.ua", "User-Agent patterns"), uas),
		widget.NewFormItem(lang.X("catalogue.own.operator", "Operator"), operator),
		widget.NewFormItem(lang.X("catalogue.own.purpose", "Purpose"), purpose),
		widget.NewFormItem(lang.X("catalogue.own.engine", "Engine"), eng),
		widget.NewFormItem(lang.X("catalogue.own.robots", "robots.txt"), robots),
		widget.NewFormItem(lang.X("catalogue.own.note", "Notes"), note),
	}
	d := dlg.Form(lang.X("catalogue.own.edit_title", "Crawler of Your Own"), lang.X("catalogue.own.save", "Save"), lang.X("live.ask.cancel", "Cancel"), items, func(ok bool) {
		if !ok {
			return
		}
		p, _ := aitab.PurposeByLabel(purpose.Selected)
		b := catalogue.Unknown
		if i := robots.SelectedIndex(); i >= 0 {
			b = catalogue.Behaviours[i]
		}
		e := ownEntry(name.Text, tokens.Text, uas.Text, operator.Text, string(p), eng.Selected, string(b), note.Text)
		if err := store.Put(e); err != nil {
			dlg.Error(err, cat.win)
			return
		}
		done()
	}, cat.win)
	d.Resize(fyne.NewSize(620, 460))
}

// ownEntry makes an entry of the form's fields: tokens default to the
// name, User-Agent patterns to the first token.
func ownEntry(name, tokens, uas, operator, purpose, eng, robots, note string) catalogue.Crawler {
	c := catalogue.Crawler{Name: strings.TrimSpace(name), Tokens: strings.Fields(tokens), Operator: strings.TrimSpace(operator),
		Purpose: catalogue.Purpose(purpose), Engine: eng, RobotsTxt: catalogue.Behaviour(robots)}
	if len(c.Tokens) == 0 && c.Name != "" {
		c.Tokens = []string{c.Name}
	}
	for _, p := range strings.Split(uas, ",") {
		if p = strings.TrimSpace(p); p != "" {
			c.UAPatterns = append(c.UAPatterns, p)
		}
	}
	if len(c.UAPatterns) == 0 && len(c.Tokens) > 0 {
		c.UAPatterns = []string{c.Tokens[0]}
	}
	if strings.TrimSpace(note) != "" {
		c.Note = catalogue.Localized{"en": strings.TrimSpace(note)}
	}
	return c
}
