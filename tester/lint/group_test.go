package lint

import (
	"slices"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// TestDefaultEngines: without a choice, lint reports on the readings a site
// is tested with today, and a note that concerns only the 1994 standard
// (Allow does not exist there) appears only when that reading is chosen.
func TestDefaultEngines(t *testing.T) {
	src := []byte("User-agent: *\nDisallow: /docs/\nAllow: /docs/public/\n")
	for _, c := range []struct {
		name    string
		engines []string
		want    bool
	}{
		{"default", nil, false},
		{"the tester's readings", []string{"google", "yandex", "bing", "rfc9309"}, false},
		{"with the 1994 reading", []string{"google", "original1994"}, true},
		{"every reading (check --engine all)", EngineIDs(), true},
	} {
		diags := Run(syntax.Parse(src), Options{Engines: c.engines})
		if got := len(codesOf(diags, "RS036")) > 0; got != c.want {
			t.Errorf("%s: RS036 reported %v, want %v", c.name, got, c.want)
		}
		for _, d := range diags {
			for _, e := range d.Engines {
				if c.engines == nil && !slices.Contains(DefaultEngines, e) {
					t.Errorf("%s: %s names %s, outside the default readings", c.name, d.Code, e)
				}
			}
		}
	}
	if !slices.Equal(DefaultEngines, []string{"google", "yandex", "bing", "rfc9309"}) {
		t.Errorf("DefaultEngines = %v", DefaultEngines)
	}
}

// TestGroupFoldsRepeats: three findings of one rule become one diagnostic
// with their count and lines and one fix for all; a finding that occurs
// once is left as it was.
func TestGroupFoldsRepeats(t *testing.T) {
	src := "User-agent: Googlebot/2.1\nDisallow: /a\n\nUser-agent: bingbot/2.0\nDisallow: /b\n\n" +
		"User-agent: Yandex/3.0\nDisallow: /c\n\nUser-agent: *\nDisallow: *.doc\n"
	doc := syntax.Parse([]byte(src))
	diags := Run(doc, Options{})
	if n := len(codesOf(diags, "RS013")); n != 3 {
		t.Fatalf("Run: %d RS013 findings, want 3 (one per line)", n)
	}
	grouped := Group(doc, diags)
	tokens := codesOf(grouped, "RS013")
	if len(tokens) != 1 {
		t.Fatalf("Group: %d RS013 diagnostics, want 1", len(tokens))
	}
	g := tokens[0]
	if lines, at := g.Lines(doc), doc.Position(g.Span.Start); !slices.Equal(lines, []int{1, 4, 7}) || len(g.Members) != 3 || at.Line != 1 {
		t.Errorf("lines %v, members %d, line %d; want [1 4 7], 3, 1", lines, len(g.Members), at.Line)
	}
	text := g.Message.String()
	if !strings.Contains(text, "3 lines (1, 4, 7)") || !strings.Contains(text, "Googlebot/2.1") {
		t.Errorf("message %q does not count and list the lines", text)
	}
	if g.Fix == nil || !g.Fix.Safe || len(g.Fix.Edits) != 3 {
		t.Fatalf("fix %+v, want one safe fix of three edits", g.Fix)
	}
	out, err := ApplyFixes([]byte(src), []Fix{*g.Fix})
	if err != nil {
		t.Fatal(err)
	}
	if codes := codesOf(Run(syntax.Parse(out), Options{}), "RS013"); len(codes) != 0 {
		t.Errorf("after the fix for all, %d RS013 remain", len(codes))
	}
	single := codesOf(grouped, "RS050")
	if len(single) != 1 || len(single[0].Lines(doc)) != 1 || single[0].Members != nil || strings.Contains(single[0].Message.String(), "the same on") {
		t.Errorf("a single finding was changed by Group: %+v", single)
	}
}

// TestGroupListsFirstLinesOnly: a long group spells out the first lines and
// says how many more there are; Lines keeps them all.
func TestGroupListsFirstLinesOnly(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 20; i++ {
		b.WriteString("User-agent: Bot/1.0\nDisallow: /x\n\n")
	}
	doc := syntax.Parse([]byte(b.String()))
	g := codesOf(Group(doc, Run(doc, Options{})), "RS013")
	if len(g) != 1 || len(g[0].Lines(doc)) != 20 {
		t.Fatalf("got %d groups, lines %v", len(g), g)
	}
	if text := g[0].Message.String(); !strings.Contains(text, "and 8 more") || !strings.Contains(text, "the same on 20 lines") {
		t.Errorf("message %q", text)
	}
}
