package testerpane

import (
	"slices"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/testset"
)

// TestWhyTheyDifferNamesTheGroups: YandexBot on a file with a `Yandex`
// group. Readings that match a name inside the crawler's name (Yandex,
// 1994, Lycos) choose that group; Google and RFC 9309, which compare the
// whole token, fall to `*`. The sentence names each group and why, before
// the answers — which is the lesson.
func TestWhyTheyDifferNamesTheGroups(t *testing.T) {
	p, _ := newTestPane(t, "User-agent: Yandex\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n")
	p.SetCompare(true)
	p.SetTestSet(&testset.Set{Crawlers: []string{"YandexBot"}, Paths: []string{"/public"}})
	why := p.matrix.whyDiffer(pair{"YandexBot", "/public"})
	for _, want := range []string{
		"the `Yandex` group at line 1, as YandexBot contains its name",
		"the `*` group at line 4, as no group names YandexBot in this reading",
		"Then:",
	} {
		if !strings.Contains(why, want) {
			t.Errorf("why-differ lacks %q:\n%s", want, why)
		}
	}
	t.Log(why)
	groups, answers, _ := strings.Cut(why, "Then:")
	if !strings.Contains(groups, "Google") || !strings.Contains(answers, "line 5") {
		t.Errorf("the groups part should name Google, the answers the deciding line 5:\n%s", why)
	}
}

// showTheEight shows the eight readings these tests were written for: the
// search engines, the standards of 2022 and the 1990s, and temoto (Compare
// opens with the first four).
func showTheEight(p *Pane) {
	for _, id := range []string{"draft1996", "lycos1996", "original1994", "temoto"} {
		p.ShowEngine(id, true)
	}
}

// TestWhyTheyDifferSaysStarIsLiteral: `Disallow: /*.pdf` blocks a PDF for
// Google, while the 1994 text reads `*` as itself; the sentence says so.
func TestWhyTheyDifferSaysStarIsLiteral(t *testing.T) {
	p, _ := newTestPane(t, "User-agent: *\nDisallow: /*.pdf\n")
	p.SetCompare(true)
	showTheEight(p)
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{"/a.pdf"}})
	why := p.matrix.whyDiffer(pair{"Googlebot", "/a.pdf"})
	if !strings.Contains(why, "are ordinary characters to") || !strings.Contains(why, "1994") {
		t.Errorf("why-differ does not say `*` is literal in 1994:\n%s", why)
	}
	if strings.Contains(why, "Then:") {
		t.Errorf("every reading chose the same group, yet the groups are listed:\n%s", why)
	}
	// Where every reading treats the rule alike, nothing is said.
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot"}, Paths: []string{"/a.html"}})
	if why := p.matrix.whyDiffer(pair{"Googlebot", "/a.html"}); why != "" {
		t.Errorf("the readings agree on /a.html, yet: %q", why)
	}
}

// TestATieMarksTheCellsThatLeaveTheStandard: `Disallow: /a` and `Allow: /a`
// split the eight readings 4–4 on /a. Framing all eight cells (as a tie
// once did) shows nothing; the cells that answer otherwise than RFC 9309
// are the ones marked.
func TestATieMarksTheCellsThatLeaveTheStandard(t *testing.T) {
	p, _ := newTestPane(t, "User-agent: *\nDisallow: /a\nAllow: /a\n")
	p.SetCompare(true)
	showTheEight(p)
	p.SetTestSet(&testset.Set{Crawlers: []string{"mybot"}, Paths: []string{"/a"}})
	pr := pair{"mybot", "/a"}
	std := p.answers.verdict(cell{pr, "rfc9309"})
	if std == nil {
		t.Fatal("no RFC 9309 verdict")
	}
	yes, marked := 0, 0
	for _, id := range p.matrix.compareEngines() {
		v := p.answers.verdict(cell{pr, id})
		if v.Allowed {
			yes++
		}
		if p.matrix.differs(cell{pr, id}) {
			marked++
			if v.Allowed == std.Allowed {
				t.Errorf("%s answers as RFC 9309 does, yet is marked", id)
			}
		} else if v.Allowed != std.Allowed {
			t.Errorf("%s answers otherwise than RFC 9309, yet is not marked", id)
		}
	}
	if n := len(p.matrix.compareEngines()); yes*2 != n || marked != n/2 {
		t.Errorf("%d of %d allow, %d marked: not the 4–4 tie this test is about", yes, n, marked)
	}
}

// TestWhyTheyDifferQuotesARuleWithABacktick: a rule holding a backtick is
// quoted with a longer run, so the sentence reads it as one piece of code
// and the rest as text (a single backtick would pair with the next one).
func TestWhyTheyDifferQuotesARuleWithABacktick(t *testing.T) {
	p, _ := newTestPane(t, "User-agent: Go`bot\nDisallow: /*.p`df\n")
	p.SetCompare(true)
	p.SetTestSet(&testset.Set{Crawlers: []string{"Go`bot"}, Paths: []string{"/a.p`df"}})
	why := p.matrix.whyDiffer(pair{"Go`bot", "/a.p`df"})
	var code []string
	for _, sp := range msg.Spans(why) {
		if sp.Code {
			code = append(code, sp.Text)
		} else if strings.Contains(sp.Text, "`") {
			t.Errorf("a backtick is left in the text %q:\n%s", sp.Text, why)
		}
	}
	if !slices.Contains(code, "Disallow: /*.p`df") {
		t.Errorf("the rule is not one piece of code: %q in\n%s", code, why)
	}
}
