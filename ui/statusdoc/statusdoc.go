// Package statusdoc is the format of the status file the window writes
// when ROBOTS_STUDIO_STATUS names one: what the real-window tests (make e2e,
// the tour, the Windows build under Wine) read of what the window shows.
// The window writes it (ui/status.go); ui/e2e/statusq, release/wintest
// and release/windowtest read it. No Fyne: the readers build without cgo.
package statusdoc

import (
	"encoding/json"
	"os"
)

// Doc is one write of the status file.
type Doc struct {
	Title    string `json:"title"`
	File     string `json:"file"`
	Modified bool   `json:"modified"`
	Tests    string `json:"tests"` // where the test set is saved
	Tab      string `json:"tab"`   // the title of the tab shown
	Focus    string `json:"focus"` // "editor", "entry: " and its placeholder, or the widget's type
	Line     int    `json:"line"`  // the editor's cursor line
	Dialog   bool   `json:"dialog"`
	Language string `json:"language"` // the language the window speaks: "en", "ru", "pl"
	// Outer is the window's place on the screen with its frame: x, y,
	// width, height in pixels. Only where the system says it (Windows).
	Outer *[4]int `json:"outer,omitempty"`
	// What a picture of the window is checked against: the results
	// table's whole rows in view, and the characters of a path its Path
	// column shows.
	RowsInView int      `json:"rows_in_view"`
	PathChars  int      `json:"path_chars"`
	ThirdRow   [2]int   `json:"third_row"` // a point in the third row in view, in the window
	Results    []Result `json:"results"`
}

// Result is one of the tester's rows: a crawler, a path, the engine that
// read it, the verdict and the line of the rule that decided (0: none).
type Result struct {
	Crawler string `json:"crawler"`
	Path    string `json:"path"`
	Engine  string `json:"engine"`
	Allowed bool   `json:"allowed"`
	Line    int    `json:"line"`
}

// Write writes doc to path through a rename, so a reader never sees half
// a file. No fsync: it is written on every change while a test watches,
// and would cost more than the edit.
func Write(path string, doc *Doc) error {
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// Read reads the status file at path; false when it is not there yet or
// cannot be read as a Doc.
func Read(path string) (Doc, bool) {
	var d Doc
	data, err := os.ReadFile(path)
	if err != nil || json.Unmarshal(data, &d) != nil {
		return Doc{}, false
	}
	return d, true
}
