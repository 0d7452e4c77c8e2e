// Package history keeps a site's robots.txt over time: every fetch the user
// asked for (the window's Open from Site, the command line's fetch, watch,
// the Internet Archive's snapshots) becomes a version with the exact bytes,
// the status, the headers that matter and the redirects. Bodies are stored
// once per content (by SHA-256), a version's record is small, and nothing
// is kept for a site nobody asked about.
//
// On disk, under the app's storage:
//
//	history/lock                   shared by writers, exclusive for forget
//	history/settings.json          {"keep": false} turns keeping off
//	history/blobs/ab/abcd…         the bytes of a body, named by their SHA-256
//	history/sites/KEY.json         one site: its URL and its versions in time order
//	history/sites/KEY.lock         held while that site's record is rewritten
package history

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/textfile"
)

// Sources of a version.
const (
	SourceFetch   = "fetch"   // a fetch the user asked for (window or command line)
	SourceWatch   = "watch"   // watch SITES_FILE
	SourceWayback = "wayback" // a snapshot of the Internet Archive
)

// MaxRecord bounds the read of one site's record (tens of thousands of
// versions); a larger file is refused as damaged.
const MaxRecord = 64 << 20

var (
	msgDamaged  = msg.Def("history.err.damaged", "the history of {{.Site}} cannot be read ({{.Err}}); it is left as it is")
	msgNoSite   = msg.Def("history.err.no_site", "no versions are kept for {{.Site}}")
	msgBodyGone = msg.Def("history.err.body_gone", "the bytes of this version ({{.Hash}}) are missing from the history")
	msgFailure  = msg.Def("history.failure", "{{.Why}}")
	msgRelative = msg.Def("history.err.no_storage", "the app's storage folder is not known (set {{.Env}})")
)

// Hop is one request of a version's redirect chain.
type Hop struct {
	URL      string `json:"url"`
	Status   int    `json:"status"`
	Location string `json:"location,omitempty"`
}

// Version is one state of a site's robots.txt: what a fetch found, and
// from when to when it was found.
type Version struct {
	Site     string    `json:"site"`      // the robots.txt URL
	Time     time.Time `json:"time"`      // first found (fetch start; a snapshot's capture time)
	LastSeen time.Time `json:"last_seen"` // the last fetch that found the same
	Seen     int       `json:"seen"`      // how many fetches found it
	Source   string    `json:"source"`    // fetch, watch or wayback
	// SourceURL is where the bytes came from when not from the site itself
	// (a snapshot's address).
	SourceURL    string `json:"source_url,omitempty"`
	Status       int    `json:"status"` // 0: no answer
	Unreachable  bool   `json:"unreachable,omitempty"`
	Failure      string `json:"failure,omitempty"`
	TooMany      bool   `json:"too_many,omitempty"`
	Hops         []Hop  `json:"hops,omitempty"`
	Body         string `json:"body,omitempty"` // SHA-256 of the bytes (2xx answers only)
	Bytes        int    `json:"bytes"`
	ContentType  string `json:"content_type,omitempty"`
	LastModified string `json:"last_modified,omitempty"`
	ETag         string `json:"etag,omitempty"`
}

// OK reports whether the version is a file served with a 2xx answer.
func (v *Version) OK() bool { return !v.Unreachable && v.Status >= 200 && v.Status < 300 }

// same reports whether two versions are the same state of the site: the
// same answer, the same bytes, the same way there.
func (v *Version) same(o *Version) bool {
	if v.Status != o.Status || v.Unreachable != o.Unreachable || v.Body != o.Body || v.TooMany != o.TooMany || len(v.Hops) != len(o.Hops) {
		return false
	}
	for i := range v.Hops {
		if v.Hops[i].Status != o.Hops[i].Status || v.Hops[i].Location != o.Hops[i].Location {
			return false
		}
	}
	return true
}

// Result rebuilds the fetch this version records, with each engine's
// outcome worked out afresh (fetch.Conclude), for the impact diff and the
// outcome lines: body is the version's bytes (nil when it has none).
func (v *Version) Result(body []byte) *fetch.Result {
	r := &fetch.Result{Target: fetch.Target{Input: v.Site, RobotsURL: v.Site}, Status: v.Status,
		Unreachable: v.Unreachable, TooMany: v.TooMany, MaxRedirects: fetch.DefaultMaxRedirects,
		Body: body, ContentType: v.ContentType, ETag: v.ETag, LastModified: v.LastModified, Started: v.Time}
	for _, h := range v.Hops {
		r.Hops = append(r.Hops, fetch.Hop{URL: h.URL, Status: h.Status, Location: h.Location})
	}
	if len(r.Hops) == 0 {
		r.Hops = []fetch.Hop{{URL: v.Site, Status: v.Status}}
	}
	if v.Unreachable {
		r.Failure = msg.New(msgFailure, "Why", v.Failure)
	}
	r.Outcomes = fetch.Conclude(r)
	return r
}

// record is a site's file.
type record struct {
	Site     string    `json:"site"`
	Versions []Version `json:"versions"`
}

// Store is the history kept under one folder.
type Store struct{ Dir string }

// In is the store of the app's storage folder.
func In(storage string) Store { return Store{Dir: filepath.Join(storage, "history")} }

// in use: Open sets it, and the fetch keeper writes there.
var (
	inUseMu sync.Mutex
	inUse   *Store
)

// Open makes storage's history the one in use and tells tester/fetch to
// keep every fetch there (unless keeping is turned off). A relative or
// empty storage (no configuration folder known) keeps nothing.
func Open(storage string) (Store, error) {
	inUseMu.Lock()
	defer inUseMu.Unlock()
	if storage == "" || !filepath.IsAbs(storage) {
		inUse = nil
		fetch.SetKeeper(nil)
		return Store{}, msg.Error(msgRelative, "Env", "ROBOTS_STUDIO_STORAGE")
	}
	s := In(storage)
	inUse = &s
	fetch.SetKeeper(func(r *fetch.Result) {
		if s.Keeping() {
			s.Keep(r, SourceFetch) // a failure to keep never fails the fetch
		}
	})
	return s, nil
}

// InUse is the store Open opened.
func InUse() (Store, bool) {
	inUseMu.Lock()
	defer inUseMu.Unlock()
	if inUse == nil {
		return Store{}, false
	}
	return *inUse, true
}

// settings is history/settings.json.
type settings struct {
	Keep *bool `json:"keep,omitempty"`
}

// Keeping reports whether fetches are kept (the default).
func (s Store) Keeping() bool {
	data, err := readBounded(filepath.Join(s.Dir, "settings.json"), 4096)
	var st settings
	if err != nil || json.Unmarshal(data, &st) != nil || st.Keep == nil {
		return true
	}
	return *st.Keep
}

// SetKeeping turns keeping fetches on or off (what is kept stays).
func (s Store) SetKeeping(on bool) error {
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return err
	}
	data, _ := json.Marshal(settings{Keep: &on})
	return textfile.WriteAtomic(filepath.Join(s.Dir, "settings.json"), data)
}

// SiteOf is the robots.txt URL a host, page or robots.txt URL leads to: the
// name a site's history is kept under.
func SiteOf(input string) (string, error) {
	t, err := fetch.Resolve(input)
	if err != nil {
		return "", err
	}
	return t.RobotsURL, nil
}

// key is a site's file name: scheme_host with every byte other than
// [a-z0-9.-] written %XX, so a port, an IPv6 address or any host is a
// valid name on every system and two sites never share one.
func key(site string) string {
	var b strings.Builder
	rest := strings.TrimSuffix(site, "/robots.txt")
	scheme, host, _ := strings.Cut(rest, "://")
	b.WriteString(scheme)
	b.WriteByte('_')
	const hexd = "0123456789ABCDEF"
	for i := 0; i < len(host); i++ {
		c := host[i]
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '-' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hexd[c>>4])
		b.WriteByte(hexd[c&15])
	}
	return b.String()
}

func (s Store) sitePath(site string) string {
	return filepath.Join(s.Dir, "sites", key(site)+".json")
}

func (s Store) blobPath(hash string) string {
	return filepath.Join(s.Dir, "blobs", hash[:2], hash)
}

// lock takes the store's lock: shared for adding versions, exclusive for
// removing (forget). The caller calls the function it returns.
func (s Store) lock(exclusive bool) (func(), error) {
	if err := os.MkdirAll(filepath.Join(s.Dir, "sites"), 0o755); err != nil {
		return nil, err
	}
	return lockFile(filepath.Join(s.Dir, "lock"), exclusive)
}

// Keep records a fetch of a site as a version: a new one when the site
// answered differently from its latest version, else the latest is marked
// seen again. A 304 answer confirms the latest. It reports the version and
// whether it is new.
func (s Store) Keep(r *fetch.Result, source string) (Version, bool, error) {
	v := Version{Site: r.Target.RobotsURL, Time: r.Started.UTC(), Source: source, Status: r.Status,
		Unreachable: r.Unreachable, TooMany: r.TooMany, ContentType: r.ContentType,
		LastModified: r.LastModified, ETag: r.ETag}
	if v.Time.IsZero() {
		v.Time = time.Now().UTC()
	}
	if r.Unreachable {
		v.Failure = r.Failure.String()
	}
	for _, h := range r.Hops {
		v.Hops = append(v.Hops, Hop{URL: h.URL, Status: h.Status, Location: h.Location})
	}
	if r.NotModified {
		return s.confirm(v)
	}
	var body []byte
	if r.OK() {
		body = r.Body
	}
	return s.Add(v, body)
}

// Add records v (with body, the bytes of a 2xx answer) in time order: when
// the version in force just before v's time is the same state, that one is
// marked seen again instead; a version already recorded at that time from
// that source is not added twice.
func (s Store) Add(v Version, body []byte) (Version, bool, error) {
	v.Time = v.Time.UTC()
	if v.LastSeen.Before(v.Time) {
		v.LastSeen = v.Time
	}
	if v.Seen == 0 {
		v.Seen = 1
	}
	v.Body, v.Bytes = "", len(body)
	if body != nil || v.OK() {
		sum := sha256.Sum256(body)
		v.Body = hex.EncodeToString(sum[:])
	}
	unlock, err := s.lock(false)
	if err != nil {
		return v, false, err
	}
	defer unlock()
	if v.Body != "" {
		if err := s.putBlob(v.Body, body); err != nil {
			return v, false, err
		}
	}
	var added bool
	err = s.update(v.Site, func(rec *record) bool {
		at := sort.Search(len(rec.Versions), func(i int) bool { return rec.Versions[i].Time.After(v.Time) })
		for i := at - 1; i >= 0 && rec.Versions[i].Time.Equal(v.Time); i-- {
			if rec.Versions[i].Source == v.Source && rec.Versions[i].same(&v) {
				v = rec.Versions[i]
				return false // imported twice
			}
		}
		if at > 0 && rec.Versions[at-1].same(&v) {
			prev := &rec.Versions[at-1]
			prev.Seen++
			if v.LastSeen.After(prev.LastSeen) {
				prev.LastSeen = v.LastSeen
				if v.ETag != "" || v.LastModified != "" {
					prev.ETag, prev.LastModified = v.ETag, v.LastModified
				}
			}
			v = *prev
			return true
		}
		rec.Versions = append(rec.Versions, Version{})
		copy(rec.Versions[at+1:], rec.Versions[at:])
		rec.Versions[at] = v
		added = true
		return true
	})
	return v, added, err
}

// confirm marks the latest version seen again (a 304 answer).
func (s Store) confirm(v Version) (Version, bool, error) {
	unlock, err := s.lock(false)
	if err != nil {
		return v, false, err
	}
	defer unlock()
	err = s.update(v.Site, func(rec *record) bool {
		if len(rec.Versions) == 0 {
			return false
		}
		last := &rec.Versions[len(rec.Versions)-1]
		last.Seen++
		if v.Time.After(last.LastSeen) {
			last.LastSeen = v.Time
		}
		v = *last
		return true
	})
	return v, false, err
}

// update reads site's record under its own lock, lets change edit it and
// writes it back atomically when change says so. The caller holds the
// store's lock.
func (s Store) update(site string, change func(*record) bool) error {
	path := s.sitePath(site)
	unlock, err := lockFile(strings.TrimSuffix(path, ".json")+".lock", true)
	if err != nil {
		return err
	}
	defer unlock()
	rec, err := s.read(site)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	rec.Site = site
	if !change(&rec) {
		return nil
	}
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	return textfile.WriteAtomic(path, data)
}

// read reads a site's record (bounded); a missing one is fs.ErrNotExist.
func (s Store) read(site string) (record, error) {
	var rec record
	data, err := readBounded(s.sitePath(site), MaxRecord)
	if err != nil {
		return rec, err
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		return record{}, msg.Error(msgDamaged, "Site", site, "Err", err.Error())
	}
	return rec, nil
}

// putBlob stores body under its hash unless it is there already.
func (s Store) putBlob(hash string, body []byte) error {
	path := s.blobPath(hash)
	if st, err := os.Stat(path); err == nil && st.Size() == int64(len(body)) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return textfile.WriteAtomic(path, body)
}

// Body reads a version's bytes (nil for a version without a file), checked
// against the hash it was stored under.
func (s Store) Body(v Version) ([]byte, error) {
	if v.Body == "" {
		return nil, nil
	}
	if _, err := hex.DecodeString(v.Body); err != nil || len(v.Body) != 64 {
		return nil, msg.Error(msgBodyGone, "Hash", v.Body) // a damaged record: never a path
	}
	data, err := readBounded(s.blobPath(v.Body), fetch.MaxBody)
	if err != nil {
		return nil, msg.Error(msgBodyGone, "Hash", v.Body)
	}
	sum := sha256.Sum256(data)
	if hex.EncodeToString(sum[:]) != v.Body {
		return nil, msg.Error(msgBodyGone, "Hash", v.Body)
	}
	return data, nil
}

// Versions lists a site's versions, oldest first (none: fs.ErrNotExist
// wrapped with a sentence).
func (s Store) Versions(site string) ([]Version, error) {
	rec, err := s.read(site)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &notKept{msg.New(msgNoSite, "Site", site)}
	}
	return rec.Versions, err
}

// notKept is a site without a history.
type notKept struct{ text msg.Text }

func (e *notKept) Error() string        { return e.text.String() }
func (e *notKept) Is(target error) bool { return target == fs.ErrNotExist }

// Site is one site of the history with its version count.
type Site struct {
	URL      string
	Versions int
	First    time.Time
	Last     time.Time // the last time it was seen
}

// Sites lists every site with a history, by URL.
func (s Store) Sites() ([]Site, error) {
	entries, err := os.ReadDir(filepath.Join(s.Dir, "sites"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Site
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		data, err := readBounded(filepath.Join(s.Dir, "sites", e.Name()), MaxRecord)
		var rec record
		if err != nil || json.Unmarshal(data, &rec) != nil || rec.Site == "" || len(rec.Versions) == 0 {
			continue
		}
		st := Site{URL: rec.Site, Versions: len(rec.Versions), First: rec.Versions[0].Time}
		for _, v := range rec.Versions {
			if v.LastSeen.After(st.Last) {
				st.Last = v.LastSeen
			}
		}
		out = append(out, st)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].URL < out[j].URL })
	return out, nil
}

// Forget removes everything kept for site: its record, and every body no
// other site's version uses. It reports how many versions went.
func (s Store) Forget(site string) (int, error) {
	unlock, err := s.lock(true)
	if err != nil {
		return 0, err
	}
	defer unlock()
	rec, err := s.read(site)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, &notKept{msg.New(msgNoSite, "Site", site)}
	}
	path := s.sitePath(site)
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return 0, err
	}
	os.Remove(strings.TrimSuffix(path, ".json") + ".lock")
	return len(rec.Versions), s.sweep()
}

// sweep removes the bodies no site's version names (the caller holds the
// store's lock exclusively, so no version is being added).
func (s Store) sweep() error {
	used := map[string]bool{}
	entries, err := os.ReadDir(filepath.Join(s.Dir, "sites"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		data, err := readBounded(filepath.Join(s.Dir, "sites", e.Name()), MaxRecord)
		var rec record
		if err != nil || json.Unmarshal(data, &rec) != nil {
			return msg.Error(msgDamaged, "Site", e.Name(), "Err", "unreadable")
		}
		for _, v := range rec.Versions {
			used[v.Body] = true
		}
	}
	return filepath.WalkDir(filepath.Join(s.Dir, "blobs"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if !d.IsDir() && !used[d.Name()] {
			return os.Remove(path)
		}
		return nil
	})
}

// readBounded reads a regular file of at most limit bytes.
func readBounded(path string, limit int64) ([]byte, error) {
	f, err := textfile.OpenStream(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, errors.New("larger than " + humanSize(limit))
	}
	return data, nil
}

func humanSize(n int64) string { return strconv.FormatInt(n, 10) + " bytes" }
