package msg

import (
	"strings"
	"testing"
)

// show writes spans with code between ⟨⟩.
func show(spans []Span) string {
	var b strings.Builder
	for _, s := range spans {
		if s.Code {
			b.WriteString("⟨" + s.Text + "⟩")
		} else {
			b.WriteString(s.Text)
		}
	}
	return b.String()
}

// TestSpans: a run of n backticks opens code and the next run of exactly n
// closes it (Markdown's code spans); a run without a partner is text.
func TestSpans(t *testing.T) {
	for _, c := range []struct{ rule, in, want string }{
		{"a pair marks code", "line 14 `Disallow: /x*`, the only rule", "line 14 ⟨Disallow: /x*⟩, the only rule"},
		{"an unpaired backtick is text", "a ` alone", "a ` alone"},
		{"after a pair, an odd one is text", "`a` and ` b", "⟨a⟩ and ` b"},
		{"an empty pair is a run of two without partner", "empty `` here", "empty `` here"},
		{"a double run holds a single backtick", "line 3 ``Disallow: /a`b``, group", "line 3 ⟨Disallow: /a`b⟩, group"},
		{"a single run does not close a double one", "``a`b` c``", "⟨a`b` c⟩"},
		{"a double run inside single code is its text", "`a``b`", "⟨a``b⟩"},
		{"one space inside each fence is the fence's", "`` `a ``", "⟨`a⟩"},
		{"spaces alone are kept", "` `", "⟨ ⟩"},
		{"a space on one side only is kept", "`` a``", "⟨ a⟩"},
		{"an unclosed double run, then a pair", "a `` b `c`", "a `` b ⟨c⟩"},
		{"two spans", "`a` `b`", "⟨a⟩ ⟨b⟩"},
		{"no text", "", ""},
	} {
		if got := show(Spans(c.in)); got != c.want {
			t.Errorf("%s: %q reads %q, want %q", c.rule, c.in, got, c.want)
		}
		if got, want := Plain(c.in), strings.NewReplacer("⟨", "", "⟩", "").Replace(c.want); got != want {
			t.Errorf("%s: Plain(%q) = %q, want %q", c.rule, c.in, got, want)
		}
	}
}

// TestCode: Code quotes any text so that Spans reads it back as one piece
// of code, whatever backticks and spaces it holds.
func TestCode(t *testing.T) {
	for _, c := range []struct{ rule, in, want string }{
		{"no backtick: single fences", "Disallow: /x", "`Disallow: /x`"},
		{"a backtick: double fences", "Disallow: /a`b", "``Disallow: /a`b``"},
		{"a double run: triple fences", "a``b`c", "```a``b`c```"},
		{"a leading backtick is padded", "`a", "`` `a ``"},
		{"a trailing backtick is padded", "a`", "`` a` ``"},
		{"spaces on both sides are padded", " a ", "`  a  `"},
		{"a pair of backticks inside", "/a`b`c", "``/a`b`c``"},
	} {
		got := Code(c.in)
		if got != c.want {
			t.Errorf("%s: Code(%q) = %q, want %q", c.rule, c.in, got, c.want)
		}
		if sp := Spans("x " + got + " y"); len(sp) != 3 || !sp[1].Code || sp[1].Text != c.in {
			t.Errorf("%s: %q reads back as %q", c.rule, got, show(sp))
		}
		if l := Literal(c.in); Plain("x "+l+" `y`") != "x "+c.in+" y" {
			t.Errorf("%s: Literal(%q) = %q reads back as %q", c.rule, c.in, l, Plain("x "+l+" `y`"))
		}
	}
}

// TestQuotedUserText: a value holding a backtick does not pair with the
// template's backticks: in code it is quoted with a longer run, in text it
// is quoted as code when its backticks do not pair among themselves; text
// rendered before (its code already paired) goes in as it is.
func TestQuotedUserText(t *testing.T) {
	key := Def("test.msg.quoted", "blocked by line {{.Line}} `{{.Rule}}`, the only rule that matches {{.Path}}; group: {{.Group}}")
	group := Def("test.msg.quoted_group", "the `*` group at line {{.Line}}")
	for _, c := range []struct {
		rule, ruleText, path, want string
	}{
		{"no backtick: as before", "Disallow: /a", "/a",
			"blocked by line 2 ⟨Disallow: /a⟩, the only rule that matches /a; group: the ⟨*⟩ group at line 1"},
		{"a backtick in the rule and in the path", "Disallow: /a`b", "/a`bc",
			"blocked by line 2 ⟨Disallow: /a`b⟩, the only rule that matches ⟨/a`bc⟩; group: the ⟨*⟩ group at line 1"},
		{"a rule ending in a backtick", "Disallow: /a`", "/a`",
			"blocked by line 2 ⟨Disallow: /a`⟩, the only rule that matches ⟨/a`⟩; group: the ⟨*⟩ group at line 1"},
		{"a run of two in the rule", "Disallow: /a``b", "/a``b",
			"blocked by line 2 ⟨Disallow: /a``b⟩, the only rule that matches ⟨/a``b⟩; group: the ⟨*⟩ group at line 1"},
	} {
		text := New(key, "Line", 2, "Rule", c.ruleText, "Path", c.path, "Group", New(group, "Line", 1)).String()
		if got := show(Spans(text)); got != c.want {
			t.Errorf("%s: %q reads %q, want %q", c.rule, text, got, c.want)
		}
	}
}
