package syntax

import (
	"fmt"
	"testing"
)

func TestGroups(t *testing.T) {
	records := GroupRule{BlankEnds: true, EndsAgents: func(k Kind) bool { return k == Disallow }}
	anyField := GroupRule{BlankEnds: true, EndsAgents: func(k Kind) bool { return k != UserAgent }}
	cases := []struct {
		rule string
		r    GroupRule
		src  string
		want string // groups as agents/fields, then the lines before any group
	}{
		{"a User-agent after a rule opens a group (RFC 9309 §2.1)", GroupRule{},
			"User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y\n", "[1]/[2] [3]/[4] before []"},
		{"other fields between User-agent lines do not end the group", GroupRule{},
			"User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\n", "[1 3]/[2 4] before []"},
		{"blank lines do not end a group in the modern reading", GroupRule{},
			"User-agent: a\n\nDisallow: /x\n", "[1]/[3] before []"},
		{"a blank line ends a record in the 1994/1996 reading", records,
			"User-agent: a\n\nDisallow: /x\n", "[1]/[] before [3]"},
		{"a record begun without a blank line is marked", records,
			"User-agent: a\nDisallow: /x\nUser-agent: b\n", "[1]/[2] [3]/[]! before []"},
		{"in the 1996 draft any field ends the User-agent run", anyField,
			"User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\n", "[1]/[2] [3]/[4]! before []"},
		{"lines before any User-agent belong to no group", GroupRule{},
			"Disallow: /a\nSitemap: x\nUser-agent: *\n", "[3]/[] before [1 2]"},
		{"comments and invalid lines neither join nor end", records,
			"User-agent: a\n# c\nnot a field\nDisallow: /x\n", "[1]/[4] before []"},
		{"a line the reading does not read is skipped", GroupRule{Kind: func(d *Document, i int) Kind {
			if d.Lines[i].Standard() {
				return d.Lines[i].Kind
			}
			return Unknown
		}}, "User-agent: a\nDissallow: /x\nUser-agent: b\nDisallow: /y\n", "[1 3]/[2 4] before []"},
		{"the read limit stops the reading", GroupRule{Limit: 20},
			"User-agent: a\nDisallow: /x\nUser-agent: b\n", "[1]/[2] before []"},
	}
	for _, c := range cases {
		gr := Parse([]byte(c.src)).Groups(c.r)
		got := ""
		for _, g := range gr.Groups {
			got += fmt.Sprintf("%v/%v", g.Agents, g.Fields)
			if g.NoBlankBefore {
				got += "!"
			}
			got += " "
		}
		got += fmt.Sprintf("before %v", gr.Before)
		if got != c.want {
			t.Errorf("%s: got %s, want %s", c.rule, got, c.want)
		}
	}
}

func TestIsStar(t *testing.T) {
	for v, want := range map[string]bool{"*": true, "* everyone": true, "*\tx": true, "*\vx": true, "*bot": false, "": false, "a*": false} {
		if IsStar(v) != want {
			t.Errorf("IsStar(%q) = %v", v, !want)
		}
	}
}
