package hostwizard

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/mirror"
)

// resultStep shows, side by side, the change to the open robots.txt (left)
// and what the server must do for the other names (right).
type resultStep struct {
	w        *wizard
	lines    *widget.Label // the lines to add
	diff     *widget.Label
	removed  *widget.Label
	insert   *widget.Button
	serve    *fyne.Container
	redirect *fyne.Container
	readers  *fyne.Container
	tabs     *container.AppTabs // how to serve the mirrors: 301, per host, who honours what
}

func newResultStep(w *wizard) *resultStep {
	r := &resultStep{w: w, lines: codeLabel(""), diff: codeLabel(""), removed: wrapped(""),
		serve: container.NewVBox(), redirect: container.NewVBox(), readers: container.NewVBox()}
	r.insert = widget.NewButtonWithIcon(lang.X("mirror.ui.insert", "Insert into the document"), theme.DocumentSaveIcon(), r.insertIntoDocument)
	r.insert.Importance = widget.HighImportance
	return r
}

func (r *resultStep) content() fyne.CanvasObject {
	left := container.NewBorder(
		container.NewVBox(
			heading(lang.X("mirror.ui.robots_change", "robots.txt of the main name")),
			wrapped(lang.X("mirror.ui.robots_change_help", "Optional today: Yandex has picked the main mirror from 301 redirects since 2018. If you keep a Host line, it goes inside the group, right after the Disallow lines, as Yandex Webmaster help advised for robots that do not follow the standard to the letter.")),
			container.NewBorder(nil, nil, nil, copyButton(func() string { return r.lines.Text }), r.lines),
			container.NewHBox(r.insert, copyButton(func() string { return r.diff.Text })),
			r.removed,
		), nil, nil, nil,
		container.NewScroll(r.diff))
	// The recommended set-up comes first; the classic per-host files after.
	r.tabs = container.NewAppTabs(
		container.NewTabItem(lang.X("mirror.ui.tab_redirect", "301 and canonical"), container.NewVScroll(r.redirect)),
		container.NewTabItem(lang.X("mirror.ui.tab_per_host", "Per-host robots.txt (classic)"), container.NewVScroll(r.serve)),
		container.NewTabItem(lang.X("mirror.ui.tab_readers", "Who honours what"), container.NewVScroll(r.readers)),
	)
	split := container.NewHSplit(left, keys.NewTabs(r.tabs))
	split.Offset = 0.45
	return split
}

// refresh fills every pane from the wizard's plan.
func (r *resultStep) refresh() {
	p := r.w.plan
	if p == nil {
		return
	}
	r.lines.SetText(strings.TrimRight(p.HostLines(), "\n"))
	diff := strings.ReplaceAll(p.Diff(), "\r", "")
	if diff == "" {
		diff = lang.X("mirror.ui.no_change", "No change needed: the document already names this main mirror in the right place.")
		r.insert.Disable()
	} else {
		r.insert.Enable()
	}
	r.diff.SetText(diff)
	var removed []string
	for _, rm := range p.Change.Removed {
		removed = append(removed, lang.X("mirror.ui.removed", "Line {{.Line}} (Host: {{.Value}}) goes: {{.Reason}}",
			map[string]any{"Line": rm.Line, "Value": rm.Value, "Reason": rm.Reason.String()}))
	}
	r.removed.SetText(strings.Join(removed, "\n"))

	server := r.w.names.selectedServer()
	r.serve.Objects = snippetViews(p.Serve(server))
	r.serve.Refresh()
	redirectServer := server
	if redirectServer == mirror.ApacheSSI {
		redirectServer = mirror.Apache
	}
	r.redirect.Objects = snippetViews(append(p.Redirect(redirectServer), p.Canonical("/")))
	r.redirect.Refresh()
	r.readers.Objects = readerViews()
	r.readers.Refresh()
}

// snippetViews shows each snippet under its title, with where it goes and a
// copy button.
func snippetViews(snippets []mirror.Snippet) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	for _, s := range snippets {
		text := s.Text
		out = append(out,
			container.NewBorder(nil, nil, nil, copyButton(func() string { return text }), heading(s.Title.String())),
			wrapped(s.Where.String()),
			// Only the code scrolls sideways: the title and its Copy
			// button stay in view however long a configuration line is.
			container.NewHScroll(codeLabel(strings.ReplaceAll(strings.TrimRight(text, "\r\n"), "\r", ""))),
			widget.NewSeparator())
	}
	return out
}

func readerViews() []fyne.CanvasObject {
	cols := []string{
		lang.X("mirror.col.host", "Host directive"),
		lang.X("mirror.col.redirect", "301 redirect"),
		lang.X("mirror.col.canonical", "canonical link"),
		lang.X("mirror.col.per_host", "per-host robots.txt"),
	}
	var out []fyne.CanvasObject
	for _, rd := range mirror.Readers() {
		form := widget.NewForm()
		for i, cell := range []string{rd.Host.String(), rd.Redirect.String(), rd.Canonical.String(), rd.PerHost.String()} {
			form.Append(cols[i], wrapped(cell))
		}
		out = append(out, heading(rd.Name.String()), form)
	}
	return append(out, widget.NewSeparator(), wrapped(mirror.Advice().String()))
}

// insertIntoDocument hands the edits to the editor, then plans again on the
// new text so the panes show that nothing is left to do.
func (r *resultStep) insertIntoDocument() {
	p := r.w.plan
	if p == nil || len(p.Change.Edits) == 0 {
		return
	}
	// The document may have changed since the plan: plan again on the
	// current text so the byte offsets are right.
	if !r.w.replan() {
		return
	}
	r.w.apply(r.w.plan.Change.Edits)
	r.w.replan()
}
