package fetch

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url" // net/http takes and gives *url.URL; taking URLs apart is tester/uri's
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/textfile"
)

// Defaults of Options.
const (
	DefaultTimeout = 10 * time.Second
	// DefaultMaxRedirects is how many redirects RFC 9309 §2.3.1.2 asks a
	// crawler to follow at least, and where Google stops.
	DefaultMaxRedirects = 5
	// DefaultUserAgent identifies the tester to the server.
	DefaultUserAgent = "RobotsStudio/1.0 (robots.txt tester)"
	// MaxBody is the most of a fetched body kept, whoever fetches (the
	// window's Open from Site and Compare, the command line): the size of
	// the largest file the editor opens, so a fetched file is never one the
	// editor would refuse from disk. An endless body stops there.
	MaxBody = textfile.MaxSize
)

var (
	msgTimeout   = msg.Def("live.fail.timeout", "no complete answer within {{.Timeout}}")
	msgCancelled = msg.Def("live.fail.cancelled", "cancelled")
	msgRefused   = msg.Def("live.fail.refused", "the connection was refused")
	msgDNS       = msg.Def("live.fail.dns", "the host name {{.Host}} does not resolve")
	msgNetErr    = msg.Def("live.fail.network", "the request failed: {{.Err}}")
	msgBytes     = msg.Def("live.banner.bytes", "{{.Count}} bytes")
	msgBroken    = msg.Def("live.fail.broken", "the connection broke after {{.Bytes}} of the body: crawlers treat an incomplete answer as a failed fetch")
	msgNoLoc     = msg.Def("live.fail.no_location", "a {{.Status}} redirect without a Location header: there is nowhere to follow")
	msgTooMany   = msg.Def("live.fail.too_many", "still redirecting after {{.Max}} redirects: Robots Studio stopped following, as Google does")
	msgBadGzip   = msg.Def("live.fail.gzip", "the body says it is gzip-compressed but cannot be decompressed: {{.Err}}")
	msgTooBig    = msg.Def("live.fail.too_big", "the body is larger than {{.Max}} bytes; Robots Studio read only that much")
)

// Options tune a fetch. The zero value is ready: 10 s, 5 redirects.
type Options struct {
	Timeout      time.Duration // the whole fetch, every hop and the body; 0 = DefaultTimeout
	MaxRedirects int           // 0 = DefaultMaxRedirects
	UserAgent    string        // the User-Agent header; "" = DefaultUserAgent
	MaxBytes     int           // the most body bytes kept; 0 = MaxBody
	// Transport carries the requests; nil = a copy of http.DefaultTransport
	// with Go's transparent gzip turned off (gzip is undone here, so the
	// bytes on the wire can be reported).
	Transport http.RoundTripper
	// IfNoneMatch and IfModifiedSince make the request conditional (the
	// ETag and Last-Modified of the version kept last): a 304 answer sets
	// Result.NotModified.
	IfNoneMatch, IfModifiedSince string
	// NoKeep: the Keeper is not told of this fetch (its caller keeps it
	// itself, as watch does).
	NoKeep bool
}

// Hop is one request of the chain: the URL asked, the status answered and
// where a redirect pointed. Status 0: no answer (see Result.Failure).
type Hop struct {
	URL       string
	Status    int
	Location  string
	CrossHost bool // Location leads to another scheme, host or port
}

// Result is everything a fetch found out.
type Result struct {
	Target       Target
	Hops         []Hop
	Status       int  // the final status; 0 when Unreachable
	Unreachable  bool // no complete answer (refused, DNS, timeout, broken body)
	Failure      msg.Text
	TooMany      bool // stopped following after MaxRedirects
	MaxRedirects int
	Body         []byte // the final answer's body, gzip undone, byte for byte
	WireBytes    int64  // bytes received on the wire for the body
	Gzip         bool
	ContentType  string
	CacheControl string
	ETag         string // the final answer's ETag header
	LastModified string // the final answer's Last-Modified header
	// NotModified: the server answered 304 to a conditional request; the
	// version the request named is still the one served.
	NotModified bool
	Warnings    []msg.Text
	Notes       []msg.Text
	Started     time.Time
	Elapsed     time.Duration
	Outcomes    []Outcome
}

// OK reports whether a body came with a 2xx answer.
func (r *Result) OK() bool {
	return !r.Unreachable && r.Status >= 200 && r.Status < 300
}

// FinalURL is the URL of the last hop.
func (r *Result) FinalURL() string {
	if len(r.Hops) == 0 {
		return r.Target.RobotsURL
	}
	return r.Hops[len(r.Hops)-1].URL
}

// Outcome returns engine id's conclusion (none for a nil Result).
func (r *Result) Outcome(id string) (Outcome, bool) {
	if r == nil {
		return Outcome{}, false
	}
	for _, o := range r.Outcomes {
		if o.Engine == id {
			return o, true
		}
	}
	return Outcome{}, false
}

// Get fetches the robots.txt that governs input. The error is an
// *InputError for input that is no host or URL, or the context's error when
// ctx was cancelled; every network outcome (a refused connection, a
// timeout, a 503) is a Result, since crawlers draw conclusions from it.
func Get(ctx context.Context, input string, opts Options) (*Result, error) {
	t, err := Resolve(input)
	if err != nil {
		return nil, err
	}
	r, err := fetchTarget(ctx, t, opts)
	if err == nil && !opts.NoKeep {
		if k := keeper.Load(); k != nil {
			(*k)(r)
		}
	}
	return r, err
}

// keeper is told of every robots.txt Get fetched (SetKeeper).
var keeper atomic.Pointer[func(*Result)]

// SetKeeper makes keep hear of every fetch Get finishes, whoever asked for
// it (the window's Open from Site and Compare, the command line's fetch and
// ROBOTS_FILE URLs), so the site's versions are kept in one place; nil stops
// it. A cancelled fetch and input that is no host are not told; GetURL's
// files (crawler lists) are not robots.txt and never are.
func SetKeeper(keep func(*Result)) {
	if keep == nil {
		keeper.Store(nil)
		return
	}
	keeper.Store(&keep)
}

// GetURL fetches exactly rawURL, an http(s) URL of any file (a published
// crawler list), by the same rules as Get: the timeout, the redirect limit,
// the size cap, gzip, cancelling and the failure sentences.
func GetURL(ctx context.Context, rawURL string, opts Options) (*Result, error) {
	u, err := url.Parse(strings.TrimSpace(rawURL))
	if err != nil || !IsURL(rawURL) || u.Host == "" {
		return nil, &InputError{msg.New(msgBadInput, "Input", rawURL)}
	}
	return fetchTarget(ctx, Target{Input: rawURL, RobotsURL: u.String()}, opts)
}

func fetchTarget(ctx context.Context, t Target, opts Options) (*Result, error) {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.MaxRedirects <= 0 {
		opts.MaxRedirects = DefaultMaxRedirects
	}
	if opts.UserAgent == "" {
		opts.UserAgent = DefaultUserAgent
	}
	if opts.MaxBytes <= 0 || opts.MaxBytes > MaxBody {
		opts.MaxBytes = MaxBody
	}
	if opts.Transport == nil {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.DisableCompression = true
		opts.Transport = tr
		defer tr.CloseIdleConnections()
	}
	r := &Result{Target: t, Started: time.Now(), MaxRedirects: opts.MaxRedirects}
	if n := t.Note(); !n.IsZero() {
		r.Notes = append(r.Notes, n)
	}
	tctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	client := &http.Client{
		Transport:     opts.Transport,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	next := t.RobotsURL
	seen := map[string]bool{}
	looped := false
	for {
		hop := Hop{URL: next}
		seen[next] = true
		resp, err := request(tctx, client, next, opts)
		if err != nil {
			r.Hops = append(r.Hops, hop)
			r.fail(ctx, err, opts.Timeout)
			break
		}
		hop.Status = resp.StatusCode
		if resp.StatusCode == http.StatusNotModified && (opts.IfNoneMatch != "" || opts.IfModifiedSince != "") {
			resp.Body.Close()
			r.Hops = append(r.Hops, hop)
			r.Status = resp.StatusCode
			r.NotModified = true
			r.ETag = resp.Header.Get("ETag")
			r.LastModified = resp.Header.Get("Last-Modified")
			break
		}
		if resp.StatusCode >= 300 && resp.StatusCode < 400 {
			resp.Body.Close()
			loc := resp.Header.Get("Location")
			target, perr := resp.Request.URL.Parse(loc)
			if loc == "" || perr != nil {
				r.Hops = append(r.Hops, hop)
				r.Status = resp.StatusCode
				r.Warnings = append(r.Warnings, msg.New(msgNoLoc, "Status", resp.StatusCode))
				break
			}
			hop.Location = target.String()
			hop.CrossHost = origin(target) != origin(resp.Request.URL)
			r.Hops = append(r.Hops, hop)
			if hop.CrossHost {
				r.warn(msg.New(msgCrossHost, "To", origin(target), "From", t.RobotsURL))
			}
			if seen[hop.Location] && !looped {
				// Once: a loop goes round until the redirect limit.
				looped = true
				r.warn(msg.New(msgLoop, "URL", hop.Location))
			}
			if len(r.Hops) > opts.MaxRedirects {
				r.Status = resp.StatusCode
				r.TooMany = true
				r.Warnings = append(r.Warnings, msg.New(msgTooMany, "Max", opts.MaxRedirects))
				break
			}
			next = hop.Location
			continue
		}
		r.Hops = append(r.Hops, hop)
		r.Status = resp.StatusCode
		r.ContentType = resp.Header.Get("Content-Type")
		r.CacheControl = resp.Header.Get("Cache-Control")
		r.ETag = resp.Header.Get("ETag")
		r.LastModified = resp.Header.Get("Last-Modified")
		r.readBody(ctx, resp, opts)
		resp.Body.Close()
		break
	}
	r.Elapsed = time.Since(r.Started)
	if r.Unreachable {
		r.Status = 0
	}
	r.Outcomes = Conclude(r)
	r.inspect()
	if errors.Is(ctx.Err(), context.Canceled) {
		return r, ctx.Err()
	}
	return r, nil
}

// warn adds a warning unless the same one is there already (a chain that
// goes back and forth between two hosts crosses each way more than once).
func (r *Result) warn(w msg.Text) {
	for _, old := range r.Warnings {
		if old.Key == w.Key && old.String() == w.String() {
			return
		}
	}
	r.Warnings = append(r.Warnings, w)
}

func request(ctx context.Context, client *http.Client, u string, opts Options) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("User-Agent", opts.UserAgent)
	if opts.IfNoneMatch != "" {
		req.Header.Set("If-None-Match", opts.IfNoneMatch)
	}
	if opts.IfModifiedSince != "" {
		req.Header.Set("If-Modified-Since", opts.IfModifiedSince)
	}
	req.Header.Set("Accept-Encoding", "gzip")
	req.Header.Set("Accept", "text/plain, */*;q=0.1")
	return client.Do(req)
}

// fail records why no answer came.
func (r *Result) fail(parent context.Context, err error, timeout time.Duration) {
	r.Unreachable = true
	var dnsErr *net.DNSError
	switch {
	case errors.Is(parent.Err(), context.Canceled):
		r.Failure = msg.New(msgCancelled)
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded):
		r.Failure = msg.New(msgTimeout, "Timeout", timeout.String())
	case errors.As(err, &dnsErr):
		r.Failure = msg.New(msgDNS, "Host", dnsErr.Name)
	case isRefused(err):
		r.Failure = msg.New(msgRefused)
	default:
		r.Failure = msg.New(msgNetErr, "Err", plainError(err))
	}
}

func isRefused(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial" && strings.Contains(op.Err.Error(), "refused")
}

// plainError drops Go's "Get \"url\":" wrapper: the URL is already shown.
func plainError(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err.Error()
	}
	return err.Error()
}

// countingReader counts the bytes that pass through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// readBody reads the final answer's body, undoing gzip, keeping at most
// opts.MaxBytes; a body that breaks off makes the fetch unreachable.
func (r *Result) readBody(ctx context.Context, resp *http.Response, opts Options) {
	wire := &countingReader{r: resp.Body}
	var src io.Reader = wire
	if strings.EqualFold(strings.TrimSpace(resp.Header.Get("Content-Encoding")), "gzip") {
		zr, err := gzip.NewReader(wire)
		if err != nil {
			r.WireBytes = wire.n
			r.Unreachable = true
			r.Failure = msg.New(msgBadGzip, "Err", err.Error())
			return
		}
		defer zr.Close()
		r.Gzip = true
		src = zr
	}
	body, err := readAtMost(src, opts.MaxBytes+1)
	r.WireBytes = wire.n
	if len(body) > opts.MaxBytes {
		body = body[:opts.MaxBytes]
		r.Warnings = append(r.Warnings, msg.New(msgTooBig, "Max", opts.MaxBytes))
		err = nil
	}
	r.Body = body
	if err == nil {
		return
	}
	r.Unreachable = true
	switch {
	case errors.Is(ctx.Err(), context.Canceled):
		r.Failure = msg.New(msgCancelled)
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded):
		r.Failure = msg.New(msgTimeout, "Timeout", opts.Timeout.String())
	case r.Gzip && !errors.Is(err, io.ErrUnexpectedEOF) && !isNetErr(err):
		r.Failure = msg.New(msgBadGzip, "Err", err.Error())
	default:
		r.Failure = msg.New(msgBroken, "Bytes", msg.New(msgBytes, "Count", len(body)))
	}
}

// readAtMost reads r to its end or to limit bytes, whichever comes first;
// the buffer doubles as it fills but never beyond limit, so an endless body
// costs limit bytes and not the next power of two.
func readAtMost(r io.Reader, limit int) ([]byte, error) {
	buf := make([]byte, 0, min(64<<10, limit))
	for len(buf) < limit {
		if len(buf) == cap(buf) {
			grown := make([]byte, len(buf), min(2*cap(buf), limit))
			copy(grown, buf)
			buf = grown
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
	return buf, nil
}

func isNetErr(err error) bool {
	var ne net.Error
	return errors.As(err, &ne)
}

// Conclude asks every engine's fetch policy about the chain of answers in r:
// each redirect in turn, then the final answer (or the failure).
func Conclude(r *Result) []Outcome {
	out := make([]Outcome, 0, len(engine.All()))
	for _, e := range engine.All() {
		o := Outcome{Engine: e.Info().ID, TruncatedAt: -1}
		var d engine.FetchDecision
		for i, h := range r.Hops {
			f := engine.Fetch{Status: h.Status, Redirects: i}
			if h.Status == 0 || (r.Unreachable && i == len(r.Hops)-1) {
				f = engine.Fetch{Unreachable: true, Redirects: i}
			}
			d = e.FetchPolicy(f)
			o.Status = f.Status
			if d.Outcome != engine.FetchFollow {
				break
			}
		}
		o.Outcome, o.Why = d.Outcome, d.Why
		if d.Outcome == engine.FetchFollow {
			o.Why = msg.New(msgStillFollowing, "Max", r.MaxRedirects)
			if last := r.Hops[len(r.Hops)-1]; !r.TooMany && last.Location == "" {
				// Not a long chain: a redirect that names no target.
				o.Why = msg.New(msgNoLocOutcome, "Status", last.Status)
			}
		}
		if o.Outcome == engine.FetchUseFile {
			o.ReadLimit = engine.ReadLimit(e)
			if o.ReadLimit > 0 && len(r.Body) > o.ReadLimit {
				o.TruncatedAt = o.ReadLimit
				o.TruncatedLine = bytes.Count(r.Body[:o.ReadLimit], []byte{'\n'}) + 1
			}
		}
		out = append(out, o)
	}
	return out
}

var msgNoLocOutcome = msg.Def("live.outcome.no_location", "the answer is a {{.Status}} redirect without a Location header: there is nowhere to follow, so what this crawler ends up reading is not known")

var msgStillFollowing = msg.Def("live.outcome.still_following", "this crawler would follow more than {{.Max}} redirects; Robots Studio stopped there, so what it ends up reading is not known")
