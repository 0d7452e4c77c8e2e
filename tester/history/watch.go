package history

import (
	"context"
	"errors"
	"hash/fnv"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/uri"
)

// Defaults of WatchOptions.
const (
	DefaultWatchWorkers = 64
	DefaultPerHost      = 2
	DefaultBudget       = 20 * time.Second
)

var (
	msgNotCheckedTime  = msg.Def("history.watch.budget", "no complete answer within {{.Budget}} (the time allowed per site)")
	msgNotCheckedStore = msg.Def("history.watch.store", "the answer could not be kept: {{.Err}}")
	msgNotCheckedStop  = msg.Def("history.watch.cancelled", "the watch was stopped before this site")
)

// WatchOptions tune a watch of many sites.
type WatchOptions struct {
	Workers int           // sites fetched at once; 0 = DefaultWatchWorkers
	PerHost int           // fetches of one host at once; 0 = DefaultPerHost
	Budget  time.Duration // one site, every redirect and the body; 0 = DefaultBudget
	// NoConditional sends plain requests (no If-None-Match /
	// If-Modified-Since from the version kept last).
	NoConditional bool
	UserAgent     string
	Transport     http.RoundTripper // shared by every fetch; nil = one made here
	Grade         GradeOptions
	// Shard of Shards: with Shards > 1 only the inputs whose ShardOf is
	// Shard (from 1) are checked; the others are skipped, and Index still
	// counts every input.
	Shard, Shards int
}

// ShardOf is the shard, from 1 to n, that input falls in: a stable hash
// (64-bit FNV-1a) of its site's host and port, scheme left out, so a site
// lands in the same shard whatever the order or the spelling of the list
// (example.com, https://EXAMPLE.com/page and http://example.com are one
// key), and one host's http and https files share a shard and its
// --per-host limit. Input that is no site hashes as written.
func ShardOf(input string, n int) int {
	if n <= 1 {
		return 1
	}
	key := strings.TrimSpace(input)
	if t, err := fetch.Resolve(input); err == nil {
		key = strings.TrimSuffix(t.RobotsURL, "/robots.txt")
		_, key, _ = uri.CutScheme(key)
	}
	h := fnv.New64a()
	h.Write([]byte(key))
	return int(h.Sum64()%uint64(n)) + 1
}

// SiteReport is what watch found out about one site.
type SiteReport struct {
	Index       int // the place of Input in the input, from 0
	Input       string
	Site        string        // the robots.txt URL ("" for input that is no site)
	Checked     bool          // false: Why says what stopped it
	Why         msg.Text      // why the site could not be checked
	Changed     bool          // a new version was kept
	NotModified bool          // the server answered 304 to the conditional request
	Version     Version       // the version in force now
	Previous    *Version      // the one before, when Changed
	Findings    []Finding     // what the change does, worst first (Changed only)
	Elapsed     time.Duration // the fetch
}

// Worst is the worst finding's severity (ok false when nothing changed).
func (r *SiteReport) Worst() (diag.Severity, bool) { return Worst(r.Findings) }

// hostLimit lets at most n fetches of one host run at once.
type hostLimit struct {
	n  int
	mu sync.Mutex
	by map[string]chan struct{}
}

func (h *hostLimit) take(ctx context.Context, host string) (func(), error) {
	h.mu.Lock()
	c, ok := h.by[host]
	if !ok {
		c = make(chan struct{}, h.n)
		h.by[host] = c
	}
	h.mu.Unlock()
	select {
	case c <- struct{}{}:
		return func() { <-c }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Watch checks each site next gives (a host, page or robots.txt URL) the
// way crawlers fetch it: Workers at once, PerHost per host, each within
// Budget, conditionally when a version is kept; a changed answer is kept as
// a version (source watch) and graded. Reports come to emit in the order in
// which they finish (Index is the input's place).
func (s Store) Watch(ctx context.Context, next func() (string, error), opts WatchOptions, emit func(SiteReport) error) error {
	if opts.Workers <= 0 {
		opts.Workers = DefaultWatchWorkers
	}
	if opts.PerHost <= 0 {
		opts.PerHost = DefaultPerHost
	}
	if opts.Budget <= 0 {
		opts.Budget = DefaultBudget
	}
	if opts.Transport == nil {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.DisableCompression = true
		tr.MaxIdleConnsPerHost = opts.PerHost
		tr.MaxIdleConns = opts.Workers * 2
		opts.Transport = tr
		defer tr.CloseIdleConnections()
	}
	limit := &hostLimit{n: opts.PerHost, by: map[string]chan struct{}{}}
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// Reports come as sites finish, not in input order: a site that takes
	// its whole budget must not hold back the thousands behind it.
	jobs := make(chan indexed, opts.Workers)
	results := make(chan SiteReport, opts.Workers)
	// A site listed twice (a host and one of its pages) is checked once
	// after the other, in the list's order: at once, both would fetch
	// before either kept a version and both would be "first". Only the
	// sites handed out and not finished are held here.
	var busyMu sync.Mutex
	busy := map[string]chan struct{}{}
	var wg sync.WaitGroup
	for range opts.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				if j.after != nil {
					<-j.after // handed out earlier, so a worker has it
				}
				r := s.check(ctx, j.input, opts, limit)
				if j.done != nil {
					busyMu.Lock()
					if busy[j.site] == j.done {
						delete(busy, j.site)
					}
					busyMu.Unlock()
					close(j.done)
				}
				r.Index = j.n
				results <- r
			}
		}()
	}
	var readErr error
	go func() {
		defer close(jobs)
		for n := 0; ; n++ {
			input, err := next()
			if err != nil {
				if !errors.Is(err, io.EOF) {
					readErr = err
				}
				return
			}
			if opts.Shards > 1 && ShardOf(input, opts.Shards) != opts.Shard {
				continue // another shard's site: its place still counts
			}
			j := indexed{n: n, input: input}
			if t, err := fetch.Resolve(input); err == nil {
				j.site, j.done = t.RobotsURL, make(chan struct{})
				busyMu.Lock()
				j.after = busy[j.site]
				busy[j.site] = j.done
				busyMu.Unlock()
			}
			select {
			case jobs <- j:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()
	var emitErr error
	for r := range results {
		if emitErr == nil {
			if emitErr = emit(r); emitErr != nil {
				cancel() // the sites not begun are not fetched
			}
		}
	}
	if emitErr != nil {
		return emitErr
	}
	if readErr != nil {
		return readErr
	}
	return parent.Err()
}

type indexed struct {
	n     int
	input string
	site  string        // the robots.txt URL ("" for input that is no site)
	done  chan struct{} // closed when this job's check is over
	after chan struct{} // the same site's job before this one, if running
}

// check watches one site.
func (s Store) check(ctx context.Context, input string, opts WatchOptions, limit *hostLimit) SiteReport {
	rep := SiteReport{Input: input}
	t, err := fetch.Resolve(input)
	if err != nil {
		var ie *fetch.InputError
		if errors.As(err, &ie) {
			rep.Why = ie.Text
		} else {
			rep.Why = msg.New(msgNotCheckedStore, "Err", err.Error())
		}
		return rep
	}
	rep.Site = t.RobotsURL
	host := t.RobotsURL
	if u := hostOf(t.RobotsURL); u != "" {
		host = u
	}
	release, err := limit.take(ctx, host)
	if err != nil {
		rep.Why = msg.New(msgNotCheckedStop)
		return rep
	}
	defer release()
	fo := fetch.Options{Timeout: opts.Budget, UserAgent: opts.UserAgent, Transport: opts.Transport, NoKeep: true}
	var prev *Version
	if vs, err := s.Versions(rep.Site); err == nil && len(vs) > 0 {
		p := vs[len(vs)-1]
		prev = &p
		if !opts.NoConditional && p.OK() && p.Body != "" {
			fo.IfNoneMatch, fo.IfModifiedSince = p.ETag, p.LastModified
		}
	}
	res, err := fetch.Get(ctx, input, fo)
	if err != nil || res == nil {
		rep.Why = msg.New(msgNotCheckedStop)
		return rep
	}
	rep.Elapsed = res.Elapsed
	if res.Unreachable && res.Failure.Key == "live.fail.timeout" {
		rep.Why = msg.New(msgNotCheckedTime, "Budget", opts.Budget.String())
		return rep
	}
	if res.NotModified && prev == nil {
		// A 304 to a request that named nothing: ask again plainly.
		fo.IfNoneMatch, fo.IfModifiedSince = "", ""
		if res, err = fetch.Get(ctx, input, fo); err != nil {
			rep.Why = msg.New(msgNotCheckedStop)
			return rep
		}
	}
	v, added, err := s.Keep(res, SourceWatch)
	if err != nil {
		rep.Why = msg.New(msgNotCheckedStore, "Err", err.Error())
		return rep
	}
	rep.Checked, rep.Changed, rep.NotModified, rep.Version = true, added, res.NotModified, v
	if !added {
		return rep
	}
	c := Change{New: &v}
	c.NewBody, err = s.Body(v)
	if err == nil && prev != nil {
		c.Old = prev
		c.OldBody, err = s.Body(*prev)
	}
	if err != nil {
		rep.Why = msg.New(msgNotCheckedStore, "Err", err.Error())
		rep.Checked = false
		return rep
	}
	rep.Previous = prev
	rep.Findings = Grade(c, opts.Grade)
	return rep
}

// hostOf is the host of a robots.txt URL, without the port.
func hostOf(robotsURL string) string {
	_, rest, ok := uri.CutScheme(robotsURL)
	if !ok {
		return ""
	}
	hostport, _ := uri.CutAuthority(rest)
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return hostport
}
