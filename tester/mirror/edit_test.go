package mirror

import (
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/hostname"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

func mustName(t testing.TB, s string) hostname.Name {
	t.Helper()
	n := hostname.ParseName(s, hostname.ModeInput)
	if !n.Valid() {
		t.Fatalf("%q: %v", s, n.Problems)
	}
	return n
}

func TestPlanHostPlacement(t *testing.T) {
	cases := []struct {
		name, main string
		opt        Options
		src, want  string
	}{
		{
			name: "seed example: Host right after the Disallow lines",
			main: "www.glavnoye-zerkalo.ru",
			src:  "User-Agent: *\nDisallow: /forum\nDisallow: /cgi-bin\n",
			want: "User-Agent: *\nDisallow: /forum\nDisallow: /cgi-bin\nHost: www.glavnoye-zerkalo.ru\n",
		},
		{
			name: "several groups: only * and Yandex get Host, before their other fields",
			main: "https://www.example.ru",
			src:  "User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /a\nCrawl-delay: 5\n\nUser-agent: Yandex\nAllow: /y/ok\nDisallow: /y\nClean-param: ref\n",
			want: "User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /a\nHost: https://www.example.ru\nCrawl-delay: 5\n\nUser-agent: Yandex\nAllow: /y/ok\nDisallow: /y\nHost: https://www.example.ru\nClean-param: ref\n",
		},
		{
			name: "all groups on request",
			main: "example.ru",
			opt:  Options{AllGroups: true},
			src:  "User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /a\n",
			want: "User-agent: Googlebot\nDisallow: /g\nHost: example.ru\n\nUser-agent: *\nDisallow: /a\nHost: example.ru\n",
		},
		{
			name: "CRLF file gets CRLF lines",
			main: "example.ru",
			src:  "User-agent: *\r\nDisallow: /a\r\n\r\nUser-agent: Yandex\r\nDisallow: /y\r\n",
			want: "User-agent: *\r\nDisallow: /a\r\nHost: example.ru\r\n\r\nUser-agent: Yandex\r\nDisallow: /y\r\nHost: example.ru\r\n",
		},
		{
			name: "last line without terminator stays without one",
			main: "example.ru",
			src:  "User-agent: *\nDisallow: /x",
			want: "User-agent: *\nDisallow: /x\nHost: example.ru",
		},
		{
			name: "empty file gets a whole record",
			main: "example.ru",
			src:  "",
			want: "User-agent: *\nDisallow:\nHost: example.ru\n",
		},
		{
			name: "comment-only file: new record after a blank line",
			main: "example.ru",
			src:  "# nothing yet\n",
			want: "# nothing yet\n\nUser-agent: *\nDisallow:\nHost: example.ru\n",
		},
		{
			name: "no group and no final newline",
			main: "example.ru",
			src:  "Sitemap: https://example.ru/s.xml",
			want: "Sitemap: https://example.ru/s.xml\n\nUser-agent: *\nDisallow:\nHost: example.ru\n",
		},
		{
			name: "groups only for other robots: a neutral * record is appended",
			main: "example.ru",
			src:  "User-agent: Googlebot\nDisallow: /g\n\n",
			want: "User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow:\nHost: example.ru\n",
		},
		{
			name: "group without rules: after its User-agent lines",
			main: "example.ru",
			src:  "User-agent: Googlebot\nUser-agent: *\n",
			want: "User-agent: Googlebot\nUser-agent: *\nHost: example.ru\n",
		},
		{
			name: "existing Host in place is kept",
			main: "example.ru:80",
			src:  "User-agent: *\nDisallow: /a\nHost: example.ru\n",
			want: "User-agent: *\nDisallow: /a\nHost: example.ru\n",
		},
		{
			name: "Host naming another mirror is replaced",
			main: "www.example.ru",
			src:  "User-agent: *\nDisallow: /a\nHost: example.ru\n",
			want: "User-agent: *\nDisallow: /a\nHost: www.example.ru\n",
		},
		{
			name: "Host before the first group (avito style) moves into the group",
			main: "https://www.avito.ru",
			src:  "Host: https://www.avito.ru\n\nUser-agent: Yandex\nDisallow: /x\n",
			want: "User-agent: Yandex\nDisallow: /x\nHost: https://www.avito.ru\n",
		},
		{
			name: "a Host line alone between blank lines takes one blank with it",
			main: "example.ru",
			src:  "User-agent: *\nDisallow: /a\n\nHost: old.ru\n\nUser-agent: Googlebot\nDisallow: /g\n",
			want: "User-agent: *\nDisallow: /a\nHost: example.ru\n\nUser-agent: Googlebot\nDisallow: /g\n",
		},
		{
			name: "Host after a blank line (hh style) moves up",
			main: "https://hh.ru",
			src:  "User-agent: *\nDisallow: /away\n\nHost: https://hh.ru\nSitemap: https://hh.ru/s.xml\n",
			want: "User-agent: *\nDisallow: /away\nHost: https://hh.ru\n\nSitemap: https://hh.ru/s.xml\n",
		},
		{
			name: "invalid and duplicate Host lines are removed",
			main: "example.ru",
			src:  "User-agent: *\nDisallow: /a\nHost: example.ru\nHost: example.ru\nHost: www.my_host.ru\n",
			want: "User-agent: *\nDisallow: /a\nHost: example.ru\n",
		},
		{
			name: "last-line Host without terminator is removed cleanly",
			main: "www.example.ru",
			src:  "User-agent: *\nDisallow: /a\nHost: old.ru",
			want: "User-agent: *\nDisallow: /a\nHost: www.example.ru\n",
		},
		{
			name: "one group with several User-agent lines gets one Host",
			main: "example.ru",
			src:  "User-agent: Googlebot\nUser-agent: Yandex\nDisallow: /x\n",
			want: "User-agent: Googlebot\nUser-agent: Yandex\nDisallow: /x\nHost: example.ru\n",
		},
		{
			name: "Russian Apache encoding directories before Host, existing ones not repeated",
			main: "www.example.ru",
			opt:  Options{EncodingDirs: []string{"/dos", "/mac", "/koi"}},
			src:  "User-Agent: *\nDisallow: /koi\nDisallow: /cgi-bin\n",
			want: "User-Agent: *\nDisallow: /koi\nDisallow: /cgi-bin\nDisallow: /dos\nDisallow: /mac\nHost: www.example.ru\n",
		},
		{
			name: "byte order mark kept",
			main: "example.ru",
			src:  "\xEF\xBB\xBFUser-agent: *\nDisallow: /a\n",
			want: "\xEF\xBB\xBFUser-agent: *\nDisallow: /a\nHost: example.ru\n",
		},
		{
			name: "comments after the rules stay below the new Host",
			main: "example.ru",
			src:  "User-agent: *\nDisallow: /a # old\n# next: Google\nUser-agent: Googlebot\nDisallow: /g\n",
			want: "User-agent: *\nDisallow: /a # old\nHost: example.ru\n# next: Google\nUser-agent: Googlebot\nDisallow: /g\n",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := syntax.Parse([]byte(c.src))
			ch := PlanHost(doc, mustName(t, c.main), c.opt)
			got, err := Apply([]byte(c.src), ch.Edits)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Errorf("got\n%q\nwant\n%q", got, c.want)
			}
		})
	}
}

func TestApplyRefusesOverlap(t *testing.T) {
	if _, err := Apply([]byte("abcdef"), []Edit{{Start: 1, End: 4}, {Start: 3, End: 5}}); err == nil {
		t.Error("overlapping edits accepted")
	}
	if _, err := Apply([]byte("abc"), []Edit{{Start: 2, End: 9}}); err == nil {
		t.Error("edit past the end accepted")
	}
	got, err := Apply([]byte("abc"), []Edit{{Start: 1, End: 1, Text: []byte("X")}, {Start: 1, End: 2}})
	if err != nil || string(got) != "aXc" {
		t.Errorf("insert then delete at one offset: %q %v", got, err)
	}
}

func TestRemovalReasons(t *testing.T) {
	src := "Host: https://old.ru\nUser-agent: *\nDisallow: /a\nHost: www.my_host.ru\nHost: example.ru\n"
	ch := PlanHost(syntax.Parse([]byte(src)), mustName(t, "example.ru"), Options{})
	want := map[int]string{1: "another mirror", 4: "underscore"}
	if len(ch.Removed) != len(want) {
		t.Fatalf("removed %+v", ch.Removed)
	}
	for _, r := range ch.Removed {
		if !strings.Contains(r.Reason.String(), want[r.Line]) {
			t.Errorf("line %d: reason %q, want it to mention %q", r.Line, r.Reason, want[r.Line])
		}
	}
	if len(ch.Kept) != 1 || ch.Kept[0] != 5 {
		t.Errorf("kept %v, want line 5", ch.Kept)
	}
}

func TestAnalyseCorpus(t *testing.T) {
	cases := []struct {
		file       string
		place      Placement
		agents     string // agents of the group the Host line is in
		afterRules bool
		seedValid  bool
		main       string
	}{
		{"host-first.robots.txt", BeforeGroups, "", false, false, "https://www.example-shop.ru"},
		{"host-in-yandex-group.robots.txt", InGroup, "Yandex", false, false, "https://www.example-news.ru"},
		{"host-after-blank.robots.txt", AfterBlank, "*", false, false, "https://jobs.example.ru"},
		{"avito-ru.robots.txt", BeforeGroups, "", false, false, "https://www.avito.ru"},
		{"gazeta-ru.robots.txt", InGroup, "Yandex", false, false, "https://www.gazeta.ru"},
		{"hh-ru.robots.txt", AfterBlank, "*", false, false, "https://hh.ru"},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			a := Analyse(syntax.Parse(corpus.File(t, c.file)))
			if len(a.Hosts) != 1 {
				t.Fatalf("%d Host lines, want 1", len(a.Hosts))
			}
			h := a.Hosts[0]
			if h.Placement != c.place || h.AfterRules != c.afterRules {
				t.Errorf("placement %d afterRules %v, want %d %v", h.Placement, h.AfterRules, c.place, c.afterRules)
			}
			if c.agents != "" && strings.Join(a.Groups[h.Group].Agents, ",") != c.agents {
				t.Errorf("group %v, want %s", a.Groups[h.Group].Agents, c.agents)
			}
			if h.Classic.Valid() != c.seedValid || !h.Yandex2017.Valid() {
				t.Errorf("seed valid %v, 2017 valid %v", h.Classic.Valid(), h.Yandex2017.Valid())
			}
			main, ok := a.Main()
			if !ok || main.Origin() != c.main {
				t.Errorf("reused main %q (%v), want %q", main.Origin(), ok, c.main)
			}
			report := a.Report()
			if len(report) < 2 {
				t.Errorf("report too short: %v", report)
			}
		})
	}
}

// TestPlanHostCorpusInvariants: on real files, the change touches only Host
// and blank lines, and afterwards every Yandex group has exactly one
// Host, right after its rules.
func TestPlanHostCorpusInvariants(t *testing.T) {
	for _, file := range []string{"host-first.robots.txt", "host-in-yandex-group.robots.txt", "host-after-blank.robots.txt", "news-crlf.robots.txt",
		"avito-ru.robots.txt", "gazeta-ru.robots.txt", "hh-ru.robots.txt", "ok-ru.robots.txt"} {
		t.Run(file, func(t *testing.T) {
			src := corpus.File(t, file)
			main := mustName(t, "https://www.example.ru")
			doc := syntax.Parse(src)
			ch := PlanHost(doc, main, Options{})
			after, err := Apply(src, ch.Edits)
			if err != nil {
				t.Fatal(err)
			}
			newDoc := syntax.Parse(after)
			if newDoc.DominantEOL() != doc.DominantEOL() {
				t.Errorf("terminators changed from %d to %d", doc.DominantEOL(), newDoc.DominantEOL())
			}
			if got, want := nonHost(newDoc), nonHost(doc); got != want {
				t.Errorf("lines other than Host changed")
			}
			a := Analyse(newDoc)
			perGroup := map[int]int{}
			for _, h := range a.Hosts {
				if h.Placement != InGroup || !h.AfterRules && a.Groups[h.Group].LastRule > 0 || h.Value != main.HostValue() {
					t.Errorf("line %d: Host %q misplaced (placement %d, after rules %v)", h.Line, h.Value, h.Placement, h.AfterRules)
				}
				perGroup[h.Group]++
			}
			for i := range a.Groups {
				if a.Groups[i].ForMirrorReaders() && perGroup[i] != 1 {
					t.Errorf("group %v has %d Host lines", a.Groups[i].Agents, perGroup[i])
				}
			}
			plus, minus := 0, 0
			for _, l := range strings.Split(Diff("a", "b", src, ch.Edits), "\n") {
				switch {
				case strings.HasPrefix(l, "+++ ") || strings.HasPrefix(l, "--- "):
				case strings.HasPrefix(l, "+"):
					plus++
				case strings.HasPrefix(l, "-"):
					minus++
				}
			}
			if got, want := plus-minus, len(docLines(newDoc))-len(docLines(doc)); got != want || plus == 0 {
				t.Errorf("diff adds %d and removes %d lines; the files differ by %d", plus, minus, want)
			}
			again := PlanHost(newDoc, main, Options{})
			if len(again.Edits) != 0 {
				t.Errorf("planning twice is not idempotent: %d more edits", len(again.Edits))
			}
		})
	}
}

func nonHost(doc *syntax.Document) string {
	var b strings.Builder
	for i := range doc.Lines {
		l := &doc.Lines[i]
		if l.Kind != syntax.Host && l.Kind != syntax.Blank {
			b.Write(doc.Src[l.Start:l.End])
			b.WriteByte('\n')
		}
	}
	return b.String()
}

func TestDiff(t *testing.T) {
	ins := func(at int, text string) Edit { return Edit{Start: at, End: at, Text: []byte(text)} }
	cases := []struct {
		name  string
		src   string
		edits []Edit
		want  string
	}{
		{"insertion with three lines of context",
			"User-agent: *\nDisallow: /a\nDisallow: /b\nDisallow: /c\nDisallow: /d\nCrawl-delay: 5\n",
			[]Edit{ins(66, "Host: example.ru\n")},
			"--- a\n+++ b\n@@ -3,4 +3,5 @@\n Disallow: /b\n Disallow: /c\n Disallow: /d\n+Host: example.ru\n Crawl-delay: 5\n"},
		{"no edit, no diff", "User-agent: *\n", nil, ""},
		{"last line without newline",
			"User-agent: *\nDisallow: /x", []Edit{ins(26, "\nHost: e.ru")},
			"--- a\n+++ b\n@@ -1,2 +1,3 @@\n User-agent: *\n-Disallow: /x\n\\ No newline at end of file\n+Disallow: /x\n+Host: e.ru\n\\ No newline at end of file\n"},
		{"CRLF lines keep their CR",
			"User-agent: *\r\n", []Edit{ins(15, "Host: e.ru\r\n")},
			"--- a\n+++ b\n@@ -1 +1,2 @@\n User-agent: *\r\n+Host: e.ru\r\n"},
		{"from an empty file", "", []Edit{ins(0, "User-agent: *\n")},
			"--- a\n+++ b\n@@ -0,0 +1 @@\n+User-agent: *\n"},
		{"a moved Host line shows as the Host line moving (hh.ru)",
			"User-agent: *\nDisallow: /a\n\nHost: x.ru\nSitemap: /s\n",
			[]Edit{ins(27, "Host: x.ru\n"), {Start: 28, End: 39}},
			"--- a\n+++ b\n@@ -1,5 +1,5 @@\n User-agent: *\n Disallow: /a\n+Host: x.ru\n \n-Host: x.ru\n Sitemap: /s\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Diff("a", "b", []byte(c.src), c.edits); got != c.want {
				t.Errorf("got\n%q\nwant\n%q", got, c.want)
			}
		})
	}
	// Two changes far apart make two hunks, with the second hunk's new line
	// numbers shifted by the first.
	var lines []string
	for i := 0; i < 20; i++ {
		lines = append(lines, "Disallow: /"+string(rune('a'+i)))
	}
	src := strings.Join(lines, "\n") + "\n"
	got := Diff("a", "b", []byte(src), []Edit{ins(0, "Host: x.ru\n"), ins(len(src), "Host: x.ru\n")})
	if strings.Count(got, "@@ -") != 2 || !strings.Contains(got, "@@ -18,3 +19,4 @@") {
		t.Errorf("want two hunks, the second at -18,3 +19,4:\n%s", got)
	}
}

// TestAnalyseGroupsAsTheEnginesDo: a Crawl-delay between two User-agent
// lines does not split the group (RFC 9309 §2.1; the engines and lint read
// one group there, and so must the wizard).
func TestAnalyseGroupsAsTheEnginesDo(t *testing.T) {
	a := Analyse(syntax.Parse([]byte("User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\nHost: example.ru\n")))
	if len(a.Groups) != 1 || strings.Join(a.Groups[0].Agents, ",") != "a,b" || a.Groups[0].LastRule != 4 {
		t.Fatalf("groups %+v, want one group of a and b", a.Groups)
	}
	if len(a.Hosts) != 1 || a.Hosts[0].Group != 0 || a.Hosts[0].Placement != InGroup || !a.Hosts[0].AfterRules {
		t.Errorf("host %+v", a.Hosts)
	}
}

// TestOthersAreTheOtherHostNames: the first valid Host line is the main
// mirror; the names other valid Host lines give are the site's other
// mirrors, each once, invalid ones skipped.
func TestOthersAreTheOtherHostNames(t *testing.T) {
	src := "User-agent: *\nDisallow: /a\nHost: www.my_host.ru\nHost: https://www.shop.ru\nHost: shop.ru\nHost: https://www.shop.ru\nHost: old-shop.ru\n"
	a := Analyse(syntax.Parse([]byte(src)))
	main, ok := a.Main()
	if !ok || main.Display() != "https://www.shop.ru" {
		t.Fatalf("main %q, %v", main.Display(), ok)
	}
	var got []string
	for _, n := range a.Others() {
		got = append(got, n.Display())
	}
	if strings.Join(got, " ") != "shop.ru old-shop.ru" {
		t.Errorf("others %q, want shop.ru old-shop.ru", got)
	}
	if others := Analyse(syntax.Parse([]byte("User-agent: *\nHost: a.ru\n"))).Others(); len(others) != 0 {
		t.Errorf("one Host line has no other names: %v", others)
	}
}

// TestRedirectIsTheDefaultStrategy: the zero Strategy is the 301 set-up the
// "who honours what" advice recommends, not Disallow: / on every mirror.
func TestRedirectIsTheDefaultStrategy(t *testing.T) {
	var s Strategy
	if s != Redirect {
		t.Fatal("the zero Strategy must be Redirect")
	}
	if !strings.Contains(Advice().String(), "do not also serve Disallow: /") {
		t.Error("the advice no longer warns against Disallow: / on mirrors; revisit the default")
	}
}
