package engine

import (
	"math/rand"
	"testing"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// TestEveryEngineOnCorpus is `robots-studio test --engine all` on every
// real file: every engine compiles it and answers every (agent, URL) with a
// verdict that holds together and a sentence.
func TestEveryEngineOnCorpus(t *testing.T) {
	files := corpus.Files(t)
	if len(files) < 12 {
		t.Fatalf("only %d corpus files", len(files))
	}
	rng := rand.New(rand.NewSource(3))
	for _, name := range corpus.Names(files) {
		doc := syntax.Parse(files[name])
		urls := agreementPaths(doc, 40, rng)
		urls = append(urls, "https://example.com/", "http://www.example.com:8080/a?b=c#d")
		agents := []string{"Googlebot", "bingbot", "YandexBot", "Yandex", "StackRambler", "Lycos_Spider_(Rex)/1.0 libwww/3.1", "GPTBot", ""}
		for _, e := range All() {
			c := e.Compile(doc)
			if c.Engine() != e {
				t.Fatalf("%s: Compiled.Engine() is not the engine", e.Info().ID)
			}
			for _, agent := range agents {
				for _, u := range urls {
					v := c.Query(agent, u)
					checkVerdict(t, name, e.Info().ID, doc, &v)
				}
			}
		}
	}
}

// checkVerdict holds every engine to the Verdict contract.
func checkVerdict(t *testing.T, file, id string, doc *syntax.Document, v *Verdict) {
	t.Helper()
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf("%s %s %q %q: "+format, append([]any{file, id, v.Agent, v.URL}, args...)...)
	}
	if v.Engine != id {
		fail("Engine %q", v.Engine)
	}
	if v.Explain().String() == "" {
		fail("no explanation")
	}
	for _, n := range v.Notes {
		if n.Key == msgTemotoDisagree || n.Key == msgTemotoDisGroup || n.Key == msgTemotoDisParse {
			fail("emulation disagrees: %s", v.ExplainAll())
		}
	}
	switch v.Reason {
	case ReasonFileError:
		if v.Error.IsZero() || v.Allowed {
			fail("file error without text, or allowed")
		}
		return
	case ReasonRule:
		if v.Rule == nil || v.Rule.Line < 1 || v.Rule.Line > len(doc.Lines) {
			fail("ReasonRule with rule %+v", v.Rule)
			return
		}
		if id != "temoto" && !doc.Lines[v.Rule.Line-1].Kind.IsRule() {
			fail("deciding line %d is a %s line", v.Rule.Line, doc.Lines[v.Rule.Line-1].Kind)
		}
	case ReasonNoGroup:
		if v.Group != nil || !v.Allowed {
			fail("no group but group %+v allowed %v", v.Group, v.Allowed)
		}
	default:
		if !v.Allowed {
			fail("reason %d must allow", v.Reason)
		}
	}
	if v.Reason != ReasonNoGroup && v.Group == nil {
		fail("reason %d without a group", v.Reason)
	}
	if v.Group != nil && id != "temoto" {
		for _, n := range v.Group.Lines {
			if n < 1 || n > len(doc.Lines) || doc.Lines[n-1].Kind != syntax.UserAgent {
				fail("group line %d is not a User-agent line", n)
			}
		}
	}
}
