package ui

import (
	"encoding/json"
	"net/url" // PathEscape makes a whole URL one file name; tester/uri escapes inside URLs
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/textfile"
)

// fetchHistory keeps every fetched version of a site's robots.txt in the
// app's storage (fetched/<escaped URL>/<UTC time>.robots.txt with a .json
// beside it), so the user can see how the live file changed.
type fetchHistory struct{ dir string }

// fetchedVersion is one stored fetch.
type fetchedVersion struct {
	URL     string    `json:"url"`
	Fetched time.Time `json:"fetched"`
	Status  int       `json:"status"`
	Bytes   int       `json:"bytes"`
	body    string    // path of the body file
}

const historyStamp = "20060102T150405.000Z"

func (l *liveState) historyFor(s *studio) *fetchHistory {
	if l.history == nil {
		l.history = &fetchHistory{dir: filepath.Join(s.storageRoot, "fetched")}
	}
	return l.history
}

func (h *fetchHistory) siteDir(robotsURL string) string {
	return filepath.Join(h.dir, url.PathEscape(robotsURL))
}

// add stores a fetch that brought a file; failures to store are not worth
// interrupting the user for (the fetch itself is shown either way).
func (h *fetchHistory) add(res *fetch.Result) {
	if !res.OK() {
		return
	}
	dir := h.siteDir(res.Target.RobotsURL)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return
	}
	stamp := res.Started.UTC().Format(historyStamp)
	base := filepath.Join(dir, stamp)
	if textfile.WriteAtomic(base+".robots.txt", res.Body) != nil {
		return
	}
	meta, _ := json.Marshal(fetchedVersion{URL: res.Target.RobotsURL, Fetched: res.Started.UTC(), Status: res.Status, Bytes: len(res.Body)})
	textfile.WriteAtomic(base+".json", meta)
}

// versions lists the stored fetches of robotsURL, newest first.
func (h *fetchHistory) versions(robotsURL string) []fetchedVersion {
	dir := h.siteDir(robotsURL)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []fetchedVersion
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		var v fetchedVersion
		if err != nil || json.Unmarshal(data, &v) != nil {
			continue
		}
		v.body = filepath.Join(dir, name+".robots.txt")
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Fetched.After(out[j].Fetched) })
	return out
}

// load reads a stored version's body.
func (v fetchedVersion) load() ([]byte, error) { return textfile.Load(v.body, nil) }
