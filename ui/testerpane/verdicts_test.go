package testerpane

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/robots-studio/robots-studio/internal/cli"
	"github.com/robots-studio/robots-studio/tester/report"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
)

// TestVerdictsAreTheCommandLines: the verdicts the pane gives the browser
// build's test hook are, object for object and in the same order, what
// `robots-studio test --json` prints for each crawler under the engine the
// tester uses for it: a crawler by its catalogue name, by a full
// User-Agent (asked with its token, and said so), one the catalogue does
// not know, and a path the Content-Signal line's preferences apply to.
func TestVerdictsAreTheCommandLines(t *testing.T) {
	const robots = "User-agent: *\nContent-Signal: ai-train=no, search=yes\nDisallow: /private\n\nUser-agent: GPTBot\nContent-Signal: ai-train=no\nDisallow: /private\n\nUser-agent: MJ12bot\nAllow: /\nDisallow: /deep/\n"
	p, _ := newTestPane(t, robots)
	p.SetDocument(syntax.Parse([]byte(robots)))
	set := &testset.Set{
		Crawlers: []string{"Googlebot", "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)", "MJ12bot", "Ёжбот"},
		Paths:    []string{"/", "/private/x", "/deep/1"},
	}
	p.SetTestSet(set)
	var got []map[string]any
	for _, v := range p.Verdicts(syntax.Parse([]byte(robots))) {
		var b bytes.Buffer
		if err := report.NewJSONLines(&b).Write(&v.Verdict); err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		got = append(got, m)
	}
	var want []map[string]any
	for _, c := range set.Crawlers {
		var out, errOut bytes.Buffer
		args := append([]string{"test", "--json", "--engine", p.reading.engineFor(c), "--agent", c, "-"}, set.Paths...)
		if code := cli.Run(args, cli.Env{Stdin: bytes.NewReader([]byte(robots)), Stdout: &out, Stderr: &errOut}); code != cli.ExitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
		}
		dec := json.NewDecoder(&out)
		for dec.More() {
			var m map[string]any
			if err := dec.Decode(&m); err != nil {
				t.Fatal(err)
			}
			want = append(want, m)
		}
	}
	if len(got) != len(set.Crawlers)*len(set.Paths) {
		t.Fatalf("%d verdicts for %d × %d rows", len(got), len(set.Crawlers), len(set.Paths))
	}
	if !reflect.DeepEqual(got, want) {
		for i := range min(len(got), len(want)) {
			if !reflect.DeepEqual(got[i], want[i]) {
				t.Errorf("verdict %d:\n pane %v\n CLI  %v", i, got[i], want[i])
			}
		}
	}
}
