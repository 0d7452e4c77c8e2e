// Package testset is the test set of a robots.txt file: the crawlers and
// paths a user checks in the tester, and the verdicts they expect from given
// engines. Its file is FILENAME.tests.json: beside the robots file when the
// webmaster keeps it there (with the file, in version control), else in the
// app's own folder (internal/session decides where); both the window and
// `robots-studio test --suite` read the same format.
package testset

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"

	"github.com/robots-studio/robots-studio/tester/textfile"
)

// Version is the format version this package writes. Files with a higher
// version are refused rather than half-read.
const Version = 1

// Suffix is appended to the robots file's name to name its test set.
const Suffix = ".tests.json"

// Set is a test set. Crawlers and Paths are the tester's rows in the user's
// order; every (crawler, path) pair is a result row. Expect holds the
// verdicts the user pinned down, per engine.
type Set struct {
	Version  int           `json:"version"`
	Crawlers []string      `json:"crawlers"`
	Paths    []string      `json:"paths"`
	Expect   []Expectation `json:"expect"`
	// Columns are the widths the user gave the tester's columns by
	// dragging, in pixels at the standard text size, by column name
	// ("path", "rule"; in Compare "compare.path", "compare.google"). Left
	// out of the file while the user has widened none.
	Columns map[string]float64 `json:"columns,omitempty"`
}

// Expectation is one pinned verdict: Engine must answer Allowed for Crawler
// fetching Path.
type Expectation struct {
	Crawler string `json:"crawler"`
	Path    string `json:"path"`
	Engine  string `json:"engine"`
	Allowed bool   `json:"allowed"`
}

// New returns an empty set of the current version.
func New() *Set { return &Set{Version: Version} }

// PathFor names the test set of the robots file at robotsPath.
func PathFor(robotsPath string) string { return robotsPath + Suffix }

// ErrNewerVersion is returned for files written by a newer Robots Studio.
var ErrNewerVersion = errors.New("test set written by a newer version")

// Parse decodes a test set. A missing version is read as version 1 (files
// written by hand); unknown fields are errors, so a misspelt "expects" does
// not silently turn a CI check into a no-op.
func Parse(data []byte) (*Set, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	s := &Set{}
	if err := dec.Decode(s); err != nil {
		return nil, fmt.Errorf("not a valid test set: %w", err)
	}
	if dec.More() {
		return nil, errors.New("not a valid test set: text after the JSON object")
	}
	switch {
	case s.Version == 0:
		s.Version = Version
	case s.Version > Version:
		return nil, fmt.Errorf("%w (version %d; this one reads version %d)", ErrNewerVersion, s.Version, Version)
	case s.Version < 0:
		return nil, fmt.Errorf("not a valid test set: version %d", s.Version)
	}
	return s, nil
}

// Load reads the test set at path.
func Load(path string) (*Set, error) {
	// The same limits as a robots.txt: no pipes, devices or unbounded reads.
	data, err := textfile.Load(path, nil)
	if err != nil {
		return nil, fmt.Errorf("read test set: %w", err)
	}
	s, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// Marshal encodes s as indented JSON with a final newline. The output is
// stable: the same set always gives the same bytes (expectations sorted by
// row order, then engine), so test sets diff cleanly in version control.
func (s *Set) Marshal() []byte {
	out := s.Clone()
	out.Version = Version
	if out.Crawlers == nil {
		out.Crawlers = []string{}
	}
	if out.Paths == nil {
		out.Paths = []string{}
	}
	if out.Expect == nil {
		out.Expect = []Expectation{}
	}
	out.sortExpectations()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		panic("testset: encode: " + err.Error()) // strings and bools always encode
	}
	return b.Bytes()
}

// Save writes s to path atomically.
func Save(path string, s *Set) error {
	return textfile.WriteAtomic(path, s.Marshal())
}

// Clone returns a deep copy of s.
func (s *Set) Clone() *Set {
	if s == nil {
		return New()
	}
	return &Set{
		Version:  s.Version,
		Crawlers: slices.Clone(s.Crawlers),
		Paths:    slices.Clone(s.Paths),
		Expect:   slices.Clone(s.Expect),
		Columns:  maps.Clone(s.Columns),
	}
}

func (s *Set) sortExpectations() {
	rank := func(list []string, v string) int {
		if i := slices.Index(list, v); i >= 0 {
			return i
		}
		return len(list)
	}
	sort.SliceStable(s.Expect, func(i, j int) bool {
		a, b := s.Expect[i], s.Expect[j]
		if ra, rb := rank(s.Crawlers, a.Crawler), rank(s.Crawlers, b.Crawler); ra != rb {
			return ra < rb
		}
		if a.Crawler != b.Crawler {
			return a.Crawler < b.Crawler
		}
		if ra, rb := rank(s.Paths, a.Path), rank(s.Paths, b.Path); ra != rb {
			return ra < rb
		}
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		return a.Engine < b.Engine
	})
}

// Expected returns the pinned verdict for (crawler, path, engine).
func (s *Set) Expected(crawler, path, engineID string) (allowed, ok bool) {
	for _, e := range s.Expect {
		if e.Crawler == crawler && e.Path == path && e.Engine == engineID {
			return e.Allowed, true
		}
	}
	return false, false
}

// SetExpected pins the verdict of engineID for (crawler, path), replacing
// any earlier one.
func (s *Set) SetExpected(crawler, path, engineID string, allowed bool) {
	for i, e := range s.Expect {
		if e.Crawler == crawler && e.Path == path && e.Engine == engineID {
			s.Expect[i].Allowed = allowed
			return
		}
	}
	s.Expect = append(s.Expect, Expectation{Crawler: crawler, Path: path, Engine: engineID, Allowed: allowed})
}

// ClearExpected removes the pinned verdict of engineID for (crawler, path).
func (s *Set) ClearExpected(crawler, path, engineID string) {
	s.Expect = slices.DeleteFunc(s.Expect, func(e Expectation) bool {
		return e.Crawler == crawler && e.Path == path && e.Engine == engineID
	})
}

// RenameCrawler moves the expectations of crawler old to new, as when the
// user edits a crawler row. Expectations already pinned for new win.
func (s *Set) RenameCrawler(old, new string) {
	s.rename(old, new, func(e *Expectation) *string { return &e.Crawler })
}

// RenamePath moves the expectations of path old to new.
func (s *Set) RenamePath(old, new string) {
	s.rename(old, new, func(e *Expectation) *string { return &e.Path })
}

func (s *Set) rename(old, new string, field func(*Expectation) *string) {
	if old == new {
		return
	}
	key := func(e Expectation) Expectation {
		e.Allowed = false
		*field(&e) = new
		return e
	}
	taken := map[Expectation]bool{}
	for _, e := range s.Expect {
		if *field(&e) == new {
			taken[key(e)] = true
		}
	}
	s.Expect = slices.DeleteFunc(s.Expect, func(e Expectation) bool {
		return *field(&e) == old && taken[key(e)]
	})
	for i := range s.Expect {
		if f := field(&s.Expect[i]); *f == old {
			*f = new
		}
	}
}

// DropCrawler removes the expectations of crawler.
func (s *Set) DropCrawler(crawler string) {
	s.Expect = slices.DeleteFunc(s.Expect, func(e Expectation) bool { return e.Crawler == crawler })
}

// DropPath removes the expectations of path.
func (s *Set) DropPath(path string) {
	s.Expect = slices.DeleteFunc(s.Expect, func(e Expectation) bool { return e.Path == path })
}

// AddMissingRows appends to Crawlers and Paths every crawler and path an
// expectation names but no row shows, so that nothing the suite checks is
// hidden from the user.
func (s *Set) AddMissingRows() {
	for _, e := range s.Expect {
		if !slices.Contains(s.Crawlers, e.Crawler) {
			s.Crawlers = append(s.Crawlers, e.Crawler)
		}
		if !slices.Contains(s.Paths, e.Path) {
			s.Paths = append(s.Paths, e.Path)
		}
	}
}
