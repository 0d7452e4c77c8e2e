package testerpane

import (
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/ui/richmsg"
)

// compareView is compare's engine columns: their order, the engines the
// user took out, and why the readings differ on a row.
type compareView struct {
	*paneState
	*engineColumns
	answers *answerer
	reading *readings
	// columnsChanged re-lays the table's columns after a change of mode or
	// engine choice; verdicts of newly shown engines follow.
	columnsChanged func()
	fitColumns     func() // the table's widths back to fitting the window

	lastChooser *widget.PopUp // the engine column chooser last opened
}

// engineColumns are compare's columns: the engines in their order, and
// the ones the user took out. The readings and the tally read them too.
type engineColumns struct {
	order  []string        // the compare columns' engines, in order
	hidden map[string]bool // engines the user took out of compare
}

// Compare: one column per engine, short enough that all eight fit beside
// the editor at 1280×800. A cell whose answer differs from the row's
// majority (or every cell of a row split evenly) is framed, tinted, bold,
// and the row's "why do they differ?" sentence in the detail area names
// the rule each reading used.

// shortName is an engine's column header, from the engine's own short
// name; its full name is the header's hover text and in the detail area.
func shortName(id string) string {
	if e, ok := engine.Get(id); ok && e.Info().Short != "" {
		return msg.New(e.Info().Short).String()
	}
	return id
}

// hiddenByDefault: Compare opens with the readings a webmaster's question
// is about — the search engines' and the standard in force (RFC 9309) —
// and, with the compact marks, Path keeps thirty characters beside them
// in a 1280×800 window. The 1990s texts and the libraries scrapers are
// built on are one tick away in Columns…, which can show them all.
func hiddenByDefault(id string) bool {
	e, ok := engine.Get(id)
	return ok && e.Info().Kind != engine.KindSearchEngine && id != standardInForce()
}

// standardInForce is the standard listed first among the readings (the
// engines' order puts the current one before the 1990s texts).
func standardInForce() string {
	best, order := "", 0
	for _, e := range engine.All() {
		if in := e.Info(); in.Kind == engine.KindStandard && (best == "" || in.Order < order) {
			best, order = in.ID, in.Order
		}
	}
	return best
}

// defaultOrder is the engines' own order (engine.All).
func (cv *compareView) defaultOrder() []string {
	ids := make([]string, len(cv.reading.engines))
	for i, e := range cv.reading.engines {
		ids[i] = e.Info().ID
	}
	return ids
}

// dateOrder is the order a history lesson tells, from the engines' Kind
// and Order (which lists the standard in force first, then the older texts
// going back in time): the older standards oldest first (1994, Lycos 1996,
// the 1996 draft), the search engines, the libraries, and the standard in
// force (RFC 9309, 2022) last.
func (cv *compareView) dateOrder() []string {
	infos := make([]engine.Info, len(cv.reading.engines))
	for i, e := range cv.reading.engines {
		infos[i] = e.Info()
	}
	std := standardInForce()
	rank := func(in engine.Info) int {
		switch {
		case in.ID == std:
			return 3
		case in.Kind == engine.KindStandard:
			return 0
		case in.Kind == engine.KindSearchEngine:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(infos, func(a, b engine.Info) int {
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra - rb
		}
		if rank(a) == 0 {
			return b.Order - a.Order // going back in time, reversed
		}
		return a.Order - b.Order
	})
	out := make([]string, len(infos))
	for i, in := range infos {
		out[i] = in.ID
	}
	return out
}

// compareEngines are the engine columns, in order, without the hidden ones.
func (ec *engineColumns) compareEngines() []string {
	var out []string
	for _, id := range ec.order {
		if !ec.hidden[id] {
			out = append(out, id)
		}
	}
	return out
}

// SetCompareOrder puts the engine columns in the order of ids (unknown ids
// are ignored, missing engines follow in their own order).
func (cv *compareView) SetCompareOrder(ids []string) {
	var out []string
	for _, id := range ids {
		if cv.reading.engineIndex(id) >= 0 && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	for _, id := range cv.defaultOrder() {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	cv.order = out
	cv.columnsChanged()
	if cv.onColumnsChanged != nil {
		cv.onColumnsChanged()
	}
}

// OrderByDate shows the engine columns oldest first (1994 … RFC 9309), the
// 1990s texts among them (a history lesson is about them), or in the
// default order.
func (p *Pane) OrderByDate(on bool) { p.matrix.orderByDate(on) }

// ShowEngine shows or hides an engine's column.
func (p *Pane) ShowEngine(id string, on bool) { p.matrix.showEngine(id, on) }

func (cv *compareView) orderByDate(on bool) {
	if on {
		for _, e := range cv.reading.engines {
			if e.Info().Kind == engine.KindStandard {
				delete(cv.hidden, e.Info().ID)
			}
		}
		cv.SetCompareOrder(cv.dateOrder())
	} else {
		cv.SetCompareOrder(cv.defaultOrder())
	}
}

func (cv *compareView) showEngine(id string, on bool) {
	if on {
		delete(cv.hidden, id)
	} else if len(cv.compareEngines()) > 1 {
		cv.hidden[id] = true
	}
	cv.columnsChanged()
	if cv.onColumnsChanged != nil {
		cv.onColumnsChanged()
	}
}

// showAll shows every reading's column (a history lesson, the libraries
// scrapers use); the table scrolls sideways where they do not fit.
func (cv *compareView) showAll() {
	clear(cv.hidden)
	cv.columnsChanged()
	if cv.onColumnsChanged != nil {
		cv.onColumnsChanged()
	}
}

// engines in view for its row (all of them when the row splits evenly).
func (cv *compareView) differs(c cell) bool {
	ids := cv.compareEngines()
	yes, no := 0, 0
	mine, known := false, false
	for _, id := range ids {
		v := cv.answers.verdict(cell{c.pair, id})
		if v == nil {
			continue
		}
		if v.Allowed {
			yes++
		} else {
			no++
		}
		if id == c.engine {
			mine, known = v.Allowed, true
		}
	}
	if !known || yes == 0 || no == 0 {
		return false
	}
	switch {
	case yes == no:
		// A tie has no odd ones out: framing every cell said nothing. The
		// cells that answer otherwise than the standard in force (RFC
		// 9309, or the first column when it is hidden) are marked.
		ref := ids[0]
		if std := standardInForce(); slices.Contains(ids, std) {
			ref = std
		}
		if rv := cv.answers.verdict(cell{c.pair, ref}); rv != nil {
			return mine != rv.Allowed
		}
		return false
	case yes > no:
		return !mine
	}
	return mine
}

// whyText is why a reading answered as it did, in a few words.
func whyText(v *engine.Verdict) string {
	switch v.Why {
	case engine.WhyOnly:
		return lang.X("testerpane.why.only", "the only match")
	case engine.WhyLongest:
		return lang.X("testerpane.why.longest", "longest match")
	case engine.WhyTieAllow:
		return lang.X("testerpane.why.tie_allow", "a tie, and Allow wins ties")
	case engine.WhyFirst:
		return lang.X("testerpane.why.first", "first match in the file")
	case engine.WhyLastAfterSort:
		return lang.X("testerpane.why.last_after_sort", "last match after sorting by length")
	case engine.WhyFirstOfEqual:
		return lang.X("testerpane.why.first_of_equal", "longest, first of equals")
	case engine.WhyEmpty:
		return lang.X("testerpane.why.empty", "an empty rule restricts nothing")
	case engine.WhyAnyDisallow:
		return lang.X("testerpane.why.any", "any matching Disallow blocks")
	}
	return ""
}

// answerText is one reading's answer with its reason, for the sentence.
func answerText(v *engine.Verdict) string {
	word := verdictWord(v.Allowed)
	if v.Rule == nil {
		return word + ": " + decidingText(v)
	}
	return richmsg.X("testerpane.why.rule", "{{.Word}} by line {{.Line}} `{{.Rule}}` ({{.Why}})",
		map[string]any{"Word": word, "Line": v.Rule.Line, "Rule": v.Rule.Text, "Why": whyText(v)})
}

// readingsAlike gathers the readings that say the same thing, in the order
// they were first met: "Google, RFC: allowed … · 1994, Lycos: blocked …".
type readingsAlike struct {
	keys  []string
	names map[string][]string
	texts map[string]string
}

// add names the reading id under key, saying text when key is new.
func (r *readingsAlike) add(key, id, text string) {
	if r.names == nil {
		r.names, r.texts = map[string][]string{}, map[string]string{}
	}
	if _, ok := r.texts[key]; !ok {
		r.keys = append(r.keys, key)
		r.texts[key] = text
	}
	r.names[key] = append(r.names[key], shortName(id))
}

func (r *readingsAlike) String() string {
	out := make([]string, len(r.keys))
	for i, k := range r.keys {
		out[i] = strings.Join(r.names[k], ", ") + ": " + r.texts[k]
	}
	return strings.Join(out, " · ")
}

// whyDiffer is the row's "why do they differ?" sentence: the readings that
// answer alike for the same reason are named together, so a class can read
// it aloud: "Google, RFC: allowed by line 3 `Allow: /page` (longest match) ·
// 1994, Lycos: blocked by line 2 `Disallow: /p` (any matching Disallow
// blocks)". It is "" when the readings agree.
func (cv *compareView) whyDiffer(pr pair) string {
	var answers readingsAlike
	yes, no := 0, 0
	for _, id := range cv.compareEngines() {
		v := cv.answers.verdict(cell{pr, id})
		if v == nil {
			continue
		}
		if v.Allowed {
			yes++
		} else {
			no++
		}
		key := strconv.FormatBool(v.Allowed) + "|" + string(v.Why) + "|" + string(v.Reason)
		if v.Rule != nil {
			key += "|" + strconv.Itoa(v.Rule.Line)
		}
		answers.add(key, id, answerText(v))
	}
	if yes == 0 || no == 0 {
		return ""
	}
	why := lang.X("testerpane.why.title", "Why they differ:") + " "
	if groups := cv.groupsDiffer(pr); groups != "" {
		why += groups + " " + lang.X("testerpane.why.answers", "Then:") + " "
	}
	why += answers.String()
	if lit := cv.wildcardsLiteral(pr); lit != "" {
		why += " · " + lit
	}
	return why
}

// groupsDiffer names, when the readings chose different groups for the
// crawler, each group and why it was chosen: "Google, 1996 draft: the `*`
// group at line 1, as no group names YandexBot · Yandex, 1994: the `Yandex`
// group at line 1178, as the name contains “Yandex”". "" when every reading
// chose the same group.
func (cv *compareView) groupsDiffer(pr pair) string {
	var groups readingsAlike
	for _, id := range cv.compareEngines() {
		v := cv.answers.verdict(cell{pr, id})
		if v == nil || v.Reason == engine.ReasonFileError || v.Reason == engine.ReasonTimeout {
			continue
		}
		key := "none"
		if v.Group != nil {
			key = strconv.Itoa(v.Group.Start()) + "|" + string(v.Group.How) + "|" + strings.ToLower(v.Group.Token)
		}
		groups.add(key, id, groupReason(v, pr.crawler))
	}
	if len(groups.keys) < 2 {
		return ""
	}
	return groups.String() + "."
}

// groupReason is the group a reading chose for crawler and how the name
// led there.
func groupReason(v *engine.Verdict, crawler string) string {
	if v.Group == nil {
		return lang.X("testerpane.why.group.none", "no group applies to {{.Crawler}}", map[string]any{"Crawler": msg.Literal(crawler)})
	}
	data := map[string]any{"Token": v.Group.Token, "Line": v.Group.Start(), "Crawler": msg.Literal(crawler)}
	switch v.Group.How {
	case engine.HowExact:
		return richmsg.X("testerpane.why.group.exact", "the `{{.Token}}` group at line {{.Line}}, as its name is the crawler's token", data)
	case engine.HowPrefix:
		return richmsg.X("testerpane.why.group.prefix", "the `{{.Token}}` group at line {{.Line}}, as {{.Crawler}} starts with its name", data)
	case engine.HowSubstring:
		return richmsg.X("testerpane.why.group.substring", "the `{{.Token}}` group at line {{.Line}}, as {{.Crawler}} contains its name", data)
	case engine.HowGlobal:
		return richmsg.X("testerpane.why.group.global", "the `*` group at line {{.Line}}, as no group names {{.Crawler}} in this reading", data)
	}
	return richmsg.X("testerpane.why.group.other", "the `{{.Token}}` group at line {{.Line}}", data)
}

// wildcardsLiteral says, when a reading decided by a rule with `*` or `$`
// and a reading that takes them as ordinary characters answered otherwise,
// that this is the cause: "`*` and `$` are ordinary characters to 1994,
// Lycos 1996". "" when that is not what differs.
func (cv *compareView) wildcardsLiteral(pr pair) string {
	ids := cv.compareEngines()
	wild := false
	var literal []string
	for _, id := range ids {
		v := cv.answers.verdict(cell{pr, id})
		if v == nil {
			continue
		}
		e, ok := engine.Get(id)
		if !ok {
			continue
		}
		if e.Info().Traits.Wildcards {
			if v.Rule != nil && strings.ContainsAny(v.Rule.Pattern, "*$") {
				wild = true
			}
		} else {
			literal = append(literal, shortName(id))
		}
	}
	if !wild || len(literal) == 0 {
		return ""
	}
	return lang.X("testerpane.why.literal", "`*` and `$` are ordinary characters to {{.Names}}: they match only themselves",
		map[string]any{"Names": strings.Join(literal, ", ")})
}

// showEngineChooser opens the list of engine columns: which show, in what
// order (by date, the default, or moved one by one).
func (cv *compareView) showEngineChooser(anchor fyne.CanvasObject) {
	list := container.NewVBox()
	var fill func()
	fill = func() {
		list.RemoveAll()
		last := engine.Kind(0) // no kind yet
		for i, id := range cv.order {
			// a heading where the kind changes: search engines, standards,
			// libraries (in the default order each kind is together)
			if e, ok := engine.Get(id); ok && e.Info().Kind != last {
				last = e.Info().Kind
				list.Add(widget.NewLabelWithStyle(last.Name().String(), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
			}
			label := shortName(id)
			if full := engine.NameOf(id).String(); full != label {
				label += " — " + full
			}
			check := widget.NewCheck(label, nil)
			check.SetChecked(!cv.hidden[id])
			check.OnChanged = func(on bool) { cv.showEngine(id, on); fill() }
			up := widget.NewButtonWithIcon("", theme.MoveUpIcon(), func() {
				o := slices.Clone(cv.order)
				o[i-1], o[i] = o[i], o[i-1]
				cv.SetCompareOrder(o)
				fill()
			})
			up.Importance = widget.LowImportance
			if i == 0 {
				up.Disable()
			}
			down := widget.NewButtonWithIcon("", theme.MoveDownIcon(), func() {
				o := slices.Clone(cv.order)
				o[i+1], o[i] = o[i], o[i+1]
				cv.SetCompareOrder(o)
				fill()
			})
			down.Importance = widget.LowImportance
			if i == len(cv.order)-1 {
				down.Disable()
			}
			list.Add(container.NewBorder(nil, nil, nil, container.NewHBox(up, down), check))
		}
	}
	fill()
	byDateBtn := widget.NewButton(lang.X("testerpane.order.by_date", "Order by date (1994 first)"), func() { cv.orderByDate(true); fill() })
	defBtn := widget.NewButton(lang.X("testerpane.order.default", "Default order"), func() { cv.orderByDate(false); fill() })
	allBtn := widget.NewButton(lang.X("testerpane.order.all", "Show every reading"), func() { cv.showAll(); fill() })
	fitBtn := widget.NewButton(lang.X("testerpane.columns.auto", "Fit to the window"), cv.fitColumns)
	cv.showChooser(anchor, lang.X("testerpane.order.title", "Engine columns"),
		container.NewVBox(container.NewGridWithColumns(1, byDateBtn, defBtn, allBtn, fitBtn), list))
}

// showChooser opens a column chooser under anchor: a title with a close
// button over body, kept inside the window.
func (cv *compareView) showChooser(anchor fyne.CanvasObject, title string, body fyne.CanvasObject) {
	c := fyne.CurrentApp().Driver().CanvasForObject(anchor)
	if c == nil && cv.win != nil {
		c = cv.win.Canvas()
	}
	if c == nil {
		return
	}
	var pop *widget.PopUp
	closeBtn := widget.NewButtonWithIcon("", theme.CancelIcon(), func() { pop.Hide() })
	closeBtn.Importance = widget.LowImportance
	heading := widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	content := container.NewVBox(container.NewBorder(nil, nil, nil, closeBtn, heading), body)
	pop = widget.NewPopUp(content, c)
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(anchor)
	size := content.MinSize().AddWidthHeight(2*theme.Padding(), 2*theme.Padding())
	pop.ShowAtPosition(fyne.NewPos(max(0, min(at.X, c.Size().Width-size.Width)), at.Y+anchor.Size().Height))
	cv.lastChooser = pop
}

// fillLayout sizes the table to its space and, in compare, gives the path
// column the width the engine columns leave, so paths are cut as little as
// the pane allows. It does so when the space changes; a column the user
// widened keeps its width (widths.go).
type fillLayout struct {
	tb    *resultTable
	width float32
	// height is the table's height at the last layout
	height float32
}

func (l *fillLayout) MinSize(objects []fyne.CanvasObject) fyne.Size { return objects[0].MinSize() }

// Layout gives the table the space's width and as much of its height as
// holds whole rows (see tablescroll.go); when the height changes (the
// detail area opens or its divider is dragged) a selected row that was in
// view stays in view.
func (l *fillLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	t := l.tb.ui.table
	h := t.wholeRowsHeight(size.Height)
	keep := -1
	if h != l.height {
		if i := l.tb.view.selectedRow(); i >= 0 && t.rowInView(i, l.height-t.metrics().header) {
			keep = i
		}
		l.height = h
	}
	for _, o := range objects {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(fyne.NewSize(size.Width, h))
	}
	if keep >= 0 {
		t.showRow(keep)
	}
	if l.tb.widthsText != theme.TextSize() {
		l.width = size.Width
		l.tb.tableW = size.Width
		l.tb.layoutColumns() // zoomed: every column again, the path's fill too
		return
	}
	if size.Width != l.width {
		l.width = size.Width
		l.tb.tableW = size.Width
		if l.tb.compare {
			l.tb.fitCompare(size.Width)
		} else {
			l.tb.columnsFollow(size.Width)
		}
	}
}

// compareLeast is the least width of compare's path column, at 14 pt:
// only when the readings the user chose leave no more.
const compareLeast = 80

// fitCompare sizes compare's crawler and path columns to the table's
// width. The reading columns are compact marks as wide as their short
// names; the path takes the rest, and when that is less than thirty
// characters of a path the crawler column gives way first, down to a
// short name's width (a name cut there shows whole on hover and in the
// detail area). With more readings shown than the width holds the path
// keeps compareLeast and the table scrolls sideways. A width the user
// dragged is kept (widths.go): the path then takes what it leaves.
func (tb *resultTable) fitCompare(width float32) {
	if !tb.compare || tb.ui.table == nil || width <= 0 || len(tb.widths) != len(tb.cols) {
		return
	}
	ci := slices.IndexFunc(tb.cols, func(c column) bool { return c.kind == colCrawler })
	pi := slices.IndexFunc(tb.cols, func(c column) bool { return c.kind == colPath })
	if ci < 0 || pi < 0 {
		return
	}
	free := width - theme.ScrollBarSize() // what the crawler and path columns may take
	for i, w := range tb.widths {
		free -= theme.Padding()
		if i != ci && i != pi {
			free -= w
		}
	}
	crawler := tb.startWidth(tb.cols[ci])
	_, crawlerKept := tb.userWidth(tb.cols[ci])
	path, pathKept := tb.userWidth(tb.cols[pi])
	if !pathKept {
		path = free - crawler
		pathLeast := textWidth(pathLeastText, false) + zoomed(2*cellPad)
		if path < pathLeast && !crawlerKept {
			least := tb.leastCrawler(tb.cols[ci])
			give := max(0, min(pathLeast-path, crawler-least))
			crawler -= give
			path += give
		}
		path = max(path, zoomed(compareLeast), tb.headerWidth(tb.cols[pi]))
	}
	tb.widths[ci], tb.widths[pi] = crawler, path
	tb.ui.table.SetColumnWidth(ci, crawler)
	tb.ui.table.SetColumnWidth(pi, path)
}
