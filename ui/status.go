package ui

import (
	"fmt"
	"reflect"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/editor"

	"github.com/robots-studio/robots-studio/ui/statusdoc"
)

// statusFile is how the real-window test reads what the window shows: when
// ROBOTS_STUDIO_STATUS names a file, the window writes its title and the
// tester results there after every change.
type statusFile struct {
	path string
	seen statusWatch    // what the last write showed of the watched state
	last *statusdoc.Doc // the last write, whose results a watched change alone reuses
}

// statusWatch is the state no event of the window announces: which widget
// has the keyboard, where the cursor is, whether a dialog is open. While a
// test watches, the window looks at it a few times a second and writes
// the status file when it changed, so the test waits for that instead of
// sleeping.
type statusWatch struct {
	Focus      string
	Line       int
	Dialog     bool
	RowsInView int // the layout's figures change with no event either
	PathChars  int
}

func newStatusFile(path string) *statusFile { return &statusFile{path: path} }

// refreshStatus shows the state in the status bar and writes the status
// file (only when the test asked for one).
func (s *studio) refreshStatus() {
	s.refreshBar()
	if s.status == nil || s.status.path == "" {
		return
	}
	s.status.seen = s.watched()
	set := s.pane.TestSet()
	if set == nil {
		return
	}
	doc := statusdoc.Doc{Title: s.title, File: s.doc.Path(), Modified: s.doc.TextModified(), Tests: s.doc.TestsPath(),
		Focus: s.status.seen.Focus, Line: s.status.seen.Line, Dialog: s.status.seen.Dialog,
		RowsInView: s.status.seen.RowsInView, PathChars: s.status.seen.PathChars, Language: lang.X("i18n.language", "en")}
	if r, ok := windowRect(s.win); ok {
		doc.Outer = &r
	}
	if f := s.pane.Figures(); f.HasThird {
		doc.ThirdRow = [2]int{int(f.ThirdRow.X), int(f.ThirdRow.Y)}
	}
	if s.tabs != nil && s.tabs.Selected() != nil {
		it := s.tabs.Selected()
		doc.Tab = it.Text
	}
	for _, v := range s.pane.Verdicts(s.ed.Document()) {
		r := statusdoc.Result{Crawler: v.Crawler, Path: v.Path, Engine: v.Engine, Allowed: v.Allowed}
		if v.Rule != nil {
			r.Line = v.Rule.Line
		}
		doc.Results = append(doc.Results, r)
	}
	s.status.last = &doc
	s.status.write(&doc)
}

// write writes doc (statusdoc.Write: whole, through a rename); a failed
// write is left for the next change to try again.
func (f *statusFile) write(doc *statusdoc.Doc) {
	statusdoc.Write(f.path, doc)
}

// watched is the watched state now.
func (s *studio) watched() statusWatch {
	f := s.pane.Figures()
	w := statusWatch{Line: s.ed.CursorLine(), RowsInView: f.RowsInView, PathChars: f.PathChars}
	if s.win == nil {
		return w
	}
	c := s.win.Canvas()
	switch f := c.Focused().(type) {
	case nil:
	case *editor.Editor:
		w.Focus = "editor"
	default:
		// An entry, or a widget made of one (the tester's rows), by its
		// placeholder.
		if v := reflect.Indirect(reflect.ValueOf(f)); v.Kind() == reflect.Struct {
			if p := v.FieldByName("PlaceHolder"); p.IsValid() && p.Kind() == reflect.String {
				w.Focus = "entry: " + p.String()
				break
			}
		}
		w.Focus = fmt.Sprintf("%T", f)
	}
	w.Dialog = c.Overlays().Top() != nil
	return w
}

// watchStatus keeps the status file current with the watched state, while
// a test asks for the file.
func (s *studio) watchStatus() {
	if s.status == nil || s.status.path == "" {
		return
	}
	go func() {
		for range time.Tick(50 * time.Millisecond) {
			fyne.DoAndWait(func() {
				w := s.watched()
				switch doc := s.status.last; {
				case w == s.status.seen:
				case doc == nil:
					s.refreshStatus()
				default:
					// Only the watched state changed: the results
					// written last stand (working them out again for
					// thousands of rows would slow the very window a
					// speed test measures).
					s.status.seen = w
					doc.Focus, doc.Line, doc.Dialog = w.Focus, w.Line, w.Dialog
					doc.RowsInView, doc.PathChars = w.RowsInView, w.PathChars
					doc.ThirdRow = [2]int{}
					if f := s.pane.Figures(); f.HasThird {
						doc.ThirdRow = [2]int{int(f.ThirdRow.X), int(f.ThirdRow.Y)}
					}
					s.status.write(doc)
				}
			})
		}
	}()
}
