package engine

import "testing"

// The examples of the Lycos 1996 text and the classic robots.txt guides, with the answers those texts give.
const (
	lycosUA = "Lycos_Spider_(Rex)/1.0 libwww/3.1"

	lycosExample1 = "User-Agent: *\nDisallow: /\nUser-Agent: Lycos\nDisallow: /cgi-bin/ /tmp/\n"
	lycosExample2 = "User-Agent: Copernicus Fred\nDisallow:\nUser-Agent: * Rex\nDisallow: /t\n"
	lycosExample3 = "# This is for every spider!\nUser-Agent: *\n# stay away from this\nDisallow: /spiders/not/here/\n" +
		"#and everything in it\nDisallow: # a little nothing\nDisallow: #This could be habit forming!\n" +
		"# Don't comments make code much more readable!!!\n"
	ramblerExample = "# for every robot\nUser-agent: *\nDisallow: /\n# for Rambler's robot\nUser-agent: StackRambler\nDisallow:\n"
)

// TestLycosExamples: several agent_ids per User-Agent line, several
// path_roots per Disallow line, a specific record beats `*`.
func TestLycosExamples(t *testing.T) {
	t.Run("example 1: a record naming Lycos beats * and its two path_roots both count", func(t *testing.T) {
		checkAllowed(t, "lycos1996", lycosExample1, []allowedCase{
			{lycosUA, "/", true},
			{lycosUA, "/index.html", true},
			{lycosUA, "/cgi-bin/counter.cgi", false},
			{lycosUA, "/tmp/a", false},
			{"Googlebot", "/", false},
			{"WebCrawler/3.0", "/index.html", false},
		})
	})
	t.Run("example 2: two agent_ids on one line share the record; * and Rex share the other", func(t *testing.T) {
		checkAllowed(t, "lycos1996", lycosExample2, []allowedCase{
			{"Copernicus", "/tmp/", true},
			{"Fred/2.0", "/top-cat.txt", true},
			{lycosUA, "/tmp/", false},
			{lycosUA, "/tea-time/", false},
			{lycosUA, "/top-cat.txt", false},
			{lycosUA, "/traverse.this", false},
			{lycosUA, "/index.html", true},
			{"Googlebot", "/tmp/", false},
			{"Googlebot", "/about", true},
		})
		v := query(t, "lycos1996", lycosExample2, lycosUA, "/tmp/")
		if v.Group == nil || v.Group.How != HowSubstring || v.Group.Token != "rex" {
			t.Errorf("Rex should reach line 3 by its own name, got %+v", v.Group)
		}
	})
	t.Run("example 3: empty Disallow lines with comments add nothing; a prefix closes only what starts with it", func(t *testing.T) {
		checkAllowed(t, "lycos1996", lycosExample3, []allowedCase{
			{"AnyBot", "/spiders/not/here/", false},
			{"AnyBot", "/spiders/not/here/really/", false},
			{"AnyBot", "/spiders/not/here/yes/even/me.html", false},
			{"AnyBot", "/spiders/not/", true},
			{"AnyBot", "/spiders/not/her", true},
		})
	})
	t.Run("Rambler: only StackRambler may crawl", func(t *testing.T) {
		checkAllowed(t, "lycos1996", ramblerExample, []allowedCase{
			{"StackRambler", "/", true},
			{"StackRambler/2.0", "/news/", true},
			{"Yandex", "/", false},
		})
	})
}

// TestTextbookExamplesEveryEngine: the examples every reading agrees on.
func TestTextbookExamplesEveryEngine(t *testing.T) {
	for _, e := range All() {
		id := e.Info().ID
		t.Run(id+": Rambler: an empty Disallow in a named group opens everything to that robot", func(t *testing.T) {
			checkAllowed(t, id, ramblerExample, []allowedCase{
				{"StackRambler", "/", true},
				{"StackRambler", "/news/today.html", true},
				{"Googlebot", "/", false},
			})
		})
		t.Run(id+": example 3: a prefix closes the directory, not its siblings", func(t *testing.T) {
			checkAllowed(t, id, lycosExample3, []allowedCase{
				{"AnyBot", "/spiders/not/here/yes/even/me.html", false},
				{"AnyBot", "/spiders/not/", true},
				{"AnyBot", "/spiders/not/her", true},
			})
		})
	}
}

// TestOneLineTwoPaths: `Disallow: /cgi-bin /forum` is two path_roots for the
// Lycos grammar and one prefix containing a space for everyone else.
func TestOneLineTwoPaths(t *testing.T) {
	const robots = "User-agent: *\nDisallow: /cgi-bin /forum\n"
	checkAllowed(t, "lycos1996", robots, []allowedCase{{"a", "/forum/x", false}, {"a", "/cgi-bin/x", false}})
	for _, id := range []string{"original1994", "draft1996", "google", "yandex", "bing"} {
		checkAllowed(t, id, robots, []allowedCase{{"a", "/forum/x", true}, {"a", "/cgi-bin/x", true}})
	}
}

// TestClassicMistakesUnderThe1994Standard: wildcards and host names in a path
// prohibit nothing; a Disallow before any User-agent counts for nobody.
func TestClassicMistakesUnderThe1994Standard(t *testing.T) {
	for _, c := range []struct {
		name, robots, url string
	}{
		{"Disallow: * is a literal star", "User-agent: *\nDisallow: *\n", "/a.html"},
		{"Disallow: *.doc is a literal", "User-agent: *\nDisallow: *.doc\n", "/a.doc"},
		{"Disallow: /dir/*.doc is a literal", "User-agent: *\nDisallow: /dir/*.doc\n", "/dir/a.doc"},
		{"a host name in the path matches only a path starting with it", "User-agent: *\nDisallow: www.myhost.ru/cgi-bin\n", "http://www.myhost.ru/cgi-bin/counter.cgi"},
		{"a rule before any User-agent belongs to no record", "Disallow: /\nUser-agent: *\nDisallow: /tmp/\n", "/index.html"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, id := range []string{"original1994", "lycos1996"} {
				checkAllowed(t, id, c.robots, []allowedCase{{"AnyBot", c.url, true}})
			}
		})
	}
	v := query(t, "original1994", "Disallow: /\nUser-agent: *\nDisallow: /tmp/\n", "AnyBot", "/index.html")
	if !hasNote(v, msgNoteOrphan) {
		t.Errorf("the orphan Disallow on line 1 should be pointed out: %s", v.ExplainAll())
	}
}
