package aipref

import (
	"fmt"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

func prefsString(ps []Pref) string {
	var out []string
	for _, p := range ps {
		out = append(out, fmt.Sprintf("%s=%v/%v", p.Key, p.Set, p.Yes))
	}
	return strings.Join(out, " ")
}

func kinds(ps []Problem) string {
	var out []string
	for _, p := range ps {
		out = append(out, fmt.Sprintf("%d:%s", p.Kind, p.Detail))
	}
	return strings.Join(out, " ")
}

func TestParseSignal(t *testing.T) {
	cases := []struct{ rule, in, prefs, probs string }{
		{"Cloudflare's default line", "search=yes, ai-train=no", "search=true/true ai-train=true/false", ""},
		{"no spaces, any case", "Search=YES,ai-input=no", "Search=true/true ai-input=true/false", ""},
		{"a value that is neither yes nor no", "ai-train=maybe", "ai-train=false/false", "2:ai-train=maybe"},
		{"a member without =", "search", "", "1:search"},
		{"an unknown key", "ai-training=no", "ai-training=true/false", "3:ai-training"},
		{"a key twice", "search=yes, search=no", "search=true/true search=true/false", "5:search"},
		{"empty", "", "", "0:"},
	}
	for _, c := range cases {
		s := ParseSignal(c.in)
		if got := prefsString(s.Prefs); got != c.prefs {
			t.Errorf("%s: prefs %q, want %q", c.rule, got, c.prefs)
		}
		if got := kinds(s.Problems); got != c.probs {
			t.Errorf("%s: problems %q, want %q", c.rule, got, c.probs)
		}
	}
}

func TestParseUsage(t *testing.T) {
	cases := []struct{ rule, in, path, prefs, probs string }{
		{"the draft's example", "train-ai=n", "", "train-ai=true/false", ""},
		{"a path first", "/blog/ train-ai=y", "/blog/", "train-ai=true/true", ""},
		{"a pattern path", "/*.pdf$ train-ai=n, search=y", "/*.pdf$", "train-ai=true/false search=true/true", ""},
		{"parameters are dropped", "train-ai=n;why=1", "", "train-ai=true/false", ""},
		{"yes is no y", "train-ai=yes", "", "train-ai=false/false", "2:train-ai=yes"},
		{"a dictionary key is lower case", "Train-AI=n", "", "", "1:Train-AI=n"},
		{"a label from an earlier draft", "train-genai=n", "", "train-genai=true/false", "4:train-genai"},
		{"a path without its slash", "blog/ train-ai=n", "", "", "6:blog/"},
		{"a path and nothing else", "/blog/", "/blog/", "", "0:"},
	}
	for _, c := range cases {
		u := ParseUsage(c.in)
		if u.Path != c.path {
			t.Errorf("%s: path %q, want %q", c.rule, u.Path, c.path)
		}
		if got := prefsString(u.Prefs); got != c.prefs {
			t.Errorf("%s: prefs %q, want %q", c.rule, got, c.prefs)
		}
		if got := kinds(u.Problems); got != c.probs {
			t.Errorf("%s: problems %q, want %q", c.rule, got, c.probs)
		}
	}
}

func TestInForce(t *testing.T) {
	src := "Content-Usage: train-ai=y\n" + // outside any group: applies to nobody
		"User-agent: *\n" +
		"Content-Usage: train-ai=n\n" +
		"Content-Usage: /blog/ train-ai=y\n" +
		"Allow: /\n" +
		"\n" +
		"User-agent: GPTBot\n" +
		"Content-Signal: search=yes, ai-train=no\n" +
		"Content-Usage: /blog/ train-ai=y\n" +
		"Disallow: /private/\n"
	f := Read(syntax.Parse([]byte(src)))
	cases := []struct {
		rule string
		ua   []int
		path string
		want string
	}{
		{"the line without a path covers every path", []int{2}, "/page", "ai-train=false@3"},
		{"the longest matching path wins", []int{2}, "/blog/post", "ai-train=true@4"},
		{"no wins over yes: the signal's no beats the usage's yes", []int{7}, "/blog/post", "search=true@8 ai-train=false@8"},
		{"no group, nothing in force", nil, "/page", ""},
	}
	for _, c := range cases {
		var got []string
		for _, a := range f.InForce(verdict("google", c.ua, c.path)) {
			got = append(got, fmt.Sprintf("%s=%v@%d", a.Use, a.Yes, a.Line))
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%s: %q, want %q", c.rule, g, c.want)
		}
	}
	asks := Asks(catalogue.AITraining, f.InForce(verdict("google", []int{2}, "/page")))
	if len(asks) != 1 || asks[0].String() != "asks: no AI training (line 3)" {
		t.Errorf("Asks = %v", asks)
	}
	if asks := Asks(catalogue.Search, f.InForce(verdict("google", []int{2}, "/page"))); len(asks) != 0 {
		t.Errorf("a search crawler is not asked about training: %v", asks)
	}
}

// verdict is a verdict of engine id that reached the group with User-agent
// lines ua for path.
func verdict(id string, ua []int, path string) *engine.Verdict {
	v := &engine.Verdict{Engine: id, Path: path}
	if ua != nil {
		v.Group = &engine.Group{Lines: ua}
	}
	return v
}

// TestInForceGroupsAsTheEngine: the lines in force are those of the groups
// as the verdict's engine groups the file.
func TestInForceGroupsAsTheEngine(t *testing.T) {
	src := "User-agent: a\n" +
		"Crawl-delay: 1\n" +
		"User-agent: b\n" +
		"Content-Signal: ai-train=no\n" +
		"\n" +
		"Content-Usage: train-ai=n\n" +
		"Disallow: /x\n"
	f := Read(syntax.Parse([]byte(src)))
	cases := []struct {
		rule   string
		engine string
		ua     []int
		want   string
	}{
		{"Google: a Crawl-delay does not end the User-agent lines, so a's group holds both lines", "google", []int{1}, "ai-train=false@4"},
		{"the 1996 draft: any other field ends them, so a's record has neither", "draft1996", []int{1}, ""},
		{"the 1996 draft: a blank line ends b's record before the Content-Usage", "draft1996", []int{3}, "ai-train=false@4"},
	}
	for _, c := range cases {
		var got []string
		for _, a := range f.InForce(verdict(c.engine, c.ua, "/page")) {
			got = append(got, fmt.Sprintf("%s=%v@%d", a.Use, a.Yes, a.Line))
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%s: %q, want %q", c.rule, g, c.want)
		}
	}
}

// Rule: Cloudflare's `use=` member (immediate, reference, full) is read
// without a problem; any other value of it is one.
func TestSignalUse(t *testing.T) {
	s := ParseSignal("search=yes,ai-train=no,use=reference")
	if len(s.Problems) != 0 || len(s.Prefs) != 3 || s.Prefs[2].Set {
		t.Fatalf("%+v", s)
	}
	if s := ParseSignal("search=yes, use=sometimes"); len(s.Problems) != 1 || s.Problems[0].Kind != ProblemValue {
		t.Fatalf("%+v", s.Problems)
	}
}

// TestProblemsAreDiagnostics: a problem is the project's diagnostic: a
// warning, its code the kind's name, its span the bytes of the value it is
// about, its message naming what is written there; a list of them sorts by
// position.
func TestProblemsAreDiagnostics(t *testing.T) {
	value := "search=yes, ai-trian=no, search=maybe"
	s := ParseSignal(value)
	var got []string
	for _, p := range s.Problems {
		got = append(got, fmt.Sprintf("%s %s %q", p.Code, p.Severity, value[p.Span.Start:p.Span.End]))
		if p.Message.IsZero() || !strings.Contains(p.Message.String(), p.Detail[:min(len(p.Detail), 6)]) {
			t.Errorf("%s: message %q does not name %q", p.Code, p.Message.String(), p.Detail)
		}
	}
	want := []string{`unknown-key warning "ai-trian"`, `value warning "search=maybe"`, `duplicate warning "search=maybe"`}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("problems %v, want %v", got, want)
	}
	u := ParseUsage("blog/ train-ai=n")
	if len(u.Problems) != 1 || u.Problems[0].Code != "path" || u.Problems[0].Span != (diag.Span{Start: 0, End: 5}) {
		t.Errorf("a path without its slash: %+v", u.Problems)
	}
	l := diag.List[Problem]{s.Problems[2], s.Problems[0]}
	l.Sort()
	if l[0].Code != "unknown-key" {
		t.Errorf("sorted %v", l)
	}
}
