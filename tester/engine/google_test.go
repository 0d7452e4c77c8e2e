package engine

import (
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// The cases below restate, in our own tables, the behaviours Google's documentation and
// Google's robots.txt documentation describe for Google's parser.

func TestGoogleGrouping(t *testing.T) {
	cases := []struct {
		name   string
		robots string
		checks []allowedCase
	}{
		{"a group applies only to the crawler it names; no * group means allowed",
			"user-agent: FooBot\ndisallow: /\n",
			[]allowedCase{{"FooBot", "/x", false}, {"BarBot", "/x", true}}},
		{"field names are case-insensitive",
			"USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n",
			[]allowedCase{{"FooBot", "/x/y", true}, {"FooBot", "/a", false}}},
		{"the crawler name is matched case-insensitively",
			"User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n",
			[]allowedCase{{"Foo", "/x/y", true}, {"foo", "/a/b", false}}},
		{"only the leading [A-Za-z_-] run of the User-agent value counts",
			"User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n",
			[]allowedCase{{"Foo", "/x/y", true}, {"Foo Bar", "/x/y", false}}},
		{"a versioned User-agent value names its token",
			"User-agent: Googlebot/2.1\nDisallow: /\n",
			[]allowedCase{{"Googlebot", "/", false}}},
		{"rules before any User-agent are ignored; blank lines do not end a group",
			"allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\nallow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n",
			[]allowedCase{
				{"FooBot", "/x/b", true}, {"FooBot", "/z/d", true}, {"FooBot", "/y/c", false}, {"FooBot", "/foo/bar/", false},
				{"BarBot", "/y/c", true}, {"BarBot", "/w/a", true}, {"BarBot", "/z/d", false},
				{"BazBot", "/z/d", true}, {"BazBot", "/foo/bar/", false},
			}},
		{"unknown fields between User-agent lines do not end the group",
			"User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: BarBot\nDisallow: /\n",
			[]allowedCase{{"FooBot", "/", false}, {"BarBot", "/", false}}},
		{"a Sitemap between User-agent lines does not end the group",
			"User-agent: FooBot\nSitemap: https://e.com/s.xml\nUser-agent: BarBot\nDisallow: /\n",
			[]allowedCase{{"FooBot", "/", false}}},
		{"a named group replaces the * group entirely",
			"user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n",
			[]allowedCase{{"FooBot", "/x/y", false}, {"BarBot", "/x/y", true}}},
		{"a named group without rules allows everything even if * disallows",
			"User-agent: *\nDisallow: /\nUser-agent: FooBot\nSitemap: https://e.com/s.xml\n",
			[]allowedCase{{"FooBot", "/x", true}, {"BarBot", "/x", false}}},
		{"groups naming the same crawler are merged",
			"user-agent: FooBot\ndisallow: /\nuser-agent: BarBot\ndisallow: /b\nuser-agent: FooBot\nallow: /x/\n",
			[]allowedCase{{"FooBot", "/x/y", true}, {"FooBot", "/y", false}}},
		{"several * groups are merged",
			"User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n",
			[]allowedCase{{"X", "/a", false}, {"X", "/b", false}, {"X", "/c", true}}},
		{"`* text` is still the global group",
			"User-agent: * # everyone\nDisallow: /\nUser-agent: *bot\nAllow: /\n",
			[]allowedCase{{"FooBot", "/", false}}},
		{"an empty crawler name reaches a group whose User-agent has no leading token (its token is \"\", Google compares it with the name)",
			"User-agent: 008\nDisallow: /\nUser-agent: *\nAllow: /\n",
			[]allowedCase{{"", "/x", false}, {"008", "/x", true}, {"FooBot", "/x", true}}},
		{"an empty User-agent value has the token \"\" too",
			"User-agent:\nAllow: /\nUser-agent: *\nDisallow: /\n",
			[]allowedCase{{"", "/", true}, {"FooBot", "/", false}}},
		{"an empty crawler name reaches the * group when no group has an empty token",
			"User-agent: FooBot\nAllow: /\nUser-agent: *\nDisallow: /\n",
			[]allowedCase{{"", "/", false}}},
		{"the empty file allows everything",
			"",
			[]allowedCase{{"FooBot", "/", true}}},
		{"missing colon is accepted when the line has two words",
			"user-agent FooBot\ndisallow /\n",
			[]allowedCase{{"FooBot", "/x", false}}},
		{"unknown fields are ignored",
			"foo: FooBot\nbar: /\n",
			[]allowedCase{{"FooBot", "/x", true}}},
		{"accepted typos still work",
			"useragent: FooBot\ndissallow: /a\nDisallowed: /b\n",
			[]allowedCase{{"FooBot", "/a", false}, {"FooBot", "/b", false}, {"FooBot", "/c", true}}},
		{"BOM is skipped",
			"\xEF\xBB\xBFUser-agent: FooBot\nDisallow: /\n",
			[]allowedCase{{"FooBot", "/", false}}},
		{"a BOM cut to its first byte is skipped too",
			"\xEFUser-agent: *\nDisallow: /\n",
			[]allowedCase{{"foo", "/x", false}}},
		{"a BOM cut to its first two bytes is skipped too",
			"\xEF\xBBDisallow: /ignored\nUser-agent: *\nDisallow: /\n",
			[]allowedCase{{"foo", "/x", false}}},
		{"a BOM's bytes later in the first line are not skipped",
			"User-agent: *\n\xEFDisallow: /\n",
			[]allowedCase{{"foo", "/x", true}}},
		{"a BOM cut to its first byte and then blanks before the key: Google skips the byte, then trims the blanks",
			"\xEF User-agent: *\nDisallow: /\n",
			[]allowedCase{{"foo", "/x", false}}},
		{"a BOM cut to two bytes, then a tab, then a line without a colon",
			"\xEF\xBB\tUser-agent *\nDisallow: /\n",
			[]allowedCase{{"foo", "/x", false}}},
		{"a line without a colon is split only at a space or a tab: VT is no separator",
			"User-agent: *\nDisallow\v/\n",
			[]allowedCase{{"foo", "/x", true}}},
		{"a line without a colon is split only at a space or a tab: FF is no separator",
			"User-agent: *\nDisallow\f/\n",
			[]allowedCase{{"foo", "/x", true}}},
		{"a VT after the space of a line without a colon is part of the value",
			"User-agent: *\nDisallow /x\v/y\n",
			[]allowedCase{{"foo", "/x\v/y", false}, {"foo", "/x", true}}},
		{"an FF after the space of a line without a colon is part of the value",
			"User-agent: *\nDisallow /x\f/y\n",
			[]allowedCase{{"foo", "/x\f/y", false}, {"foo", "/x", true}}},
		{"a second space in a line without a colon still makes it no field",
			"User-agent: *\nDisallow /x\v/y /z\n",
			[]allowedCase{{"foo", "/x\v/y", true}}},
		{"CR-only line endings work",
			"User-agent: FooBot\rDisallow: /x\rAllow: /x/y\r",
			[]allowedCase{{"FooBot", "/x", false}, {"FooBot", "/x/y", true}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkAllowed(t, "google", c.robots, c.checks) })
	}
}

// TestOddBlanksElsewhere states how the other engines read the bytes where
// Google's split differs from the editor's (a cut-off byte order mark before
// blanks; VT and FF in a line without a colon), as their docs say why.
func TestOddBlanksElsewhere(t *testing.T) {
	strict := []string{"rfc9309", "yandex", "bing", "draft1996", "lycos1996", "original1994"}
	cases := []struct {
		name    string
		engines []string
		robots  string
		checks  []allowedCase
	}{
		{"the standards skip no cut-off byte order mark: the first key is not User-agent", strict,
			"\xEF User-agent: *\nDisallow: /\n", []allowedCase{{"foo", "/x", true}}},
		{"the standards need the colon: a line split at VT is no field", strict,
			"User-agent: *\nDisallow\v/\n", []allowedCase{{"foo", "/x", true}}},
		{"the standards need the colon: a line split at a space is no field either", strict,
			"User-agent: *\nDisallow /x\v/y\n", []allowedCase{{"foo", "/x\v/y", true}}},
		{"temoto's scanner splits at VT", []string{"temoto"},
			"User-agent: *\nDisallow\v/\n", []allowedCase{{"foo", "/x", false}}},
		{"temoto's scanner does not split at FF", []string{"temoto"},
			"User-agent: *\nDisallow\f/\n", []allowedCase{{"foo", "/x", true}}},
		{"temoto keeps a cut-off byte order mark, loses the User-agent line and rejects the file", []string{"temoto"},
			"\xEF User-agent: *\nAllow: /\n", []allowedCase{{"foo", "/x", false}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, id := range c.engines {
				checkAllowed(t, id, c.robots, c.checks)
			}
		})
	}
}

func TestGoogleMatching(t *testing.T) {
	cases := []struct {
		name   string
		rules  string
		checks []allowedCase
	}{
		{"paths are case-sensitive", "disallow: /x/\n",
			[]allowedCase{{"FooBot", "/x/y", false}, {"FooBot", "/X/y", true}}},
		{"prefix match: /fish", "disallow: /\nallow: /fish\n",
			[]allowedCase{{"FooBot", "/bar", false}, {"FooBot", "/fish", true}, {"FooBot", "/fish.html", true},
				{"FooBot", "/fish/salmon.html", true}, {"FooBot", "/fishheads", true}, {"FooBot", "/fish.html?id=anything", true},
				{"FooBot", "/Fish.asp", false}, {"FooBot", "/catfish", false}, {"FooBot", "/?id=fish", false}}},
		{"a trailing * changes nothing: /fish*", "disallow: /\nallow: /fish*\n",
			[]allowedCase{{"FooBot", "/fish", true}, {"FooBot", "/fishheads/yummy.html", true}, {"FooBot", "/catfish", false}}},
		{"/fish/ does not match /fish", "disallow: /\nallow: /fish/\n",
			[]allowedCase{{"FooBot", "/fish/", true}, {"FooBot", "/fish/?salmon", true}, {"FooBot", "/fish", false},
				{"FooBot", "/fish.html", false}, {"FooBot", "/Fish/Salmon.html", false}}},
		{"* matches any run: /*.php", "disallow: /\nallow: /*.php\n",
			[]allowedCase{{"FooBot", "/filename.php", true}, {"FooBot", "/folder/filename.php?parameters", true},
				{"FooBot", "http://foo.com//folder/any.php.file.html", true}, {"FooBot", "/index?f=filename.php/", true},
				{"FooBot", "/php/", false}, {"FooBot", "/index?php", false}, {"FooBot", "/windows.PHP", false}}},
		{"$ anchors the end: /*.php$", "disallow: /\nallow: /*.php$\n",
			[]allowedCase{{"FooBot", "/filename.php", true}, {"FooBot", "/folder/filename.php", true},
				{"FooBot", "/filename.php?parameters", false}, {"FooBot", "/filename.php/", false},
				{"FooBot", "/filename.php5", false}, {"FooBot", "/aaaphpaaa", false}}},
		{"* in the middle: /fish*.php", "disallow: /\nallow: /fish*.php\n",
			[]allowedCase{{"FooBot", "/bar", false}, {"FooBot", "/fish.php", true},
				{"FooBot", "/fishheads/catfish.php?parameters", true}, {"FooBot", "/Fish.PHP", false}}},
		{"a NUL byte ends the path (the library reads the URL as a C string)", "disallow: /a$\n",
			[]allowedCase{{"FooBot", "/a\x00b", false}, {"FooBot", "/ab", true}}},
		{"$ not at the end is literal", "disallow: /a$b\n",
			[]allowedCase{{"FooBot", "/a$b/c", false}, {"FooBot", "/ab", true}}},
		{"longest match wins: allow /p beats disallow /", "allow: /p\ndisallow: /\n",
			[]allowedCase{{"FooBot", "/page", true}, {"FooBot", "/x", false}}},
		{"equal length: Allow wins", "allow: /folder\ndisallow: /folder\n",
			[]allowedCase{{"FooBot", "/folder/page", true}}},
		{"a longer wildcard Disallow beats a shorter Allow", "allow: /page\ndisallow: /*.htm\n",
			[]allowedCase{{"FooBot", "/page.htm", false}, {"FooBot", "/page", true}}},
		{"/$ allows only the root", "allow: /$\ndisallow: /\n",
			[]allowedCase{{"FooBot", "/", true}, {"FooBot", "/page.html", false}}},
		{"Disallow: * blocks everything", "disallow: *\n",
			[]allowedCase{{"FooBot", "/", false}, {"FooBot", "/x?y", false}}},
		{"an empty Disallow blocks nothing", "disallow:\n",
			[]allowedCase{{"FooBot", "/", true}}},
		{"# starts a comment anywhere", "# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n",
			[]allowedCase{{"FooBot", "/foo/bar", true}, {"FooBot", "/foo/quz", false}}},
		{"the rule is %-encoded, the URL used as given", "disallow: /\nallow: /foo/bar/ツ\n",
			[]allowedCase{{"FooBot", "http://foo.bar/foo/bar/%E3%83%84", true}, {"FooBot", "http://foo.bar/foo/bar/ツ", false}}},
		{"escapes in the rule are upper-cased, not decoded", "disallow: /\nallow: /foo/bar/%62%61%7a\n",
			[]allowedCase{{"FooBot", "/foo/bar/baz", false}, {"FooBot", "/foo/bar/%62%61%7A", true}}},
		{"%7E in the rule does not match ~ in the URL", "disallow: /%7Ejoe\n",
			[]allowedCase{{"FooBot", "/~joe", true}, {"FooBot", "/%7Ejoe", false}}},
		{"query strings are part of the path", "disallow: /\nallow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n",
			[]allowedCase{{"FooBot", "http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par", true}}},
		{"Allow of index.html also allows its directory", "allow: /allowed-slash/index.html\ndisallow: /\n",
			[]allowedCase{{"FooBot", "/allowed-slash/", true}, {"FooBot", "/allowed-slash/index.htm", false},
				{"FooBot", "/allowed-slash/index.html", true}, {"FooBot", "/anyother-url", false}}},
		{"/robots.txt is not exempt in Google's library", "disallow: /\n",
			[]allowedCase{{"FooBot", "/robots.txt", false}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkAllowed(t, "google", "user-agent: FooBot\n"+c.rules, c.checks) })
	}
}

func TestGoogleLongLineIsCut(t *testing.T) {
	const maxLine = 2083 * 8
	for _, key := range []string{"disallow: ", "allow: "} {
		longline := "/x/"
		for len(longline) < maxLine-3-len(key)+1 {
			longline += "a"
		}
		robots := "user-agent: FooBot\n"
		if key == "allow: " {
			robots += "disallow: /\n"
		}
		robots += key + longline + "/qux\n"
		want := key == "allow: "
		v := query(t, "google", robots, "FooBot", "http://foo.bar"+longline+"/fux")
		if v.Allowed != want {
			t.Errorf("%s: the rule cut at %d bytes must match: allowed=%v", key, maxLine, v.Allowed)
		}
		if v := query(t, "google", robots, "FooBot", "http://foo.bar/fux"); key == "disallow: " && !v.Allowed {
			t.Error("a long rule must not match unrelated paths")
		}
	}
}

func TestGoogleReadsOnly500KiB(t *testing.T) {
	pad := "# " + strings.Repeat("x", 1000) + "\n"
	var b strings.Builder
	b.WriteString("User-agent: *\nDisallow: /early\n")
	for b.Len() < 500*1024+10 {
		b.WriteString(pad)
	}
	b.WriteString("Disallow: /late\n")
	if v := query(t, "google", b.String(), "X", "/late"); !v.Allowed {
		t.Error("a rule past 500 KiB must be ignored by google")
	}
	if v := query(t, "google", b.String(), "X", "/early"); v.Allowed {
		t.Error("a rule before 500 KiB must apply")
	}
	if v := query(t, "rfc9309", b.String(), "X", "/late"); v.Allowed {
		t.Error("rfc9309 parses past 500 KiB")
	}
}

// TestGoogleReportsTheDecidingLine checks the line and the reason, as Google's
// matcher reports them (the longer match; Allow on a tie; an empty Disallow
// is reported with priority 0).
func TestGoogleReportsTheDecidingLine(t *testing.T) {
	cases := []struct {
		name      string
		robots    string
		agent     string
		url       string
		allowed   bool
		line      int // 0 = no rule
		why       Why
		groupLine int
		how       How
	}{
		{"longest wins and is reported", "User-agent: *\nDisallow: /p\nAllow: /page\n", "X", "/page", true, 3, WhyLongest, 1, HowGlobal},
		{"tie goes to Allow", "User-agent: *\nDisallow: /page\nAllow: /page\n", "X", "/page", true, 3, WhyTieAllow, 1, HowGlobal},
		{"the only matching rule", "User-agent: x\nDisallow: /a\nDisallow: /b\n", "x", "/b/c", false, 3, WhyOnly, 1, HowExact},
		{"equal Disallows: the first line is reported", "User-agent: x\nDisallow: /a\nDisallow: /a\n", "x", "/a", false, 2, WhyLongest, 1, HowExact},
		{"empty Disallow is reported with score 0", "User-agent: x\nDisallow:\n", "x", "/a", true, 2, WhyEmpty, 1, HowExact},
		{"no rule matches", "User-agent: x\nDisallow: /a\n", "x", "/b", true, 0, "", 1, HowExact},
		{"merged groups list every User-agent line", "User-agent: a\nUser-agent: x\nDisallow: /\nUser-agent: x\nAllow: /y\n", "X", "/y", true, 5, WhyLongest, 1, HowExact},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := query(t, "google", c.robots, c.agent, c.url)
			if v.Allowed != c.allowed {
				t.Fatalf("allowed = %v, want %v", v.Allowed, c.allowed)
			}
			got := 0
			if v.Rule != nil {
				got = v.Rule.Line
			}
			if got != c.line {
				t.Fatalf("rule line = %d, want %d (%s)", got, c.line, v.ExplainAll())
			}
			if v.Rule != nil && v.Why != c.why {
				t.Errorf("why = %q, want %q", v.Why, c.why)
			}
			if v.Group.Start() != c.groupLine || v.Group.How != c.how {
				t.Errorf("group = %+v, want line %d how %s", v.Group, c.groupLine, c.how)
			}
			if v.Explain().String() == "" {
				t.Error("no explanation")
			}
		})
	}
	v := query(t, "google", "User-agent: a\nUser-agent: x\nDisallow: /\nUser-agent: x\nAllow: /y\n", "x", "/")
	if got := v.Group.Lines; len(got) != 3 || got[0] != 1 || got[1] != 2 || got[2] != 4 {
		t.Errorf("merged group lines = %v, want [1 2 4]", got)
	}
}

func TestExplanationNamesLinesAndRules(t *testing.T) {
	v := query(t, "google", "User-agent: *\nDisallow: /p\nAllow: /page\n", "Googlebot", "/page")
	s := v.Explain().String()
	for _, want := range []string{"line 3", "`Allow: /page`", "line 2", "`Disallow: /p`", "no group names Googlebot"} {
		if !strings.Contains(s, want) {
			t.Errorf("explanation %q lacks %q", s, want)
		}
	}
}

// TestPartialBOMBeforeALongFirstLine: Google's parser skips a byte order
// mark cut short (EF, or EF BB) before it counts the first line's length,
// so it keeps syntax.MaxLineBytes bytes after those one or two bytes, not
// from byte 0 (issue 35, found by a 5-million-query comparison).
func TestPartialBOMBeforeALongFirstLine(t *testing.T) {
	for _, bom := range []string{"\xEF", "\xEF\xBB"} {
		key := "User-agent: "
		// The name as Google keeps it: the line's first MaxLineBytes bytes
		// after the partial BOM, the key included.
		kept := strings.Repeat("a", syntax.MaxLineBytes-len(key))
		robots := bom + key + kept + strings.Repeat("b", 50) + "\nDisallow: /\n"
		if v := query(t, "google", robots, kept, "/x"); v.Allowed {
			t.Errorf("BOM % X: the name Google keeps (%d bytes) is not the group's (reason %v)", bom, len(kept), v.Reason)
		}
		if v := query(t, "google", robots, kept[:len(kept)-len(bom)], "/x"); !v.Allowed {
			t.Errorf("BOM % X: the line was cut at byte %d of the file, before the BOM was skipped", bom, syntax.MaxLineBytes)
		}
	}
}

// TestLongNameComparesASCIICaseOnly: Google compares a crawler's name with
// a group's token setting aside the case of ASCII letters only, however
// long the name: a Kelvin sign (U+212A) is no "k" and a capital I with a
// dot (U+0130) no "i" beyond 64 bytes either.
func TestLongNameComparesASCIICaseOnly(t *testing.T) {
	long := strings.Repeat("a", 70)
	robots := "User-agent: " + long + "k\nUser-agent: " + long + "i\nDisallow: /\n"
	for _, name := range []string{long + "\u212A", long + "\u0130"} {
		if v := query(t, "google", robots, name, "/x"); !v.Allowed {
			t.Errorf("%q reached the group of %q: %s", name, v.Group.Token, v.ExplainAll())
		}
	}
	if v := query(t, "google", robots, strings.ToUpper(long)+"K", "/x"); v.Allowed {
		t.Errorf("the ASCII upper-case name did not reach its group")
	}
}
