package engine

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// emulatedAllowed is the emulation's answer alone, for any raw path (Query
// always passes a path from PathOf; this reaches paths it never makes).
func emulatedAllowed(c *temotoCompiled, agent, path string) bool {
	g := c.findGroup(agent)
	if g == nil {
		return true
	}
	win, _, _ := findTemotoRule(g.rules, path)
	return win == nil || win.Allow
}

// agreementPaths derives paths from the file's own rules — as written, cut
// short, extended, with wildcards filled in, escaped and re-cased — plus
// paths no rule mentions. Paths that cover the rules are where an emulation
// would go wrong.
func agreementPaths(doc *syntax.Document, n int, rng *rand.Rand) []string {
	var values []string
	for i := range doc.Lines {
		if doc.Lines[i].Kind.IsRule() {
			values = append(values, doc.Value(i+1))
		}
	}
	fills := []string{"", "x", "/", "a/b", ".php", "?q=1", "%2F", "é", "\n", "$", "*"}
	paths := []string{"", "/", "/robots.txt", "x", "*", "/\n", "/%7Ejoe", "/~joe"}
	for len(paths) < n {
		if len(values) == 0 {
			paths = append(paths, "/p"+strings.Repeat("a", rng.Intn(9)))
			continue
		}
		v := values[rng.Intn(len(values))]
		var b strings.Builder
		for _, r := range v {
			switch {
			case r == '*':
				b.WriteString(fills[rng.Intn(len(fills))])
			case r == '$' && rng.Intn(2) == 0:
			default:
				b.WriteRune(r)
			}
		}
		p := b.String()
		switch rng.Intn(6) {
		case 0:
			if len(p) > 0 {
				p = p[:rng.Intn(len(p))]
			}
		case 1:
			p += fills[rng.Intn(len(fills))]
		case 2:
			p = "/prefix" + p
		case 3:
			p = strings.ToUpper(p)
		case 4:
			p = strings.ReplaceAll(p, "/", "%2F")
		}
		paths = append(paths, p)
	}
	return paths
}

// agreementAgents are the crawler names asked: common ones, each name the
// file mentions (as written, lower-cased, with a version, cut short) and a
// few that match nothing.
func agreementAgents(doc *syntax.Document) []string {
	agents := []string{"", "*", "Googlebot", "Googlebot-Image/1.0", "bingbot", "YandexBot/3.0", "Mozilla/5.0 (compatible; Googlebot/2.1)", "ZZZ"}
	for i := range doc.Lines {
		if doc.Lines[i].Kind == syntax.UserAgent {
			v := doc.Value(i + 1)
			agents = append(agents, v, strings.ToLower(v)+"/2.0")
			if len(v) > 2 {
				agents = append(agents, v[:len(v)-1])
			}
		}
	}
	return agents
}

// TestTemotoEmulationAgreesOnCorpus: on every corpus file, for several
// hundred generated paths and every agent the file names, the emulation
// picks the same group and gives the same answer as the library.
func TestTemotoEmulationAgreesOnCorpus(t *testing.T) {
	e, _ := Get("temoto")
	files := corpus.Files(t)
	rng := rand.New(rand.NewSource(1))
	for _, name := range corpus.Names(files) {
		doc := syntax.Parse(files[name])
		c := e.Compile(doc).(*temotoCompiled)
		if c.err != nil {
			if c.problem.IsZero() {
				t.Errorf("%s: the library fails (%v) but the emulation found no error", name, c.err)
			}
			continue
		}
		if !c.problem.IsZero() {
			t.Errorf("%s: the emulation found an error the library did not: %s", name, c.problem)
			continue
		}
		paths := agreementPaths(doc, 300, rng)
		checked, bad := 0, 0
		for _, agent := range agreementAgents(doc) {
			lib := c.data.FindGroup(agent)
			if g := c.findGroup(agent); g == nil && lib != c.libEmpty || g != nil && c.data.FindGroup(g.group.Token) != lib {
				t.Errorf("%s: agent %q: the emulation picks another group than the library", name, agent)
			}
			for _, p := range paths {
				checked++
				if got, want := emulatedAllowed(c, agent, p), c.data.TestAgent(p, agent); got != want && bad < 5 {
					bad++
					t.Errorf("%s: agent %q path %q: emulation %v, library %v", name, agent, p, got, want)
				}
			}
		}
		for _, p := range paths[:50] {
			if v := c.Query("Googlebot", p); hasNote(v, msgTemotoDisagree) || hasNote(v, msgTemotoDisGroup) {
				t.Errorf("%s: Query reports a disagreement for %q: %s", name, p, v.ExplainAll())
			}
		}
		if checked < 1000 {
			t.Errorf("%s: only %d checks", name, checked)
		}
	}
}

// TestTemotoEmulationAgreesOnTrickyFiles covers what the corpus may lack:
// the scanner's corner cases.
func TestTemotoEmulationAgreesOnTrickyFiles(t *testing.T) {
	files := []string{
		"User-agent: *\nDisallow: /a$b\nDisallow: /c$*$\nAllow: /d*$\n",
		"User-agent : x\nDisallow :/y\n",
		"User-agent:a:b\nDisallow:/p:q r s t\n",
		"\xEF\xBB\xBFUser-agent: *\r\nDisallow: /\xff\xfe*\r\nAllow: /\xe2\x82\r\n",
		"User-agent: *\nDisallow: /a # c\n#only\n\n\nUser-agent: b\nAllow: /#frag\n",
		"User-agent: *\nDisallow: /x # trailing comment at EOF",
		"User-agent: *\nDisallow: # nothing\n",
		"User-agent: a\nUser-agent: a\nDisallow: /\nAllow: /a\nAllow: /a\n",
		"User-agent: *\vDisallow:\f/x\n",
		"useragent: k\ncrawldelay: 1e1\nDISALLOW: /K\nSitemap: http://a/b\nHost: h\n",
		"User-agent: \u0130x\nDisallow: /\n",
		"User-agent: *\nDisallow: /*\n\tDisallow: *a*b*$\n",
		"User-agent: *\nDisallow: /\nUser-agent: x\n",
		"\n\n   \n",
	}
	e, _ := Get("temoto")
	rng := rand.New(rand.NewSource(2))
	for _, robots := range files {
		doc := syntax.Parse([]byte(robots))
		c := e.Compile(doc).(*temotoCompiled)
		if (c.err != nil) != !c.problem.IsZero() {
			t.Errorf("%q: library error %v, emulation %v", robots, c.err, c.problem)
			continue
		}
		if c.err != nil {
			continue
		}
		paths := append(agreementPaths(doc, 200, rng), "/a$b", "/c", "/d", "/d/x", "/y", "/:/y", "/p:q", "/\xff\xfe", "/#frag", "/K", "/A", "/x")
		for _, agent := range append(agreementAgents(doc), "a:b", "k", "i̇x", "İx", "ix", "x") {
			for _, p := range paths {
				if got, want := emulatedAllowed(c, agent, p), c.data.TestAgent(p, agent); got != want {
					t.Errorf("%q: agent %q path %q: emulation %v, library %v", robots, agent, p, got, want)
				}
			}
		}
	}
}
