package sources

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// Defaults are the lists an update reads when it is given none: the
// community list and the operators' range files (each documented on the
// operator's "verify our crawler" page).
var Defaults = []string{
	RobotsJSONURL,
	"https://developers.google.com/static/search/apis/ipranges/googlebot.json",
	"https://developers.google.com/static/search/apis/ipranges/special-crawlers.json",
	"https://developers.google.com/static/search/apis/ipranges/user-triggered-fetchers.json",
	"https://www.bing.com/toolbox/bingbot.json",
	"https://openai.com/gptbot.json",
	"https://openai.com/searchbot.json",
	"https://openai.com/chatgpt-user.json",
	"https://www.perplexity.com/perplexitybot.json",
	"https://search.developer.apple.com/applebot.json",
	"https://index.commoncrawl.org/ccbot.json",
}

// Change is one thing an update changed.
type Change struct {
	Kind   string `json:"kind"` // added, removed-upstream, changed, ranges
	Name   string `json:"name"` // the entry, or the range key
	Field  string `json:"field,omitempty"`
	Old    string `json:"old,omitempty"`
	New    string `json:"new,omitempty"`
	Source string `json:"source"`
}

// Read is one source an update read.
type Read struct {
	Source string `json:"source"`
	Kind   string `json:"kind"` // robots.json, ranges, catalogue
	Items  int    `json:"items"`
	// Skipped is how many names the source repeats (in other letter case):
	// the first of each is read, so two runs read the same.
	Skipped int `json:"skipped,omitempty"`
}

// Report is what an update did.
type Report struct {
	Read    []Read   `json:"read"`
	Changes []Change `json:"changes"`
	Saved   bool     `json:"saved"` // false for a dry run or when nothing changed
	// Repaired are the files the overlay names that were missing or
	// damaged on disk, written again.
	Repaired []string `json:"repaired,omitempty"`
}

// Options tune an update.
type Options struct {
	DryRun bool
	Fetch  fetch.Options    // the network rules for URLs
	Today  func() time.Time // nil: time.Now
}

// SourceError is a source that could not be read: the update changed
// nothing.
type SourceError struct {
	Source string
	Err    error
}

func (e *SourceError) Error() string { return e.Source + ": " + e.Err.Error() }
func (e *SourceError) Unwrap() error { return e.Err }

// Update reads every source (a file or an http(s) URL; Defaults when
// none), merges them into the overlay and saves it unless opts.DryRun.
// Sources are all read first: when one fails, nothing is changed.
func (s Store) Update(ctx context.Context, srcs []string, opts Options) (Report, error) {
	if len(srcs) == 0 {
		srcs = Defaults
	}
	today := time.Now
	if opts.Today != nil {
		today = opts.Today
	}
	day := today().Format("2006-01-02")
	type got struct {
		where string
		data  []byte
	}
	var all []got
	for _, src := range srcs {
		data, err := readSource(ctx, src, opts.Fetch)
		if err != nil {
			return Report{}, &SourceError{src, err}
		}
		all = append(all, got{src, data})
	}
	var cur onDisk
	var err error
	if opts.DryRun {
		cur, err = s.load()
	} else {
		// Sources are read before the store is locked: a slow server never
		// holds up another change.
		var unlock func()
		if unlock, err = s.lock(); err != nil {
			return Report{}, err
		}
		defer unlock()
		cur, err = s.load()
	}
	if err != nil {
		return Report{}, err
	}
	m := newMerger(cloneState(cur.st), day)
	var rep Report
	for _, g := range all {
		r, err := m.merge(g.where, g.data)
		if err != nil {
			return Report{}, &SourceError{g.where, err}
		}
		rep.Read = append(rep.Read, r)
	}
	m.finish()
	rep.Changes = m.changes
	switch {
	case opts.DryRun:
		return rep, nil
	case len(rep.Changes) == 0:
		if cur.data == nil {
			return rep, nil
		}
		// Nothing changed in the sources; what the overlay names is still
		// compared with what is on disk, and repaired.
		rep.Repaired, err = s.commit(cur, cur.st, false)
		return rep, err
	}
	m.st.Updated = day
	if rep.Repaired, err = s.commit(cur, m.st, true); err != nil {
		return Report{}, err
	}
	rep.Saved = true
	return rep, nil
}

// readSource reads a file, or fetches a URL by fetch's rules; anything but
// a complete 2xx answer is an error.
func readSource(ctx context.Context, src string, opts fetch.Options) ([]byte, error) {
	if !fetch.IsURL(src) {
		data, err := readLocal(src, maxBytes(opts))
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				return nil, pe.Err
			}
			return nil, err
		}
		return data, nil
	}
	res, err := fetch.GetURL(ctx, src, opts)
	if err != nil {
		return nil, err
	}
	switch {
	case res.Unreachable:
		return nil, errors.New(res.Failure.String())
	case res.TooMany:
		return nil, msg.Error(msgTooMany, "Max", res.MaxRedirects)
	case res.Status < 200 || res.Status > 299:
		return nil, msg.Error(msgStatus, "Status", res.Status)
	case len(res.Body) >= maxBytes(opts):
		return nil, msg.Error(msgTooBig, "Max", maxBytes(opts))
	}
	return res.Body, nil
}

// readLocal reads a source file of at most max bytes; a file that is not
// regular (a named pipe could block for ever) is refused.
func readLocal(path string, max int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	switch {
	case err != nil:
		return nil, err
	case !st.Mode().IsRegular():
		return nil, msg.Error(msgNotRegular)
	case st.Size() >= int64(max):
		return nil, msg.Error(msgTooBig, "Max", max)
	}
	data, err := io.ReadAll(io.LimitReader(f, int64(max)))
	if err != nil {
		return nil, err
	}
	if len(data) >= max {
		return nil, msg.Error(msgTooBig, "Max", max)
	}
	return data, nil
}

func maxBytes(o fetch.Options) int {
	if o.MaxBytes > 0 && o.MaxBytes < fetch.MaxBody {
		return o.MaxBytes
	}
	return fetch.MaxBody
}

func cloneState(st State) State {
	out := State{Version: 1, Updated: st.Updated, Lists: map[string][]string{}}
	out.Entries = append(out.Entries, st.Entries...)
	for k, v := range st.Lists {
		out.Lists[k] = append([]string(nil), v...)
	}
	out.Ranges = append(out.Ranges, st.Ranges...)
	return out
}

// merger merges sources into a state in time linear in their entries: an
// index by name, and removals marked then dropped once (finish).
type merger struct {
	st      State
	builtin *crawlers.Index
	day     string
	changes []Change
	at      map[string]int    // lower-case name → index in st.Entries
	gone    map[int]bool      // entries removed, dropped by finish
	owner   map[string]string // lower-case name → the list that added it
}

func newMerger(st State, day string) *merger {
	m := &merger{st: st, builtin: crawlers.IndexOf(catalogue.Builtin()), day: day,
		at: map[string]int{}, gone: map[int]bool{}, owner: map[string]string{}}
	for i, e := range st.Entries {
		if _, dup := m.at[strings.ToLower(e.Name)]; !dup {
			m.at[strings.ToLower(e.Name)] = i
		}
	}
	lists := make([]string, 0, len(st.Lists))
	for l := range st.Lists {
		lists = append(lists, l)
	}
	sort.Strings(lists)
	for _, l := range lists {
		for _, n := range st.Lists[l] {
			if _, taken := m.owner[strings.ToLower(n)]; !taken {
				m.owner[strings.ToLower(n)] = l
			}
		}
	}
	return m
}

// finish drops the entries merging removed.
func (m *merger) finish() {
	if len(m.gone) == 0 {
		return
	}
	kept := make([]catalogue.Crawler, 0, len(m.st.Entries)-len(m.gone))
	for i, e := range m.st.Entries {
		if !m.gone[i] {
			kept = append(kept, e)
		}
	}
	m.st.Entries = kept
	m.gone = map[int]bool{}
}

// merge reads one source by its content: ai.robots.txt's robots.json, a
// published range file, or the catalogue's own JSON Lines.
func (m *merger) merge(where string, data []byte) (Read, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return Read{}, msg.Error(msgEmpty)
	}
	switch {
	case isRangeFile(trimmed):
		r, err := ReadRanges(trimmed, where, m.day)
		if err != nil {
			return Read{}, err
		}
		m.mergeRanges(r)
		return Read{Source: where, Kind: "ranges", Items: len(r.Prefixes)}, nil
	case isRobotsJSON(trimmed):
		list, err := ReadRobotsJSON(trimmed, where, m.day)
		if err != nil {
			return Read{}, err
		}
		skipped := m.mergeList(RobotsJSONList, where, list)
		return Read{Source: where, Kind: "robots.json", Items: len(list), Skipped: skipped}, nil
	case trimmed[0] == '{':
		list, err := ReadJSONLines(trimmed, where, m.day)
		if err != nil && !json.Valid(bytes.SplitN(trimmed, []byte("\n"), 2)[0]) {
			return Read{}, msg.Error(msgUnknownFormatWhy, "Err", err.Error())
		}
		if err != nil {
			return Read{}, err
		}
		skipped := m.mergeList(where, where, list)
		return Read{Source: where, Kind: "catalogue", Items: len(list), Skipped: skipped}, nil
	}
	return Read{}, msg.Error(msgUnknownFormat)
}

func (m *merger) find(name string) int {
	if i, ok := m.at[strings.ToLower(name)]; ok && !m.gone[i] {
		return i
	}
	return -1
}

// mergeList merges one list's entries: a name the built-in catalogue
// already recognises adds nothing; a new name is added; a name this list
// added before is compared field by field; a name it added that is gone
// from it is removed. The user's own entries are never touched, nor an
// entry another list added (the first list to add a name keeps it, so two
// lists that disagree do not undo each other on every run). A name the
// list repeats (in other letter case) is read once: the first. It returns
// how many it skipped.
func (m *merger) mergeList(list, where string, entries []catalogue.Crawler) int {
	var names []string
	now := map[string]bool{}
	skipped := 0
	for _, c := range entries {
		k := strings.ToLower(c.Name)
		if now[k] {
			skipped++
			continue
		}
		if _, known := m.builtin.Recognise(c.Name); known {
			continue
		}
		if o, ok := m.owner[k]; ok && o != list {
			continue
		}
		names = append(names, c.Name)
		now[k] = true
		i := m.find(c.Name)
		switch {
		case i < 0:
			m.at[k] = len(m.st.Entries)
			m.st.Entries = append(m.st.Entries, c)
			m.owner[k] = list
			m.changes = append(m.changes, Change{Kind: "added", Name: c.Name, Source: where})
		case m.st.Entries[i].Origin == catalogue.FromUpdate:
			m.owner[k] = list
			m.changeFields(i, c, where)
		}
	}
	for _, old := range m.st.Lists[list] {
		k := strings.ToLower(old)
		if now[k] {
			continue
		}
		if m.owner[k] == list {
			delete(m.owner, k)
		}
		if i := m.find(old); i >= 0 && m.st.Entries[i].Origin == catalogue.FromUpdate {
			m.gone[i] = true
			m.changes = append(m.changes, Change{Kind: "removed-upstream", Name: old, Source: where})
		}
	}
	sort.Strings(names)
	if m.st.Lists == nil {
		m.st.Lists = map[string][]string{}
	}
	m.st.Lists[list] = names
	return skipped
}

// changeFields compares the fields a list states; a changed one is taken,
// with its claim dated today. Unchanged fields keep their earlier dates, so
// an update run twice changes nothing.
func (m *merger) changeFields(i int, c catalogue.Crawler, where string) {
	old := m.st.Entries[i]
	quote := func(q *catalogue.Quote) string {
		if q == nil {
			return ""
		}
		return q.Text
	}
	fields := []struct{ name, old, new string }{
		{"operator", old.Operator, c.Operator},
		{"purpose", string(old.Purpose), string(c.Purpose)},
		{"robots_txt", string(old.RobotsTxt), string(c.RobotsTxt)},
		{"tokens", strings.Join(old.Tokens, " "), strings.Join(c.Tokens, " ")},
		{"ua_patterns", strings.Join(old.UAPatterns, " "), strings.Join(c.UAPatterns, " ")},
		{"description", quote(old.Quote), quote(c.Quote)},
	}
	changed := false
	for _, f := range fields {
		if f.old != f.new {
			changed = true
			m.changes = append(m.changes, Change{Kind: "changed", Name: c.Name, Field: f.name, Old: f.old, New: f.new, Source: where})
		}
	}
	if changed {
		m.st.Entries[i] = c
	}
}

// mergeRanges replaces the ranges of the same key and source.
func (m *merger) mergeRanges(r Ranges) {
	for i, o := range m.st.Ranges {
		if o.Key == r.Key && o.Source == r.Source {
			added, removed := diffSets(o.Prefixes, r.Prefixes)
			if added+removed == 0 && o.Created == r.Created {
				return
			}
			m.st.Ranges[i] = r
			m.changes = append(m.changes, Change{Kind: "ranges", Name: r.Key, Field: "prefixes",
				Old: fmt.Sprint(len(o.Prefixes)), New: fmt.Sprintf("%d (+%d −%d)", len(r.Prefixes), added, removed), Source: r.Source})
			return
		}
	}
	m.st.Ranges = append(m.st.Ranges, r)
	m.changes = append(m.changes, Change{Kind: "ranges", Name: r.Key, Field: "prefixes", New: fmt.Sprint(len(r.Prefixes)), Source: r.Source})
}

func diffSets(a, b []string) (added, removed int) {
	in := map[string]bool{}
	for _, x := range a {
		in[x] = true
	}
	for _, x := range b {
		if !in[x] {
			added++
		}
		delete(in, x)
	}
	return added, len(in)
}

// jsonLine is one line of the catalogue's JSON Lines: an entry as
// `crawlers --json` prints it, whose "verify" (worked out from the entry)
// is not read back.
type jsonLine struct {
	catalogue.Crawler
	Verify *catalogue.Verification `json:"verify"`
}

// ReadJSONLines reads the catalogue's own JSON Lines, what `crawlers
// --json` prints: one entry per line. Every field is checked against what
// the catalogue knows (an unknown field, engine, purpose or robots.txt
// behaviour is refused with its line), and a name twice in the list (in
// any letter case) is refused. The entries count as read from where on
// day read.
func ReadJSONLines(data []byte, where, read string) ([]catalogue.Crawler, error) {
	var out []catalogue.Crawler
	lineOf := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var l jsonLine
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&l); err != nil {
			return nil, msg.Error(msgLine, "Line", n, "Err", err.Error())
		}
		c := l.Crawler
		if err := checkListed(c); err != nil {
			return nil, msg.Error(msgLine, "Line", n, "Err", err.Error())
		}
		k := strings.ToLower(strings.TrimSpace(c.Name))
		if first, dup := lineOf[k]; dup {
			return nil, msg.Error(msgLine, "Line", n, "Err", msg.New(msgTwice, "Name", c.Name, "First", first).String())
		}
		lineOf[k] = n
		if len(out) == MaxEntries {
			return nil, msg.Error(msgTooManyEntries, "Max", MaxEntries)
		}
		c.Name = strings.TrimSpace(c.Name)
		c.Origin = catalogue.FromUpdate
		c.Token = ""
		c.Claims = []catalogue.Claim{{Field: "entry", Source: where, Read: read}}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, msg.Error(msgNoEntries)
	}
	return out, nil
}

// checkListed checks every field of an entry a list gives against the
// values the catalogue knows.
func checkListed(c catalogue.Crawler) error {
	if err := catalogue.Check(c); err != nil {
		return err
	}
	if c.Engine != "" && !slices.Contains(engine.IDs(), c.Engine) {
		return msg.Error(msgBadEngine, "Name", c.Name, "Engine", c.Engine, "Known", strings.Join(engine.IDs(), ", "))
	}
	if c.RobotsTxt != "" && !slices.Contains(catalogue.Behaviours, c.RobotsTxt) {
		known := make([]string, len(catalogue.Behaviours))
		for i, b := range catalogue.Behaviours {
			known[i] = string(b)
		}
		return msg.Error(msgBadBehaviour, "Name", c.Name, "Value", string(c.RobotsTxt), "Known", strings.Join(known, ", "))
	}
	switch c.Origin {
	case catalogue.BuiltIn, catalogue.FromUpdate, catalogue.FromUser:
	default:
		return msg.Error(msgBadField, "Name", c.Name, "Field", "origin", "Value", string(c.Origin))
	}
	for _, p := range c.UAPatterns {
		if strings.TrimSpace(p) == "" || strings.ContainsFunc(p, unicode.IsControl) {
			return msg.Error(msgBadField, "Name", c.Name, "Field", "ua_patterns", "Value", p)
		}
	}
	for _, src := range c.Sources {
		if !fetch.IsURL(src.URL) {
			return msg.Error(msgBadField, "Name", c.Name, "Field", "sources", "Value", src.URL)
		}
		if _, err := time.Parse("2006-01-02", src.Checked); src.Checked != "" && err != nil {
			return msg.Error(msgBadField, "Name", c.Name, "Field", "checked", "Value", src.Checked)
		}
	}
	for _, r := range c.RangeFiles {
		if !fetch.IsURL(r) {
			return msg.Error(msgBadField, "Name", c.Name, "Field", "range_files", "Value", r)
		}
	}
	for lang := range c.Note {
		if lang != "en" && lang != "ru" && lang != "pl" {
			return msg.Error(msgBadField, "Name", c.Name, "Field", "note", "Value", lang)
		}
	}
	return nil
}
