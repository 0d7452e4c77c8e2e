package ui

import (
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/uri"
)

// statusBar is the line under the window: whether the file is saved, where
// the cursor is, the encoding and line endings the file uses (kept as they
// are on save), the reading the tester uses, and where the test set is kept.
type statusBar struct {
	state, pos, enc, eol, reading *widget.Label
	tests                         *widget.Button
	root                          fyne.CanvasObject
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
		eol: widget.NewLabel(""), reading: widget.NewLabel(""),
	}
	b.reading.Truncation = fyne.TextTruncateEllipsis
	b.tests = widget.NewButton("", showTests)
	b.tests.Importance = widget.LowImportance
	left := container.NewHBox(b.state, widget.NewSeparator(), b.pos, widget.NewSeparator(), b.enc,
		widget.NewSeparator(), b.eol, widget.NewSeparator())
	b.root = container.NewVBox(widget.NewSeparator(),
		container.NewBorder(nil, nil, left, b.tests, b.reading))
	return b
}

// refreshBar shows the window's state in the status bar.
func (s *studio) refreshBar() {
	b := s.bar
	if b == nil {
		return
	}
	doc := s.ed.Document()
	setText(b.state, fileStateText(&s.doc.File, s.doc.Modified()))
	setText(b.pos, lang.X("window.status.position", "Line {{.Line}}, column {{.Column}}",
		map[string]any{"Line": s.ed.CursorLine(), "Column": s.ed.CursorColumn()}))
	setText(b.enc, encodingText(doc))
	setText(b.eol, endingsText(doc))
	setText(b.reading, lang.X("window.status.reading", "Reading: {{.Engine}}",
		map[string]any{"Engine": s.pane.ReadingName()}))
	if t := testsPlaceText(s); b.tests.Text != t {
		b.tests.SetText(t)
	}
}

// placeBeside reports whether the file's test set is kept beside it. In
// the browser the page's storage is asked again only when the file or its
// set's path changed (opening, saving and choosing the place set them),
// not on every key.
func (b *statusBar) placeBeside(s *studio) bool {
	if !onWeb {
		_, place := s.doc.Places.For(s.doc.File.Path)
		return place == session.Beside
	}
	if c := b.place; !c.known || c.path != s.doc.File.Path || c.tests != s.doc.File.TestsPath {
		_, place := s.doc.Places.For(s.doc.File.Path)
		b.place.path, b.place.tests, b.place.known, b.place.beside = s.doc.File.Path, s.doc.File.TestsPath, true, place == session.Beside
	}
	return b.place.beside
}

// cursorMoved follows the editor's cursor in the status bar.
func (s *studio) cursorMoved() {
	if s.bar == nil {
		return
	}
	setText(s.bar.pos, lang.X("window.status.position", "Line {{.Line}}, column {{.Column}}",
		map[string]any{"Line": s.ed.CursorLine(), "Column": s.ed.CursorColumn()}))
}

// setText changes a label only when its text changes (no relayout per key).
func setText(l *widget.Label, t string) {
	if l.Text != t {
		l.SetText(t)
	}
}

// fileStateText is "Saved", "Modified", or for a document never saved
// "New, not saved" (or "Fetched, not saved").
func fileStateText(f *session.File, modified bool) string {
	switch {
	case f.Path == "" && f.Remote != "" && modified:
		return lang.X("window.status.fetched_edited", "Edited, not saved")
	case f.Path == "" && f.Remote != "":
		return lang.X("window.status.fetched", "Fetched, not saved")
	case f.Path == "":
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
func testsPlaceText(s *studio) string {
	if s.doc.File.Path == "" {
		return lang.X("window.status.tests_unsaved", "Test set: saved with the file")
	}
	if s.bar.placeBeside(s) {
		return lang.X("window.status.tests_beside", "Test set: beside the file")
	}
	return lang.X("window.status.tests_app", "Test set: in Robots Studio's folder")
}

// tabTitle is the editor tab's title: the file's name, the host of a
// fetched file, or that the document is new.
func tabTitle(f *session.File) string {
	switch {
	case f.Path != "":
		return filepath.Base(f.Path)
	case f.Remote != "":
		host := f.Remote
		if a, ok := uri.SplitAbsolute(f.Remote); ok {
			host = strings.TrimPrefix(a.Origin(), a.Scheme+"://")
		}
		return lang.X("window.tab.fetched", "robots.txt — {{.Host}}", map[string]any{"Host": host})
	}
	return lang.X("window.tab.new", "robots.txt (new, not saved)")
}
