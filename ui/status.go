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
	e, ok := engine.Get(s.pane.Engine())
	if !ok || set == nil {
		return
	}
	c := e.Compile(s.ed.Document())
	doc := statusDoc{Title: s.title, File: s.file.Path, Modified: s.file.TextModified(s.ed.Bytes()), Tests: s.file.TestsPath}
	for _, crawler := range set.Crawlers {
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
