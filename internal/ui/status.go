package ui

import (
	"encoding/json"
	"os"

	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
)

// statusFile is how the real-window test reads what the window shows: when
// ROBOTS_STUDIO_STATUS names a file, the window writes its title and the
// tester results there after every change.
type statusFile struct{ path string }

type statusResult struct {
	Crawler string `json:"crawler"`
	Path    string `json:"path"`
	Engine  string `json:"engine"`
	Allowed bool   `json:"allowed"`
	Line    int    `json:"line"`
}

type statusDoc struct {
	Title    string         `json:"title"`
	File     string         `json:"file"`
	Modified bool           `json:"modified"`
	Tests    string         `json:"tests"` // where the test set is saved
	Tab      string         `json:"tab"`   // the title of the tab shown
	Results  []statusResult `json:"results"`
}

func newStatusFile(path string) *statusFile { return &statusFile{path: path} }

// refreshStatus shows the state in the status bar and writes the status
// file (only when the test asked for one).
func (s *studio) refreshStatus() {
	s.refreshBar()
	if s.status == nil || s.status.path == "" {
		return
	}
	set := s.pane.TestSet()
	if set == nil {
		return
	}
	doc := statusDoc{Title: s.title, File: s.doc.File.Path, Modified: s.doc.File.TextModified(s.ed.Bytes()), Tests: s.doc.File.TestsPath}
	if s.tabs != nil && s.tabs.Selected() != nil {
		it := s.tabs.Selected()
		doc.Tab = it.Text
	}
	compiled := map[string]engine.Compiled{}
	for _, crawler := range set.Crawlers {
		// the engine that reads this crawler (under "each crawler's own"
		// it depends on the crawler)
		id := s.pane.EngineFor(crawler)
		c, ok := compiled[id]
		if !ok {
			e, found := engine.Get(id)
			if !found {
				continue
			}
			c = e.Compile(s.ed.Document())
			compiled[id] = c
		}
		for _, path := range set.Paths {
			v := aiaccess.QueryResolved(c, crawlers.Resolve(crawler), path)
			r := statusResult{Crawler: crawler, Path: path, Engine: v.Engine, Allowed: v.Allowed}
			if v.Rule != nil {
				r.Line = v.Rule.Line
			}
			doc.Results = append(doc.Results, r)
		}
	}
	data, _ := json.MarshalIndent(doc, "", "  ")
	// Written on every change while a test watches: a rename keeps readers
	// from seeing half a file; no fsync, which would cost more than the edit.
	tmp := s.status.path + ".tmp"
	if os.WriteFile(tmp, data, 0o644) == nil {
		os.Rename(tmp, s.status.path)
	}
}
