package diff

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// benchURLs is n URLs shaped like a site's: rule prefixes of the file with
// ids, pages and queries after them, and pages no rule names.
func benchURLs(n int, docs ...*syntax.Document) []string {
	rng := rand.New(rand.NewSource(1))
	var prefixes []string
	for _, doc := range docs {
		for i := range doc.Lines {
			if doc.Lines[i].Kind.IsRule() {
				v := doc.Value(i + 1)
				if j := strings.IndexAny(v, "*$"); j >= 0 {
					v = v[:j]
				}
				prefixes = append(prefixes, v)
			}
		}
	}
	words := []string{"in", "company", "jobs", "pulse", "feed", "school", "learning", "posts"}
	out := make([]string, n)
	for i := range out {
		switch rng.Intn(3) {
		case 0:
			out[i] = fmt.Sprintf("https://www.linkedin.com/%s/%s-%d", words[rng.Intn(len(words))], words[rng.Intn(len(words))], rng.Intn(1e6))
		default:
			out[i] = fmt.Sprintf("%s%d?trk=%d", prefixes[rng.Intn(len(prefixes))], rng.Intn(1e6), rng.Intn(100))
		}
	}
	return out
}

// BenchmarkDiffLinkedIn: two versions of linkedin's robots.txt (107 KB, 40
// groups), 100,000 URLs, 5 crawlers, all 8 engines — 8 million verdicts if
// every one were asked. "rules" is a deploy that edits Allow/Disallow lines
// (only the paths an edited rule can match are asked again); "structure"
// also adds a User-agent line, so every path is asked under every engine.
func BenchmarkDiffLinkedIn(b *testing.B) {
	src := string(corpus.File(b, "linkedin.robots.txt"))
	rulesEdit := strings.Replace(src, "Disallow: /chat/\n", "Disallow: /chat\nDisallow: /jobs/view/\n", 1)
	rulesEdit = strings.Replace(rulesEdit, "User-agent: Bingbot\n", "User-agent: Bingbot\nAllow: /company/\n", 1)
	structEdit := strings.Replace(rulesEdit, "User-agent: Applebot\n", "User-agent: Applebot\nUser-agent: DuckDuckBot\n", 1)
	oldDoc := syntax.Parse([]byte(src))
	urls := benchURLs(100000, oldDoc, syntax.Parse([]byte(rulesEdit)))
	agents := []string{"Googlebot", "bingbot", "YandexBot", "Applebot", "DuckDuckBot"}
	for _, c := range []struct{ name, new string }{{"rules", rulesEdit}, {"structure", structEdit}} {
		newDoc := syntax.Parse([]byte(c.new))
		b.Run(c.name, func(b *testing.B) {
			var rep *Report
			for i := 0; i < b.N; i++ {
				rep = Compare(Input{Old: oldDoc, New: newDoc, Agents: agents, URLs: urls})
			}
			b.ReportMetric(float64(len(rep.Changes)), "changes")
			b.ReportMetric(float64(rep.Queries), "verdicts")
		})
	}
}
