package testset

import (
	"testing"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// TestEvaluateReadsAFullUserAgentAsTheTesterDoes: an expectation for a full
// User-Agent is checked with its crawler's token, as the window shows it.
func TestEvaluateReadsAFullUserAgentAsTheTesterDoes(t *testing.T) {
	ua := "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"
	s := &Set{Version: 1, Crawlers: []string{ua}, Paths: []string{"/"},
		Expect: []Expectation{{Crawler: ua, Path: "/", Engine: "google", Allowed: false}}}
	res := Evaluate(syntax.Parse([]byte("User-agent: GPTBot\nDisallow: /\n")), s, nil)
	if len(res) != 1 || !res[0].Pass || res[0].Verdict.Agent != ua {
		t.Errorf("got %+v", res)
	}
}
