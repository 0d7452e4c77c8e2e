package hostwizard

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/hostname"
	"github.com/robots-studio/robots-studio/tester/mirror"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/ui/safewidget"
)

// nameRow is one host name: the entry, "this is the main mirror", and what
// the validator says about it: the verdict in the success or error colour,
// the neutral notes (scheme, punycode) in the ordinary text colour.
type nameRow struct {
	entry    *keys.Entry
	main     *widget.Check
	feedback *widget.Label
	notes    *widget.Label
	remove   *widget.Button
	box      fyne.CanvasObject
}

type namesStep struct {
	w         *wizard
	rows      []*nameRow
	list      *fyne.Container
	existing  *widget.Label // what the document already says
	prefilled bool
	filled    []string // what reread put in the rows, to tell it from typing
	server    *safewidget.Select
	allGroups *widget.Check
	encDirs   *keys.Entry
}

func newNamesStep(w *wizard) *namesStep {
	s := &namesStep{w: w, list: container.NewVBox()}
	s.existing = wrapped("")
	s.server = safewidget.NewSelect(serverLabels(), nil)
	s.server.SetSelectedIndex(0)
	s.allGroups = widget.NewCheck(lang.X("mirror.ui.all_groups", "Put Host into every group (not only * and Yandex)"), func(bool) { w.recheck() })
	s.encDirs = keys.NewEntry()
	s.encDirs.OnChanged = func(string) { w.recheck() }
	s.encDirs.SetPlaceHolder("/dos /mac /koi")
	return s
}

func serverLabels() []string {
	return []string{
		lang.X("mirror.ui.server_nginx", "nginx"),
		lang.X("mirror.ui.server_apache", "Apache (mod_rewrite)"),
		lang.X("mirror.ui.server_apache_ssi", "Apache (server-side include, the classic way)"),
	}
}

// selectedServer maps the select's index to mirror.Servers (same order).
func (s *namesStep) selectedServer() mirror.Server {
	i := s.server.SelectedIndex()
	if i < 0 || i >= len(mirror.Servers) {
		return mirror.Nginx
	}
	return mirror.Servers[i]
}

func (s *namesStep) content() fyne.CanvasObject {
	add := widget.NewButtonWithIcon(lang.X("mirror.ui.add_name", "Add a name"), theme.ContentAddIcon(), s.addAndFocus)
	form := widget.NewForm(
		widget.NewFormItem(lang.X("mirror.ui.server", "Web server"), s.server),
		widget.NewFormItem(lang.X("mirror.ui.encoding_dirs", "Encoding directories"), s.encDirs),
		widget.NewFormItem("", s.allGroups),
	)
	form.Items[1].HintText = lang.X("mirror.ui.encoding_dirs_hint", "Russian Apache serving other encodings from directories: they get Disallow lines")
	help := wrapped(lang.X("mirror.ui.names_help", "Type every name the site answers to: with www and without, old domains, other ports, http:// and https://. IDN names are fine; their punycode is shown. Tick the main one."))
	return container.NewVScroll(container.NewVBox(
		heading(lang.X("mirror.ui.existing", "The open robots.txt")), s.existing,
		heading(lang.X("mirror.ui.names", "Names")), help, s.list, container.NewHBox(add),
		heading(lang.X("mirror.ui.options", "Options")), form,
	))
}

// reread analyses the open document and, while the user has typed no name,
// fills the names from its Host line so an existing choice is reused.
func (s *namesStep) reread() {
	a := mirror.Analyse(syntax.Parse(s.w.doc()))
	var lines []string
	for _, t := range a.Report() {
		lines = append(lines, t.String())
	}
	s.existing.SetText(strings.Join(lines, "\n"))
	if s.prefilled && !s.untouched() {
		return
	}
	s.prefilled = true
	for len(s.rows) > 0 {
		s.removeRow(s.rows[0])
	}
	defer func() {
		s.filled = s.filled[:0]
		for _, r := range s.rows {
			s.filled = append(s.filled, strings.TrimSpace(r.entry.Text))
		}
	}()
	main, ok := a.Main()
	if !ok {
		// One row for the main name and one for another name: their
		// placeholders say which is which.
		s.addRow("", true)
		s.addRow("", false)
		return
	}
	s.addRow(main.Display(), true)
	listed := map[string]bool{main.Origin(): true}
	add := func(text string) {
		if n := hostname.ParseName(text, hostname.ModeInput); n.Valid() && !listed[n.Origin()] {
			listed[n.Origin()] = true
			s.addRow(text, false)
		}
	}
	for _, other := range a.Others() {
		add(other.Display())
	}
	for _, twin := range twins(main) {
		add(twin)
	}
}

// next moves the cursor to the row after r (Enter in a name), adding an
// empty row when r is the last one, so names are typed one after another.
func (s *namesStep) next(r *nameRow) {
	for i, x := range s.rows {
		if x == r && i+1 < len(s.rows) {
			if c := s.w.win.Canvas(); c != nil {
				c.Focus(s.rows[i+1].entry)
			}
			return
		}
	}
	s.addAndFocus()
}

// addAndFocus adds an empty row and puts the cursor in it, so the user can
// type the next name at once.
func (s *namesStep) addAndFocus() {
	r := s.addRow("", false)
	if c := s.w.win.Canvas(); c != nil {
		c.Focus(r.entry)
	}
}

// twins are the names a site usually also answers to: the other side of
// www, and plain http for an https site.
func twins(main hostname.Name) []string {
	host := main.Unicode
	other := "www." + host
	if rest, ok := strings.CutPrefix(host, "www."); ok {
		other = rest
	}
	out := []string{main.EffectiveScheme() + "://" + other}
	if main.EffectiveScheme() == "https" {
		out = append(out, "http://"+host)
	}
	return out
}

// untouched reports whether the rows still hold only what reread filled in
// (or nothing): then a newly opened file may replace them.
func (s *namesStep) untouched() bool {
	if len(s.rows) != len(s.filled) {
		for _, r := range s.rows {
			if strings.TrimSpace(r.entry.Text) != "" {
				return false
			}
		}
		return true
	}
	for i, r := range s.rows {
		if strings.TrimSpace(r.entry.Text) != s.filled[i] {
			return false
		}
	}
	return true
}

func (s *namesStep) addRow(text string, main bool) *nameRow {
	r := &nameRow{entry: keys.NewEntry(), feedback: wrapped(""), notes: wrapped("")}
	r.main = widget.NewCheck(lang.X("mirror.ui.main", "main"), func(on bool) { s.setMain(r, on) })
	r.remove = widget.NewButtonWithIcon("", theme.DeleteIcon(), func() { s.removeRow(r) })
	r.entry.OnChanged = func(string) { s.validate(r); s.w.recheck() }
	r.entry.OnSubmitted = func(string) { s.next(r) }
	r.entry.SetText(text)
	// The verdict and its notes read as one block under the entry.
	feedback := container.New(layout.NewCustomPaddedVBoxLayout(-theme.Padding()), r.feedback, r.notes)
	r.box = container.NewBorder(nil, feedback, r.main, r.remove, r.entry)
	s.rows = append(s.rows, r)
	s.list.Add(r.box)
	if main || len(s.rows) == 1 {
		r.main.SetChecked(true)
	}
	s.setPlaceholder(r)
	s.validate(r)
	return r
}

// setPlaceholder tells an empty main row from the others.
func (s *namesStep) setPlaceholder(r *nameRow) {
	if r.main.Checked {
		r.entry.SetPlaceHolder(lang.X("mirror.ui.main_placeholder", "the main name, e.g. https://www.example.ru"))
		return
	}
	r.entry.SetPlaceHolder(lang.X("mirror.ui.other_placeholder", "another name of the site, e.g. example.ru, http://www.example.ru:8080, пример.рф"))
}

func (s *namesStep) removeRow(r *nameRow) {
	for i, x := range s.rows {
		if x == r {
			s.rows = append(s.rows[:i], s.rows[i+1:]...)
			s.list.Remove(r.box)
			break
		}
	}
	if len(s.rows) > 0 && s.mainRow() == nil {
		s.rows[0].main.SetChecked(true)
	}
	s.w.recheck()
}

// setMain keeps exactly one row ticked as the main mirror.
func (s *namesStep) setMain(r *nameRow, on bool) {
	if !on {
		if s.mainRow() == nil {
			r.main.SetChecked(true)
		}
		s.setPlaceholder(r)
		return
	}
	for _, x := range s.rows {
		if x != r && x.main.Checked {
			x.main.SetChecked(false)
		}
	}
	s.setPlaceholder(r)
	s.w.recheck()
}

func (s *namesStep) mainRow() *nameRow {
	for _, r := range s.rows {
		if r.main.Checked {
			return r
		}
	}
	return nil
}

// validate shows the validator's verdict under the entry.
func (s *namesStep) validate(r *nameRow) {
	text := strings.TrimSpace(r.entry.Text)
	if text == "" {
		r.feedback.SetText("")
		r.feedback.Hide()
		r.notes.SetText("")
		r.notes.Hide()
		return
	}
	n := hostname.ParseName(text, hostname.ModeInput)
	var lines, notes []string
	if n.Valid() {
		r.feedback.Importance = widget.SuccessImportance
		lines = append(lines, "✔ "+n.Origin()+"   Host: "+n.HostValue())
	} else {
		r.feedback.Importance = widget.DangerImportance
		for _, p := range n.Problems {
			lines = append(lines, "✖ "+p.Message.String())
		}
	}
	for _, note := range n.Notes {
		notes = append(notes, "• "+note.String())
	}
	r.feedback.SetText(strings.Join(lines, "\n"))
	r.feedback.Show()
	r.notes.SetText(strings.Join(notes, "\n"))
	r.notes.Hidden = len(notes) == 0
	r.notes.Refresh()
}

// request is what the Mirrors step asks the planner for.
func (s *namesStep) request() (hostname.Name, []hostname.Name, mirror.Options) {
	var main hostname.Name
	var mirrors []hostname.Name
	for _, r := range s.rows {
		text := strings.TrimSpace(r.entry.Text)
		if r.main.Checked {
			main = hostname.ParseName(text, hostname.ModeInput)
			continue
		}
		if text != "" {
			mirrors = append(mirrors, hostname.ParseName(text, hostname.ModeInput))
		}
	}
	opt := mirror.Options{AllGroups: s.allGroups.Checked, EncodingDirs: strings.Fields(strings.ReplaceAll(s.encDirs.Text, ",", " "))}
	return main, mirrors, opt
}
