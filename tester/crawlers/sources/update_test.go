package sources

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/tester/accesslog"
	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/fetch"
)

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// server serves files by path; set replaces one while the test runs.
type server struct {
	*httptest.Server
	mu    sync.Mutex
	files map[string][]byte
}

func newServer(t *testing.T) *server {
	s := &server{files: map[string][]byte{}}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/slow.json":
			<-r.Context().Done() // answers nothing until the client gives up
			return
		case "/loop.json":
			http.Redirect(w, r, "/loop.json", http.StatusFound)
			return
		case "/moved/robots.json":
			http.Redirect(w, r, "/robots.json", http.StatusMovedPermanently)
			return
		}
		s.mu.Lock()
		data, ok := s.files[r.URL.Path]
		s.mu.Unlock()
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Write(data)
	}))
	t.Cleanup(s.Close)
	return s
}

func (s *server) set(path string, data []byte) {
	s.mu.Lock()
	s.files[path] = data
	s.mu.Unlock()
}

func newStore(t *testing.T) Store {
	t.Cleanup(func() { catalogue.Use(nil) })
	return Store{Dir: filepath.Join(t.TempDir(), "catalogue")}
}

var day = func() time.Time { return time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC) }

func opts() Options {
	return Options{Today: day, Fetch: fetch.Options{Timeout: 2 * time.Second}}
}

// withEntry adds (or replaces) one robots.json entry.
func withEntry(t *testing.T, base []byte, name string, e map[string]string) []byte {
	var m map[string]any
	if err := json.Unmarshal(base, &m); err != nil {
		t.Fatal(err)
	}
	if e == nil {
		delete(m, name)
	} else {
		m[name] = e
	}
	out, _ := json.Marshal(m)
	return out
}

func overlayBytes(t *testing.T, s Store) []byte {
	data, err := os.ReadFile(s.overlayPath())
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	return data
}

// The built-in catalogue recognises every name of ai.robots.txt's list, so
// an update from that file adds nothing.
func TestRobotsJSONAddsNothingBuiltIn(t *testing.T) {
	srv := newServer(t)
	srv.set("/robots.json", fixture(t, "robots.json"))
	s := newStore(t)
	rep, err := s.Update(context.Background(), []string{srv.URL + "/robots.json"}, opts())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Read) != 1 || rep.Read[0].Kind != "robots.json" || rep.Read[0].Items != 166 {
		t.Fatalf("read %+v, want robots.json with 166 entries", rep.Read)
	}
	if len(rep.Changes) != 0 || rep.Saved {
		t.Errorf("changes %+v, saved %v: the built-in catalogue should already have every name", rep.Changes, rep.Saved)
	}
}

// An entry added upstream is added; a field changed upstream is changed; an
// entry gone upstream is removed; each change names its source. A second
// run of the same file changes nothing.
func TestRobotsJSONAddedChangedRemoved(t *testing.T) {
	srv := newServer(t)
	base := fixture(t, "robots.json")
	entry := map[string]string{"operator": "[Example AI](https://example.com)", "respect": "Yes", "function": "AI Search Crawlers",
		"frequency": "Unclear at this time.", "description": "Indexes pages for Example's answers."}
	srv.set("/robots.json", withEntry(t, base, "ExampleNewBot", entry))
	s := newStore(t)
	url := srv.URL + "/robots.json"

	rep, err := s.Update(context.Background(), []string{url}, opts())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Changes) != 1 || rep.Changes[0] != (Change{Kind: "added", Name: "ExampleNewBot", Source: url}) || !rep.Saved {
		t.Fatalf("first update: %+v", rep)
	}
	c, ok := crawlers.ByToken("ExampleNewBot")
	if !ok || c.Purpose != catalogue.AISearch || c.Operator != "Example AI" || c.RobotsTxt != catalogue.Obeys || c.Origin != catalogue.FromUpdate {
		t.Fatalf("the new entry in use: %+v (found %v)", c, ok)
	}
	if c.Quote == nil || c.Quote.Text != entry["description"] || c.Quote.Source != url || c.Quote.Read != "2026-11-27" {
		t.Errorf("the upstream words are kept as a quote with source and day: %+v", c.Quote)
	}

	again, err := s.Update(context.Background(), []string{url}, opts())
	if err != nil || len(again.Changes) != 0 || again.Saved {
		t.Fatalf("the same file again changed %+v (saved %v, err %v)", again.Changes, again.Saved, err)
	}

	entry["respect"] = "No"
	srv.set("/robots.json", withEntry(t, base, "ExampleNewBot", entry))
	rep, err = s.Update(context.Background(), []string{url}, opts())
	if err != nil {
		t.Fatal(err)
	}
	want := Change{Kind: "changed", Name: "ExampleNewBot", Field: "robots_txt", Old: "obeys", New: "ignores", Source: url}
	if len(rep.Changes) != 1 || rep.Changes[0] != want {
		t.Fatalf("changed field: %+v, want %+v", rep.Changes, want)
	}
	if c, _ := crawlers.ByToken("ExampleNewBot"); c.RobotsTxt != catalogue.Ignores {
		t.Errorf("the change is in use: %s", c.RobotsTxt)
	}

	srv.set("/robots.json", base)
	rep, err = s.Update(context.Background(), []string{url}, opts())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Changes) != 1 || rep.Changes[0] != (Change{Kind: "removed-upstream", Name: "ExampleNewBot", Source: url}) {
		t.Fatalf("removed upstream: %+v", rep.Changes)
	}
	if _, ok := crawlers.ByToken("ExampleNewBot"); ok {
		t.Error("the removed entry is still in use")
	}

	// Undo goes back one step: the entry is there again.
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if c, ok := crawlers.ByToken("ExampleNewBot"); !ok || c.RobotsTxt != catalogue.Ignores {
		t.Errorf("after undo: %+v, %v", c, ok)
	}
}

// A dry run reports the changes and keeps nothing.
func TestDryRunKeepsNothing(t *testing.T) {
	srv := newServer(t)
	srv.set("/robots.json", withEntry(t, fixture(t, "robots.json"), "ExampleNewBot", map[string]string{"function": "AI Agents"}))
	s := newStore(t)
	o := opts()
	o.DryRun = true
	rep, err := s.Update(context.Background(), []string{srv.URL + "/robots.json"}, o)
	if err != nil || len(rep.Changes) != 1 || rep.Saved {
		t.Fatalf("dry run: %+v, %v", rep, err)
	}
	if overlayBytes(t, s) != nil {
		t.Error("a dry run wrote the overlay")
	}
	if _, ok := crawlers.ByToken("ExampleNewBot"); ok {
		t.Error("a dry run changed the catalogue in use")
	}
}

// A source that fails (404, a server that never answers, a redirect loop,
// a malformed file) is a clear error naming it, and the catalogue is as it
// was, even when another source of the same update was fine.
func TestFailedSourceChangesNothing(t *testing.T) {
	srv := newServer(t)
	srv.set("/googlebot.json", fixture(t, "googlebot.json"))
	srv.set("/robots.json", withEntry(t, fixture(t, "robots.json"), "ExampleNewBot", map[string]string{"function": "AI Agents"}))
	srv.set("/broken.json", []byte(`{"ExampleBot": {"operator": "X", "function": `))
	srv.set("/gptbot.json", []byte(`{"creationTime": "2026-01-01", "prefixes": [{"ipv4Prefix": "300.1.2.0/24"}]}`))
	s := newStore(t)
	if _, err := s.Update(context.Background(), []string{srv.URL + "/googlebot.json"}, opts()); err != nil {
		t.Fatal(err)
	}
	before := overlayBytes(t, s)
	o := opts()
	o.Fetch.Timeout = 300 * time.Millisecond
	for _, tc := range []struct{ path, want string }{
		{"/missing.json", "404"},
		{"/slow.json", "no complete answer within 300ms"},
		{"/loop.json", "redirects"},
		{"/broken.json", "neither ai.robots.txt"},
		{"/gptbot.json", `"300.1.2.0/24" is not an IP range`},
	} {
		_, err := s.Update(context.Background(), []string{srv.URL + "/robots.json", srv.URL + tc.path}, o)
		var se *SourceError
		if !errors.As(err, &se) || se.Source != srv.URL+tc.path || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want a SourceError naming it and saying %q", tc.path, err, tc.want)
		}
		if !bytes.Equal(overlayBytes(t, s), before) {
			t.Errorf("%s: the overlay changed", tc.path)
		}
		if _, ok := crawlers.ByToken("ExampleNewBot"); ok {
			t.Errorf("%s: the good source's entry was merged all the same", tc.path)
		}
	}
	if _, err := s.Update(context.Background(), []string{filepath.Join(t.TempDir(), "none.json")}, opts()); err == nil ||
		!strings.Contains(err.Error(), "no such file") {
		t.Errorf("a missing file: %v", err)
	}
}

// A redirect is followed, as fetch follows them.
func TestRedirectFollowed(t *testing.T) {
	srv := newServer(t)
	srv.set("/robots.json", fixture(t, "robots.json"))
	s := newStore(t)
	rep, err := s.Update(context.Background(), []string{srv.URL + "/moved/robots.json"}, opts())
	if err != nil || len(rep.Read) != 1 || rep.Read[0].Items != 166 {
		t.Fatalf("%+v, %v", rep, err)
	}
}

// Every operator's range file is read and kept for logs; the second run
// changes nothing; a changed file reports the prefixes added and removed.
// The saved files verify a Googlebot visit from a published range and fail
// one from outside it.
func TestRangeFiles(t *testing.T) {
	srv := newServer(t)
	names := []string{"googlebot.json", "special-crawlers.json", "user-triggered-fetchers.json", "bingbot.json", "gptbot.json",
		"searchbot.json", "chatgpt-user.json", "perplexitybot.json", "applebot.json", "ccbot.json"}
	var urls []string
	for _, n := range names {
		srv.set("/"+n, fixture(t, n))
		urls = append(urls, srv.URL+"/"+n)
	}
	s := newStore(t)
	rep, err := s.Update(context.Background(), urls, opts())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Changes) != len(names) {
		t.Fatalf("%d changes for %d range files: %+v", len(rep.Changes), len(names), rep.Changes)
	}
	files := s.RangeFiles()
	keys := []string{}
	for _, f := range files {
		keys = append(keys, f.Key)
		if f.Read != "2026-11-27" || f.Source == "" {
			t.Errorf("%s: source %q read %q", f.Key, f.Source, f.Read)
		}
	}
	if got := strings.Join(keys, " "); got != "Applebot CCBot ChatGPT-User GPTBot Google Google Google OAI-SearchBot PerplexityBot bingbot" {
		t.Errorf("range keys %q", got)
	}
	again, err := s.Update(context.Background(), urls, opts())
	if err != nil || len(again.Changes) != 0 {
		t.Fatalf("second run: %+v, %v", again.Changes, err)
	}

	v := &accesslog.Verifier{}
	for _, f := range files {
		if err := v.LoadRanges(f.Path); err != nil {
			t.Fatal(err)
		}
	}
	id := accesslog.Identify("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")
	if got := v.Verify(&id, "66.249.66.1"); got != accesslog.Verified {
		t.Errorf("Googlebot from 66.249.66.1: %s, want verified", got)
	}
	if got := v.Verify(&id, "203.0.113.9"); got != accesslog.Failed {
		t.Errorf("Googlebot from 203.0.113.9: %s, want failed", got)
	}

	var changed map[string]any
	json.Unmarshal(fixture(t, "gptbot.json"), &changed)
	changed["prefixes"] = append(changed["prefixes"].([]any)[1:], map[string]any{"ipv4Prefix": "198.51.100.0/24"})
	data, _ := json.Marshal(changed)
	srv.set("/gptbot.json", data)
	rep, err = s.Update(context.Background(), []string{srv.URL + "/gptbot.json"}, opts())
	if err != nil || len(rep.Changes) != 1 || rep.Changes[0].Name != "GPTBot" || !strings.Contains(rep.Changes[0].New, "(+1 −1)") {
		t.Errorf("changed range file: %+v, %v", rep.Changes, err)
	}
}

// A team's list in the catalogue's JSON Lines is merged like the others.
func TestJSONLinesList(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "team.jsonl")
	os.WriteFile(p, []byte(`{"name":"Example-Intranet-Bot","tokens":["Example-Intranet-Bot"],"ua_patterns":["Example-Intranet-Bot"],"operator":"Example Ltd","purpose":"monitor","engine":"rfc9309","robots_txt":"obeys","sources":[]}`+"\n"), 0o644)
	s := newStore(t)
	rep, err := s.Update(context.Background(), []string{p}, opts())
	if err != nil || len(rep.Changes) != 1 || rep.Changes[0].Kind != "added" || rep.Read[0].Kind != "catalogue" {
		t.Fatalf("%+v, %v", rep, err)
	}
	c, _, ok := crawlers.Match("Example-Intranet-Bot/1.0")
	if !ok || c.Purpose != catalogue.Monitor || len(c.Claims) != 1 || c.Claims[0].Source != p {
		t.Errorf("%+v, %v", c, ok)
	}
	os.WriteFile(p, []byte(`{"name":"","tokens":[]}`+"\n"), 0o644)
	if _, err := s.Update(context.Background(), []string{p}, opts()); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("a bad line: %v", err)
	}
}

// robots.json's free-text functions map to the four AI purposes.
func TestPurposeOf(t *testing.T) {
	for fn, want := range map[string]catalogue.Purpose{
		"AI Assistants":               catalogue.AIAssistant,
		"Undocumented AI Agents":      catalogue.AIAssistant,
		"AI Search Crawlers":          catalogue.AISearch,
		"LLM training.":               catalogue.AITraining,
		"AI Data Scrapers":            catalogue.AIData,
		"Data is sold.":               catalogue.AIData,
		"Collects data for AI search": catalogue.AISearch,
		"Retrieves data to provide responses to user-initiated prompts.": catalogue.AIAssistant,
	} {
		if got := PurposeOf(fn); got != want {
			t.Errorf("PurposeOf(%q) = %s, want %s", fn, got, want)
		}
	}
}

// Every name of ai.robots.txt's robots.json (August 2026) is recognised by
// the built-in catalogue, by its token or a User-Agent pattern, and has a
// purpose. -v prints the counts the closing note gives.
func TestBuiltinCoversRobotsJSON(t *testing.T) {
	list, err := ReadRobotsJSON(fixture(t, "robots.json"), "robots.json", "2026-11-27")
	if err != nil {
		t.Fatal(err)
	}
	ix := crawlers.IndexOf(catalogue.Builtin())
	known := 0
	for _, c := range list {
		e, ok := ix.Recognise(c.Name)
		switch {
		case !ok:
			t.Errorf("%s is not recognised", c.Name)
		case e.Purpose == "":
			t.Errorf("%s (as %s) has no purpose", c.Name, e.Name)
		default:
			known++
		}
	}
	// ai.robots.txt's SemrushBot-OCOB is Semrush's ContentShake robot, not
	// SemrushBot, whose pattern its name contains (issue 35).
	if e, _ := ix.Recognise("SemrushBot-OCOB"); e.Name != "SemrushBot-OCOB" {
		t.Errorf("SemrushBot-OCOB is recognised as %s", e.Name)
	}
	verified := 0
	for _, c := range catalogue.Builtin() {
		if c.Verified() {
			verified++
		}
	}
	t.Logf("robots.json names recognised: %d of %d; built-in entries: %d, verified: %d", known, len(list), len(catalogue.Builtin()), verified)
}
