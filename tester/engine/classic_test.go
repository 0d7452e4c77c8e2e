package engine

import "testing"

// fictOrg is the example of draft-koster-robots-00 §4, with its table.
const fictOrg = `# /robots.txt for http://www.fict.org/
# comments to webmaster@fict.org

User-agent: unhipbot
Disallow: /

User-agent: webcrawler
User-agent: excite
Disallow: 

User-agent: *
Disallow: /org/plans.html
Allow: /org/
Allow: /serv
Allow: /~mak
Disallow: /
`

func TestDraft1996FictOrgTable(t *testing.T) {
	rows := []struct {
		url                      string
		unhip, webcrawler, other bool
	}{
		{"http://www.fict.org/", false, true, false},
		{"http://www.fict.org/index.html", false, true, false},
		{"http://www.fict.org/robots.txt", true, true, true},
		{"http://www.fict.org/server.html", false, true, true},
		{"http://www.fict.org/services/fast.html", false, true, true},
		{"http://www.fict.org/services/slow.html", false, true, true},
		{"http://www.fict.org/orgo.gif", false, true, false},
		{"http://www.fict.org/org/about.html", false, true, true},
		{"http://www.fict.org/org/plans.html", false, true, false},
		{"http://www.fict.org/%7Ejim/jim.html", false, true, false},
		{"http://www.fict.org/%7Emak/mak.html", false, true, true},
	}
	var cases []allowedCase
	for _, r := range rows {
		cases = append(cases,
			allowedCase{"unhipbot", r.url, r.unhip},
			allowedCase{"WebCrawler/3.0", r.url, r.webcrawler},
			allowedCase{"Excite", r.url, r.webcrawler},
			allowedCase{"OtherBot/1.0", r.url, r.other})
	}
	checkAllowed(t, "draft1996", fictOrg, cases)
}

func TestDraft1996Rules(t *testing.T) {
	t.Run("the first record containing the name wins over a later, more exact one", func(t *testing.T) {
		robots := "User-agent: superbotfamily\nDisallow: /a\n\nUser-agent: bot\nDisallow: /b\n"
		checkAllowed(t, "draft1996", robots, []allowedCase{{"bot", "/a", false}, {"bot", "/b", true}})
	})
	t.Run("the record's value must contain the robot's name, not the reverse", func(t *testing.T) {
		checkAllowed(t, "draft1996", "User-agent: bot\nDisallow: /\n", []allowedCase{{"superbot", "/", true}})
	})
	t.Run("%2F stays encoded, other escapes are decoded on both sides", func(t *testing.T) {
		robots := "User-agent: *\nDisallow: /a%2fb\nDisallow: /%63gi\n"
		checkAllowed(t, "draft1996", robots, []allowedCase{
			{"x", "/a%2Fb", false}, {"x", "/a/b", true}, {"x", "/cgi", false}, {"x", "/%63%67i", false},
		})
	})
	t.Run("the first match decides and the explanation names the later rule", func(t *testing.T) {
		v := query(t, "draft1996", "User-agent: *\nDisallow: /p\nAllow: /page\n", "x", "/page")
		if v.Allowed || v.Why != WhyFirst || v.Runner == nil || v.Runner.Line != 3 {
			t.Fatalf("got %+v", v)
		}
		want := "blocked by line 2 `Disallow: /p`: 1996 draft takes the first matching rule; line 3 `Allow: /page` comes later; group: the `*` group at line 1, because no group names x"
		if got := v.Explain().String(); got != want {
			t.Errorf("explanation\n got %q\nwant %q", got, want)
		}
	})
}

func TestOriginal1994Rules(t *testing.T) {
	t.Run("a name with a version is cut to the name before comparing", func(t *testing.T) {
		checkAllowed(t, "original1994", "User-agent: WebCrawler/3.0\nDisallow: /\n", []allowedCase{
			{"WebCrawler", "/", false}, {"webcrawler/2.0 libwww", "/x", false}, {"Lycos", "/", true},
		})
	})
	t.Run("* is for robots no other record names", func(t *testing.T) {
		robots := "User-agent: *\nDisallow: /\n\nUser-agent: lycos\nDisallow: /tmp/\n"
		checkAllowed(t, "original1994", robots, []allowedCase{
			{"Lycos_Spider_(Rex)/1.0", "/", true}, {"Lycos_Spider_(Rex)/1.0", "/tmp/x", false}, {"Other", "/", false},
		})
	})
	t.Run("an empty Disallow allows everything", func(t *testing.T) {
		v := query(t, "original1994", "User-agent: *\nDisallow:\n", "x", "/anything")
		if !v.Allowed || v.Why != WhyEmpty {
			t.Fatalf("got %s", v.ExplainAll())
		}
	})
	t.Run("when two records name the robot the first is used and the choice is noted", func(t *testing.T) {
		robots := "User-agent: bot\nDisallow: /a\n\nUser-agent: superbot\nDisallow: /b\n"
		v := query(t, "original1994", robots, "superbot", "/b")
		if !v.Allowed || !hasNote(v, msgNoteSeveral) {
			t.Fatalf("got %s", v.ExplainAll())
		}
	})
	t.Run("a User-agent right after a Disallow starts a new record and is noted", func(t *testing.T) {
		v := query(t, "original1994", "User-agent: a\nDisallow: /a\nUser-agent: b\nDisallow: /b\n", "b", "/a")
		if !v.Allowed || !hasNote(v, msgNoteNoBlank) {
			t.Fatalf("got %s", v.ExplainAll())
		}
	})
	t.Run("comment-only lines do not end a record, blank lines do", func(t *testing.T) {
		checkAllowed(t, "original1994", "User-agent: a\n# note\nDisallow: /x\n", []allowedCase{{"a", "/x", false}})
		checkAllowed(t, "original1994", "User-agent: a\n\nDisallow: /x\n", []allowedCase{{"a", "/x", true}})
	})
	t.Run("Google's typos are unknown fields", func(t *testing.T) {
		checkAllowed(t, "original1994", "User-agent: *\nDissallow: /x\nDisallowed: /y\n", []allowedCase{{"a", "/x", true}, {"a", "/y", true}})
	})
}
