package ui

import (
	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/editor"
	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/metatag"
	"github.com/robots-studio/robots-studio/tester/mirror"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
	"github.com/robots-studio/robots-studio/ui/aitab"
	"github.com/robots-studio/robots-studio/ui/hostwizard"
	"github.com/robots-studio/robots-studio/ui/logtab"
	"github.com/robots-studio/robots-studio/ui/metatab"
	"github.com/robots-studio/robots-studio/ui/testerpane"
)

// newPane makes a tester pane wired to the window, carrying over the engine,
// the compare switch and the rows of a previous one.
func (s *studio) newPane(engineID string, compare bool, set *testset.Set) *testerpane.Pane {
	p := testerpane.New(s.win)
	p.SetEngine(engineID)
	p.SetCompare(compare)
	if set != nil {
		p.SetTestSet(set)
	}
	p.SetOnSelect(s.selectVerdict)
	p.SetOnTestSetChanged(func() { s.updateTitle(); s.refreshStatus() })
	p.SetOnEngineChanged(func(id string) {
		s.app.Preferences().SetString(prefEngine, id)
		s.win.SetMainMenu(s.menu())
		s.refreshStatus()
	})
	p.SetOnCompareChanged(s.compareChanged)
	return p
}

// robotsCheck lets the meta tag analyser ask whether the open robots.txt
// blocks a page for a crawler (then the crawler never sees the page's tags).
func (s *studio) robotsCheck() metatag.RobotsCheck {
	return metatag.RobotsFromDocument(s.ed.Document())
}

func (s *studio) metaTab() fyne.CanvasObject {
	return metatab.New(s.win, s.robotsCheck)
}

func (s *studio) hostTab() fyne.CanvasObject {
	s.wizard = hostwizard.New(s.win,
		func() []byte { return s.ed.Bytes() },
		func(edits []mirror.Edit) {
			out := make([]editor.Edit, len(edits))
			for i, e := range edits {
				out[i] = editor.Edit{Start: e.Start, End: e.End, Text: e.Text}
			}
			s.ed.ApplyEdits(out)
			s.tabs.SelectIndex(0)
		},
		func(robots []byte, crawler, path string) (bool, string) {
			v := engine.ForCrawler(crawler).Compile(syntax.Parse(robots)).Query(crawler, path)
			return v.Allowed, v.ExplainAll()
		})
	return s.wizard.Object()
}

// aiTab is the AI access view and policy builder; its edits go into the
// editor as one undo step.
func (s *studio) aiTab() fyne.CanvasObject {
	s.ai = aitab.New(s.ed.Document, func(edits []aiaccess.Edit) error {
		out := make([]editor.Edit, len(edits))
		for i, e := range edits {
			out[i] = editor.Edit{Start: e.Start, End: e.End, Text: e.Text}
		}
		return s.ed.ApplyEdits(out)
	})
	return s.ai.Content
}

// logsTab reads access logs; hits are replayed against the saved file, and
// unsaved edits in the editor count as a draft.
func (s *studio) logsTab() fyne.CanvasObject {
	s.logs = logtab.New(s.win, s.logSource, s.testFromLogs)
	return s.logs.Content
}

func (s *studio) logSource() logtab.Source {
	doc := s.ed.Document()
	if s.file.path != "" && s.file.modified(s.ed.Bytes()) {
		return logtab.Source{Robots: syntax.Parse(s.file.disk), Draft: doc}
	}
	return logtab.Source{Robots: doc}
}

// testFromLogs puts a crawler and paths from the Logs tab into the tester
// and, for one path, marks the rule that decides it in the editor.
func (s *studio) testFromLogs(sel logtab.Selection) {
	s.tabs.SelectIndex(0)
	s.pane.AddRows([]string{sel.Crawler}, sel.Paths)
	if len(sel.Paths) != 1 {
		return
	}
	e, ok := engine.Get(sel.Engine)
	if !ok {
		e = engine.ForCrawler(sel.Crawler)
	}
	s.selectVerdict(e.Compile(s.ed.Document()).Query(sel.Crawler, sel.Paths[0]))
}

// logsDropped gives files dropped while the Logs tab is shown to it.
func (s *studio) logsDropped(uris []fyne.URI) bool {
	if s.tabs == nil || s.logs == nil || s.tabs.Selected() != s.tabs.Items[len(s.tabs.Items)-1] {
		return false
	}
	var paths []string
	for _, u := range uris {
		if u.Scheme() == "file" {
			paths = append(paths, u.Path())
		}
	}
	s.logs.AddFiles(paths)
	return true
}

// openLogs reads log files named on the command line after the robots.txt
// (`robots-studio robots.txt access.log…`) in the Logs tab.
func (s *studio) openLogs(paths []string) {
	s.logs.AddFiles(paths)
	s.tabs.SelectIndex(len(s.tabs.Items) - 1)
	s.logs.Start()
}
