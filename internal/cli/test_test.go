package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/cli"
	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/engine"
)

const sample = "../../assets/sample/robots.txt"

func TestTestTextOutput(t *testing.T) {
	code, out, errs := runCmd(t, "", "test", "--agent", "Googlebot", "--agent", "Lycos", sample, "/cgi-bin/search", "http://example.com/tmp/x#frag")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	golden(t, "test/sample.golden", out)
}

func TestTestJSONHasExactlyTheFields(t *testing.T) {
	code, out, _ := runCmd(t, "User-agent: *\nDisallow: /p\nAllow: /page\n", "test", "--json", "--agent", "Googlebot", "--agent", "", "-", "/page", "")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 {
		t.Fatalf("want one object per (agent, URL): 4, got %d", len(lines))
	}
	want := "agent,allowed,engine,explanation,group,path,rule,url"
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err)
		}
		var keys []string
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if got := strings.Join(keys, ","); got != want {
			t.Fatalf("fields = %s, want %s", got, want)
		}
	}
	var first struct {
		Path    string `json:"path"`
		Allowed bool   `json:"allowed"`
		Group   struct {
			Lines []int  `json:"lines"`
			Token string `json:"token"`
			How   string `json:"how"`
		} `json:"group"`
		Rule struct {
			Line  int    `json:"line"`
			Text  string `json:"text"`
			Score int    `json:"score"`
			Why   string `json:"why"`
		} `json:"rule"`
	}
	json.Unmarshal([]byte(lines[0]), &first)
	if !first.Allowed || first.Rule.Line != 3 || first.Rule.Text != "Allow: /page" || first.Rule.Score != 5 ||
		first.Rule.Why != "longest" || first.Group.How != "*" || len(first.Group.Lines) != 1 || first.Group.Lines[0] != 1 {
		t.Errorf("first verdict = %+v", first)
	}
	var emptyURL struct {
		Path string `json:"path"`
		URL  string `json:"url"`
	}
	json.Unmarshal([]byte(lines[1]), &emptyURL)
	if emptyURL.Path != "/" || emptyURL.URL != "" {
		t.Errorf("an empty URL must mean /: %+v", emptyURL)
	}
}

func TestTestEmptyAgent(t *testing.T) {
	robots := "User-agent: \nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n"
	cases := []struct{ rule, engine, want string }{
		{"Google compares the empty name with the empty token of `User-agent:`", "google",
			"blocked  \"\"  /a  line 2: Disallow: /a  (group at line 1)\nallowed  \"\"  /b  no matching rule  (group at line 1)\n"},
		{"RFC 9309 has no empty product token: only * applies", "rfc9309",
			"allowed  \"\"  /a  no matching rule  (group at line 4)\nblocked  \"\"  /b  line 5: Disallow: /b  (group at line 4)\n"},
	}
	for _, c := range cases {
		if _, out, _ := runCmd(t, robots, "test", "--engine", c.engine, "--agent", "", "-", "/a", "/b"); out != c.want {
			t.Errorf("%s: got\n%s\nwant\n%s", c.rule, out, c.want)
		}
	}
}

func TestTestCountAndURLsFile(t *testing.T) {
	urls := filepath.Join(t.TempDir(), "urls.txt")
	os.WriteFile(urls, []byte("/\r\n\n/cgi-bin/x\n/tmp/y\n"), 0o644)
	code, out, _ := runCmd(t, "", "test", "--count", "--agent", "Googlebot", "--agent", "Lycos", "--urls", urls, sample)
	if code != 0 || out != "3 allowed, 3 blocked\n" {
		t.Errorf("exit %d, %q", code, out)
	}
	code, out, _ = runCmd(t, "/\n/x\n", "test", "--count", "--agent", "Googlebot", "--urls", "-", sample)
	if code != 0 || out != "0 allowed, 2 blocked\n" {
		t.Errorf("--urls - : exit %d, %q", code, out)
	}
}

func TestTestEngineAllPrintsEveryEngineInOrder(t *testing.T) {
	_, out, _ := runCmd(t, "User-agent: *\nDisallow: /p\nAllow: /page\n", "test", "--engine", "all", "--agent", "x", "-", "/page")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	ids := engine.IDs()
	if len(lines) != len(ids) || len(ids) != 11 {
		t.Fatalf("got %d lines for %d engines", len(lines), len(ids))
	}
	for i, l := range lines {
		if !strings.HasPrefix(l, ids[i]+" ") {
			t.Errorf("line %d = %q, want engine %s", i, l, ids[i])
		}
	}
}

func TestTestUsageAndFileErrors(t *testing.T) {
	dir := t.TempDir()
	binary := filepath.Join(dir, "logo.png")
	os.WriteFile(binary, []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), 0o644)
	huge := filepath.Join(dir, "huge.txt")
	f, _ := os.Create(huge)
	f.Truncate(10*1000*1000 + 1)
	f.Close()
	cases := []struct {
		name string
		args []string
		want string // in stderr
	}{
		{"unknown engine lists the valid ids", []string{"test", "--engine", "bingo", "--agent", "x", sample, "/"}, "google, rfc9309, yandex"},
		{"no agent", []string{"test", sample, "/"}, "--agent"},
		{"no URL", []string{"test", "--agent", "x", sample}, "URL"},
		{"no file", []string{"test", "--agent", "x"}, "ROBOTS_FILE"},
		{"missing file", []string{"test", "--agent", "x", filepath.Join(dir, "nope.txt"), "/"}, "does not exist"},
		{"a directory", []string{"test", "--agent", "x", dir, "/"}, "folder"},
		{"a binary file", []string{"test", "--agent", "x", binary, "/"}, "binary"},
		{"a file over 10 MB", []string{"test", "--agent", "x", huge, "/"}, "10 MB"},
		{"unknown flag", []string{"test", "--agnet", "x", sample, "/"}, "agnet"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runCmd(t, "", c.args...)
			if code != 2 || out != "" || !strings.Contains(errs, c.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want 2 and %q", code, out, errs, c.want)
			}
			if n := strings.Count(strings.TrimSuffix(errs, "\n"), "\n"); n > 0 && c.name != "no file" {
				t.Errorf("stderr has %d lines, want one: %q", n+1, errs)
			}
		})
	}
}

func TestTestNULAndInvalidUTF8AreNotBinary(t *testing.T) {
	code, out, errs := runCmd(t, "User-agent: *\nDisallow: /a\x00b\nDisallow: /\xff\n", "test", "--agent", "x", "-", "/a")
	if code != 0 || !strings.HasPrefix(out, "blocked") {
		t.Errorf("exit %d, %q %q", code, out, errs)
	}
}

// TestTestEveryEngineOnTheCorpus is `test --engine all` on every real file.
func TestTestEveryEngineOnTheCorpus(t *testing.T) {
	for _, name := range corpus.Names(corpus.Files(t)) {
		code, out, errs := runCmd(t, "", "test", "--engine", "all", "--json", "--agent", "Googlebot", "--agent", "YandexBot",
			"--agent", "bingbot", "--agent", "", corpus.Path(t, name), "/", "/search?q=1", "/admin/", "https://example.com/ü/%7Ex")
		if code != 0 || errs != "" {
			t.Errorf("%s: exit %d: %s", name, code, errs)
		}
		if n, want := strings.Count(out, "\n"), 4*4*len(engine.IDs()); n != want {
			t.Errorf("%s: %d results, want %d", name, n, want)
		}
	}
}

// TestTestLibraryEngines: `test --engine` takes each library reading, and
// each answers as its library does on the file that tells them apart (a
// first-match urllib, Protego's and robots-parser's longest match; Protego
// finds the group's name inside the crawler's; robots-parser cuts a
// versioned User-agent value at its `/`); `engines` lists them.
func TestTestLibraryEngines(t *testing.T) {
	versioned := "User-agent: bot/2.1\nDisallow: /p\nAllow: /page\n"
	plain := "User-agent: bot\nDisallow: /p\nAllow: /page\n"
	for _, c := range []struct{ rule, robots, engine, agent, url, want string }{
		{"robots-parser cuts `bot/2.1` at its / and matches bot whole", versioned, "robots-parser", "bot", "/p", "blocked"},
		{"robots-parser: mybot is not bot", versioned, "robots-parser", "mybot", "/p", "allowed"},
		{"urllib: `bot/2.1` does not occur in bot", versioned, "urllib", "bot", "/p", "allowed"},
		{"protego: `bot/2.1` does not occur in bot", versioned, "protego", "bot", "/p", "allowed"},
		{"urllib: bot occurs in mybot, and the first matching rule (Disallow /p) decides", plain, "urllib", "mybot/1.0", "/page", "blocked"},
		{"protego: bot occurs in mybot, and the longest rule (Allow /page) decides", plain, "protego", "mybot/1.0", "/page", "allowed"},
		{"robots-parser: mybot/1.0 is mybot, which no group names", plain, "robots-parser", "mybot/1.0", "/p", "allowed"},
	} {
		_, out, errs := runCmd(t, c.robots, "test", "--engine", c.engine, "--agent", c.agent, "-", c.url)
		if !strings.HasPrefix(out, c.want+" ") {
			t.Errorf("%s: got %q %s, want %s", c.rule, out, errs, c.want)
		}
	}
	_, out, _ := runCmd(t, "", "engines")
	for _, id := range []string{"urllib", "protego", "robots-parser"} {
		if !strings.Contains(out, "\n"+id+" ") {
			t.Errorf("engines does not list %s:\n%s", id, out)
		}
	}
}

// TestTestOwnReading: --engine own reads each crawler as its operator
// documents (the window's "each crawler's own"): MJ12bot and AI2Bot by
// their whole names, Googlebot the Google way, a full User-Agent by the
// token its crawler obeys; with --count and with a test set too.
func TestTestOwnReading(t *testing.T) {
	robots := "User-agent: MJ12bot\nDisallow: /\n\nUser-agent: AI2Bot\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /g\n"
	for _, c := range []struct {
		rule, agent, url string
		engines          []string
		want             []string // each line's start
	}{
		{"MJ12bot's own reading matches its whole name", "MJ12bot", "/", []string{"own"}, []string{"rfc9309+own  blocked  MJ12bot"}},
		{"Google's parser reads MJ12bot as MJ: no group", "MJ12bot", "/", nil, []string{"allowed  MJ12bot"}},
		{"own beside a named engine: both answer", "MJ12bot", "/", []string{"google", "own"}, []string{"google       allowed", "rfc9309+own  blocked"}},
		{"AI2Bot too", "AI2Bot", "/", []string{"own"}, []string{"rfc9309+own  blocked  AI2Bot"}},
		{"Googlebot's own reading is Google's", "Googlebot", "/g", []string{"own"}, []string{"google       blocked  Googlebot"}},
		{"own named with google answers once", "Googlebot", "/g", []string{"google", "own"}, []string{"google       blocked  Googlebot"}},
		{"a full User-Agent is read by its crawler's token", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "/g", []string{"own"}, []string{"google       blocked"}},
	} {
		args := []string{"test"}
		for _, e := range c.engines {
			args = append(args, "--engine", e)
		}
		code, out, errs := runCmd(t, robots, append(args, "--agent", c.agent, "-", c.url)...)
		var lines []string
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			if !strings.HasPrefix(l, "note: ") {
				lines = append(lines, l)
			}
		}
		ok := len(lines) == len(c.want) && errs == "" && code != cli.ExitUsage
		for i := 0; ok && i < len(lines); i++ {
			ok = strings.HasPrefix(lines[i], c.want[i])
		}
		if !ok {
			t.Errorf("%s: exit %d\n%s%s\nwant lines starting %q", c.rule, code, out, errs, c.want)
		}
	}
	// --count: each agent by its own reading (MJ12bot and AI2Bot blocked
	// twice, Googlebot allowed on / and blocked on /g).
	urls := filepath.Join(t.TempDir(), "urls.txt")
	os.WriteFile(urls, []byte("/\n/g\n"), 0o644)
	robotsFile := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(robotsFile, []byte(robots), 0o644)
	_, out, errs := runCmd(t, "", "test", "--count", "--engine", "own", "--agent", "MJ12bot", "--agent", "AI2Bot", "--agent", "Googlebot", "--urls", urls, robotsFile)
	if strings.TrimSpace(out) != "1 allowed, 5 blocked" {
		t.Errorf("--count --engine own: %q %s", out, errs)
	}
	// A test set: the expectations pinned for each crawler's own reading.
	set := filepath.Join(t.TempDir(), "robots.txt.tests.json")
	os.WriteFile(set, []byte(`{"version":1,"crawlers":["MJ12bot","Googlebot"],"paths":["/"],"expect":[`+
		`{"crawler":"MJ12bot","path":"/","engine":"rfc9309+own","allowed":false},`+
		`{"crawler":"MJ12bot","path":"/","engine":"google","allowed":true},`+
		`{"crawler":"Googlebot","path":"/g","engine":"google","allowed":false}]}`), 0o644)
	code, out, errs := runCmd(t, "", "test", "--suite", set, "--engine", "own", robotsFile)
	if code != cli.ExitOK || !strings.Contains(out, "2 expectations: 2 passed, 0 failed") || strings.Contains(out, "PASS  google  MJ12bot") {
		t.Errorf("--suite --engine own: exit %d\n%s%s", code, out, errs)
	}
	// A set with nothing pinned for the crawlers' own readings is no
	// green run: it says so.
	os.WriteFile(set, []byte(`{"version":1,"crawlers":["MJ12bot"],"paths":["/"],"expect":[`+
		`{"crawler":"MJ12bot","path":"/","engine":"google","allowed":true}]}`), 0o644)
	code, out, errs = runCmd(t, "", "test", "--suite", set, "--engine", "own", robotsFile)
	if code != cli.ExitUsage || !strings.Contains(errs, "none of the test set's expectations (1) is pinned for a crawler's own reading") {
		t.Errorf("--suite --engine own, nothing pinned for it: exit %d\n%s%s", code, out, errs)
	}
}
