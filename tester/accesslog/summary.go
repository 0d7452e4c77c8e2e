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
	"time"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
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
	ID          string       `json:"id"`               // the shard's identity: Reader.ContentSum of the bytes read
	Ranges      string       `json:"ranges,omitempty"` // Verifier.Fingerprint of the identity check, "" for none
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
	SummaryVersion = 2
)

// Limits on what ReadSummary reads: a summary is untrusted input (a
// hostile or damaged one must not take gigabytes), and these are far above
// what logs --partial writes (the top lists and rows are bounded, a path is
// a log line of at most maxLine bytes).
const (
	maxSummaryBytes = 64 << 20 // the whole summary, uncompressed
	maxSummaryRows  = 20000
	maxNameBytes    = 4096 // a file name, a format, an engine, the read error
	maxRegister     = 64 - hllBits + 1
)

var (
	msgSummaryTooBig  = msg.Def("logs.summary_too_big", "{{.Name}}: more than {{.Limit}} MiB once uncompressed: not a logs summary (one is far smaller)")
	msgSummaryDamaged = msg.Def("logs.summary_damaged", "{{.Name}}: damaged logs summary: {{.Detail}}")
	msgSummaryTwice   = msg.Def("logs.summary_twice", "summaries {{.First}} and {{.Second}} were made from the same log bytes: the same shard given twice would count its hits twice")
	msgSummaryRanges  = msg.Def("logs.summary_ranges", "summary {{.Index}} was made with other IP ranges (--ip-ranges, or the catalogue's updated ranges when none is given) or another DNS check than summary 1")
	msgSummaryTooMany = msg.Def("logs.summary_too_many", "the summaries add up to more lines or bytes than can be counted")
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
	s := &Summary{Kind: SummaryKind, Version: SummaryVersion, ID: r.content, Ranges: o.Verifier.Fingerprint(),
		Robots: Fingerprint(o.Robots), Draft: Fingerprint(o.Draft),
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
	lim := &limited{r: in, left: maxSummaryBytes}
	var s Summary
	dec := json.NewDecoder(lim)
	if err := dec.Decode(&s); err != nil {
		if lim.over {
			return nil, msg.Error(msgSummaryTooBig, "Name", name, "Limit", maxSummaryBytes>>20)
		}
		return nil, fmt.Errorf("%s: not a logs summary (%v)", name, err)
	}
	if s.Kind != SummaryKind {
		return nil, fmt.Errorf("%s: not a logs summary (written by robots-studio logs --partial)", name)
	}
	if s.Version != SummaryVersion {
		return nil, fmt.Errorf("%s: logs summary version %d; this robots-studio reads version %d", name, s.Version, SummaryVersion)
	}
	if err := s.check(); err != nil {
		return nil, msg.Error(msgSummaryDamaged, "Name", name, "Detail", err.Error())
	}
	return &s, nil
}

// limited reads at most left bytes of r; past them it fails, and says so
// in over.
type limited struct {
	r    io.Reader
	left int64
	over bool
}

var errTooBig = errors.New("too big")

func (l *limited) Read(p []byte) (int, error) {
	if l.left <= 0 {
		l.over = true
		return 0, errTooBig
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}

// check rejects a summary whose parts do not fit together or whose
// figures no log can give (negative counts, parts larger than their whole,
// duplicated rows or keys, sketch registers out of range, fields past the
// limits), so Merge never indexes out of range, overflows or counts a row
// twice.
func (s *Summary) check() error {
	files := len(s.Files)
	ref := func(l [2]int) error {
		if l[0] < 0 || l[0] >= files || l[1] < 1 {
			return fmt.Errorf("line reference %v outside its %d files", l, files)
		}
		return nil
	}
	long := func(what string, v string, limit int) error {
		if len(v) > limit {
			return fmt.Errorf("%s of %d bytes (at most %d)", what, len(v), limit)
		}
		return nil
	}
	count := func(what string, v, most int64) error {
		if v < 0 || v > most {
			return fmt.Errorf("%s %d outside 0…%d", what, v, most)
		}
		return nil
	}
	if err := long("id", s.ID, maxNameBytes); err != nil {
		return err
	}
	if err := long("read error", s.ReadError, maxNameBytes); err != nil {
		return err
	}
	if len(s.Formats) > files {
		return fmt.Errorf("%d formats for %d files", len(s.Formats), files)
	}
	for _, f := range s.Files {
		if err := long("file name", f, maxNameBytes); err != nil {
			return err
		}
	}
	for _, f := range s.Formats {
		if err := long("format", f, maxNameBytes); err != nil {
			return err
		}
	}
	if s.Bytes < 0 {
		return fmt.Errorf("bytes %d", s.Bytes)
	}
	if s.Lines < 0 {
		return fmt.Errorf("lines %d", s.Lines)
	}
	var parts int64
	for _, p := range []struct {
		what string
		v    int64
	}{{"blank", s.Blank}, {"malformed", s.Malformed}, {"no request", s.NoRequest}, {"other hits", s.OtherHits}, {"crawler hits", s.CrawlerHits}} {
		if err := count(p.what, p.v, s.Lines); err != nil {
			return err
		}
		parts += p.v // each at most Lines, five of them: no overflow
	}
	if parts != s.Lines {
		return fmt.Errorf("lines %d, but blank, malformed, no request, other and crawler hits add up to %d", s.Lines, parts)
	}
	if len(s.MalformedAt) > keepMalformed || int64(len(s.MalformedAt)) > s.Malformed {
		return fmt.Errorf("%d malformed lines named, of %d", len(s.MalformedAt), s.Malformed)
	}
	for _, m := range s.MalformedAt {
		if err := ref(m); err != nil {
			return err
		}
	}
	if err := checkTop("paths", &s.Paths, 4*keepPaths, s.CrawlerHits); err != nil {
		return err
	}
	// The rows of unknown bots, and "other bots" once per verification.
	if err := count("unknown rows", int64(s.UnknownRows), maxUnknownBots+int64(Failed)+1); err != nil {
		return err
	}
	okWidth := false
	for _, w := range bucketWidths {
		okWidth = okWidth || w == s.Bucket
	}
	if !okWidth {
		return fmt.Errorf("bucket width %d", s.Bucket)
	}
	if len(s.Rows) > maxSummaryRows {
		return fmt.Errorf("%d rows (at most %d)", len(s.Rows), maxSummaryRows)
	}
	seen := make(map[rowKey]bool, len(s.Rows))
	var hits int64
	for i := range s.Rows {
		if err := s.Rows[i].check(s.Bucket, ref); err != nil {
			return fmt.Errorf("row %d: %v", i+1, err)
		}
		r := &s.Rows[i]
		k := rowKey{r.Name, r.Verified}
		if seen[k] {
			return fmt.Errorf("row %d: %q (%s) is listed twice", i+1, r.Name, r.Verified)
		}
		seen[k] = true
		if hits += r.Hits; hits > s.CrawlerHits || hits < 0 {
			return fmt.Errorf("the rows' hits add up to more than the crawler hits, %d", s.CrawlerHits)
		}
	}
	if hits != s.CrawlerHits {
		return fmt.Errorf("the rows' hits add up to %d, not the crawler hits, %d", hits, s.CrawlerHits)
	}
	return nil
}

// Stamps a log can give: four-digit years, offsets within a day.
var (
	minStamp = time.Date(0, 1, 1, 0, 0, 0, 0, time.UTC).Unix() - 86400
	maxStamp = time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC).Unix() + 86400
)

func checkStamp(what string, st *Stamp) error {
	if st == nil {
		return nil
	}
	if !st.Valid || st.Unix < minStamp || st.Unix > maxStamp || st.Offset < -86400 || st.Offset > 86400 {
		return fmt.Errorf("%s time out of range", what)
	}
	return nil
}

// check is a row's part of Summary.check; width is the bucket width.
func (r *summaryRow) check(width int64, ref func([2]int) error) error {
	if r.Kind != KindCatalogue && r.Kind != KindUnknownBot && r.Kind != KindHost {
		return fmt.Errorf("kind %d", r.Kind)
	}
	if r.Verified > Failed {
		return fmt.Errorf("verification %d", r.Verified)
	}
	if len(r.Name) > maxLine || len(r.Token) > maxLine {
		return fmt.Errorf("a name or token of more than %d bytes", maxLine)
	}
	if _, ok := engine.Get(r.Engine); !ok {
		return fmt.Errorf("unknown engine %q", printableShort(r.Engine))
	}
	if r.Hits < 0 {
		return fmt.Errorf("hits %d", r.Hits)
	}
	for what, v := range map[string]int64{"disallowed": r.Disallowed, "newly blocked": r.NewlyBlocked, "newly allowed": r.NewlyAllowed} {
		if v < 0 || v > r.Hits {
			return fmt.Errorf("%s %d outside 0…%d", what, v, r.Hits)
		}
	}
	if r.NewlyBlocked > r.Hits-r.NewlyAllowed {
		return fmt.Errorf("newly blocked and allowed add up to more than the hits, %d", r.Hits)
	}
	if len(r.Exact)%8 != 0 || len(r.Exact) > 8*exactLimit || int64(len(r.Exact)/8) > r.Hits {
		return fmt.Errorf("%d bytes of hashes for %d hits", len(r.Exact), r.Hits)
	}
	for j := 8; j < len(r.Exact); j += 8 {
		if binary.LittleEndian.Uint64(r.Exact[j-8:]) >= binary.LittleEndian.Uint64(r.Exact[j:]) {
			return errors.New("hashes out of order or repeated")
		}
	}
	if r.Registers != nil {
		if len(r.Registers) != 1<<hllBits || len(r.Exact) > 0 {
			return fmt.Errorf("%d sketch registers, not %d", len(r.Registers), 1<<hllBits)
		}
		for _, v := range r.Registers {
			if v > maxRegister {
				return fmt.Errorf("sketch register %d (at most %d)", v, maxRegister)
			}
		}
	}
	if err := checkStamp("first", r.First); err != nil {
		return err
	}
	if err := checkStamp("last", r.Last); err != nil {
		return err
	}
	if (r.First == nil) != (r.Last == nil) || r.First != nil && r.First.Unix > r.Last.Unix {
		return errors.New("first seen after last seen")
	}
	var sum int64
	for st, n := range r.RobotsFetches {
		if st < 0 || st > 999 || n < 1 || n > r.Hits {
			return fmt.Errorf("robots.txt fetches %d with status %d", n, st)
		}
		if sum += n; sum > r.Hits {
			return fmt.Errorf("more robots.txt fetches than hits, %d", r.Hits)
		}
	}
	type draftKey struct {
		line     int
		inRobots bool
	}
	rules := map[draftKey]bool{}
	var blocked, allowed int64
	for _, d := range r.Draft {
		if d.Line < 0 || len(d.Text) > maxLine || rules[draftKey{d.Line, d.InRobots}] {
			return fmt.Errorf("draft rule at line %d damaged or listed twice", d.Line)
		}
		rules[draftKey{d.Line, d.InRobots}] = true
		if d.Blocked < 0 || d.Allowed < 0 || d.Blocked > r.NewlyBlocked-blocked || d.Allowed > r.NewlyAllowed-allowed {
			return fmt.Errorf("draft rule at line %d: counts beyond the row's", d.Line)
		}
		blocked += d.Blocked
		allowed += d.Allowed
	}
	if blocked != r.NewlyBlocked || allowed != r.NewlyAllowed {
		return errors.New("the draft rules' counts do not add up to the row's")
	}
	if len(r.Buckets) > maxBuckets {
		return fmt.Errorf("%d timeline buckets (at most %d)", len(r.Buckets), maxBuckets)
	}
	var bhits, bdis int64
	for j, b := range r.Buckets {
		if b[0] < minStamp || b[0] > maxStamp || mod(b[0], width) != 0 || j > 0 && b[0] <= r.Buckets[j-1][0] {
			return fmt.Errorf("timeline bucket at %d", b[0])
		}
		if b[1] < 0 || b[2] < 0 || b[2] > b[1] || b[1] > r.Hits-bhits || b[2] > r.Disallowed-bdis {
			return fmt.Errorf("timeline bucket at %d: counts beyond the row's", b[0])
		}
		bhits += b[1]
		bdis += b[2]
	}
	if err := checkTop("paths", &r.Own, 4*keepOwnPaths, r.Hits); err != nil {
		return err
	}
	if err := checkTop("disallowed paths", &r.Dis, 4*keepDisallowed, r.Disallowed); err != nil {
		return err
	}
	if len(r.Dis.Keys) != len(r.DisVal) {
		return errors.New("disallowed paths: keys and values differ in length")
	}
	for _, d := range r.DisVal {
		if len(d.Lines) > keepLineRefs {
			return fmt.Errorf("%d lines named for a path (at most %d)", len(d.Lines), keepLineRefs)
		}
		if d.Rule != nil && (d.Rule.Line < 0 || len(d.Rule.Text) > maxLine) {
			return errors.New("a disallowed path's rule is damaged")
		}
		for _, l := range d.Lines {
			if err := ref(l); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkTop checks a top list: at most most keys, each once and at most
// maxLine bytes, each count from 1 to total, and what it lost no more.
func checkTop(what string, t *sumTop, most int, total int64) error {
	if len(t.Keys) != len(t.Counts) {
		return fmt.Errorf("%s: keys and counts differ in length", what)
	}
	if len(t.Keys) > most {
		return fmt.Errorf("%s: %d keys (at most %d)", what, len(t.Keys), most)
	}
	if t.Lost < 0 || t.Lost > total {
		return fmt.Errorf("%s: lost %d outside 0…%d", what, t.Lost, total)
	}
	seen := make(map[string]bool, len(t.Keys))
	for j, k := range t.Keys {
		if len(k) > maxLine || seen[k] {
			return fmt.Errorf("%s: a key too long or listed twice", what)
		}
		seen[k] = true
		if c := t.Counts[j]; c < 1 || c > total {
			return fmt.Errorf("%s: count %d outside 1…%d", what, c, total)
		}
	}
	return nil
}

// printableShort is s cut to 40 bytes for an error message (the caller
// escapes it for the terminal).
func printableShort(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
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
	ids := map[string]int{}
	var lines, bytes int64
	for i, s := range sums {
		if s.Robots != first.Robots || s.Draft != first.Draft || s.Verified != first.Verified {
			return nil, fmt.Errorf("summary %d was made with another robots.txt, draft or identity check than summary 1", i+1)
		}
		if s.Ranges != first.Ranges {
			return nil, msg.Error(msgSummaryRanges, "Index", i+1)
		}
		// An empty shard counts nothing: given twice, it changes nothing.
		if s.Bytes > 0 || s.Lines > 0 {
			if j, ok := ids[s.ID]; ok {
				return nil, msg.Error(msgSummaryTwice, "First", j+1, "Second", i+1)
			}
			ids[s.ID] = i
		}
		// Every other figure of a summary is at most its lines (see
		// check): when the lines add up, so does everything.
		if lines+s.Lines < lines || bytes+s.Bytes < bytes {
			return nil, msg.Error(msgSummaryTooMany)
		}
		lines, bytes = lines+s.Lines, bytes+s.Bytes
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
		c := newRow(Identity{Kind: sr.Kind, Name: sr.Name, Token: sr.Token, Engine: sr.Engine}, sr.Verified)
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
