package accesslog

import (
	"bufio"
	"cmp"
	"compress/gzip"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// A Summary is a Report in a form that can be stored and merged: the
// running counters of one shard of a log (every count the report prints,
// the distinct-path sketches, the top-N candidates with their error bound,
// first and last seen). Merge turns any number of them into the Report one
// Analyze over all the shards (in the same order) would give: the additive
// figures exactly, the distinct-path counts exactly too (an exact set, or
// the same HyperLogLog registers), the top-N lists within the bound they
// carry.
type Summary struct {
	Kind        string       `json:"kind"` // SummaryKind
	Version     int          `json:"version"`
	Robots      string       `json:"robots,omitempty"` // SHA-256 of the robots.txt in force, "" for none
	Draft       string       `json:"draft,omitempty"`  // SHA-256 of the draft, "" for none
	Verified    bool         `json:"verified"`         // identities were checked
	Files       []string     `json:"files"`
	Formats     []string     `json:"formats"`
	NoUserAgent bool         `json:"no_user_agent,omitempty"`
	ReadError   string       `json:"read_error,omitempty"` // reading stopped here; the figures cover the lines before
	Bytes       int64        `json:"bytes"`
	Lines       int64        `json:"lines"`
	Blank       int64        `json:"blank"`
	Malformed   int64        `json:"malformed"`
	MalformedAt [][2]int     `json:"malformed_at,omitempty"` // [file, line]
	NoRequest   int64        `json:"no_request"`
	OtherHits   int64        `json:"other_hits"`
	CrawlerHits int64        `json:"crawler_hits"`
	Bucket      int64        `json:"bucket_seconds"`
	Paths       sumTop       `json:"paths"`
	Rows        []summaryRow `json:"rows"`
	UnknownRows int          `json:"unknown_rows"`
}

// SummaryKind and SummaryVersion name the format; Merge refuses others.
const (
	SummaryKind    = "robots-studio logs summary"
	SummaryVersion = 1
)

type summaryRow struct {
	Kind          Kind            `json:"k"`
	Name          string          `json:"name"`
	Token         string          `json:"token"`
	Engine        string          `json:"engine"`
	Verified      Verification    `json:"ver"`
	Hits          int64           `json:"hits"`
	Exact         []byte          `json:"exact,omitempty"` // the distinct path hashes while few, 8 bytes each (little-endian)
	Registers     []byte          `json:"hll,omitempty"`   // else the HyperLogLog registers
	First         *Stamp          `json:"first,omitempty"`
	Last          *Stamp          `json:"last,omitempty"`
	RobotsFetches map[int]int64   `json:"robots_fetches,omitempty"`
	Disallowed    int64           `json:"disallowed"`
	NewlyBlocked  int64           `json:"newly_blocked"`
	NewlyAllowed  int64           `json:"newly_allowed"`
	Draft         []summaryRule   `json:"draft,omitempty"`
	Buckets       [][3]int64      `json:"buckets,omitempty"` // start, hits, disallowed
	Own           sumTop          `json:"own"`
	Dis           sumTop          `json:"dis"`
	DisVal        []summaryDisVal `json:"dis_val,omitempty"` // one per Dis item, same order
}

type summaryRule struct {
	Line     int    `json:"line"` // 0: no rule
	Text     string `json:"text,omitempty"`
	Allow    bool   `json:"allow,omitempty"`
	InRobots bool   `json:"in_robots,omitempty"`
	Blocked  int64  `json:"blocked"`
	Allowed  int64  `json:"allowed"`
}

type summaryDisVal struct {
	Rule  *summaryRule `json:"rule,omitempty"`
	Lines [][2]int     `json:"lines"`
}

// sumTop is a topCounter's items (key and count) and the sum of the counts
// it dropped.
type sumTop struct {
	Keys   []string `json:"keys"`
	Counts []int64  `json:"counts"`
	Lost   int64    `json:"lost,omitempty"`
}

// Fingerprint is what a Summary records of a robots.txt: the SHA-256 of its
// bytes ("" for none), so shards read against other files are not merged.
func Fingerprint(d *syntax.Document) string {
	if d == nil {
		return ""
	}
	s := sha256.Sum256(d.Src)
	return hex.EncodeToString(s[:])
}

// Summary returns r's counters as a Summary (after Analyze). o is the
// options r was made with; readErr, when not nil, is the error that
// stopped the reading.
func (r *Report) Summary(o Options, readErr error) *Summary {
	s := &Summary{Kind: SummaryKind, Version: SummaryVersion, Robots: Fingerprint(o.Robots), Draft: Fingerprint(o.Draft),
		Verified: o.Verifier.Active(), Files: r.Files, Formats: r.Formats, NoUserAgent: r.NoUserAgent,
		Bytes: r.Bytes, Lines: r.Lines, Blank: r.Blank, Malformed: r.Malformed, NoRequest: r.NoRequest,
		OtherHits: r.OtherHits, CrawlerHits: r.CrawlerHits, Bucket: r.BucketSeconds, Paths: topOut(r.paths, nil),
		UnknownRows: r.unknownRows}
	if readErr != nil {
		s.ReadError = readErr.Error()
	}
	for _, m := range r.MalformedAt {
		s.MalformedAt = append(s.MalformedAt, [2]int{m.File, m.Line})
	}
	// Rows in the order of their first hit, so Merge meets the rows of
	// unknown bots in the order one pass would.
	for _, c := range r.order {
		row := summaryRow{Kind: c.Kind, Name: c.Name, Token: c.Token, Engine: c.Engine, Verified: c.Verified, Hits: c.Hits,
			First: stampPtr(c.First), Last: stampPtr(c.Last), RobotsFetches: c.RobotsFetches, Disallowed: c.Disallowed,
			NewlyBlocked: c.NewlyBlocked, NewlyAllowed: c.NewlyAllowed, Registers: c.distinct.regs}
		// Map contents in a fixed order: the same shard gives the same bytes.
		hashes := make([]uint64, 0, len(c.distinct.exact))
		for h := range c.distinct.exact {
			hashes = append(hashes, h)
		}
		slices.Sort(hashes)
		for _, h := range hashes {
			row.Exact = binary.LittleEndian.AppendUint64(row.Exact, h)
		}
		for _, rc := range c.draft {
			row.Draft = append(row.Draft, ruleOut(rc.Rule, rc.InRobots, rc.Blocked, rc.Allowed))
		}
		slices.SortFunc(row.Draft, func(a, b summaryRule) int {
			if a.Line != b.Line {
				return cmp.Compare(a.Line, b.Line)
			}
			return cmp.Compare(btoi(a.InRobots), btoi(b.InRobots))
		})
		for _, b := range c.buckets {
			row.Buckets = append(row.Buckets, [3]int64{b.Start, b.Hits, b.Disallowed})
		}
		slices.SortFunc(row.Buckets, func(a, b [3]int64) int { return cmp.Compare(a[0], b[0]) })
		row.Own = topOut(c.ownPaths, nil)
		row.Dis = topOut(c.disallowed, func(v disallowedVal) {
			d := summaryDisVal{Lines: [][2]int{}}
			if v.rule != nil {
				sr := ruleOut(v.rule, false, 0, 0)
				d.Rule = &sr
			}
			for _, l := range v.lines() {
				d.Lines = append(d.Lines, [2]int{l.File, l.Line})
			}
			row.DisVal = append(row.DisVal, d)
		})
		s.Rows = append(s.Rows, row)
	}
	return s
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func stampPtr(s Stamp) *Stamp {
	if !s.Valid {
		return nil
	}
	return &s
}

func ruleOut(r *engine.Rule, inRobots bool, blocked, allowed int64) summaryRule {
	out := summaryRule{InRobots: inRobots, Blocked: blocked, Allowed: allowed}
	if r != nil {
		out.Line, out.Text, out.Allow = r.Line, r.Text, r.Allow
	}
	return out
}

// topOut lists a counter's items in key order (so a summary is the same
// bytes for the same log) and gives each value to val in that order.
func topOut[V any](t *topCounter[V], val func(V)) sumTop {
	out := sumTop{Keys: []string{}, Counts: []int64{}, Lost: t.lost}
	for _, it := range t.sorted() {
		out.Keys = append(out.Keys, it.Key)
		out.Counts = append(out.Counts, it.Count)
		if val != nil {
			val(it.Val)
		}
	}
	return out
}

// WriteSummary writes s as one line of JSON, so a pipe stage that reads
// text (Spark's RDD.pipe) can carry it; compressed with gzip it shrinks to
// about a third, and ReadSummary reads it either way.
func WriteSummary(w io.Writer, s *Summary) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(s)
}

// ReadSummary reads one summary written by WriteSummary, plain or
// gzip-compressed; name is for the error messages.
func ReadSummary(r io.Reader, name string) (*Summary, error) {
	br := bufio.NewReader(r)
	var in io.Reader = br
	if head, _ := br.Peek(2); len(head) == 2 && head[0] == 0x1f && head[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("%s: not a logs summary (%v)", name, err)
		}
		in = zr
	}
	var s Summary
	dec := json.NewDecoder(in)
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("%s: not a logs summary (%v)", name, err)
	}
	if s.Kind != SummaryKind {
		return nil, fmt.Errorf("%s: not a logs summary (written by robots-studio logs --partial)", name)
	}
	if s.Version != SummaryVersion {
		return nil, fmt.Errorf("%s: logs summary version %d; this robots-studio reads version %d", name, s.Version, SummaryVersion)
	}
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("%s: damaged logs summary: %v", name, err)
	}
	return &s, nil
}

// check rejects a summary whose parts do not fit together, so Merge never
// indexes out of range.
func (s *Summary) check() error {
	files := len(s.Files)
	ref := func(l [2]int) error {
		if l[0] < 0 || l[0] >= files || l[1] < 0 {
			return fmt.Errorf("line reference %v outside its %d files", l, files)
		}
		return nil
	}
	for _, m := range s.MalformedAt {
		if err := ref(m); err != nil {
			return err
		}
	}
	if len(s.Paths.Keys) != len(s.Paths.Counts) {
		return errors.New("paths: keys and counts differ in length")
	}
	okWidth := false
	for _, w := range bucketWidths {
		okWidth = okWidth || w == s.Bucket
	}
	if !okWidth {
		return fmt.Errorf("bucket width %d", s.Bucket)
	}
	for i := range s.Rows {
		r := &s.Rows[i]
		if len(r.Own.Keys) != len(r.Own.Counts) || len(r.Dis.Keys) != len(r.Dis.Counts) || len(r.Dis.Keys) != len(r.DisVal) {
			return fmt.Errorf("row %q: keys and counts differ in length", r.Name)
		}
		if len(r.Exact)%8 != 0 {
			return fmt.Errorf("row %q: %d bytes of hashes, not a multiple of 8", r.Name, len(r.Exact))
		}
		if r.Registers != nil && len(r.Registers) != 1<<hllBits {
			return fmt.Errorf("row %q: %d sketch registers, not %d", r.Name, len(r.Registers), 1<<hllBits)
		}
		for _, d := range r.DisVal {
			for _, l := range d.Lines {
				if err := ref(l); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// Merge turns summaries (of shards in log order) into the report one
// Analyze over all of them would give. It fails when they were made
// against different robots.txt files or drafts, or with and without
// identity checks.
func Merge(sums []*Summary) (*Report, error) {
	if len(sums) == 0 {
		return nil, errors.New("no summaries")
	}
	first := sums[0]
	r := &Report{HasRobots: first.Robots != "", HasDraft: first.Draft != "", rows: map[rowKey]*CrawlerStats{},
		paths: newTop[struct{}](keepPaths), BucketSeconds: bucketWidths[0], Summaries: len(sums)}
	for i, s := range sums {
		if s.Robots != first.Robots || s.Draft != first.Draft || s.Verified != first.Verified {
			return nil, fmt.Errorf("summary %d was made with another robots.txt, draft or identity check than summary 1", i+1)
		}
	}
	rules := map[summaryRule]*engine.Rule{} // one *Rule per line, as in a compiled file
	rule := func(sr *summaryRule) *engine.Rule {
		if sr == nil || sr.Line == 0 {
			return nil
		}
		k := summaryRule{Line: sr.Line, Text: sr.Text, Allow: sr.Allow}
		if p, ok := rules[k]; ok {
			return p
		}
		p := &engine.Rule{Line: sr.Line, Text: sr.Text, Allow: sr.Allow}
		rules[k] = p
		return p
	}
	for _, s := range sums {
		base := len(r.Files)
		r.Files = append(r.Files, s.Files...)
		r.Formats = append(r.Formats, s.Formats...)
		r.NoUserAgent = r.NoUserAgent || s.NoUserAgent
		if s.ReadError != "" {
			r.ReadErrors = append(r.ReadErrors, s.ReadError)
		}
		r.Bytes += s.Bytes
		r.merge(s.part(base, rule))
	}
	r.finish()
	return r, nil
}

// part makes s back into the report it was written from, to be merged;
// its line references are to files from base on, rule gives each rule
// line one *Rule.
func (s *Summary) part(base int, rule func(*summaryRule) *engine.Rule) *Report {
	at := func(l [2]int) LineRef { return LineRef{File: base + l[0], Line: l[1]} }
	p := &Report{Lines: s.Lines, Blank: s.Blank, Malformed: s.Malformed, NoRequest: s.NoRequest, OtherHits: s.OtherHits,
		CrawlerHits: s.CrawlerHits, BucketSeconds: s.Bucket, paths: topFrom[struct{}](s.Paths, nil), part: true}
	for _, m := range s.MalformedAt {
		p.MalformedAt = append(p.MalformedAt, at(m))
	}
	for i := range s.Rows {
		sr := &s.Rows[i]
		c := newStats(Identity{Kind: sr.Kind, Name: sr.Name, Token: sr.Token, Engine: sr.Engine}, sr.Verified)
		c.Hits, c.Disallowed, c.NewlyBlocked, c.NewlyAllowed = sr.Hits, sr.Disallowed, sr.NewlyBlocked, sr.NewlyAllowed
		for j := 0; j+8 <= len(sr.Exact); j += 8 {
			c.distinct.add(binary.LittleEndian.Uint64(sr.Exact[j:]))
		}
		if sr.Registers != nil {
			c.distinct.union(sr.Registers)
		}
		if sr.First != nil {
			c.First = *sr.First
		}
		if sr.Last != nil {
			c.Last = *sr.Last
		}
		for st, n := range sr.RobotsFetches {
			c.RobotsFetches[st] += n
		}
		for j := range sr.Draft {
			d := &sr.Draft[j]
			c.ruleCount(ruleKey{rule(d), d.InRobots}).add(d.Blocked, d.Allowed)
		}
		for _, b := range sr.Buckets {
			addBucket(c.buckets, b[0], b[1], b[2])
		}
		c.ownPaths = topFrom[struct{}](sr.Own, nil)
		c.disallowed = topFrom(sr.Dis, func(j int) disallowedVal {
			d := sr.DisVal[j]
			v := disallowedVal{rule: rule(d.Rule)}
			for _, l := range d.Lines {
				v.add(at(l))
			}
			return v
		})
		p.order = append(p.order, c)
	}
	return p
}

func (r *Report) tooManyBuckets() bool {
	for _, c := range r.rows {
		if len(c.buckets) > maxBuckets {
			return true
		}
	}
	return false
}

// topFrom is a summary's top list as a part's counter; val, when set,
// gives item j's value.
func topFrom[V any](s sumTop, val func(j int) V) *topCounter[V] {
	t := newPartTop[V]()
	t.lost = s.Lost
	for j, key := range s.Keys {
		it := t.items[key]
		if it == nil {
			it = &topItem[V]{Key: key}
			t.items[key] = it
		}
		it.Count += s.Counts[j]
		if val != nil {
			it.Val = val(j)
		}
	}
	return t
}

// union adds another sketch's registers (the sketch of the union of the
// two sets of paths).
func (d *distinct) union(regs []uint8) {
	if d.regs == nil {
		d.regs = make([]uint8, 1<<hllBits)
		for x := range d.exact {
			d.addHLL(x)
		}
		d.exact = nil
	}
	for i, v := range regs {
		if v > d.regs[i] {
			d.regs[i] = v
		}
	}
}
