package aitab

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/aipref"
	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/crawlers/sources"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/uri"
	"github.com/robots-studio/robots-studio/ui/look"
	"github.com/robots-studio/robots-studio/ui/richmsg"
)

// Tab is the AI access view and the policy builder.
type Tab struct {
	doc   func() *syntax.Document
	apply func(edits []aiaccess.Edit) error

	paths    *keys.Entry
	report   *rowsView
	summary  *widget.Label
	stance   *widget.RadioGroup
	purposes map[catalogue.Purpose]*widget.Check
	custom   *fyne.Container
	refuse   *keys.Entry // per-crawler overrides: names to refuse
	admit    *keys.Entry // names to let in
	warnings *rowsView   // the builder's warnings and, under them, drafts
	drafts   string      // what the vocabularies follow, and that they are drafts
	// preview is the text shown of the compiled policy (one target's), in
	// monospace; note, below it, where that text goes and its warnings.
	preview, note string
	// rule shows the preview and the note in a column that scrolls on its
	// own, as a label of each would, with widgets only for the lines in
	// sight: the robots.txt target alone runs to some 200 lines, and as one
	// label it was wrapped again and drawn whole (most of it out of sight)
	// on every zoom, a third of each F11 with the tab in view.
	rule   *rowsView
	insert *widget.Button
	plan   aiaccess.Plan
	// The compiled policy: every signal, one target in the preview.
	compiled  aiaccess.Signals
	target    *widget.Select
	atServer  *widget.Check  // Policy.RefuseAtServer
	use       *widget.Select // Policy.Use: none, then aipref.UseValues
	copyBtn   *widget.Button
	shownText string // the selected target's text, for Copy
	edge      *edgeCheck
	as        *fetchAs // nil in the browser build
	site      func() string

	Content fyne.CanvasObject
	// Window is the window file dialogs open over (the edge check's Open);
	// nil: no dialog.
	Window fyne.Window
}

// New builds the tab. doc returns the document open in the editor; apply
// puts the builder's edits into it as one undo step.
func New(doc func() *syntax.Document, apply func(edits []aiaccess.Edit) error) *Tab {
	t := &Tab{doc: doc, apply: apply, purposes: map[catalogue.Purpose]*widget.Check{}}
	t.paths = keys.NewEntry()
	// What the field is for in a wrapped line above it, an example in it:
	// as the field's hint the sentence was cut at 1024×768 in Russian
	// and Polish ("…затем Enter: /blo").
	pathsAsk := widget.NewLabel(lang.X("aitab.paths.ask", "More paths to ask about, separated by spaces, then Enter:"))
	pathsAsk.Wrapping = fyne.TextWrapWord
	t.paths.SetPlaceHolder(lang.X("aitab.paths.placeholder", "/blog/ /private/"))
	t.paths.OnSubmitted = func(string) { t.Refresh() }
	t.summary = widget.NewLabel("")
	t.summary.Wrapping = fyne.TextWrapWord
	t.report = newRowsView()
	left := container.NewBorder(
		container.NewVBox(widget.NewLabelWithStyle(lang.X("aitab.access.title", "Who may read this site, and for what"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), pathsAsk, t.paths, t.summary),
		nil, nil, nil, t.report.scroll)

	labels := make([]string, len(aiaccess.Stances))
	for i, s := range aiaccess.Stances {
		labels[i] = aiaccess.StanceName(s).String()
	}
	t.stance = widget.NewRadioGroup(labels, func(string) { t.replan() })
	// A ticked purpose is refused, not let in: say so above the boxes.
	t.custom = container.NewVBox(widget.NewLabelWithStyle(lang.X("aitab.build.ticked", "Refuse the crawlers of each ticked purpose:"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	t.custom.Objects[0].(*widget.Label).Wrapping = fyne.TextWrapWord
	for _, p := range catalogue.Purposes {
		c := widget.NewCheck(PurposeLabel(p), func(bool) { t.replan() })
		t.purposes[p] = c
		t.custom.Add(c)
	}
	t.refuse = keys.NewEntry()
	t.refuse.SetPlaceHolder(lang.X("aitab.build.refuse", "Also refuse (crawler names, separated by spaces)"))
	t.refuse.OnChanged = func(string) { t.replan() }
	t.admit = keys.NewEntry()
	t.admit.SetPlaceHolder(lang.X("aitab.build.admit", "Let in anyway (crawler names)"))
	t.admit.OnChanged = func(string) { t.replan() }
	t.custom.Add(t.refuse)
	t.custom.Add(t.admit)
	t.custom.Hide()
	t.warnings = newRowsInBox()
	// The preview wraps at word boundaries: its comment lines are long, and
	// a sideways scroll in a narrow pane hides half of each.
	t.rule = newRowsView()
	t.insert = widget.NewButton(lang.X("aitab.build.insert", "Insert into robots.txt"), t.Insert)
	t.insert.Importance = widget.HighImportance
	t.copyBtn = widget.NewButtonWithIcon(lang.X("aitab.compile.copy", "Copy"), theme.ContentCopyIcon(), func() {
		if app := fyne.CurrentApp(); app != nil && t.shownText != "" {
			app.Clipboard().SetContent(t.shownText)
		}
	})
	t.atServer = widget.NewCheck(lang.X("aitab.compile.at_server", "Refuse at the server too"), func(bool) { t.replan() })
	// A check's label does not wrap: the short name on it, what it does
	// in a wrapped label below.
	atServerWhy := widget.NewLabel(lang.X("aitab.compile.at_server_why", "Every refused crawler goes in the server rules, not only those robots.txt cannot stop."))
	atServerWhy.Wrapping = fyne.TextWrapWord
	// Content-Signal's use=, as Cloudflare's managed robots.txt writes it.
	uses := []string{lang.X("aitab.compile.use_none", "Content-Signal without use=")}
	for _, u := range aipref.UseValues {
		uses = append(uses, "use="+u)
	}
	t.use = widget.NewSelect(uses, nil)
	t.use.SetSelectedIndex(0)
	t.use.OnChanged = func(string) { t.replan() }
	t.target = widget.NewSelect(targetLabels(), func(string) { t.replan() })
	t.drafts = lang.X("aitab.build.drafts", "Content-Signal follows {{.Signals}}; Content-Usage follows {{.Attach}} with the labels of {{.Vocab}}. Neither vocabulary is settled: crawlers may read them differently, or not at all.",
		map[string]any{"Signals": aipref.SignalsPolicy, "Attach": aipref.AttachDraft, "Vocab": aipref.VocabDraft})
	// The lines to add sit beside the choices, in a column of their own
	// that starts at the top: below the choices and warnings, they were
	// out of sight at 1280×800, so a choice seemed to change nothing.
	// Each column scrolls on its own.
	// The edge check sits below the builder's choices: the config it
	// reads is the one the compiled server rules go into.
	t.edge = newEdgeCheck(t)
	box := container.NewVBox(
		widget.NewLabelWithStyle(lang.X("aitab.build.title", "AI policy builder"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		t.stance, t.custom, t.atServer, atServerWhy, t.use, t.warnings, t.edge.box)
	// The warnings run to a dozen long texts with linkedin's file, most
	// of them out of sight, and the note on the drafts under them is long
	// too: they get widgets only in sight, as the report, which follows
	// the builder's scroll.
	builder := t.warnings.within(box)
	// What each crawler gets of the live file, below the edge check: both
	// are about what the site serves rather than what the file says.
	if t.as = newFetchAs(t); t.as != nil {
		box.Add(t.as.box)
	}
	// The note (where a rule goes, whom it refuses: a long list) scrolls
	// below the text it is about; above the scroll it pushed the buttons
	// out of the window (Russian, 1024×768).
	// The preview shows one target of the compiled policy at a time: the
	// robots.txt lines (the one target Insert applies), the header
	// values, Bing's tag, each server's rules.
	compileTitle := widget.NewLabelWithStyle(lang.X("aitab.compile.title", "Compile to every signal"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	compileTitle.Wrapping = fyne.TextWrapWord
	lines := container.NewBorder(
		container.NewVBox(
			compileTitle, t.target),
		container.NewVBox(t.insert, t.copyBtn), nil, nil, t.rule.scroll)
	right := container.NewHSplit(builder, lines)
	right.Offset = 0.5
	split := container.NewHSplit(left, right)
	split.Offset = 0.4
	t.Content = split
	t.target.SetSelectedIndex(int(targetRobots))
	t.stance.SetSelected(labels[1])
	t.Refresh()
	return t
}

// SetSite tells the tab where the open document came from (its address,
// "" for a file): "What each crawler gets" offers to fetch that site.
func (t *Tab) SetSite(site func() string) {
	t.site = site
	if t.as != nil {
		t.as.follow()
	}
}

// Refresh recomputes the access view for the current document.
func (t *Tab) Refresh() {
	doc := t.doc()
	paths := []string{"/"}
	for _, f := range strings.Fields(t.paths.Text) {
		if !slices.Contains(paths, f) {
			paths = append(paths, f)
		}
	}
	r := aiaccess.Analyse(doc, paths)
	var rows []reportRow
	// Every row wraps: a long Content-Signal line, or a heading in
	// Russian, ran past the column's edge unwrapped.
	heading := func(text string) { rows = append(rows, labelRow(text, fyne.TextStyle{Bold: true}, fyne.TextWrapWord)) }
	blockedAI, allowedAI := 0, 0
	for _, sec := range r.Sections {
		heading(PurposeLabel(sec.Purpose))
		for _, row := range sec.Rows {
			// The verdict colours are the theme's allowed and blocked
			// colours, checked for contrast in light and dark.
			colour := look.ColorNameAllowed
			if !row.Paths[0].Allowed {
				colour = look.ColorNameBlocked
			}
			segs := []widget.RichTextSegment{&widget.TextSegment{Text: rowText(row), Style: widget.RichTextStyle{ColorName: colour}}}
			if q := quoteText(row.Crawler); q != "" {
				segs = append(segs, &widget.TextSegment{Text: q,
					Style: widget.RichTextStyle{ColorName: theme.ColorNamePlaceHolder, TextStyle: fyne.TextStyle{Italic: true}, SizeName: theme.SizeNameCaptionText}})
			}
			if sec.Purpose.IsAI() {
				if row.Paths[0].Allowed {
					allowedAI++
				} else {
					blockedAI++
				}
			}
			rows = append(rows, reportRow{segs: segs, wrap: fyne.TextWrapWord})
		}
	}
	heading(lang.X("aitab.access.signals", "Usage preferences in this file"))
	if len(r.Preferences) == 0 {
		rows = append(rows, labelRow(lang.X("aitab.access.no_signals", "None: the file has no Content-Signal or Content-Usage line."), fyne.TextStyle{}, fyne.TextWrapWord))
	}
	for _, p := range r.Preferences {
		where := lang.X("aitab.access.outside", "outside any group")
		if p.Group > 0 {
			where = lang.X("aitab.access.group", "group at line {{.Line}}", map[string]any{"Line": p.Group})
		}
		rows = append(rows, labelRow(fmt.Sprintf("%d: %s  (%s)", p.Line, p.Text, where), fyne.TextStyle{}, fyne.TextWrapWord))
	}
	heading(lang.X("aitab.access.cannot_stop", "Crawlers this file cannot stop, and what would"))
	for _, c := range r.CannotStop {
		rows = append(rows, labelRow(aiaccess.NameAndOperator(c)+": "+aiaccess.Instead(c).String(), fyne.TextStyle{}, fyne.TextWrapWord))
	}
	t.report.setRows(rows)
	if t.edge != nil {
		t.edge.run()
	}
	if t.as != nil {
		t.as.follow()
	}
	t.summary.SetText(lang.X("aitab.access.summary", "AI crawlers that may fetch /: {{.Allowed}}; refused: {{.Blocked}}. Each is asked under the engine that reads robots.txt for it.",
		map[string]any{"Allowed": allowedAI, "Blocked": blockedAI}))
	t.replan()
}

// quoteText is what the crawler's upstream list says of it, in that list's
// own words (English), marked as a quote with its source and the day it
// was read; "" when no list described it.
func quoteText(c catalogue.Crawler) string {
	if c.Quote == nil || strings.TrimSpace(c.Quote.Text) == "" {
		return ""
	}
	return lang.X("aitab.quote", "As {{.Source}} describes it ({{.Read}}): “{{.Text}}”",
		map[string]any{"Source": sourceName(c.Quote.Source), "Read": c.Quote.Read, "Text": strings.TrimSpace(c.Quote.Text)})
}

// sourceName is a list's address as a reader names it: a GitHub file by its
// repository and file name ("ai.robots.txt, robots.json"), another URL by
// its host and file name, a local file by its name.
func sourceName(src string) string {
	a, ok := uri.SplitAbsolute(src)
	if !ok {
		return path.Base(src)
	}
	p := a.Rest
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	parts := strings.Split(strings.Trim(p, "/"), "/")
	base := path.Base(p)
	if a.Host == "github.com" && len(parts) >= 2 && parts[1] != base {
		return parts[1] + ", " + base
	}
	if base == "." || base == "/" {
		return a.Host
	}
	return a.Host + ", " + base
}

// rowText is one crawler's line: name, operator, behaviour and its answers.
func rowText(row aiaccess.Row) string {
	c := row.Crawler
	var parts []string
	for _, p := range row.Paths {
		s := p.Path + " "
		if p.Allowed {
			s += lang.X("aitab.access.allowed", "allowed")
		} else {
			s += lang.X("aitab.access.blocked", "blocked")
		}
		if p.Line > 0 {
			s += " (" + lang.X("aitab.access.line", "line {{.Line}}", map[string]any{"Line": p.Line}) + ")"
		}
		for _, a := range p.Asks {
			s += ", " + a.String()
		}
		parts = append(parts, s)
	}
	mark := "✔"
	if !row.Paths[0].Allowed {
		mark = "✖"
	}
	return fmt.Sprintf("%s %s · %s · %s — %s", mark, aiaccess.NameAndOperator(c), aiaccess.BehaviourText(c.RobotsTxt), engine.NameOf(row.Engine), strings.Join(parts, "; "))
}

// policy reads the builder's widgets.
func (t *Tab) policy() aiaccess.Policy {
	p := aiaccess.Policy{Stance: aiaccess.SearchNoTraining, RefuseAtServer: t.atServer.Checked, Ranges: sources.InUseRanges()}
	if i := t.use.SelectedIndex(); i > 0 {
		p.Use = aipref.UseValues[i-1]
	}
	for i, s := range aiaccess.Stances {
		if t.stance.Selected == aiaccess.StanceName(s).String() {
			p.Stance = aiaccess.Stances[i]
		}
	}
	if p.Stance != aiaccess.Custom {
		return p
	}
	p.Block = map[catalogue.Purpose]bool{}
	for purpose, c := range t.purposes {
		p.Block[purpose] = c.Checked
	}
	p.Crawlers = map[string]bool{}
	for _, n := range strings.Fields(t.refuse.Text) {
		p.Crawlers[n] = true
	}
	for _, n := range strings.Fields(t.admit.Text) {
		p.Crawlers[n] = false
	}
	return p
}

// replan rebuilds the builder's preview and warnings.
func (t *Tab) replan() {
	if t.rule == nil {
		return
	}
	p := t.policy()
	if p.Stance == aiaccess.Custom {
		t.custom.Show()
	} else {
		t.custom.Hide()
	}
	doc := t.doc()
	t.compiled = aiaccess.Compile(doc, p)
	t.plan = t.compiled.Plan
	var warnings []reportRow
	for _, w := range t.plan.Warnings {
		// the crawler names and rules it quotes are drawn as code, as
		// richmsg.NewText draws them
		warnings = append(warnings, reportRow{segs: richmsg.Segments("⚠ "+w.String(), richmsg.Style{Color: theme.ColorNameWarning}), wrap: fyne.TextWrapWord})
	}
	if len(warnings) == 0 {
		// where the builder had a VBox of warnings, empty, and padding
		// after it
		warnings = append(warnings, reportRow{})
	}
	t.warnings.setRows(append(warnings, labelRow(t.drafts, fyne.TextStyle{}, fyne.TextWrapWord)))
	var added []string
	for _, e := range t.plan.Edits {
		added = append(added, strings.TrimRight(string(e.Text), "\r\n"))
	}
	// Each insertion is a block of its own; a blank line parts them.
	robots := strings.Join(added, "\n\n")
	tg := target(t.target.SelectedIndex())
	if tg < 0 {
		tg = targetRobots
	}
	text, note := targetText(t.compiled, tg, robots)
	t.shownText = text
	switch {
	case tg == targetRobots && len(t.plan.Edits) == 0:
		text = lang.X("aitab.build.nothing", "Nothing to add: the file already says this.")
	case text == "":
		text = "—"
	}
	t.showRule(text, note)
	if tg == targetRobots {
		t.insert.Show()
	} else {
		t.insert.Hide()
	}
	if len(t.plan.Edits) == 0 {
		t.insert.Disable()
	} else {
		t.insert.Enable()
	}
	if t.shownText == "" {
		t.copyBtn.Disable()
	} else {
		t.copyBtn.Enable()
	}
}

// showRule shows text in monospace and note below it (none when ""), each
// as a label wrapping at words would show it.
func (t *Tab) showRule(text, note string) {
	if text == t.preview && note == t.note && t.rule.rows != nil {
		return
	}
	t.preview, t.note = text, note
	rows := labelLines(text, fyne.TextStyle{Monospace: true}, fyne.TextWrapWord)
	if note != "" {
		rows = append(rows, labelLines(note, fyne.TextStyle{}, fyne.TextWrapWord)...)
	}
	t.rule.setRows(rows)
}

// Insert applies the plan to the document as one undo step.
func (t *Tab) Insert() {
	if t.apply == nil || len(t.plan.Edits) == 0 {
		return
	}
	if err := t.apply(t.plan.Edits); err == nil {
		t.Refresh()
	}
}

// CancelFetch stops a running "What each crawler gets" fetch: the window
// closes, or the tab is about to be rebuilt in another language (its
// answer would reach the old widgets).
func (t *Tab) CancelFetch() {
	if t.as != nil {
		t.as.stopFetch()
	}
}
