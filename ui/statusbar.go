package ui

import (
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/uri"
	"github.com/robots-studio/robots-studio/ui/safewidget"
	"github.com/robots-studio/robots-studio/ui/webfile"
)

// statusBar is the line under the window: whether the file is saved, where
// the cursor is, the encoding and line endings the file uses (kept as they
// are on save), the reading the tester uses, and where the test set is kept.
type statusBar struct {
	state, pos, enc, eol *widget.Label
	stateTexts           []string // the two states the file turns between: the state's width is the wider
	reading              *safewidget.Ellipsis
	busy                 *widget.Label // "Working…" while something slow runs (working.go)
	tests                *widget.Button
	root                 fyne.CanvasObject
	// The full texts of the position and the reading, and their short
	// forms ("14:3", the reading's name alone), shown when the row is too
	// narrow for the reading whole (Russian and Polish at 1024×768,
	// presenter mode): the tester's own Reading selector names the word.
	posFull, posShort, readFull, readShort string
	// and, narrower still (Russian in presenter mode), the test set's
	// place in a word ("Tests: beside"; its dialog says it whole)
	testsFull, testsShort string
	compact, tight        bool
	// place is the browser build's last answer to where the test set is
	// kept, for the file and set path it was asked for (placeBeside).
	place struct {
		path, tests string
		known       bool
		beside      bool
	}
}

func newStatusBar(showTests func()) *statusBar {
	b := &statusBar{
		state: widget.NewLabel(""), pos: widget.NewLabel(""), enc: widget.NewLabel(""),
		eol: widget.NewLabel(""), reading: safewidget.NewEllipsis(""), busy: widget.NewLabel(""),
	}
	b.busy.TextStyle.Bold = true
	b.busy.Hide()
	b.tests = widget.NewButton("", showTests)
	b.tests.Importance = widget.LowImportance
	// The state is as wide as the wider of the two it turns between as the
	// user types (Saved, Modified): a label that changes width lays the
	// whole row out again in the next frame, and that marks the window
	// for one frame more.
	state := container.New(&widestLayout{texts: func() []string { return b.stateTexts }}, b.state)
	left := container.NewHBox(b.busy, state, widget.NewSeparator(), b.pos, widget.NewSeparator(), b.enc,
		widget.NewSeparator(), b.eol, widget.NewSeparator())
	row := container.NewBorder(nil, nil, left, b.tests, b.reading)
	b.root = container.NewVBox(widget.NewSeparator(), container.New(&barFit{b: b}, row))
	return b
}

// barFit lays the status bar's row out, choosing the short forms when the
// full ones would cut the reading.
type barFit struct{ b *statusBar }

func (l *barFit) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.b.fit(objs[0].MinSize().Width, size.Width)
	for _, o := range objs {
		o.Resize(size)
		o.Move(fyne.NewPos(0, 0))
	}
}

func (l *barFit) MinSize(objs []fyne.CanvasObject) fyne.Size { return objs[0].MinSize() }

// widestLayout gives its one label the width of the widest of texts, so
// that it keeps its width when it says another of them.
type widestLayout struct{ texts func() []string }

func (l *widestLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Resize(size)
	objs[0].Move(fyne.NewPos(0, 0))
}

func (l *widestLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	m := objs[0].MinSize()
	for _, t := range l.texts() {
		m.Width = max(m.Width, labelWidth(t))
	}
	return m
}

// labelWidth is the width a label needs for text whole.
func labelWidth(text string) float32 {
	return fyne.MeasureText(text, theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding()
}

// fit shows the full texts when the row (which needs min as it is now)
// has room for them in width, else the short ones.
func (b *statusBar) fit(min, width float32) {
	shown := func(l fyne.CanvasObject) float32 { return l.MinSize().Width }
	bold := func(t string) float32 {
		return fyne.MeasureText(t, theme.TextSize(), fyne.TextStyle{Bold: true}).Width
	}
	full := min - shown(b.pos) - shown(b.reading) + labelWidth(b.posFull) + labelWidth(b.readFull) -
		bold(b.tests.Text) + bold(b.testsFull)
	short := full - labelWidth(b.posFull) + labelWidth(b.posShort) - labelWidth(b.readFull) + labelWidth(b.readShort)
	b.compact = width > 0 && full > width
	b.tight = width > 0 && short > width
	b.apply()
}

// apply puts the full or short texts in the labels.
func (b *statusBar) apply() {
	tests := b.testsFull
	if b.tight {
		tests = b.testsShort
	}
	if b.tests.Text != tests {
		b.tests.SetText(tests)
	}
	if b.compact {
		setText(b.pos, b.posShort)
		setReading(b.reading, b.readShort)
		return
	}
	setText(b.pos, b.posFull)
	setReading(b.reading, b.readFull)
}

// setPosition and setReading change what the status bar says.
func (b *statusBar) setPosition(line, col int) {
	data := map[string]any{"Line": line, "Column": col}
	b.posFull = lang.X("window.status.position", "Line {{.Line}}, column {{.Column}}", data)
	b.posShort = lang.X("window.status.position_short", "{{.Line}}:{{.Column}}", data)
	b.apply()
}

func (b *statusBar) setReading(name string) {
	b.readFull = lang.X("window.status.reading", "Reading: {{.Engine}}", map[string]any{"Engine": name})
	b.readShort = name
	b.apply()
}

// refreshBar shows the window's state in the status bar.
func (s *studio) refreshBar() {
	b := s.bar
	if b == nil {
		return
	}
	doc := s.ed.Document()
	b.stateTexts = []string{fileStateText(s.doc.Path(), s.doc.Remote(), false), fileStateText(s.doc.Path(), s.doc.Remote(), true)}
	setText(b.state, fileStateText(s.doc.Path(), s.doc.Remote(), s.doc.Modified()))
	b.setPosition(s.ed.CursorLine(), s.ed.CursorColumn())
	setText(b.enc, encodingText(doc))
	setText(b.eol, endingsText(doc))
	b.setReading(s.pane.ReadingName())
	b.testsFull, b.testsShort = testsPlaceText(s)
	b.apply()
}

// placeBeside reports whether the file's test set is kept beside it. In
// the browser the page's storage is asked again only when the file or its
// set's path changed (opening, saving and choosing the place set them),
// not on every key.
func (b *statusBar) placeBeside(s *studio) bool {
	if !webfile.Enabled {
		_, place := s.doc.Places.For(s.doc.Path())
		return place == session.Beside
	}
	if c := b.place; !c.known || c.path != s.doc.Path() || c.tests != s.doc.TestsPath() {
		_, place := s.doc.Places.For(s.doc.Path())
		b.place.path, b.place.tests, b.place.known, b.place.beside = s.doc.Path(), s.doc.TestsPath(), true, place == session.Beside
	}
	return b.place.beside
}

// cursorMoved follows the editor's cursor in the status bar.
func (s *studio) cursorMoved() {
	if s.bar == nil {
		return
	}
	s.bar.setPosition(s.ed.CursorLine(), s.ed.CursorColumn())
}

// setReading is setText for the reading's label.
func setReading(l *safewidget.Ellipsis, t string) {
	if l.Text != t {
		l.SetText(t)
	}
}

// setText changes a label only when its text changes (no relayout per key).
func setText(l *widget.Label, t string) {
	if l.Text != t {
		l.SetText(t)
	}
}

// fileStateText is "Saved", "Modified", or for a document never saved
// "New, not saved" (or "Fetched, not saved").
func fileStateText(path, remote string, modified bool) string {
	switch {
	case path == "" && remote != "" && modified:
		return lang.X("window.status.fetched_edited", "Edited, not saved")
	case path == "" && remote != "":
		return lang.X("window.status.fetched", "Fetched, not saved")
	case path == "":
		return lang.X("window.status.new", "New, not saved")
	case modified:
		return lang.X("window.status.modified", "Modified")
	}
	return lang.X("window.status.saved", "Saved")
}

// encodingText names what the bytes are: UTF-8, UTF-8 with a byte order
// mark, or lines in another (legacy) encoding, which are kept byte for byte.
func encodingText(doc *syntax.Document) string {
	bad := 0
	for i := range doc.Lines {
		if doc.Lines[i].Has(syntax.FlagBadUTF8) {
			bad++
		}
	}
	if bad > 0 {
		return lang.XN("window.status.legacy", "Not UTF-8: {{.Count}} lines", bad, map[string]any{"Count": bad})
	}
	if doc.BOM {
		return lang.X("window.status.bom", "UTF-8 with BOM")
	}
	return "UTF-8"
}

// endingsText names the line endings: LF, CRLF, CR, or for a mix how many
// lines end each way ("12 LF, 3 CRLF").
func endingsText(doc *syntax.Document) string {
	lf, crlf, cr := doc.Endings()
	kinds := 0
	for _, n := range []int{lf, crlf, cr} {
		if n > 0 {
			kinds++
		}
	}
	switch {
	case kinds > 1:
		var parts []string
		for _, k := range []struct {
			n    int
			name string
		}{{lf, "LF"}, {crlf, "CRLF"}, {cr, "CR"}} {
			if k.n > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", k.n, k.name))
			}
		}
		// Counts and names only, no word around them: the bar must fit a
		// 1024 px window in every language.
		return strings.Join(parts, ", ")
	case crlf > 0:
		return "CRLF"
	case cr > 0:
		return "CR"
	}
	return "LF"
}

// testsPlaceText says where the tester's rows are kept.
func testsPlaceText(s *studio) (full, short string) {
	if s.doc.Path() == "" {
		return lang.X("window.status.tests_unsaved", "Test set: saved with the file"),
			lang.X("window.status.tests_unsaved_short", "Tests: with the file")
	}
	if s.bar.placeBeside(s) {
		return lang.X("window.status.tests_beside", "Test set: beside the file"),
			lang.X("window.status.tests_beside_short", "Tests: beside")
	}
	return lang.X("window.status.tests_app", "Test set: in Robots Studio's folder"),
		lang.X("window.status.tests_app_short", "Tests: app folder")
}

// tabTitle is the editor tab's title: the file's name, the host of a
// fetched file, or that the document is new.
func tabTitle(path, remote string) string {
	switch {
	case path != "":
		return filepath.Base(path)
	case remote != "":
		host := remote
		if a, ok := uri.SplitAbsolute(remote); ok {
			host = strings.TrimPrefix(a.Origin(), a.Scheme+"://")
		}
		return lang.X("window.tab.fetched", "robots.txt — {{.Host}}", map[string]any{"Host": host})
	}
	return lang.X("window.tab.new", "robots.txt (new, not saved)")
}
