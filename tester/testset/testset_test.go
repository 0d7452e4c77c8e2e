package testset

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

const example = `{
  "version": 1,
  "crawlers": [
    "Googlebot",
    "YandexBot"
  ],
  "paths": [
    "/",
    "/private/x"
  ],
  "expect": [
    {
      "crawler": "Googlebot",
      "path": "/private/x",
      "engine": "google",
      "allowed": false
    }
  ]
}
`

func TestPathFor(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"robots.txt", "robots.txt.tests.json"},
		{"/srv/site/robots.txt", "/srv/site/robots.txt.tests.json"},
		{"shop robots.txt", "shop robots.txt.tests.json"},
	} {
		if got := PathFor(tc.in); got != tc.want {
			t.Errorf("PathFor(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name    string
		in      string
		want    *Set
		wantErr string
	}{
		{name: "the documented example", in: example, want: &Set{Version: 1,
			Crawlers: []string{"Googlebot", "YandexBot"}, Paths: []string{"/", "/private/x"},
			Expect: []Expectation{{Crawler: "Googlebot", Path: "/private/x", Engine: "google"}}}},
		{name: "missing version reads as 1", in: `{"crawlers":["a"]}`, want: &Set{Version: 1, Crawlers: []string{"a"}}},
		{name: "the user's column widths are read", in: `{"version":1,"columns":{"path":320,"compare.google":70}}`,
			want: &Set{Version: 1, Columns: map[string]float64{"path": 320, "compare.google": 70}}},
		{name: "newer version refused", in: `{"version":2}`, wantErr: "newer version"},
		{name: "negative version refused", in: `{"version":-1}`, wantErr: "version -1"},
		{name: "misspelt field refused", in: `{"version":1,"expects":[]}`, wantErr: `unknown field "expects"`},
		{name: "wrong type refused", in: `{"version":1,"paths":"/"}`, wantErr: "not a valid test set"},
		{name: "trailing text refused", in: `{"version":1} {}`, wantErr: "after the JSON"},
		{name: "not JSON", in: `User-agent: *`, wantErr: "not a valid test set"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Parse([]byte(tc.in))
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want it to contain %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
	if _, err := Parse([]byte(`{"version":9}`)); !errors.Is(err, ErrNewerVersion) {
		t.Errorf("newer version: err = %v, want ErrNewerVersion", err)
	}
}

func TestMarshalIsStableAndRoundTrips(t *testing.T) {
	s, err := Parse([]byte(example))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(s.Marshal()); got != example {
		t.Errorf("re-marshalled example differs:\n%s", got)
	}
	empty := string(New().Marshal())
	if want := "{\n  \"version\": 1,\n  \"crawlers\": [],\n  \"paths\": [],\n  \"expect\": []\n}\n"; empty != want {
		t.Errorf("empty set = %q, want %q", empty, want)
	}
	// Expectations come out in row order whatever order they were pinned in.
	a := &Set{Crawlers: []string{"b", "a"}, Paths: []string{"/y", "/x"}}
	a.SetExpected("a", "/x", "rfc9309", true)
	a.SetExpected("a", "/x", "google", true)
	a.SetExpected("b", "/x", "google", false)
	a.SetExpected("zz", "/q", "google", false)
	a.SetExpected("b", "/y", "google", false)
	var order []string
	for _, e := range mustParse(t, a.Marshal()).Expect {
		order = append(order, e.Crawler+e.Path+" "+e.Engine)
	}
	want := []string{"b/y google", "b/x google", "a/x google", "a/x rfc9309", "zz/q google"}
	if !reflect.DeepEqual(order, want) {
		t.Errorf("order = %q, want %q", order, want)
	}
	if string(a.Marshal()) != string(mustParse(t, a.Marshal()).Marshal()) {
		t.Error("marshal → parse → marshal changed the bytes")
	}
	if !strings.Contains(string((&Set{Paths: []string{"/a&b<c>"}}).Marshal()), `"/a&b<c>"`) {
		t.Error("paths must not be HTML-escaped")
	}
}

func mustParse(t *testing.T, data []byte) *Set {
	t.Helper()
	s, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSaveLoad(t *testing.T) {
	dir := t.TempDir()
	path := PathFor(filepath.Join(dir, "robots.txt"))
	s := New()
	s.Crawlers = []string{"Googlebot"}
	s.Paths = []string{"/private/x"}
	s.SetExpected("Googlebot", "/private/x", "google", false)
	if err := Save(path, s); err != nil {
		t.Fatal(err)
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, s) {
		t.Errorf("loaded %+v, saved %+v", got, s)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("save left %d files in the folder, want 1", len(entries))
	}
	if _, err := Load(filepath.Join(dir, "missing.tests.json")); err == nil {
		t.Error("loading a missing file: no error")
	}
	os.WriteFile(path, []byte("{"), 0o644)
	if _, err := Load(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("broken file: err = %v, want it to name the file", err)
	}
}

func TestExpectationEdits(t *testing.T) {
	s := New()
	s.SetExpected("a", "/x", "google", true)
	s.SetExpected("a", "/x", "google", false)
	if got, ok := s.Expected("a", "/x", "google"); !ok || got {
		t.Errorf("Expected after overwrite = %v, %v; want false, true", got, ok)
	}
	if len(s.Expect) != 1 {
		t.Fatalf("overwrite appended: %+v", s.Expect)
	}
	s.SetExpected("a", "/x", "rfc9309", true)
	s.SetExpected("b", "/x", "google", true)
	s.ClearExpected("a", "/x", "google")
	if _, ok := s.Expected("a", "/x", "google"); ok {
		t.Error("ClearExpected left the expectation")
	}

	s.RenameCrawler("a", "c")
	if _, ok := s.Expected("c", "/x", "rfc9309"); !ok {
		t.Error("RenameCrawler did not move the expectation")
	}
	// Renaming onto a row that already has its own expectation keeps that one.
	s.SetExpected("c", "/x", "google", true)
	s.SetExpected("b", "/x", "google", false)
	s.RenameCrawler("b", "c")
	if got, _ := s.Expected("c", "/x", "google"); !got {
		t.Error("rename overwrote the target's own expectation")
	}
	if len(s.Expect) != 2 {
		t.Errorf("after merge: %+v", s.Expect)
	}
	s.RenamePath("/x", "/y")
	if _, ok := s.Expected("c", "/y", "google"); !ok {
		t.Error("RenamePath did not move the expectation")
	}
	s.DropPath("/y")
	if len(s.Expect) != 0 {
		t.Errorf("DropPath left %+v", s.Expect)
	}
	s.SetExpected("d", "/z", "google", true)
	s.DropCrawler("d")
	if len(s.Expect) != 0 {
		t.Errorf("DropCrawler left %+v", s.Expect)
	}
}

func TestAddMissingRows(t *testing.T) {
	s := &Set{Crawlers: []string{"a"}, Paths: []string{"/"}}
	s.SetExpected("a", "/", "google", true)
	s.SetExpected("b", "/x", "google", true)
	s.AddMissingRows()
	if !reflect.DeepEqual(s.Crawlers, []string{"a", "b"}) || !reflect.DeepEqual(s.Paths, []string{"/", "/x"}) {
		t.Errorf("rows = %q %q", s.Crawlers, s.Paths)
	}
}

func TestCloneIsDeep(t *testing.T) {
	s := &Set{Crawlers: []string{"a"}}
	s.SetExpected("a", "/", "google", true)
	s.Columns = map[string]float64{"path": 300}
	c := s.Clone()
	c.Crawlers[0] = "b"
	c.Expect[0].Allowed = false
	c.Columns["path"] = 100
	if s.Crawlers[0] != "a" || !s.Expect[0].Allowed || s.Columns["path"] != 300 {
		t.Error("Clone shares slices with the original")
	}
	var nilSet *Set
	if nilSet.Clone().Version != Version {
		t.Error("Clone of nil is not an empty set")
	}
}

func TestEvaluate(t *testing.T) {
	// divergence scenario 8: the RFC always allows /robots.txt, Google's library does not.
	doc := syntax.Parse([]byte("User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /private/\n"))
	s := New()
	s.Expect = append(s.Expect, []Expectation{
		{Crawler: "Googlebot", Path: "/private/x", Engine: "google", Allowed: false},        // pass
		{Crawler: "Googlebot", Path: "/public", Engine: "google", Allowed: false},           // fail
		{Crawler: "Bingbot", Path: "/robots.txt", Engine: "rfc9309", Allowed: true},         // pass
		{Crawler: "Bingbot", Path: "http://h/robots.txt", Engine: "google", Allowed: false}, // pass
		{Crawler: "Bingbot", Path: "/", Engine: "no-such-engine", Allowed: false},           // error
	}...)
	res := Evaluate(doc, s, nil)
	if len(res) != 5 {
		t.Fatalf("got %d results", len(res))
	}
	wantPass := []bool{true, false, true, true, false}
	for i, r := range res {
		if r.Pass != wantPass[i] {
			t.Errorf("result %d (%+v): pass = %v, want %v (%s)", i, r.Expectation, r.Pass, wantPass[i], r.Verdict.ExplainAll())
		}
	}
	if res[0].Verdict.Rule == nil || res[0].Verdict.Rule.Line != 5 {
		t.Errorf("deciding rule of result 0 = %+v, want line 5", res[0].Verdict.Rule)
	}
	if res[4].Err == nil || !strings.Contains(res[4].Err.Error(), "no-such-engine") {
		t.Errorf("unknown engine: err = %v", res[4].Err)
	}
	if got := Failed(res); got != 2 {
		t.Errorf("Failed = %d, want 2", got)
	}
	only := Evaluate(doc, s, []string{"rfc9309"})
	if len(only) != 1 || only[0].Engine != "rfc9309" {
		t.Errorf("engine filter: %+v", only)
	}
}
