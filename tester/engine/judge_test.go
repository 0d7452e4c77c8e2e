package engine

import (
	"math/rand"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// checkJudge: JudgeFor(c, agent) decides each URL as c.Query does (the
// same deciding rule; some engines make a copy of it per query).
func checkJudge(t *testing.T, what string, c Compiled, agent string, urls []string) {
	t.Helper()
	judge := JudgeFor(c, agent)
	same := func(a, b Decision) bool {
		return a.Allowed == b.Allowed && a.Reason == b.Reason && (a.Rule == nil) == (b.Rule == nil) && (a.Rule == nil || *a.Rule == *b.Rule)
	}
	for _, u := range urls {
		if got, want := judge(u), DecisionOf(c.Query(agent, u)); !same(got, want) {
			t.Fatalf("%s, %s, agent %q, URL %q: Judge %+v, Query %+v", what, c.Engine().Info().ID, agent, u, got, want)
		}
	}
}

// TestJudgeIsQueryOnCorpus: on every real file, for every engine (the
// longest-match ones have a Judge of their own, the others Query's), with
// and without a time limit, a Judge decides as Query.
func TestJudgeIsQueryOnCorpus(t *testing.T) {
	files := corpus.Files(t)
	rng := rand.New(rand.NewSource(5))
	agents := []string{"Googlebot", "googlebot-news", "bingbot", "YandexBot", "Yandex", "YandexImages", "GPTBot",
		"Mozilla/5.0 (compatible; Googlebot/2.1)", ""}
	for _, name := range corpus.Names(files) {
		doc := syntax.Parse(files[name])
		urls := agreementPaths(doc, 60, rng)
		urls = append(urls, "", "/", "/robots.txt", "//x/y", "https://example.com/", "http://www.example.com:8080/a?b=c#d",
			"/index.html", "/a\x00b", "/%7Ea", "/\u00e9t\u00e9")
		for _, e := range All() {
			for _, c := range []Compiled{e.Compile(doc), WithTimeout(e.Compile(doc), time.Minute)} {
				for _, agent := range agents {
					checkJudge(t, name, c, agent, urls)
				}
			}
		}
	}
}

// FuzzJudgeIsQuery: for any file, crawler and URL, every engine's Judge
// decides as its Query.
func FuzzJudgeIsQuery(f *testing.F) {
	for i, s := range readingSeeds() {
		agents := []string{"Googlebot", "YandexBot", "bingbot", "a", "Yandex", ""}
		urls := []string{"/tmp/x", "/page", "http://www.otherhost.ru/", "/~joe", "/robots.txt", "", "/d/index.html"}
		f.Add(s, agents[i%len(agents)], urls[i%len(urls)])
	}
	f.Add("User-agent: *\nAllow: /d/index.html\nDisallow: /d/\n", "x", "/d/")
	// Literal prefixes that share, split and end inside each other's.
	f.Add("User-agent: *\nDisallow: /ab\nAllow: /abc*\nDisallow: /a*c$\nAllow: /abd\nDisallow: /ab$\nAllow: /a\n"+
		"Disallow: *x\nAllow: /b/index.html\nDisallow: /b\nDisallow:\nAllow: /abcd$\n", "x", "/abcd")
	f.Fuzz(func(t *testing.T, robots, agent, url string) {
		doc := syntax.Parse([]byte(robots))
		for _, e := range All() {
			checkJudge(t, "fuzz", e.Compile(doc), agent, []string{url, url + "x", "/" + url})
		}
	})
}

// BenchmarkJudge decides paths for Googlebot on linkedin.robots.txt with a
// Judge, beside Query on the same paths.
func BenchmarkJudge(b *testing.B) {
	doc := syntax.Parse(corpus.File(b, "linkedin.robots.txt"))
	paths := benchPaths(doc, 4096)
	e, _ := Get("google")
	c := e.Compile(doc)
	judge := JudgeFor(c, "Googlebot")
	b.Run("judge", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			judge(paths[i%len(paths)])
		}
	})
	b.Run("query", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			c.Query("Googlebot", paths[i%len(paths)])
		}
	})
}
