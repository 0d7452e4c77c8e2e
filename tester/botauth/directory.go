package botauth

import (
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url" // url.Error, net/http's wrapper, is taken off failures; URLs are split by tester/uri
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/uri"
)

// The key directory of draft-meunier-webbotauth-httpsig-protocol (§ Key
// Distribution and Discovery, § Directory Format, § SSRF): a JSON Web Key
// Set at a well-known path of the signer's origin, served over HTTPS with
// its own media type and status 200, never through a redirect.
const (
	WellKnownPath = "/.well-known/http-message-signatures-directory"
	MediaType     = "application/http-message-signatures-directory+json"
	// MaxDirectory is the most of a directory read: a few keys take a few
	// hundred bytes, so 64 KiB leaves room for rotation and stops a huge one.
	MaxDirectory = 64 << 10
	// MaxKeys is the most keys taken from one directory.
	MaxKeys = 64
	// negativeFor is how long a failed fetch is remembered: the draft's
	// deployment guidance says no more than five minutes.
	negativeFor = 5 * time.Minute
	defaultFor  = time.Hour
	longestFor  = 24 * time.Hour
)

var (
	msgDirRedirect  = msg.Def("botauth.dir.redirect", "the key directory {{.URL}} redirects (HTTP {{.Status}} to {{.Location}}); the draft forbids following redirects")
	msgDirStatus    = msg.Def("botauth.dir.status", "the key directory {{.URL}} answered HTTP {{.Status}}; only 200 counts")
	msgDirMedia     = msg.Def("botauth.dir.media", "the key directory {{.URL}} is served as `{{.Got}}`, not `{{.Want}}`")
	msgDirTooBig    = msg.Def("botauth.dir.too_big", "the key directory {{.URL}} is larger than the limit ({{.Max}} B); Robots Studio reads no more")
	msgDirTooMany   = msg.Def("botauth.dir.too_many", "the key directory {{.URL}} lists too many keys ({{.Count}}); Robots Studio takes at most {{.Max}}")
	msgDirJSON      = msg.Def("botauth.dir.json", "the key directory {{.URL}} is not a JSON Web Key Set: {{.Error}}")
	msgDirFetch     = msg.Def("botauth.dir.fetch", "the key directory {{.URL}} could not be fetched: {{.Error}}")
	msgDirPrivate   = msg.Def("botauth.dir.private", "the key directory {{.URL}} is on a private, loopback or link-local address; Robots Studio does not fetch it (the draft's SSRF advice)")
	msgDirNotHTTPS  = msg.Def("botauth.dir.not_https", "the Signature-Agent `{{.Agent}}` is not an https origin; the draft requires one")
	msgDirStale     = msg.Def("botauth.dir.stale", "the key directory could not be fetched again; the keys fetched at {{.At}} were used (a failed fetch does not remove keys)")
	msgDirBadKid    = msg.Def("botauth.dir.bad_kid", "a key in {{.URL}} has kid `{{.Kid}}`, not its thumbprint `{{.Thumb}}`; it was left out")
	msgDirNoEd25519 = msg.Def("botauth.dir.not_ed25519", "keys in {{.URL}} that are not Ed25519, left out: {{.Count}}")
)

// Key is one Ed25519 key of a directory.
type Key struct {
	Thumbprint string // RFC 7638 / RFC 8037 §A.3 thumbprint, the keyid
	Kid        string // as the directory names it
	Public     ed25519.PublicKey
	NotBefore  time.Time // zero when the directory gives none
	Expires    time.Time // zero when the directory gives none
}

// DirectoryResult is what a fetch gave: the keys, or why none.
type DirectoryResult struct {
	URL     string
	Keys    []Key
	Notes   []msg.Text // keys left out, stale copy used
	Err     *msg.Text  // why the directory could not be used
	Fetched time.Time
}

// Directories fetches and caches key directories. The zero value is
// usable; it is safe for concurrent use.
type Directories struct {
	// Client fetches; nil builds one with Timeout. Its CheckRedirect and
	// dialer are replaced: redirects are never followed and, unless
	// AllowPrivate, private addresses are refused.
	Client *http.Client
	// Timeout bounds one fetch; 0 means 10 seconds.
	Timeout time.Duration
	// AllowPrivate lets fetches reach loopback and private addresses (tests
	// against a local server, a directory on the user's own network).
	AllowPrivate bool
	// Now is the clock; nil is time.Now.
	Now func() time.Time

	once   sync.Once
	client *http.Client
	mu     sync.Mutex
	cache  map[string]*cached
}

type cached struct {
	res   DirectoryResult
	until time.Time
	good  *DirectoryResult // the last good fetch, kept through failures
}

func (d *Directories) now() time.Time {
	if d.Now != nil {
		return d.Now()
	}
	return time.Now()
}

func (d *Directories) httpClient() *http.Client {
	d.once.Do(func() {
		timeout := d.Timeout
		if timeout <= 0 {
			timeout = 10 * time.Second
		}
		c := &http.Client{Timeout: timeout}
		var base *http.Transport
		if d.Client != nil {
			*c = *d.Client
			if c.Timeout == 0 {
				c.Timeout = timeout
			}
			if t, ok := d.Client.Transport.(*http.Transport); ok {
				base = t.Clone()
			}
		}
		if base == nil {
			base = http.DefaultTransport.(*http.Transport).Clone()
		}
		base.Proxy = nil
		if !d.AllowPrivate || base.DialContext == nil {
			dialer := &net.Dialer{Timeout: timeout}
			if !d.AllowPrivate {
				dialer.Control = refusePrivate
			}
			base.DialContext = dialer.DialContext
		}
		c.Transport = base
		c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
		d.client = c
	})
	return d.client
}

var errPrivate = errors.New("private address")

// refusePrivate stops a connection to a loopback, private, link-local or
// unspecified address, after name resolution (so a public name that
// resolves to 127.0.0.1 is refused too).
func refusePrivate(_, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return err
	}
	ip := net.ParseIP(host)
	if ip == nil || ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsUnspecified() || ip.IsMulticast() {
		return errPrivate
	}
	return nil
}

// Origin checks that agent is an https origin (an empty path "/" is
// accepted, as the draft allows) and returns it as uri.AbsoluteURL.Origin
// writes it: lower case, without a trailing slash or the default port.
func Origin(agent string) (string, *msg.Text) {
	a, ok := uri.SplitAbsolute(agent)
	if !ok || a.Scheme != "https" || !a.WellFormed(agent) || strings.IndexByte(a.Authority(agent), '@') >= 0 ||
		(a.Rest != "" && a.Rest != "/") {
		t := msg.New(msgDirNotHTTPS, "Agent", agent)
		return "", &t
	}
	return a.Origin(), nil
}

// Get returns origin's keys, from the cache while it is fresh.
func (d *Directories) Get(ctx context.Context, origin string) DirectoryResult {
	now := d.now()
	d.mu.Lock()
	if d.cache == nil {
		d.cache = map[string]*cached{}
	}
	c := d.cache[origin]
	if c != nil && now.Before(c.until) {
		res := c.res
		d.mu.Unlock()
		return res
	}
	d.mu.Unlock()

	res, maxAge := d.fetch(ctx, origin)
	res.Fetched = now
	d.mu.Lock()
	defer d.mu.Unlock()
	c = d.cache[origin]
	if c == nil {
		c = &cached{}
		d.cache[origin] = c
	}
	if res.Err == nil {
		good := res
		c.res, c.good, c.until = res, &good, now.Add(maxAge)
		return res
	}
	c.res, c.until = res, now.Add(negativeFor)
	if c.good != nil {
		// A directory that fails to resolve is not evidence: keep the keys.
		stale := *c.good
		stale.Notes = append(append([]msg.Text(nil), stale.Notes...), msg.New(msgDirStale, "At", stale.Fetched.UTC().Format(time.RFC3339)))
		c.res = stale
		return stale
	}
	return res
}

func (d *Directories) fetch(ctx context.Context, origin string) (DirectoryResult, time.Duration) {
	u := origin + WellKnownPath
	res := DirectoryResult{URL: u}
	fail := func(t msg.Text) (DirectoryResult, time.Duration) {
		res.Err = &t
		return res, 0
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return fail(msg.New(msgDirFetch, "URL", u, "Error", err.Error()))
	}
	req.Header.Set("Accept", MediaType)
	resp, err := d.httpClient().Do(req)
	if err != nil {
		if errors.Is(err, errPrivate) {
			return fail(msg.New(msgDirPrivate, "URL", u))
		}
		return fail(msg.New(msgDirFetch, "URL", u, "Error", plainError(err)))
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 && resp.StatusCode < 400 {
		return fail(msg.New(msgDirRedirect, "URL", u, "Status", resp.StatusCode, "Location", resp.Header.Get("Location")))
	}
	if resp.StatusCode != http.StatusOK {
		return fail(msg.New(msgDirStatus, "URL", u, "Status", resp.StatusCode))
	}
	ct := resp.Header.Get("Content-Type")
	if mt, _, err := mime.ParseMediaType(ct); err != nil || mt != MediaType {
		return fail(msg.New(msgDirMedia, "URL", u, "Got", ct, "Want", MediaType))
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, MaxDirectory+1))
	if err != nil {
		return fail(msg.New(msgDirFetch, "URL", u, "Error", plainError(err)))
	}
	if len(body) > MaxDirectory {
		return fail(msg.New(msgDirTooBig, "URL", u, "Max", MaxDirectory))
	}
	keys, notes, why := parseDirectory(u, body)
	if why != nil {
		return fail(*why)
	}
	res.Keys, res.Notes = keys, notes
	return res, maxAge(resp.Header.Get("Cache-Control"))
}

// plainError is a network error without Go's "Get \"url\": " prefix.
func plainError(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return err.Error()
}

// maxAge reads Cache-Control's max-age, between 0 and a day; an hour when
// there is none. no-store and no-cache keep nothing.
func maxAge(cc string) time.Duration {
	for _, part := range strings.Split(cc, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(strings.ToLower(part)), "=")
		switch k {
		case "no-store", "no-cache":
			return 0
		case "max-age":
			n, err := strconv.Atoi(strings.Trim(v, `"`))
			if err != nil || n < 0 {
				return 0
			}
			return min(time.Duration(n)*time.Second, longestFor)
		}
	}
	return defaultFor
}

// jwk is the part of a JSON Web Key a directory entry needs.
type jwk struct {
	Kty string          `json:"kty"`
	Crv string          `json:"crv"`
	X   string          `json:"x"`
	Kid string          `json:"kid"`
	Nbf json.RawMessage `json:"nbf"`
	Exp json.RawMessage `json:"exp"`
}

func parseDirectory(u string, body []byte) ([]Key, []msg.Text, *msg.Text) {
	var set struct {
		Keys []json.RawMessage `json:"keys"`
	}
	if err := json.Unmarshal(body, &set); err != nil {
		t := msg.New(msgDirJSON, "URL", u, "Error", err.Error())
		return nil, nil, &t
	}
	if set.Keys == nil {
		t := msg.New(msgDirJSON, "URL", u, "Error", `no "keys" array`)
		return nil, nil, &t
	}
	if len(set.Keys) > MaxKeys {
		t := msg.New(msgDirTooMany, "URL", u, "Count", len(set.Keys), "Max", MaxKeys)
		return nil, nil, &t
	}
	var keys []Key
	var notes []msg.Text
	other := 0
	for _, raw := range set.Keys {
		var k jwk
		if json.Unmarshal(raw, &k) != nil || k.Kty != "OKP" || k.Crv != "Ed25519" {
			other++
			continue
		}
		pub, err := base64.RawURLEncoding.DecodeString(k.X)
		if err != nil || len(pub) != ed25519.PublicKeySize {
			other++
			continue
		}
		thumb := Thumbprint(k.X)
		if k.Kid != "" && k.Kid != thumb {
			notes = append(notes, msg.New(msgDirBadKid, "URL", u, "Kid", k.Kid, "Thumb", thumb))
			continue
		}
		keys = append(keys, Key{Thumbprint: thumb, Kid: k.Kid, Public: ed25519.PublicKey(pub),
			NotBefore: unixTime(k.Nbf), Expires: unixTime(k.Exp)})
	}
	if other > 0 {
		notes = append(notes, msg.New(msgDirNoEd25519, "URL", u, "Count", other))
	}
	return keys, notes, nil
}

func unixTime(raw json.RawMessage) time.Time {
	if len(raw) == 0 {
		return time.Time{}
	}
	var n float64
	if json.Unmarshal(raw, &n) != nil || n <= 0 || n > 1e11 {
		return time.Time{}
	}
	return time.Unix(int64(n), 0)
}

// Thumbprint is the JWK SHA-256 thumbprint (RFC 7638) of an Ed25519 key
// given by its base64url x coordinate, with the members RFC 8037 §A.3
// names: crv, kty, x, in that order.
func Thumbprint(x string) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf(`{"crv":"Ed25519","kty":"OKP","x":"%s"}`, x)))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}
