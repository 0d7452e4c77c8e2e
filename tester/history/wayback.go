package history

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url" // url.Values builds the CDX query; tester/uri has no query encoder
	"strconv"
	"strings"
	"time"

	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// The Internet Archive's public endpoints: the CDX index of captures and
// the raw replay of one capture (a timestamp followed by id_ gives the
// bytes as archived, without the replay's rewriting). The format is the
// one documented in the Wayback CDX Server README,
// https://github.com/internetarchive/wayback/blob/master/wayback-cdx-server/README.md
const (
	DefaultCDX       = "https://web.archive.org/cdx/search/cdx"
	DefaultSnapshots = "https://web.archive.org/web/"
	DefaultDelay     = 2 * time.Second
	DefaultMax       = 100
	// maxCDX bounds the listing read (a robots.txt has at most some
	// thousands of distinct captures).
	maxCDX = 8 << 20
	// maxRetryAfter caps how long a Retry-After is obeyed.
	maxRetryAfter = 5 * time.Minute
)

var (
	msgCDXStatus     = msg.Def("history.wayback.cdx_status", "the archive's index answered {{.Status}}: {{.Text}}")
	msgCDXBad        = msg.Def("history.wayback.cdx_bad", "the archive's index answered with something that is not a CDX listing: {{.Err}}")
	msgRateLimited   = msg.Def("history.wayback.rate_limited", "the archive asks to slow down (429) and still did after {{.Tries}} tries; stopped here, run the import again later: what is kept stays")
	msgSkipRedirect  = msg.Def("history.wayback.skip_redirect", "a {{.Status}} redirect: the capture it leads to is listed on its own")
	msgSkipNoStatus  = msg.Def("history.wayback.skip_no_status", "the capture has no status (an archive-internal record)")
	msgSkipFetch     = msg.Def("history.wayback.skip_fetch", "the snapshot could not be read: {{.Why}}")
	msgSkipTooBig    = msg.Def("history.wayback.skip_too_big", "the snapshot is larger than {{.Max}} bytes")
	msgSkipBadTime   = msg.Def("history.wayback.skip_bad_time", "the capture's timestamp {{.Stamp}} is not a date")
	msgCapped        = msg.Def("history.wayback.capped", "stopped after {{.Max}} snapshots (--max); the next is from {{.Next}}: run again with --from {{.NextStamp}} for the rest")
	msgWaybackCancel = msg.Def("history.wayback.cancelled", "cancelled")
)

// ImportOptions tune an import from the Internet Archive.
type ImportOptions struct {
	CDX       string        // the CDX endpoint; "" = DefaultCDX
	Snapshots string        // the raw replay's base; "" = DefaultSnapshots
	Delay     time.Duration // pause between two requests; 0 = DefaultDelay (negative: none, for tests)
	Max       int           // snapshots read at most; 0 = DefaultMax
	From, To  string        // CDX timestamps (a year, 2019, up to 14 digits)
	Timeout   time.Duration // one request; 0 = fetch.DefaultTimeout
	Tries     int           // attempts of a request answered 429 or 5xx; 0 = 4
	Transport http.RoundTripper
	UserAgent string // "" = fetch.DefaultUserAgent
	// Progress, when set, hears of each snapshot as it is done.
	Progress func(done, total int)
}

// Skip is a capture that was not kept, and why.
type Skip struct {
	Stamp string   `json:"timestamp"`
	Why   msg.Text `json:"-"`
	Text  string   `json:"why"`
}

// ImportReport says what an import did.
type ImportReport struct {
	Site     string   `json:"site"`
	Listed   int      `json:"listed"`   // captures the index listed (adjacent duplicates collapsed)
	Read     int      `json:"read"`     // snapshots read
	Added    int      `json:"added"`    // new versions
	Known    int      `json:"known"`    // captures already kept from an earlier import
	Skipped  []Skip   `json:"skipped"`  // captures not kept
	Stopped  msg.Text `json:"-"`        // why it ended early (zero: it did not)
	StopText string   `json:"stopped"`  // Stopped, rendered
	Requests int      `json:"requests"` // requests sent to the archive
}

// Capture is one row of the CDX listing.
type Capture struct {
	Stamp    string
	Original string
	MimeType string
	Status   string
	Digest   string
}

// Import reads the archive's captures of site's robots.txt and keeps them
// as versions marked wayback, politely: one request at a time, Delay
// between two, at most Max snapshots, a 429 or 5xx answer retried after
// Retry-After (or a growing pause), an import stopped by a lasting 429 said
// so. Already imported captures are not read again.
func (s Store) Import(ctx context.Context, site string, opts ImportOptions) (*ImportReport, error) {
	if opts.CDX == "" {
		opts.CDX = DefaultCDX
	}
	if opts.Snapshots == "" {
		opts.Snapshots = DefaultSnapshots
	}
	if opts.Delay == 0 {
		opts.Delay = DefaultDelay
	}
	if opts.Max <= 0 {
		opts.Max = DefaultMax
	}
	if opts.Timeout <= 0 {
		opts.Timeout = fetch.DefaultTimeout
	}
	if opts.Tries <= 0 {
		opts.Tries = 4
	}
	if opts.UserAgent == "" {
		opts.UserAgent = fetch.DefaultUserAgent
	}
	if opts.Transport == nil {
		opts.Transport = http.DefaultTransport
	}
	p := &polite{opts: opts, client: &http.Client{Transport: opts.Transport}}
	rep := &ImportReport{Site: site, Skipped: []Skip{}}
	defer func() {
		rep.Requests = p.requests
		if !rep.Stopped.IsZero() {
			rep.StopText = rep.Stopped.String()
		}
	}()

	caps, err := p.list(ctx, site)
	if err != nil {
		var st *stopped
		if errors.As(err, &st) {
			rep.Stopped = st.text
			return rep, nil
		}
		return rep, err
	}
	rep.Listed = len(caps)
	known := map[string]bool{}
	if vs, err := s.Versions(site); err == nil {
		for _, v := range vs {
			if v.Source == SourceWayback {
				known[v.SourceURL] = true
			}
		}
	}
	skip := func(c Capture, why msg.Text) {
		rep.Skipped = append(rep.Skipped, Skip{Stamp: c.Stamp, Why: why, Text: why.String()})
	}
	read := 0
	for i, c := range caps {
		if opts.Progress != nil {
			opts.Progress(i, len(caps))
		}
		when, err := time.Parse("20060102150405", (c.Stamp + "00000000000000")[:14])
		if err != nil || len(c.Stamp) < 4 {
			skip(c, msg.New(msgSkipBadTime, "Stamp", c.Stamp))
			continue
		}
		snap := opts.Snapshots + c.Stamp + "id_/" + c.Original
		if known[snap] {
			rep.Known++
			continue
		}
		status, err := strconv.Atoi(c.Status)
		switch {
		case err != nil:
			skip(c, msg.New(msgSkipNoStatus))
			continue
		case status >= 300 && status < 400:
			skip(c, msg.New(msgSkipRedirect, "Status", status))
			continue
		}
		v := Version{Site: site, Time: when, Source: SourceWayback, SourceURL: snap, Status: status,
			Hops: []Hop{{URL: c.Original, Status: status}}, ContentType: c.MimeType}
		var body []byte
		if status >= 200 && status < 300 {
			if read == opts.Max {
				rep.Stopped = msg.New(msgCapped, "Max", opts.Max, "Next", when.Format("2006-01-02 15:04:05Z"), "NextStamp", c.Stamp)
				break
			}
			read++
			body, err = p.snapshot(ctx, snap)
			var st *stopped
			switch {
			case errors.As(err, &st):
				rep.Stopped = st.text
				return rep, nil
			case err != nil:
				skip(c, msg.New(msgSkipFetch, "Why", err.Error()))
				continue
			}
			rep.Read++
			if body == nil {
				body = []byte{}
			}
		}
		_, added, err := s.Add(v, body)
		if err != nil {
			return rep, err
		}
		if added {
			rep.Added++
		}
	}
	if opts.Progress != nil {
		opts.Progress(len(caps), len(caps))
	}
	return rep, nil
}

// stopped ends an import early with a sentence (a lasting 429, a cancel).
type stopped struct{ text msg.Text }

func (e *stopped) Error() string { return e.text.String() }

// polite sends one request at a time with a pause between two.
type polite struct {
	opts     ImportOptions
	client   *http.Client
	last     time.Time
	requests int
}

// get sends one GET after the pause, retrying 429 and 5xx answers; the
// caller closes the body of the answer it gets.
func (p *polite) get(ctx context.Context, u string) (*http.Response, error) {
	wait := p.opts.Delay
	for try := 1; ; try++ {
		if !p.last.IsZero() && p.opts.Delay > 0 {
			if err := sleep(ctx, time.Until(p.last.Add(wait))); err != nil {
				return nil, &stopped{msg.New(msgWaybackCancel)}
			}
		}
		rctx, cancel := context.WithTimeout(ctx, p.opts.Timeout)
		req, err := http.NewRequestWithContext(rctx, http.MethodGet, u, nil)
		if err != nil {
			cancel()
			return nil, err
		}
		req.Header.Set("User-Agent", p.opts.UserAgent)
		p.requests++
		resp, err := p.client.Do(req)
		p.last = time.Now()
		if err != nil {
			cancel()
			if ctx.Err() != nil {
				return nil, &stopped{msg.New(msgWaybackCancel)}
			}
			return nil, err
		}
		resp.Body = &cancelOnClose{resp.Body, cancel}
		retry := resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500
		if !retry || try >= p.opts.Tries {
			if resp.StatusCode == http.StatusTooManyRequests {
				resp.Body.Close()
				return nil, &stopped{msg.New(msgRateLimited, "Tries", try)}
			}
			return resp, nil
		}
		// Wait as asked, else twice as long as the last time.
		wait = 2 * wait
		if ra := retryAfter(resp.Header.Get("Retry-After")); ra > 0 {
			wait = ra
		}
		if p.opts.Delay < 0 {
			wait = 0
		}
		io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		resp.Body.Close()
	}
}

type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (c *cancelOnClose) Close() error { err := c.ReadCloser.Close(); c.cancel(); return err }

// retryAfter reads a Retry-After header (seconds or an HTTP date), capped.
func retryAfter(h string) time.Duration {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0
	}
	var d time.Duration
	if n, err := strconv.Atoi(h); err == nil {
		d = time.Duration(n) * time.Second
	} else if t, err := http.ParseTime(h); err == nil {
		d = time.Until(t)
	}
	return min(max(d, 0), maxRetryAfter)
}

func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// list asks the CDX index for the captures of site's robots.txt, adjacent
// duplicates (the same digest) collapsed, oldest first.
func (p *polite) list(ctx context.Context, site string) ([]Capture, error) {
	q := url.Values{}
	q.Set("url", strings.TrimPrefix(strings.TrimPrefix(site, "https://"), "http://"))
	q.Set("output", "json")
	q.Set("fl", "timestamp,original,mimetype,statuscode,digest")
	q.Set("collapse", "digest")
	if p.opts.From != "" {
		q.Set("from", p.opts.From)
	}
	if p.opts.To != "" {
		q.Set("to", p.opts.To)
	}
	resp, err := p.get(ctx, p.opts.CDX+"?"+q.Encode())
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxCDX+1))
	if err != nil {
		return nil, msg.Error(msgCDXBad, "Err", err.Error())
	}
	if resp.StatusCode != http.StatusOK {
		text := strings.TrimSpace(string(data))
		if len(text) > 200 {
			text = text[:200] + "…"
		}
		return nil, msg.Error(msgCDXStatus, "Status", resp.Status, "Text", text)
	}
	if len(data) > maxCDX {
		return nil, msg.Error(msgCDXBad, "Err", "larger than "+strconv.Itoa(maxCDX)+" bytes")
	}
	return ParseCDX(data)
}

// ParseCDX reads a CDX listing: the JSON form (an array of rows, the first
// naming the fields) or the plain form (one capture a line, fields by
// space, in the default order urlkey timestamp original mimetype statuscode
// digest length). An empty answer lists nothing.
func ParseCDX(data []byte) ([]Capture, error) {
	trimmed := strings.TrimSpace(string(data))
	if trimmed == "" {
		return nil, nil
	}
	var rows [][]string
	if strings.HasPrefix(trimmed, "[") {
		if err := json.Unmarshal([]byte(trimmed), &rows); err != nil {
			return nil, msg.Error(msgCDXBad, "Err", err.Error())
		}
		if len(rows) == 0 {
			return nil, nil
		}
		return captures(rows[0], rows[1:])
	}
	sc := bufio.NewScanner(strings.NewReader(trimmed))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) > 0 {
			rows = append(rows, f)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, msg.Error(msgCDXBad, "Err", err.Error())
	}
	return captures([]string{"urlkey", "timestamp", "original", "mimetype", "statuscode", "digest", "length"}, rows)
}

func captures(head []string, rows [][]string) ([]Capture, error) {
	col := map[string]int{}
	for i, h := range head {
		col[h] = i
	}
	ts, okT := col["timestamp"]
	orig, okO := col["original"]
	if !okT || !okO {
		return nil, msg.Error(msgCDXBad, "Err", "no timestamp or original field")
	}
	field := func(r []string, name string) string {
		if i, ok := col[name]; ok && i < len(r) {
			return r[i]
		}
		return ""
	}
	var out []Capture
	for _, r := range rows {
		if len(r) <= max(ts, orig) {
			return nil, msg.Error(msgCDXBad, "Err", "a row with "+strconv.Itoa(len(r))+" fields")
		}
		out = append(out, Capture{Stamp: r[ts], Original: r[orig], MimeType: field(r, "mimetype"),
			Status: field(r, "statuscode"), Digest: field(r, "digest")})
	}
	return out, nil
}

// snapshot reads one capture's raw bytes.
func (p *polite) snapshot(ctx context.Context, u string) ([]byte, error) {
	resp, err := p.get(ctx, u)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, errors.New(resp.Status)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, fetch.MaxBody+1))
	if err != nil {
		return nil, err
	}
	if len(data) > fetch.MaxBody {
		return nil, errors.New(msg.New(msgSkipTooBig, "Max", fetch.MaxBody).String())
	}
	return data, nil
}
