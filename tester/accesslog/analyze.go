package accesslog

import (
	"bytes"
	"context"
	"io"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/robots-studio/robots-studio/tester/batch"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/history"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/uri"
)

// Options say what Analyze reads and replays.
type Options struct {
	Names  []string  // log files; "-" is Stdin
	Stdin  io.Reader // for "-"
	Format *Format   // nil: detect per file
	// Robots is the robots.txt in force; nil means none (everything is
	// allowed, and no hit is reported as disallowed).
	Robots *syntax.Document
	// Draft, when set, is compared with Robots hit by hit.
	Draft *syntax.Document
	// History, when it holds versions, judges each hit by the versions of
	// the site's robots.txt in force at its time (History.judge) instead
	// of by Robots.
	History  *History
	Verifier *Verifier // nil: every identity stays unverified
	Workers  int       // 0: one per core
	// OnViolation, when set, gets every hit the robots.txt disallows, in
	// log order.
	OnViolation func(Violation)
	// OnProgress, when set, is called after each chunk of lines.
	OnProgress func(Progress)
	// Signed, when set, keeps the signed lines of standard input ("-")
	// for VerifySignatures, which cannot read it again (within the
	// limits SignedLines sets; the rest are counted).
	Signed *SignedLines

	// chunkSize and maxLine, when not 0, replace the reader's sizes
	// (Reader.ChunkSize, Reader.MaxLine): tests shrink them.
	chunkSize, maxLine int
}

// Progress is how far Analyze has read.
type Progress struct {
	Bytes int64 // bytes read (compressed size for gzip files)
	Lines int64
}

// LineRef is a line of a log file.
type LineRef struct {
	File int // index into Report.Files
	Line int
}

// Violation is one hit on a URL the robots.txt disallows for its crawler.
type Violation struct {
	At      LineRef
	Crawler string
	Path    string
	Rule    *engine.Rule // nil when the crawler was refused without a rule (a file error)
	// Version is the number (1 = oldest) of the history's version that
	// decided, with Options.History; Gap says the history has a hole at
	// the hit's time.
	Version int
	Gap     bool
}

// Keep this many of a crawler's disallowed paths, line references per
// path, malformed line references and site paths: the report stays the
// same size whatever the log's.
const (
	keepDisallowed = 200
	keepLineRefs   = 5
	keepMalformed  = 20
	keepPaths      = 1000
	keepOwnPaths   = 50
	maxUnknownBots = 500 // rows for bots outside the catalogue; the rest share one
	maxBuckets     = 1024
)

// bucketWidths are the widths a timeline may have: an hour while a
// crawler's hits span less than maxBuckets of them, then coarser, so the
// timeline of years of log stays small. The widest ones (ten and a hundred
// years of 364 days) hold any span a log's four-digit years can give
// (0000–9999) in maxBuckets: a log with made-up dates across centuries
// costs no more than an ordinary one.
var bucketWidths = []int64{3600, 6 * 3600, 24 * 3600, 7 * 24 * 3600, 28 * 24 * 3600, 364 * 24 * 3600,
	10 * 364 * 24 * 3600, 100 * 364 * 24 * 3600}

// foldEarly lets the workers count unknown bots into "other bots" (see
// keepRow in Analyze); a test turns it off to compare with the merge
// alone.
var foldEarly = true

// event is one crawler hit.
type event struct {
	line   int
	who    *who
	ver    Verification
	path   string
	status int
	robots bool   // a fetch of /robots.txt
	host   string // the client, for hits without a User-Agent
	time   Stamp
	res    [2]batch.Result
	// with a history: the deciding version (0: the hit came before the
	// first) and whether the history has a hole at the hit's time
	version int
	gap     bool
}

// who is a worker's cached reading of one User-Agent.
type who struct {
	Identity
	ua    string // the User-Agent
	table *batch.Table
	// rows are its rows (by verification) in the report of chunk gen.
	gen  int
	rows [Failed + 1]*CrawlerStats
	// cache is how long it obeys a robots.txt it fetched (with a history;
	// 0 until asked)
	cache time.Duration
	// vers are the verifications of the hosts it came from (when a
	// Verifier is active).
	vers map[string]Verification
}

// verify is v.Verify(&w.Identity, host), remembered per worker: the
// Verifier's own cache takes a lock and a new string per hit.
func (w *who) verify(v *Verifier, host []byte) Verification {
	if r, ok := w.vers[string(host)]; ok {
		return r
	}
	r := v.Verify(&w.Identity, string(host))
	// A catalogue crawler comes from many addresses; an unknown bot's
	// answers cost little to ask again, and a log may hold endless names.
	most := 1 << 12
	if w.Kind != KindCatalogue {
		most = 64
	}
	if w.vers == nil || len(w.vers) > most {
		w.vers = map[string]Verification{}
	}
	w.vers[string(host)] = r
	return r
}

// chunkResult is what a worker makes of one chunk: the chunk's own report
// (a part, merged into the whole in log order), the hits it could not
// count alone, and the violations in log order.
type chunkResult struct {
	file int
	part *Report
	// pending are hits without a User-Agent from hosts that had not
	// fetched robots.txt earlier in the chunk: whether they count as a
	// robot's depends on the chunks before, so the merge counts them.
	pending    []event
	violations []partViolation
	// signed are the signed lines of standard input the worker kept
	// (Options.Signed), signedOver those it only counted.
	signed     []keptLine
	signedOver int64
}

// partViolation is a violation with the chunk's row (renamed at the merge
// when the whole report folds it into "other bots").
type partViolation struct {
	line    int
	row     *CrawlerStats
	path    string
	rule    *engine.Rule
	version int
	gap     bool
}

// Analyze reads the logs and replays every crawler hit. It returns what it
// found so far and the error that stopped it (a file that cannot be read,
// or ctx cancelled); malformed lines are counted, never an error.
//
// Each worker counts its chunk of lines into a report of its own, and the
// chunks' reports are merged in log order (as Merge merges summaries):
// the chunks are the same whatever the number of workers, so is the
// report.
func Analyze(ctx context.Context, o Options) (*Report, error) {
	rep := newReport(o)
	docs := []*syntax.Document{o.Robots}
	if o.Robots == nil {
		docs[0] = syntax.Parse(nil)
	}
	if o.Draft != nil {
		docs = append(docs, o.Draft)
	}
	hist := o.History
	if hist != nil && len(hist.Versions) == 0 {
		hist = nil
	}
	histOff := len(docs)
	if hist != nil {
		docs = append(docs, hist.Docs...)
	}
	ev := batch.New(nil, docs...)
	// A log has dozens of crawlers, each with a table per worker: small
	// tables keep the whole cache to a few megabytes.
	ev.Slots = 1024
	workers := o.Workers
	if workers <= 0 {
		workers = batch.Workers()
	}
	type state struct {
		cache *batch.Cache
		whos  map[string]*who
		anon  *who
		hit   Hit
		gen   int // chunks read
		free  partFree
		last  *who // of the last line with a User-Agent
	}
	states := make([]*state, workers)
	for i := range states {
		c := ev.NewCache()
		states[i] = &state{cache: c, whos: map[string]*who{}, anon: &who{Identity: hostIdentity, table: c.Table(hostIdentity.Engine, hostIdentity.Token)}}
	}
	verify := o.Verifier.Active()
	// Merged chunk reports go back to the workers for reuse, and the
	// timeline width the whole report has reached comes with them (a
	// chunk's report that starts there need not coarsen on its own).
	back := make(chan *Report, workers)
	// Chunks read and not yet merged: a few per worker, so the reader
	// does not run far ahead and memory stays at a few chunks.
	inFlight := make(chan struct{}, 2*workers)
	var width atomic.Int64
	width.Store(rep.BucketSeconds)
	// Once the report has maxUnknownBots rows of unknown bots, no other
	// unknown bot ever gets one (see merge): from then on the workers
	// count a new name's hits into "other bots" at once, instead of
	// giving it a row in each chunk for the merge to fold. frozen holds
	// the rows that stay; a chunk counted before it was set is folded at
	// the merge, to the same report.
	var frozen atomic.Pointer[map[rowKey]bool]
	other := otherBotsName()
	// Before that, a chunk with more than maxUnknownBots names of unknown
	// bots waits for the chunks before it to be merged, then gives rows
	// only to the names the merge would keep (see keepRow): a chunk of
	// endless names costs a few hundred rows, not one per name.
	var mergedMu sync.Mutex
	merged := 0                     // chunks merged into rep
	mergedCh := make(chan struct{}) // closed and replaced at each merge
	dead := make(chan struct{})     // closed when the run stops early
	var deadOnce sync.Once
	stop := func() { deadOnce.Do(func() { close(dead) }) }
	waitMerged := func(n int) bool {
		for {
			mergedMu.Lock()
			m, ch := merged, mergedCh
			mergedMu.Unlock()
			if m >= n {
				return true
			}
			select {
			case <-ch:
			case <-dead:
				return false
			case <-ctx.Done():
				return false
			}
		}
	}
	// keepRow reports whether an unknown bot's hits in chunk seq (part
	// p) get a row of their own, k, or count in "other bots" there, the
	// way merge will decide.
	keepRow := func(p *Report, seq int, k rowKey) bool {
		if !foldEarly {
			return true
		}
		if f := frozen.Load(); f != nil {
			return (*f)[k]
		}
		if _, ok := p.rows[k]; ok || p.unknownRows < maxUnknownBots {
			return true
		}
		if p.whole == nil {
			if !waitMerged(seq) {
				return true // the run is over; the report is not used
			}
			// rep stays as it is until this chunk is merged.
			mergedMu.Lock()
			p.whole = rep
			mergedMu.Unlock()
			p.room = maxUnknownBots - rep.unknownRows
			for _, s := range p.order {
				if s.Kind == KindUnknownBot || s.Kind == KindHost {
					if _, ok := rep.rows[rowKey{s.Name, s.Verified}]; !ok {
						p.room--
					}
				}
			}
		}
		if _, ok := p.whole.rows[k]; ok {
			return true
		}
		return p.room > 0
	}
	rd := &Reader{Names: o.Names, Format: o.Format, Stdin: o.Stdin, ChunkSize: o.chunkSize, MaxLine: o.maxLine}
	_, limit := rd.sizes()
	work := func(w int, c *Chunk) *chunkResult {
		defer func() {
			if v := recover(); v != nil {
				stop() // no chunk after this one is merged
				panic(v)
			}
		}()
		st := states[w]
		st.gen++
		select {
		case old := <-back:
			st.free.take(old)
		default:
		}
		p := newPart(o, &st.free)
		p.BucketSeconds = width.Load()
		res := &chunkResult{file: c.File, part: p}
		if c.Overlong {
			p.Lines, p.Malformed = 1, 1
			p.MalformedAt = append(p.MalformedAt, LineRef{c.File, c.FirstLine})
			return res
		}
		f := c.Format
		keepSigned := o.Signed != nil && o.Names[c.File] == "-"
		c.Lines(func(n int, line []byte) {
			p.Lines++
			if keepSigned {
				if l, ok := parseSigned(line); ok {
					if o.Signed.full.Load() || len(res.signed) >= MaxKeptSigned {
						res.signedOver++
					} else {
						res.signed = append(res.signed, keptLine{line: n, req: l, size: len(line)})
					}
				}
			}
			if len(bytes.TrimSpace(line)) == 0 {
				p.Blank++
				return
			}
			h := &st.hit
			// A line past the limit is malformed whether the reader
			// skipped it or it fitted in a chunk.
			if len(line) > limit || !f.Parse(line, h) {
				p.Malformed++
				if len(p.MalformedAt) < keepMalformed {
					p.MalformedAt = append(p.MalformedAt, LineRef{c.File, n})
				}
				return
			}
			if len(h.Target) == 0 {
				p.NoRequest++
				return
			}
			var wh *who
			ok := false
			switch {
			case len(h.UA) == 0:
				wh, ok = st.anon, true
			case st.last != nil && string(h.UA) == st.last.ua:
				// A crawler's hits come in runs: the line before had
				// the same User-Agent.
				wh, ok = st.last, true
			default:
				wh, ok = st.whos[string(h.UA)]
			}
			if !ok {
				id := Identify(string(h.UA))
				wh = &who{Identity: id, ua: string(h.UA)}
				if id.IsCrawler() {
					wh.table = st.cache.Table(id.Engine, id.Token)
				}
				if len(st.whos) > 1<<14 {
					st.whos = map[string]*who{}
				}
				st.whos[wh.ua] = wh
			}
			if len(h.UA) > 0 {
				st.last = wh
			}
			if !wh.IsCrawler() {
				p.OtherHits++
				return
			}
			e := event{line: n, who: wh, status: h.Status, time: h.Time}
			if wh.Kind == KindHost {
				e.host = string(h.Host)
				if e.host == "" {
					e.host = "-"
				}
			} else if verify {
				e.ver = wh.verify(o.Verifier, h.Host)
			}
			var a batch.Answer
			if plainPath(h.Target) {
				a = wh.table.GetBytes(h.Target)
			} else {
				a = wh.table.Get(RequestPath(h.Target))
			}
			e.path = a.URL
			copy(e.res[:], a.Results)
			if hist != nil {
				if wh.cache == 0 {
					wh.cache, _ = history.CacheFor(wh.Name)
				}
				j := hist.judge(a.Results, histOff, h.Time.Time(), h.Time.Valid, wh.cache)
				e.res[0], e.version, e.gap = j.res, j.version, j.gap
			}
			e.robots = e.path == "/robots.txt"
			var s *CrawlerStats
			if wh.Kind == KindHost {
				if s = p.rows[rowKey{e.host, e.ver}]; s == nil {
					if !e.robots {
						res.pending = append(res.pending, e)
						return
					}
					s = p.row(e.id(), e.ver)
				}
			} else {
				if wh.gen != st.gen {
					wh.gen, wh.rows = st.gen, [Failed + 1]*CrawlerStats{}
				}
				if s = wh.rows[e.ver]; s == nil {
					id := wh.Identity
					if id.Kind == KindUnknownBot && !keepRow(p, c.seq, rowKey{id.Name, e.ver}) {
						id = Identity{Kind: id.Kind, Name: other, Engine: id.Engine}
					}
					s = p.row(id, e.ver)
					wh.rows[e.ver] = s
				}
			}
			p.CrawlerHits++
			if rule, dis := p.count(s, &e, LineRef{c.File, n}); dis && o.OnViolation != nil {
				res.violations = append(res.violations, partViolation{n, s, e.path, rule, e.version, e.gap})
			}
		})
		c.Release()
		p.trim()
		return res
	}
	var lines int64
	var late []partViolation
	emit := func(res *chunkResult) error {
		defer func() {
			if v := recover(); v != nil {
				stop()
				panic(v)
			}
		}()
		// The chunk's hits from hosts not yet known as robots count as a
		// robot's when an earlier chunk saw the host fetch robots.txt.
		late = late[:0]
		for i := range res.pending {
			e := &res.pending[i]
			s := rep.rows[rowKey{e.host, e.ver}]
			if s == nil {
				rep.OtherHits++
				continue
			}
			rep.CrawlerHits++
			if rule, dis := rep.count(s, e, LineRef{res.file, e.line}); dis && o.OnViolation != nil {
				late = append(late, partViolation{e.line, s, e.path, rule, e.version, e.gap})
			}
		}
		mergedMu.Lock()
		rep.merge(res.part)
		merged++
		close(mergedCh)
		mergedCh = make(chan struct{})
		mergedMu.Unlock()
		if rep.unknownRows >= maxUnknownBots && frozen.Load() == nil {
			keep := map[rowKey]bool{}
			for k, s := range rep.rows {
				if s.Kind == KindUnknownBot {
					keep[k] = true
				}
			}
			frozen.Store(&keep)
		}
		if o.OnViolation != nil {
			// Both lists are in line order: give them out in log order.
			vs, i, j := res.violations, 0, 0
			for i < len(vs) || j < len(late) {
				var v partViolation
				if j == len(late) || i < len(vs) && vs[i].line < late[j].line {
					v = vs[i]
					v.row = v.row.into
					i++
				} else {
					v = late[j]
					j++
				}
				o.OnViolation(Violation{At: LineRef{res.file, v.line}, Crawler: v.row.Name, Path: v.path, Rule: v.rule, Version: v.version, Gap: v.gap})
			}
		}
		if o.Signed != nil && (len(res.signed) > 0 || res.signedOver > 0) {
			o.Signed.add(res.signed, res.signedOver)
		}
		lines += res.part.Lines
		width.Store(rep.BucketSeconds)
		select {
		case back <- res.part:
		default:
		}
		if o.OnProgress != nil {
			o.OnProgress(Progress{Bytes: rd.BytesRead(), Lines: lines})
		}
		<-inFlight
		return nil
	}
	named := -1 // the last file whose format is in rep.Formats
	chunks := 0
	next := func() (*Chunk, error) {
		select {
		case inFlight <- struct{}{}:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		c, err := rd.Next()
		if err != nil {
			<-inFlight
		} else {
			c.seq = chunks
			chunks++
		}
		// An overlong first line comes before its file's format is known.
		if err == nil && c.Format != nil && c.File > named {
			named = c.File
			rep.Formats = append(rep.Formats, c.Format.Name)
			if !c.Format.HasUserAgent() {
				rep.NoUserAgent = true
			}
		}
		return c, err
	}
	err := batch.Run(ctx, workers, next, work, emit)
	rep.Bytes = rd.BytesRead()
	rep.content = rd.ContentSum()
	rep.finish()
	return rep, err
}

// id is the identity a hit without a User-Agent is counted under: its
// host's.
func (e *event) id() Identity {
	id := e.who.Identity
	id.Name = e.host
	return id
}

// plainPath reports whether a request target is already what PathOf would
// make of it (an origin-form path without a fragment), so it can be looked
// up without a copy.
func plainPath(t []byte) bool {
	return len(t) > 0 && t[0] == '/' && (len(t) == 1 || t[1] != '/') && bytes.IndexByte(t, '#') < 0 && bytes.IndexByte(t, '\\') < 0
}

// RequestPath reduces a logged request target to what robots.txt rules are
// matched against (uri.PathOf: path and query, no scheme, host or
// fragment), after undoing the log's escapes.
func RequestPath(target []byte) string {
	if plainPath(target) {
		return string(target)
	}
	return uri.PathOf(unescape(target))
}

// unescape undoes the backslash escapes Apache writes inside quoted fields
// (\" for a quote, \\ for a backslash, \xhh for other bytes) and nginx's
// \xhh, so the path is the one the client sent.
func unescape(t []byte) string {
	if bytes.IndexByte(t, '\\') < 0 {
		return string(t)
	}
	out := make([]byte, 0, len(t))
	for i := 0; i < len(t); i++ {
		c := t[i]
		if c != '\\' || i+1 == len(t) {
			out = append(out, c)
			continue
		}
		i++
		switch n := t[i]; {
		case n == 'x' && i+2 < len(t) && uri.IsHex(t[i+1]) && uri.IsHex(t[i+2]):
			out = append(out, uri.Unhex(t[i+1])<<4|uri.Unhex(t[i+2]))
			i += 2
		case n == 'n':
			out = append(out, '\n')
		case n == 't':
			out = append(out, '\t')
		default:
			out = append(out, n)
		}
	}
	return string(out)
}

// Report is what Analyze found.
type Report struct {
	Files       []string
	Formats     []string // the format of each file, by name
	NoUserAgent bool     // a file's format does not record the User-Agent (its robots are named by host)
	HasRobots   bool
	HasDraft    bool
	// History: each hit was judged by the versions of the site's
	// robots.txt in force at its time (Options.History); BeforeHistory
	// hits came before the first version (nothing to judge them by) and
	// InGap hits fell in a hole of the history.
	History       bool
	BeforeHistory int64
	InGap         int64
	Bytes         int64
	Lines         int64
	Blank         int64
	Malformed     int64
	MalformedAt   []LineRef // the first few
	NoRequest     int64     // lines whose request was "-" or garbled
	OtherHits     int64     // hits by browsers and tools
	CrawlerHits   int64
	Crawlers      []*CrawlerStats // by hits, most first
	TopPaths      []PathCount     // the paths crawlers fetched most
	// BucketSeconds is the width of the timelines' buckets (an hour, or
	// coarser for a log that spans a long time).
	BucketSeconds int64

	// TopPathsLost bounds how much lower than the truth a TopPaths count
	// may be (0: the counts are exact).
	TopPathsLost int64
	// Summaries is how many summaries Merge made the report of (0: one
	// Analyze); ReadErrors are the read errors they carry.
	Summaries  int
	ReadErrors []string

	rows        map[rowKey]*CrawlerStats
	order       []*CrawlerStats // rows in the order of their first hit
	unknownRows int
	paths       *topCounter[struct{}]
	content     string // the reader's ContentSum (Analyze's)
	// A part's: unknownRows counts its rows of unknown bots and hosts;
	// once it has maxUnknownBots of them, whole is the report merged so
	// far and room how many more the merge would give rows (see keepRow).
	whole *Report
	room  int
	part  bool      // a chunk's report, to be merged (see newPart)
	free  *partFree // what a chunk's report may reuse
}

var msgOtherBots = msg.Def("logs.other_bots", "other bots")

type rowKey struct {
	name string
	ver  Verification
}

// PathCount is a path and how many hits it had.
type PathCount struct {
	Path string
	Hits int64
}

// CrawlerStats is one crawler's part of the report (a claimed identity
// that failed verification is a row of its own).
type CrawlerStats struct {
	Identity
	Verified      Verification
	Hits          int64
	DistinctPaths int64
	Exact         bool // DistinctPaths is exact (else estimated)
	First, Last   Stamp
	RobotsFetches map[int]int64 // status → fetches of /robots.txt
	Disallowed    int64
	TopDisallowed []DisallowedPath
	NewlyBlocked  int64
	NewlyAllowed  int64
	// DraftRules are the draft rules that change verdicts, with how many
	// hits each would newly block or allow.
	DraftRules []RuleCount
	Timeline   []Bucket    // hits per bucket of time, in time order
	TopPaths   []PathCount // the paths it fetched most
	// TopDisallowedLost and TopPathsLost bound how much lower than the
	// truth a count in TopDisallowed or TopPaths may be (0: exact).
	TopDisallowedLost, TopPathsLost int64

	distinct   distinct
	ownPaths   *topCounter[struct{}]
	disallowed *topCounter[disallowedVal]
	draft      map[ruleKey]*RuleCount
	buckets    map[int64]*Bucket
	into       *CrawlerStats // a part's row: the whole report's row it was merged into
}

// DisallowedPath is a path the robots.txt disallows that the crawler
// fetched anyway.
type DisallowedPath struct {
	Path  string
	Hits  int64
	Rule  *engine.Rule
	Lines []LineRef // the first few hits
}

// disallowedVal is a disallowed path's rule and first few lines, held in
// its item (no allocation per path).
type disallowedVal struct {
	rule *engine.Rule
	n    int // lines kept in at
	at   [keepLineRefs]LineRef
}

// add keeps line l if fewer than keepLineRefs are kept.
func (v *disallowedVal) add(l LineRef) {
	if v.n < keepLineRefs {
		v.at[v.n] = l
		v.n++
	}
}

func (v *disallowedVal) lines() []LineRef { return v.at[:v.n] }

// RuleCount is a rule and the hits whose verdict the draft changes
// through it: a draft rule that newly blocks (or, an Allow, newly allows),
// or a robots.txt rule the draft drops (InRobots), whose hits are newly
// allowed.
type RuleCount struct {
	Rule     *engine.Rule
	InRobots bool
	Blocked  int64
	Allowed  int64
}

type ruleKey struct {
	rule     *engine.Rule
	inRobots bool
}

// Bucket is one stretch of time (Report.BucketSeconds) of a crawler's hits.
type Bucket struct {
	Start      int64 // Unix seconds
	Hits       int64
	Disallowed int64
}

// FetchConclusion is what the crawler's engine does after a robots.txt
// fetch with Status, and which other readings would do otherwise.
type FetchConclusion struct {
	Status   int
	Fetches  int64
	Decision engine.FetchDecision
	Others   []EngineOutcome // engines whose outcome differs from Decision's, in engine order
}

// EngineOutcome is one engine's outcome for a fetch status.
type EngineOutcome struct {
	Engine  string
	Outcome engine.FetchOutcome
}

// NeverFetchedRobots reports whether the crawler fetched no /robots.txt in
// the log.
func (c *CrawlerStats) NeverFetchedRobots() bool { return len(c.RobotsFetches) == 0 }

// FetchConclusions lists the robots.txt fetches by status with the
// crawler's engine's policy for each.
func (c *CrawlerStats) FetchConclusions() []FetchConclusion {
	eng, ok := engine.Get(c.Engine)
	if !ok {
		eng, _ = engine.Get(engine.Default)
	}
	var out []FetchConclusion
	for st, n := range c.RobotsFetches {
		f := engine.Fetch{Status: st, Unreachable: st == 0}
		fc := FetchConclusion{Status: st, Fetches: n, Decision: eng.FetchPolicy(f)}
		for _, other := range engine.All() {
			if d := other.FetchPolicy(f); d.Outcome != fc.Decision.Outcome {
				fc.Others = append(fc.Others, EngineOutcome{other.Info().ID, d.Outcome})
			}
		}
		out = append(out, fc)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Status < out[j].Status })
	return out
}

func newReport(o Options) *Report {
	return &Report{Files: append([]string(nil), o.Names...), HasRobots: o.Robots != nil || o.hasHistory(), HasDraft: o.Draft != nil, History: o.hasHistory(),
		rows: map[rowKey]*CrawlerStats{}, paths: newTop[struct{}](keepPaths), BucketSeconds: bucketWidths[0]}
}

func (o Options) hasHistory() bool { return o.History != nil && len(o.History.Versions) > 0 }

func otherBotsName() string { return msg.New(msgOtherBots).String() }

func newStats(id Identity, ver Verification) *CrawlerStats {
	s := newRow(id, ver)
	s.disallowed, s.ownPaths = newTop[disallowedVal](keepDisallowed), newTop[struct{}](keepOwnPaths)
	return s
}

// newRow is a row without its top lists (the caller gives them).
func newRow(id Identity, ver Verification) *CrawlerStats {
	return &CrawlerStats{Identity: id, Verified: ver, RobotsFetches: map[int]int64{}, draft: map[ruleKey]*RuleCount{}, buckets: map[int64]*Bucket{}}
}

// newPart is the report of one chunk of lines: no top list is cut short
// (a chunk is bounded) and no bot is folded into "other bots" (the merge
// decides that, as the whole report). It reuses what free holds.
func newPart(o Options, free *partFree) *Report {
	p := &Report{HasRobots: o.Robots != nil || o.hasHistory(), HasDraft: o.Draft != nil, History: o.hasHistory(), rows: free.rowMap, paths: free.paths,
		BucketSeconds: bucketWidths[0], part: true, free: free}
	free.rowMap, free.paths = nil, nil
	if p.rows == nil {
		p.rows = map[rowKey]*CrawlerStats{}
	}
	if p.paths == nil {
		p.paths = newPartTop[struct{}]()
	}
	return p
}

// partFree is what the merged reports of a worker's earlier chunks leave
// for its next ones: their maps, cleared but keeping their room, so a long
// run stops making and growing maps.
type partFree struct {
	rowMap map[rowKey]*CrawlerStats
	paths  *topCounter[struct{}]
	// rows by crawler: a row's maps are the size that crawler needs.
	rows map[rowKey]*CrawlerStats
}

// keepFreeRows bounds the rows a worker keeps for reuse (a log has a few
// dozen crawlers; rows beyond are made anew).
const keepFreeRows = 128

// take keeps the parts of p, a merged chunk report, for reuse.
func (f *partFree) take(p *Report) {
	if f.rowMap == nil {
		clear(p.rows)
		f.rowMap = p.rows
	}
	if f.paths == nil {
		p.paths.reset()
		f.paths = p.paths
	}
	if f.rows == nil {
		f.rows = map[rowKey]*CrawlerStats{}
	}
	for _, s := range p.order {
		if len(f.rows) == keepFreeRows {
			break
		}
		k := rowKey{s.Name, s.Verified}
		if _, ok := f.rows[k]; !ok {
			s.reset()
			f.rows[k] = s
		}
	}
}

// reset clears a chunk report's row for reuse.
func (s *CrawlerStats) reset() {
	fetches, draft, buckets, own, dis, exact := s.RobotsFetches, s.draft, s.buckets, s.ownPaths, s.disallowed, s.distinct.exact
	clear(fetches)
	clear(draft)
	clear(buckets)
	clear(exact)
	own.reset()
	dis.reset()
	*s = CrawlerStats{RobotsFetches: fetches, draft: draft, buckets: buckets, ownPaths: own, disallowed: dis, distinct: distinct{exact: exact}}
}

// trim cuts a part's top lists to what the whole report's can hold (see
// topCounter.trim), so the merge, which runs on one goroutine, has little
// to do.
func (r *Report) trim() {
	for _, s := range r.order {
		for _, it := range s.ownPaths.items {
			r.paths.add(it.Key).Count += it.Count - 1
		}
	}
	r.paths.trim(keepPaths)
	for _, s := range r.order {
		s.ownPaths.trim(keepOwnPaths)
		s.disallowed.trim(keepDisallowed)
	}
}

// row returns id's row, made on its first hit.
func (r *Report) row(id Identity, ver Verification) *CrawlerStats {
	k := rowKey{id.Name, ver}
	if s, ok := r.rows[k]; ok {
		return s
	}
	var s *CrawlerStats
	switch f := r.free; {
	case f != nil && f.rows[k] != nil:
		s = f.rows[k]
		delete(f.rows, k)
		s.Identity, s.Verified = id, ver
	case r.part:
		s = newRow(id, ver)
		s.ownPaths, s.disallowed = newPartTop[struct{}](), newPartTop[disallowedVal]()
	default:
		s = newStats(id, ver)
	}
	r.rows[k] = s
	r.order = append(r.order, s)
	if r.part && (id.Kind == KindUnknownBot || id.Kind == KindHost) {
		r.unknownRows++
		if r.whole != nil {
			if _, ok := r.whole.rows[k]; !ok {
				r.room-- // a row the merge makes anew, while it has room
			}
		}
	}
	return s
}

// count adds crawler hit e (line at) to its row s. It reports whether the
// robots.txt disallows the hit, and by which rule.
func (r *Report) count(s *CrawlerStats, e *event, at LineRef) (*engine.Rule, bool) {
	s.Hits++
	s.distinct.add(hashPath(e.path))
	if !r.part { // a part's are its rows' added up (see trim)
		r.paths.add(e.path)
	}
	s.ownPaths.add(e.path)
	if e.time.Valid {
		if !s.First.Valid || e.time.Unix < s.First.Unix {
			s.First = e.time
		}
		if !s.Last.Valid || e.time.Unix >= s.Last.Unix {
			s.Last = e.time
		}
	}
	var b *Bucket
	if e.time.Valid {
		start := e.time.Unix - mod(e.time.Unix, r.BucketSeconds)
		if b = s.buckets[start]; b == nil {
			b = &Bucket{Start: start}
			s.buckets[start] = b
			if len(s.buckets) > maxBuckets && r.BucketSeconds != bucketWidths[len(bucketWidths)-1] {
				r.coarsen()
				start = e.time.Unix - mod(e.time.Unix, r.BucketSeconds)
				b = s.buckets[start]
			}
		}
		b.Hits++
	}
	if e.robots {
		s.RobotsFetches[e.status]++
		return nil, false
	}
	robots := e.res[0]
	if r.History {
		if e.version == 0 {
			r.BeforeHistory++
		}
		if e.gap {
			r.InGap++
		}
	}
	disallowed := r.HasRobots && !robots.Allowed
	if disallowed {
		s.Disallowed++
		if b != nil {
			b.Disallowed++
		}
		it := s.disallowed.add(e.path)
		if it.Val.n == 0 {
			it.Val.rule = robots.Rule
		}
		it.Val.add(at)
	}
	if r.HasDraft {
		draft := e.res[1]
		if draft.Allowed != robots.Allowed {
			k := ruleKey{draft.Rule, false}
			if draft.Allowed && (draft.Rule == nil || !draft.Rule.Allow) {
				k = ruleKey{robots.Rule, true}
			}
			rc := s.ruleCount(k)
			if draft.Allowed {
				s.NewlyAllowed++
				rc.Allowed++
			} else {
				s.NewlyBlocked++
				rc.Blocked++
			}
		}
	}
	return robots.Rule, disallowed
}

// merge adds part p, the report of the lines that follow the ones r has
// counted (a chunk's, or a summary's made into a report), to r: the one
// merger of Analyze and Merge. Each row of p gets into its row of r.
func (r *Report) merge(p *Report) {
	r.Lines += p.Lines
	r.Blank += p.Blank
	r.Malformed += p.Malformed
	r.NoRequest += p.NoRequest
	r.OtherHits += p.OtherHits
	r.BeforeHistory += p.BeforeHistory
	r.InGap += p.InGap
	r.CrawlerHits += p.CrawlerHits
	for _, m := range p.MalformedAt {
		if len(r.MalformedAt) < keepMalformed {
			r.MalformedAt = append(r.MalformedAt, m)
		}
	}
	for r.BucketSeconds < p.BucketSeconds {
		r.coarsen()
	}
	r.paths.merge(p.paths, nil)
	// p's rows in the order of their first hit, so the rows of unknown
	// bots past maxUnknownBots fold into "other bots" as in one pass.
	for _, ps := range p.order {
		id := ps.Identity
		k := rowKey{id.Name, ps.Verified}
		c, ok := r.rows[k]
		if !ok && (id.Kind == KindUnknownBot || id.Kind == KindHost) {
			if r.unknownRows >= maxUnknownBots {
				// A log with endless made-up bot names still gets a
				// report of bounded size.
				id = Identity{Kind: id.Kind, Name: otherBotsName(), Engine: id.Engine}
				k = rowKey{id.Name, ps.Verified}
				c, ok = r.rows[k]
			}
			if !ok {
				r.unknownRows++
			}
		}
		if !ok {
			c = newStats(id, ps.Verified)
			r.rows[k] = c
			r.order = append(r.order, c)
		}
		ps.into = c
		c.Hits += ps.Hits
		c.distinct.merge(&ps.distinct)
		if ps.First.Valid && (!c.First.Valid || ps.First.Unix < c.First.Unix) {
			c.First = ps.First
		}
		if ps.Last.Valid && (!c.Last.Valid || ps.Last.Unix >= c.Last.Unix) {
			c.Last = ps.Last
		}
		for st, n := range ps.RobotsFetches {
			c.RobotsFetches[st] += n
		}
		c.Disallowed += ps.Disallowed
		c.NewlyBlocked += ps.NewlyBlocked
		c.NewlyAllowed += ps.NewlyAllowed
		for rk, prc := range ps.draft {
			c.ruleCount(rk).add(prc.Blocked, prc.Allowed)
		}
		for _, b := range ps.buckets {
			addBucket(c.buckets, b.Start-mod(b.Start, r.BucketSeconds), b.Hits, b.Disallowed)
		}
		c.ownPaths.merge(ps.ownPaths, nil)
		c.disallowed.merge(ps.disallowed, func(dst *disallowedVal, src disallowedVal) {
			if dst.n == 0 {
				dst.rule = src.rule
			}
			for _, l := range src.lines() {
				dst.add(l)
			}
		})
	}
	// A timeline wider than one pass allows is made coarser, as one pass
	// would have while it read.
	for r.tooManyBuckets() && r.BucketSeconds != bucketWidths[len(bucketWidths)-1] {
		r.coarsen()
	}
}

// coarsen moves every timeline to the next bucket width.
func (r *Report) coarsen() {
	for i, w := range bucketWidths {
		if w == r.BucketSeconds && i+1 < len(bucketWidths) {
			r.BucketSeconds = bucketWidths[i+1]
			break
		}
	}
	for _, s := range r.rows {
		merged := make(map[int64]*Bucket, len(s.buckets)/2)
		for _, b := range s.buckets {
			addBucket(merged, b.Start-mod(b.Start, r.BucketSeconds), b.Hits, b.Disallowed)
		}
		s.buckets = merged
	}
}

// ruleCount is s's count of the hits that rule key k changes, made on
// first use.
func (s *CrawlerStats) ruleCount(k ruleKey) *RuleCount {
	rc := s.draft[k]
	if rc == nil {
		rc = &RuleCount{Rule: k.rule, InRobots: k.inRobots}
		s.draft[k] = rc
	}
	return rc
}

func (rc *RuleCount) add(blocked, allowed int64) {
	rc.Blocked += blocked
	rc.Allowed += allowed
}

// addBucket adds hits, disallowed of them, to the timeline bucket of m
// that starts at start.
func addBucket(m map[int64]*Bucket, start, hits, disallowed int64) {
	b := m[start]
	if b == nil {
		b = &Bucket{Start: start}
		m[start] = b
	}
	b.Hits += hits
	b.Disallowed += disallowed
}

func mod(a, b int64) int64 {
	m := a % b
	if m < 0 {
		m += b
	}
	return m
}

// finish turns the running counters into the report's lists.
func (r *Report) finish() {
	r.Crawlers = r.Crawlers[:0]
	for _, s := range r.rows {
		// A crawler fetched no more distinct paths than it made hits; the
		// sketch's estimate may say more (its error, or a summary's
		// registers).
		s.DistinctPaths = min(s.distinct.Count(), s.Hits)
		s.Exact = s.distinct.Exact()
		s.TopDisallowed = s.TopDisallowed[:0]
		for _, it := range s.disallowed.top(keepDisallowed) {
			s.TopDisallowed = append(s.TopDisallowed, DisallowedPath{Path: it.Key, Hits: it.Count, Rule: it.Val.rule, Lines: slices.Clone(it.Val.lines())})
		}
		s.TopDisallowedLost, s.TopPathsLost = s.disallowed.lost, s.ownPaths.lost
		s.TopPaths = s.TopPaths[:0]
		for _, it := range s.ownPaths.top(keepOwnPaths) {
			s.TopPaths = append(s.TopPaths, PathCount{it.Key, it.Count})
		}
		s.DraftRules = s.DraftRules[:0]
		for _, rc := range s.draft {
			s.DraftRules = append(s.DraftRules, *rc)
		}
		sort.Slice(s.DraftRules, func(i, j int) bool {
			a, b := s.DraftRules[i], s.DraftRules[j]
			if a.Blocked+a.Allowed != b.Blocked+b.Allowed {
				return a.Blocked+a.Allowed > b.Blocked+b.Allowed
			}
			if a.InRobots != b.InRobots {
				return !a.InRobots
			}
			return ruleLine(a.Rule) < ruleLine(b.Rule)
		})
		s.Timeline = s.Timeline[:0]
		for _, b := range s.buckets {
			s.Timeline = append(s.Timeline, *b)
		}
		sort.Slice(s.Timeline, func(i, j int) bool { return s.Timeline[i].Start < s.Timeline[j].Start })
		r.Crawlers = append(r.Crawlers, s)
	}
	sort.Slice(r.Crawlers, func(i, j int) bool {
		a, b := r.Crawlers[i], r.Crawlers[j]
		if a.Hits != b.Hits {
			return a.Hits > b.Hits
		}
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return a.Verified < b.Verified
	})
	r.TopPathsLost = r.paths.lost
	r.TopPaths = r.TopPaths[:0]
	for _, it := range r.paths.top(keepPaths) {
		r.TopPaths = append(r.TopPaths, PathCount{it.Key, it.Count})
	}
}

func ruleLine(r *engine.Rule) int {
	if r == nil {
		return 0
	}
	return r.Line
}
