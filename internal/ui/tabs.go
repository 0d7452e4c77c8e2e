package ui

import (
	"slices"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/internal/ui/aitab"
	"github.com/robots-studio/robots-studio/internal/ui/hostwizard"
	"github.com/robots-studio/robots-studio/internal/ui/logtab"
	"github.com/robots-studio/robots-studio/internal/ui/metatab"
	"github.com/robots-studio/robots-studio/internal/ui/sitemaptab"
	"github.com/robots-studio/robots-studio/internal/ui/testerpane"
	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/metatag"
	"github.com/robots-studio/robots-studio/tester/mirror"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
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
		s.readingsChanged()
		s.win.SetMainMenu(s.menu())
		s.refreshStatus()
	})
	p.SetOnCompareChanged(s.compareChanged)
	p.SetCompareColumns(compareColumns(s.app.Preferences()))
	p.SetOnColumnsChanged(func() { rememberCompareColumns(s.app.Preferences(), p) })
	s.lintReadings.set(lintChosen(engineID, compare))
	return p
}

// robotsCheck lets the meta tag analyser ask whether the open robots.txt
// blocks a page for a crawler (then the crawler never sees the page's tags).
func (s *studio) robotsCheck() metatag.RobotsCheck {
	return metatag.RobotsFromDocument(s.ed.Document())
}

func (s *studio) metaTab() fyne.CanvasObject {
	s.meta = metatab.New(s.win, s.robotsCheck)
	return s.meta.Content
}

func (s *studio) hostTab() fyne.CanvasObject {
	s.wizard = hostwizard.New(s.win,
		func() []byte { return s.ed.Bytes() },
		func(edits []mirror.Edit) {
			s.ed.ApplyEdits(edits)
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
		return s.ed.ApplyEdits(edits)
	})
	return s.ai.Content
}

// sitemapTab checks sitemaps against the robots.txt in the editor: a
// finding of the robots.txt selects its line, blocked URLs can become tester
// rows, and the builder can start from the tester's paths.
func (s *studio) sitemapTab() fyne.CanvasObject {
	s.sitemaps = sitemaptab.New(sitemaptab.Host{
		Window:      s.win,
		Robots:      func() (string, []byte) { return s.doc.File.Path, s.ed.Bytes() },
		SelectRule:  s.selectLine,
		AddToTester: s.addToTester,
		TesterPaths: func() []string { return s.pane.TestSet().Paths },
	})
	return s.sitemaps.Object()
}

// selectLine shows the robots.txt tab with line n selected in the editor.
func (s *studio) selectLine(n int) {
	doc := s.ed.Document()
	if n < 1 || n > len(doc.Lines) {
		return
	}
	s.tabs.SelectIndex(0)
	l := doc.Line(n)
	s.ed.SetSelection(int(l.Start), int(l.End))
	s.ed.ShowLine(n)
	s.win.Canvas().Focus(s.ed)
}

// addToTester adds a crawler row and path rows the tester does not have yet.
func (s *studio) addToTester(crawler string, paths []string) {
	set := s.pane.TestSet()
	if crawler != "" && !slices.Contains(set.Crawlers, crawler) {
		set.Crawlers = append(set.Crawlers, crawler)
	}
	for _, p := range paths {
		if !slices.Contains(set.Paths, p) {
			set.Paths = append(set.Paths, p)
		}
	}
	s.pane.SetTestSet(set)
	s.updateTitle()
	s.refreshStatus()
	s.tabs.SelectIndex(0)
}

// logsTab reads access logs; hits are replayed against the saved file, and
// unsaved edits in the editor count as a draft.
func (s *studio) logsTab() fyne.CanvasObject {
	s.logs = logtab.New(s.win, s.logSource, s.testFromLogs)
	return s.logs.Content
}

func (s *studio) logSource() logtab.Source {
	doc := s.ed.Document()
	if s.doc.File.Path != "" && s.doc.File.TextModified(s.ed.Bytes()) {
		return logtab.Source{Robots: syntax.Parse(s.doc.File.Disk), Draft: doc}
	}
	return logtab.Source{Robots: doc}
}

// testFromLogs puts a crawler and paths from the Logs tab into the tester
// and, for one path, marks the rule that decides it in the editor.
func (s *studio) testFromLogs(sel logtab.Selection) {
	s.addToTester(sel.Crawler, sel.Paths)
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
	if s.tabs == nil || s.logs == nil || s.tabs.Selected() != s.logsItem {
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
	s.tabs.Select(s.logsItem)
	s.logs.Start()
}
