package sitemap

import (
	"context"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	batchpkg "github.com/robots-studio/robots-studio/tester/batch"
	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/textfile"
)

// DefaultAgents are the crawlers checked when the user names none.
var DefaultAgents = []string{"Googlebot", "bingbot", "YandexBot"}

var (
	msgBlocked        = msg.Def("sitemap.blocked", "{{.URL}} is blocked for {{.Agent}} by robots.txt line {{.Line}} `{{.Rule}}`")
	msgBlockedNoRule  = msg.Def("sitemap.blocked_no_rule", "{{.URL}} is blocked for {{.Agent}}: {{.Why}}")
	msgSitemapBlocked = msg.Def("sitemap.sitemap_blocked", "the sitemap {{.URL}} is itself blocked for {{.Agent}} by line {{.Line}} `{{.Rule}}`: that crawler cannot fetch it")
	msgNoSitemapLine  = msg.Def("sitemap.no_sitemap_line", "the robots.txt has no “Sitemap: …” line, so crawlers find the sitemap only where it was submitted by hand")
	msgUnresolved     = msg.Def("sitemap.unresolved", "{{.URL}}: no file named {{.Name}} beside the robots.txt, so it was not checked (fetching from the web is not available here)")
	msgUnresolvedSub  = msg.Def("sitemap.unresolved_child", "{{.URL}}: no file named {{.Name}} beside the index, so it was not checked")
	msgNotListed      = msg.Def("sitemap.not_listed", "the robots.txt names no sitemap called {{.Name}}, so its own URL is unknown: its URLs are held to the host of the first one")
	msgOpen           = msg.Def("sitemap.open_failed", "cannot read the sitemap: {{.Error}}")
)

// Crawler is one crawler and the robots.txt compiled by the engine that
// answers for it.
type Crawler struct {
	Agent    string
	Compiled engine.Compiled
}

// SitemapLine is a Sitemap: line of a robots.txt and the local file it
// resolves to ("" when none).
type SitemapLine struct {
	Line  int
	URL   string
	Local string
}

// Robots is a robots.txt the sitemaps are checked against.
type Robots struct {
	File     string // its name in findings
	Doc      *syntax.Document
	Crawlers []Crawler
	Sitemaps []SitemapLine
}

// Resolver finds the file a sitemap URL names, given the folder of the file
// that names it; ok is false when there is none. LocalResolver looks beside
// that file by name; a live fetcher can stand in for it.
type Resolver func(dir, sitemapURL string) (local string, ok bool)

// LocalResolver resolves a sitemap URL to the file of the same name in dir.
func LocalResolver(dir, sitemapURL string) (string, bool) {
	name := URLFileName(sitemapURL)
	if name == "" || dir == "" {
		return "", false
	}
	p := filepath.Join(dir, name)
	if st, err := os.Stat(p); err == nil && !st.IsDir() {
		return p, true
	}
	return "", false
}

// URLFileName is the last path segment of a URL ("sitemap.xml").
func URLFileName(u string) string {
	_, p, ok := splitURL(u)
	if !ok {
		p = u
	}
	name := path.Base(p)
	if name == "/" || name == "." {
		return ""
	}
	return name
}

// NewRobots compiles a robots.txt for the agents (DefaultAgents when
// none): each under its own engine (engine.ForCrawler) when engineID is
// "", else all under engineID. Its Sitemap: lines are resolved with
// resolve (LocalResolver beside file when nil).
func NewRobots(file string, data []byte, agents []string, engineID string, resolve Resolver) (*Robots, error) {
	if len(agents) == 0 {
		agents = DefaultAgents
	}
	r := &Robots{File: file, Doc: syntax.Parse(data)}
	compiled := map[string]engine.Compiled{}
	for _, a := range agents {
		e := engine.ForCrawler(a)
		if engineID != "" {
			var ok bool
			if e, ok = engine.Get(engineID); !ok {
				return nil, &UnknownEngineError{ID: engineID}
			}
		}
		id := e.Info().ID
		if compiled[id] == nil {
			compiled[id] = e.Compile(r.Doc)
		}
		r.Crawlers = append(r.Crawlers, Crawler{Agent: a, Compiled: compiled[id]})
	}
	if resolve == nil {
		resolve = LocalResolver
	}
	dir := ""
	if file != "" && file != "-" {
		dir = filepath.Dir(file)
	}
	for i := range r.Doc.Lines {
		if r.Doc.Lines[i].Kind != syntax.Sitemap {
			continue
		}
		u := r.Doc.Value(i + 1)
		local, _ := resolve(dir, u)
		r.Sitemaps = append(r.Sitemaps, SitemapLine{Line: i + 1, URL: u, Local: local})
	}
	return r, nil
}

// UnknownEngineError names an engine id that does not exist.
type UnknownEngineError struct{ ID string }

func (e *UnknownEngineError) Error() string {
	return "unknown engine " + e.ID + "; valid: " + strings.Join(engine.IDs(), ", ")
}

// Check reports what is wrong with the robots.txt as a sitemap's partner:
// no Sitemap: line, a sitemap the crawlers may not fetch, a line that names
// no file here.
func (r *Robots) Check() []Finding {
	var out []Finding
	// at the value of the Sitemap: line
	add := func(code string, line int, text msg.Text) *Finding {
		l := r.Doc.Line(line)
		out = append(out, Finding{Diagnostic: newDiagAt(code, text, int(l.Value.Start)), File: r.File, Line: line,
			Col: int(l.Value.Start-l.Start) + 1})
		return &out[len(out)-1]
	}
	if len(r.Sitemaps) == 0 { // about the file as a whole
		out = append(out, Finding{Diagnostic: newDiag(CodeNoSitemapLine, msg.New(msgNoSitemapLine)), File: r.File, Line: 1, Col: 1})
	}
	for _, sl := range r.Sitemaps {
		for _, c := range r.Crawlers {
			v := c.Compiled.Query(c.Agent, sl.URL)
			if v.Allowed {
				continue
			}
			f := add(CodeSitemapBlocked, sl.Line, blockedText(msgSitemapBlocked, sl.URL, c.Agent, &v))
			f.URL, f.Agent, f.Engine, f.Rule = sl.URL, c.Agent, v.Engine, v.Rule
		}
		if sl.Local == "" {
			add(CodeUnresolved, sl.Line, msg.New(msgUnresolved, "URL", clip(sl.URL), "Name", URLFileName(sl.URL)))
		}
	}
	return out
}

func blockedText(key, u, agent string, v *engine.Verdict) msg.Text {
	if v.Rule == nil {
		return msg.New(msgBlockedNoRule, "URL", clip(u), "Agent", agent, "Why", v.Explain())
	}
	return msg.New(key, "URL", clip(u), "Agent", agent, "Line", v.Rule.Line, "Rule", v.Rule.Text)
}

// Test asks every crawler about one listed URL and returns a finding for
// each crawler that may not fetch it.
func (r *Robots) Test(file string, e Entry) []Finding {
	var out []Finding
	for _, c := range r.Crawlers {
		v := c.Compiled.Query(c.Agent, e.Loc)
		if !v.Allowed {
			out = append(out, blockedFinding(file, e, c.Agent, &v))
		}
	}
	return out
}

// blockedFinding is the finding for a listed URL the crawler agent may not
// fetch, as v says.
func blockedFinding(file string, e Entry, agent string, v *engine.Verdict) Finding {
	code, text := CodeBlocked, msgBlocked
	if e.Index {
		code, text = CodeSitemapBlocked, msgSitemapBlocked
	}
	return Finding{Diagnostic: newDiagAt(code, blockedText(text, e.Loc, agent, v), e.Off), File: file, Line: e.Line, Col: e.Col,
		URL: e.Loc, Agent: agent, Engine: v.Engine, Rule: v.Rule}
}

// robotsQueue is how many batches of URLs may wait for the robots.txt
// queries before the reading answers them itself (a variable for the
// tests, which set 0 to take that path every time).
var robotsQueue = 8

// queuedBatch is a batch of listed URLs on its way to the queries, or
// already answered by the reading (hits).
type queuedBatch struct {
	entries  []Entry
	hits     []blockedHit
	answered bool
}

// blockedHit is a listed URL a crawler may not fetch, before it becomes a
// finding: past maxFindingsCode per crawler only the count is kept, so
// the message is only written for those listed. It keeps of the verdict
// what the finding needs: the whole of it only when no rule decided.
type blockedHit struct {
	e      Entry
	agent  string
	engine string
	rule   *engine.Rule
	why    *engine.Verdict // when rule is nil
}

func newBlockedHit(e Entry, agent string, v *engine.Verdict) blockedHit {
	h := blockedHit{e: e, agent: agent, engine: v.Engine, rule: v.Rule}
	if v.Rule == nil {
		vc := *v
		h.why = &vc
	}
	return h
}

// verdict is as much of the verdict as blockedFinding reads.
func (h *blockedHit) verdict() *engine.Verdict {
	if h.why != nil {
		return h.why
	}
	return &engine.Verdict{Engine: h.engine, Rule: h.rule}
}

// Named returns the Sitemap: line whose URL ends in the file name of
// sitemapFile, if any.
func (r *Robots) Named(sitemapFile string) (SitemapLine, bool) {
	base := filepath.Base(sitemapFile)
	for _, sl := range r.Sitemaps {
		if sl.Local != "" && sameFile(sl.Local, sitemapFile) || URLFileName(sl.URL) == base {
			return sl, true
		}
	}
	return SitemapLine{}, false
}

func sameFile(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// Source is a sitemap to read.
type Source struct {
	Name string                        // shown in findings: a path, "-", a URL
	URL  string                        // its own address, when known
	Open func() (io.ReadCloser, error) // opens it for reading
	Size int64                         // its size in bytes when known (for progress), else 0
}

// FileSource reads the file at path.
func FileSource(p string) Source {
	s := Source{Name: p, Open: func() (io.ReadCloser, error) { return textfile.OpenStream(p) }}
	if st, err := os.Stat(p); err == nil {
		s.Size = st.Size()
	}
	return s
}

// Job checks sitemaps, and their URLs against a robots.txt when Robots is
// set. The sitemaps an index lists are checked too when they resolve. A
// robots.txt read from a file has no address of its own: it is taken to be
// the robots.txt of the host a sitemap is on when the sitemap's URL is
// known (from a Sitemap: line or an index), so only that host's URLs are
// tested against it; otherwise every listed URL is.
type Job struct {
	Robots   *Robots
	Resolve  Resolver                   // for the sitemaps an index lists; LocalResolver when nil
	Progress func(name string, n int64) // bytes of the named file read so far
	Context  context.Context
	// Workers is how many cores to use: the reading takes one, the tests
	// of URLs against Robots the others (one goroutine at least, while
	// the file is read); 1 answers them between the readings; 0: all.
	Workers int
}

// Report is the outcome of one sitemap file.
type Report struct {
	Source   Source
	Result   *Result // nil when it could not be read
	Findings []Finding
	Blocked  int // blocked (URL, crawler) pairs, including those not listed one by one
}

// Run checks every source (and the sitemaps the indexes among them list)
// and returns the robots.txt's own findings and one report per file.
func (j *Job) Run(sources []Source) ([]Finding, []Report, error) {
	var robotsFindings []Finding
	if j.Robots != nil {
		robotsFindings = j.Robots.Check()
	}
	var reports []Report
	for _, src := range sources {
		if src.URL == "" && j.Robots != nil {
			if sl, ok := j.Robots.Named(src.Name); ok {
				src.URL = sl.URL
			}
		}
		rep, children, err := j.one(src, false)
		if err != nil {
			return robotsFindings, reports, err
		}
		if j.Robots != nil && src.URL == "" && src.Name != "-" {
			rep.Findings = append([]Finding{{Diagnostic: newDiag(CodeNotListed, msg.New(msgNotListed, "Name", filepath.Base(src.Name))),
				File: src.Name, Line: 1, Col: 1}}, rep.Findings...)
		}
		reports = append(reports, rep)
		for _, ch := range children {
			chRep, _, err := j.one(ch.src, true)
			if err != nil {
				return robotsFindings, reports, err
			}
			if chRep.Result != nil && chRep.Result.Kind == KindIndex {
				reports[len(reports)-1].Findings = insertSorted(reports[len(reports)-1].Findings, Finding{
					Diagnostic: newDiagAt(CodeNestedIndex, msg.New(msgNestedIndex), ch.entry.Off), File: src.Name, Line: ch.entry.Line,
					Col: ch.entry.Col, URL: ch.entry.Loc})
			}
			reports = append(reports, chRep)
		}
	}
	return robotsFindings, reports, nil
}

type child struct {
	src   Source
	entry Entry
}

// one reads a single sitemap; for an index it returns the listed sitemaps
// that resolve to files (unless nested, when they are not followed).
func (j *Job) one(src Source, nested bool) (Report, []child, error) {
	rep := Report{Source: src}
	rc, err := src.Open()
	if err != nil {
		rep.Findings = []Finding{{Diagnostic: diag.Diagnostic{Code: CodeMalformed, Severity: diag.Error, Span: diag.NoSpan,
			Message: msg.New(msgOpen, "Error", err.Error())}, File: src.Name, Line: 1, Col: 1}}
		return rep, nil, nil
	}
	defer rc.Close()
	var robotsHosts []string
	robotsHost := ""
	if host, _, ok := splitURL(src.URL); ok {
		robotsHost = host
	}
	if src.URL != "" && j.Robots != nil {
		if _, ok := j.Robots.Named(src.Name); ok || nested {
			if host, _, ok := splitURL(src.URL); ok {
				robotsHosts = []string{host}
			}
		}
	}
	var blocked []Finding
	perAgent := map[string]int{}
	var entries []Entry
	opt := Options{File: src.Name, URL: src.URL, RobotsHosts: robotsHosts, Context: j.Context, Workers: j.Workers}
	if j.Progress != nil {
		opt.Progress = func(n int64) { j.Progress(src.Name, n) }
	}
	// The robots.txt queries run on the other cores while the XML is read
	// (batch.Run, the project's one worker pool), in batches, and their
	// findings come back in the order of the file. The reading takes one
	// core, the queries the others; when they fall behind (the queue is
	// full), the reading answers the batch itself before queueing it, and
	// on one core (Workers 1) it answers every batch.
	const batchSize = 512
	test := func(_ int, b []Entry) []blockedHit {
		var out []blockedHit
		for _, e := range b {
			for _, c := range j.Robots.Crawlers {
				if v := c.Compiled.Query(c.Agent, e.Loc); !v.Allowed {
					out = append(out, newBlockedHit(e, c.Agent, &v))
				}
			}
		}
		return out
	}
	emit := func(hits []blockedHit) error {
		for i := range hits {
			h := &hits[i]
			rep.Blocked++
			if perAgent[h.agent]++; perAgent[h.agent] <= maxFindingsCode {
				blocked = append(blocked, blockedFinding(src.Name, h.e, h.agent, h.verdict()))
			}
		}
		return nil
	}
	workers := j.Workers
	if workers <= 0 {
		workers = batchpkg.Workers()
	}
	var batch []Entry
	var queue chan queuedBatch
	var tested chan struct{}
	if j.Robots != nil && workers > 1 {
		queue, tested = make(chan queuedBatch, robotsQueue), make(chan struct{})
		go func() {
			defer close(tested)
			next := func() (queuedBatch, error) {
				b, ok := <-queue
				if !ok {
					return b, io.EOF
				}
				return b, nil
			}
			answer := func(w int, b queuedBatch) []blockedHit {
				if b.answered {
					return b.hits
				}
				return test(w, b.entries)
			}
			if err := batchpkg.Run(context.Background(), workers-1, next, answer, emit); err != nil {
				for range queue { // drain, so the reader never blocks
				}
			}
		}()
	}
	flush := func() {
		switch {
		case queue == nil:
			emit(test(0, batch))
			batch = batch[:0]
			return
		case len(queue) < cap(queue):
			queue <- queuedBatch{entries: batch}
		default:
			queue <- queuedBatch{hits: test(0, batch), answered: true}
		}
		batch = make([]Entry, 0, batchSize)
	}
	var hosts urlSplitter
	opt.OnEntry = func(e Entry) {
		if e.Index && len(entries) < MaxSitemaps {
			entries = append(entries, e)
		}
		if j.Robots == nil {
			return
		}
		if robotsHost != "" {
			// A robots.txt speaks only for its own host; URLs elsewhere are
			// reported as out of scope and left to their host's robots.txt.
			if host, _, ok := hosts.split(e.Loc); ok && host != robotsHost {
				return
			}
		}
		if batch = append(batch, e); len(batch) == batchSize {
			flush()
		}
	}
	got, err := Read(rc, opt)
	if len(batch) > 0 {
		flush()
	}
	if queue != nil {
		close(queue)
		<-tested
	}
	if err != nil {
		return rep, nil, err
	}
	rep.Result = got
	rep.Findings = append(rep.Findings, got.Findings...)
	if len(blocked) > 0 {
		rep.Findings = append(rep.Findings, blocked...)
		// In the crawlers' order, so the report is the same every run.
		for _, c := range j.Robots.Crawlers {
			agent := c.Agent
			if n := perAgent[agent]; n > maxFindingsCode {
				perAgent[agent] = 0 // a crawler listed twice is counted once
				rep.Findings = append(rep.Findings, Finding{Diagnostic: newDiag(CodeMore, msg.New(msgMore, "Count", n-maxFindingsCode,
					"Code", CodeBlocked+" "+agent)), File: src.Name, Line: 1, Col: 1})
			}
		}
		sortFindings(rep.Findings)
	}
	if got.Kind != KindIndex || nested {
		return rep, nil, nil
	}
	resolve := j.Resolve
	if resolve == nil {
		resolve = LocalResolver
	}
	dir := ""
	if src.Name != "-" {
		dir = filepath.Dir(src.Name)
	}
	var children []child
	for _, e := range entries {
		if local, ok := resolve(dir, e.Loc); ok {
			cs := FileSource(local)
			cs.URL = e.Loc
			children = append(children, child{src: cs, entry: e})
			continue
		}
		rep.Findings = append(rep.Findings, Finding{Diagnostic: diag.Diagnostic{Code: CodeUnresolved, Severity: diag.Info, Span: diag.Span{Start: e.Off, End: e.Off},
			Message: msg.New(msgUnresolvedSub, "URL", clip(e.Loc), "Name", URLFileName(e.Loc))}, File: src.Name, Line: e.Line,
			Col: e.Col, URL: e.Loc})
	}
	sortFindings(rep.Findings)
	return rep, children, nil
}

func insertSorted(fs []Finding, f Finding) []Finding {
	fs = append(fs, f)
	sortFindings(fs)
	return fs
}
