package diff

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

func parse(s string) *syntax.Document { return syntax.Parse([]byte(s)) }

// TestEnginesDisagree: one edit, one URL, and exactly the engines whose
// reading makes the verdict flip report a change.
func TestEnginesDisagree(t *testing.T) {
	cases := []struct {
		name, old, new, agent, url string
		changed                    []string // engines that see a change; the others must not
	}{
		{"a longer Allow beats a shorter Disallow except where the first match wins",
			"User-agent: *\nDisallow: /p\n", "User-agent: *\nDisallow: /p\nAllow: /page\n", "Googlebot", "/page",
			[]string{"google", "rfc9309", "yandex", "bing", "temoto", "protego", "robots-parser"}},
		{"a wildcard with $ is literal text for the 1990s readings",
			"User-agent: *\nDisallow: /a/\n", "User-agent: *\nDisallow: /*.php$\n", "Googlebot", "/a/b.php",
			[]string{"draft1996", "lycos1996", "original1994", "urllib"}},
		{"Disallow: * blocks all for Google, nothing for temoto",
			"User-agent: *\nDisallow: /x\n", "User-agent: *\nDisallow: *\n", "Googlebot", "/y",
			[]string{"google", "rfc9309", "yandex", "bing", "protego", "robots-parser"}},
		{"a blank line ends a record in the old readings, not in RFC 9309",
			"User-agent: a\nUser-agent: b\nDisallow: /\n", "User-agent: a\n\nUser-agent: b\nDisallow: /\n", "a", "/x",
			[]string{"draft1996", "lycos1996", "original1994", "urllib"}},
		{"an empty Disallow means allow all for Yandex only",
			"User-agent: *\nDisallow: /\n", "User-agent: *\nDisallow: /\nDisallow:\n", "YandexBot", "/x",
			[]string{"yandex"}},
		{"a tie between Allow and Disallow goes to Allow, except first-in-file readings",
			"User-agent: *\nDisallow: /page\n", "User-agent: *\nDisallow: /page\nAllow: /page\n", "bingbot", "/page",
			[]string{"google", "rfc9309", "yandex", "bing", "protego", "robots-parser"}},
		{"an unescaped ~ matches %7E for the RFC, not for Google's library",
			"User-agent: *\n", "User-agent: *\nDisallow: /%7Ejoe\n", "Googlebot", "/~joe",
			[]string{"rfc9309", "draft1996", "urllib", "protego"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, exhaustive := range []bool{false, true} {
				rep := Compare(Input{Old: parse(c.old), New: parse(c.new), Agents: []string{c.agent}, URLs: []string{c.url}, Exhaustive: exhaustive})
				var got []string
				for _, ch := range rep.Changes {
					got = append(got, ch.Engine)
				}
				if strings.Join(got, " ") != strings.Join(c.changed, " ") {
					t.Errorf("exhaustive=%v: changed under %v, want %v", exhaustive, got, c.changed)
				}
			}
		})
	}
}

func TestSummaryAndDecider(t *testing.T) {
	old := parse("User-agent: *\nDisallow: /a\n")
	new := parse("User-agent: *\nDisallow: /a\nDisallow: /catalog\nAllow: /a/open\n")
	urls := []string{"/catalog/1", "/catalog/2", "https://x.example/catalog?q", "/a/open/x", "/zzz"}
	rep := Compare(Input{Old: old, New: new, Agents: []string{"Googlebot"}, URLs: urls, Engines: []engine.Engine{engine.ForCrawler("Googlebot")}})
	if len(rep.Summaries) != 1 {
		t.Fatalf("summaries %+v", rep.Summaries)
	}
	s := rep.Summaries[0]
	if s.Blocked != 3 || s.Allowed != 1 || len(s.BlockedBy) != 1 || s.BlockedBy[0].Line != 3 || s.BlockedBy[0].Text != "Disallow: /catalog" {
		t.Fatalf("summary %+v", s)
	}
	if s.AllowedBy[0].Line != 4 || s.AllowedBy[0].FromOld {
		t.Errorf("allowed by %+v", s.AllowedBy)
	}
	if rep.Changes[2].URL != "https://x.example/catalog?q" {
		t.Errorf("changes keep the URL as given: %+v", rep.Changes[2])
	}
	// Removing the rule: the old line explains the newly allowed URLs.
	back := Compare(Input{Old: new, New: old, Agents: []string{"Googlebot"}, URLs: urls[:1], Engines: []engine.Engine{engine.ForCrawler("Googlebot")}})
	if r, fromOld := back.Changes[0].Decider(); !fromOld || r.Line != 3 {
		t.Errorf("decider %+v fromOld %v", r, fromOld)
	}
	if len(rep.Groups) != 1 || rep.Groups[0].Name() != "*" || len(rep.Groups[0].Added) != 2 || rep.Groups[0].Added[0].Text != "Disallow: /catalog" {
		t.Errorf("groups %+v", rep.Groups)
	}
}

func TestProbesFindChangesWithoutURLs(t *testing.T) {
	old := parse("User-agent: *\nDisallow: /private/\n")
	new := parse("User-agent: *\nDisallow: /private/\nDisallow: /*.pdf$\nAllow: /private/press/\n")
	rep := Compare(Input{Old: old, New: new, Agents: []string{"Googlebot"}, Engines: []engine.Engine{engine.ForCrawler("x")}})
	if !rep.Probed || rep.URLs == 0 {
		t.Fatalf("probed %v urls %d", rep.Probed, rep.URLs)
	}
	s := rep.Summaries[0]
	if s.Blocked == 0 || s.Allowed == 0 {
		t.Errorf("probes should find both directions: %+v", s)
	}
	probes := Probes(new)
	for _, want := range []string{"/private/", "/private/x", "/x.pdf", "/.pdf", "/x.pdfx", "/private/press/x"} {
		if !contains(probes, want) {
			t.Errorf("probes lack %s: %v", want, probes)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// ruleEdit makes one random single-rule change: remove a rule, add one,
// flip Allow/Disallow, or change its path.
func ruleEdit(rng *rand.Rand, src []byte) ([]byte, string) {
	doc := syntax.Parse(src)
	var rules, uas []int
	for i := range doc.Lines {
		switch {
		case doc.Lines[i].Kind.IsRule() && doc.Lines[i].Flags == 0:
			rules = append(rules, i+1)
		case doc.Lines[i].Kind == syntax.UserAgent:
			uas = append(uas, i+1)
		}
	}
	lines := strings.SplitAfter(string(src), "\n")
	paths := []string{"/", "/a", "/private/", "/*.php$", "/search?q=", "/x/*/y", "/img/", "/en$"}
	for _, n := range rules {
		paths = append(paths, doc.Value(n))
	}
	pick := func(list []int) int { return list[rng.Intn(len(list))] }
	newPath := func() string {
		p := paths[rng.Intn(len(paths))]
		switch rng.Intn(4) {
		case 0:
			if len(p) > 2 {
				p = p[:1+rng.Intn(len(p)-1)]
			}
		case 1:
			p += []string{"x", "/", "*", "$", "-old/"}[rng.Intn(5)]
		}
		return p
	}
	kind := rng.Intn(7)
	if len(rules) == 0 && kind != 4 {
		kind = 1
	}
	switch kind {
	case 0:
		n := pick(rules)
		return []byte(strings.Join(append(lines[:n-1:n-1], lines[n:]...), "")), "rule: remove line " + fmt.Sprint(n)
	case 1:
		at := 0
		if len(uas) > 0 {
			at = pick(uas)
		}
		if len(rules) > 0 && rng.Intn(2) == 0 {
			at = pick(rules)
		}
		field := []string{"Allow", "Disallow"}[rng.Intn(2)]
		line := field + ": " + newPath() + "\n"
		out := append(append(append([]string{}, lines[:at]...), line), lines[at:]...)
		return []byte(strings.Join(out, "")), fmt.Sprintf("rule: add %q after line %d", line, at)
	case 2:
		n := pick(rules)
		l := lines[n-1]
		if strings.HasPrefix(strings.ToLower(l), "allow") {
			l = "Disallow" + l[len("allow"):]
		} else {
			l = "Allow" + strings.TrimPrefix(l[len("disallow"):], "")
		}
		out := append([]string{}, lines...)
		out[n-1] = l
		return []byte(strings.Join(out, "")), "rule: flip line " + fmt.Sprint(n)
	case 3:
		n := pick(rules)
		out := append([]string{}, lines...)
		out[n-1] = doc.Key(n) + ": " + newPath() + "\n"
		return []byte(strings.Join(out, "")), fmt.Sprintf("rule: change line %d to %q", n, out[n-1])
	case 4:
		// A structural edit: a User-agent line somewhere.
		at := rng.Intn(len(lines) + 1)
		ua := "User-agent: " + []string{"Googlebot", "bingbot", "YandexBot", "*", "GPTBot"}[rng.Intn(5)] + "\n"
		out := append(append(append([]string{}, lines[:at]...), ua), lines[at:]...)
		return []byte(strings.Join(out, "")), fmt.Sprintf("add %q after line %d", ua, at)
	case 5:
		// A blank line somewhere (ends a record for the 1990s readings).
		at := rng.Intn(len(lines) + 1)
		out := append(append(append([]string{}, lines[:at]...), "\n"), lines[at:]...)
		return []byte(strings.Join(out, "")), fmt.Sprintf("add a blank line after line %d", at)
	default:
		// Remove any line (a blank line, a User-agent line, a comment…).
		n := 1 + rng.Intn(len(lines))
		return []byte(strings.Join(append(lines[:n-1:n-1], lines[n:]...), "")), fmt.Sprintf("remove line %d %q", n, lines[n-1])
	}
}

// urlsFor is a URL list independent of the probes: real path pieces of the
// file recombined with random tails.
func urlsFor(rng *rand.Rand, doc *syntax.Document, n int) []string {
	var pieces []string
	for i := range doc.Lines {
		if doc.Lines[i].Kind.IsRule() {
			pieces = append(pieces, strings.FieldsFunc(doc.Value(i+1), func(r rune) bool { return r == '*' || r == '$' || r == ' ' })...)
		}
	}
	pieces = append(pieces, "/", "/a", "/index.html", "/private/x", "/x.php")
	tails := []string{"", "", "x", "/", "/page.php", "?q=1", ".pdf", "/en/", "-2", "%7E"}
	out := make([]string, n)
	for i := range out {
		p := pieces[rng.Intn(len(pieces))]
		if rng.Intn(3) == 0 {
			p += pieces[rng.Intn(len(pieces))]
		}
		out[i] = "/" + strings.TrimPrefix(p+tails[rng.Intn(len(tails))], "/")
	}
	return out
}

// TestProbesCoverURLLists: on real files edited by random single-rule
// changes, every (engine, crawler, direction) a URL list finds changed is
// also found by the derived probes; and the shortcut that asks only the
// paths a changed rule can reach finds exactly what asking every path finds.
func TestProbesCoverURLLists(t *testing.T) {
	files := map[string][]byte{}
	if dir := corpus.Dir(); dir == "" {
		t.Log("shared/corpus/real not found beside the repository; using testdata only")
	} else {
		paths, _ := filepath.Glob(filepath.Join(dir, "*.robots.txt"))
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err == nil {
				files[filepath.Base(p)] = data
			}
		}
	}
	own, _ := filepath.Glob("testdata/*.robots.txt")
	for _, p := range own {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files["testdata/"+filepath.Base(p)] = data
	}
	edits := 4
	if testing.Short() {
		edits = 2
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		src := files[name]
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(len(src))))
			oldDoc := syntax.Parse(src)
			agents := Agents(oldDoc)
			if len(agents) > 3 {
				agents = agents[:3]
			}
			urls := urlsFor(rng, oldDoc, 400)
			for e := 0; e < edits; e++ {
				edited, what := ruleEdit(rng, src)
				newDoc := syntax.Parse(edited)
				withURLs := Compare(Input{Old: oldDoc, New: newDoc, Agents: agents, URLs: urls})
				every := Compare(Input{Old: oldDoc, New: newDoc, Agents: agents, URLs: urls, Exhaustive: true})
				if len(withURLs.Changes) != len(every.Changes) {
					t.Errorf("%s: the shortcut found %d changes, asking every path %d", what, len(withURLs.Changes), len(every.Changes))
				}
				if !strings.HasPrefix(what, "rule: ") {
					continue // structural edits prove the shortcut only
				}
				probed := Compare(Input{Old: oldDoc, New: newDoc, Agents: agents})
				found := map[string]bool{}
				for _, c := range probed.Changes {
					found[fmt.Sprint(c.Engine, c.Agent, c.NewlyBlocked())] = true
				}
				for _, c := range withURLs.Changes {
					if !found[fmt.Sprint(c.Engine, c.Agent, c.NewlyBlocked())] {
						t.Errorf("%s: %s %s %s (blocked now: %v) found with the URL list, not by the probes", what, c.Engine, c.Agent, c.URL, c.NewlyBlocked())
						found[fmt.Sprint(c.Engine, c.Agent, c.NewlyBlocked())] = true
					}
				}
			}
		})
	}
}
