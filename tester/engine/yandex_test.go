package engine

import (
	"testing"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

func compileYandex(t *testing.T, robots string) *YandexCompiled {
	t.Helper()
	e, _ := Get("yandex")
	c, ok := e.Compile(syntax.Parse([]byte(robots))).(*YandexCompiled)
	if !ok {
		t.Fatal("yandex does not compile to *YandexCompiled")
	}
	return c
}

func TestYandexGroupLadder(t *testing.T) {
	robots := "User-agent: *\nDisallow: /star\n\nUser-agent: Yandex\nDisallow: /yandex\n\nUser-agent: YandexBot\nDisallow: /bot\n\nUser-agent: YandexDirect\nDisallow: /direct\n"
	c := compileYandex(t, robots)
	for _, x := range []struct {
		name, agent, path string
		allowed           bool
		how               How
	}{
		{"a group naming the robot beats Yandex", "YandexBot", "/yandex", true, HowExact},
		{"a group naming the robot is the one used", "YandexBot/3.0", "/bot", false, HowExact},
		{"Yandex covers every robot with yandex in its name", "YandexImages", "/yandex", false, HowSubstring},
		{"Yandex beats *", "YandexImages", "/star", true, HowSubstring},
		{"other robots get *", "Googlebot", "/star", false, HowGlobal},
		{"a must-be-named robot gets its own group", "YandexDirect", "/direct", false, HowExact},
	} {
		v := c.Query(x.agent, x.path)
		if v.Allowed != x.allowed || v.Group == nil || v.Group.How != x.how {
			t.Errorf("%s: %s %s: allowed=%v how=%v: %s", x.name, x.agent, x.path, v.Allowed, v.Group, v.ExplainAll())
		}
	}
	v := compileYandex(t, "User-agent: *\nDisallow: /\n\nUser-agent: Yandex\nDisallow: /x\n").Query("YandexDirect", "/")
	if !v.Allowed || v.Reason != ReasonNoGroup || !hasNote(v, msgYandexMustName) {
		t.Errorf("YandexDirect obeys only a group naming it: %s", v.ExplainAll())
	}
}

func TestYandexRules(t *testing.T) {
	t.Run("rules sorted by length: the longer match wins whatever the order", func(t *testing.T) {
		v := query(t, "yandex", "User-agent: Yandex\nAllow: /catalog/public\nDisallow: /catalog\n", "YandexBot", "/catalog/public/1")
		if !v.Allowed || v.Why != WhyLastAfterSort || v.Runner == nil || v.Runner.Line != 3 {
			t.Fatalf("got %s", v.ExplainAll())
		}
	})
	t.Run("equal length: Allow wins", func(t *testing.T) {
		checkAllowed(t, "yandex", "User-agent: *\nDisallow: /a\nAllow: /a\n", []allowedCase{{"YandexBot", "/a", true}})
	})
	t.Run("implicit trailing * and $ cancelling it", func(t *testing.T) {
		checkAllowed(t, "yandex", "User-agent: *\nDisallow: /ex\nDisallow: /only$\n", []allowedCase{
			{"YandexBot", "/example", false}, {"YandexBot", "/only", false}, {"YandexBot", "/only/more", true},
		})
	})
	t.Run("an empty Disallow is Allow: /", func(t *testing.T) {
		v := query(t, "yandex", "User-agent: Yandex\nDisallow:\n\nUser-agent: *\nDisallow: /\n", "YandexBot", "/page")
		if !v.Allowed || v.Why != WhyEmpty {
			t.Fatalf("got %s", v.ExplainAll())
		}
		checkAllowed(t, "yandex", "User-agent: Yandex\nDisallow:\nDisallow: /private\n", []allowedCase{{"YandexBot", "/private/x", false}})
	})
	t.Run("an empty Allow is ignored", func(t *testing.T) {
		checkAllowed(t, "yandex", "User-agent: Yandex\nAllow:\nDisallow: /\n", []allowedCase{{"YandexBot", "/x", false}})
	})
	t.Run("Crawl-delay is ignored and the verdict says so", func(t *testing.T) {
		v := query(t, "yandex", "User-agent: Yandex\nCrawl-delay: 5\nDisallow: /x\n", "YandexBot", "/")
		if v.Delay != nil || !hasNote(v, msgYandexDelay) {
			t.Fatalf("got delay %v: %s", v.Delay, v.ExplainAll())
		}
	})
}

// TestYandexHostVectors are the Host examples of Yandex's old help: the two valid forms
// and every value it lists as ignored.
func TestYandexHostVectors(t *testing.T) {
	for _, x := range []struct {
		value string
		port  int
	}{{"www.myhost.ru", 80}, {"www.myhost.ru:80", 80}, {"WWW.MyHost.RU:8080", 8080}, {"xn--80ak6aa92e.com", 80}} {
		h := ParseHostDirective(1, x.value)
		if !h.Valid || h.Port != x.port {
			t.Errorf("%q should be valid with port %d: %+v %s", x.value, x.port, h, h.Problem)
		}
	}
	for _, bad := range []string{"www.myhost-.ru", "www.-myhost.ru", "www.myhost.ru:0", "www.my_host.ru", ".my-host.ru:8000",
		"my-host.ru.", "my..host.ru", "www.myhost.ru/", "www.myhost.ru:8080/", "http://www.myhost.ru", "www.mysi.te",
		"213.180.194.129", "www.firsthost.ru,www.secondhost.ru", "", "www.myhost.ru:65536", "localhost"} {
		if h := ParseHostDirective(1, bad); h.Valid || h.Problem.IsZero() {
			t.Errorf("%q should be ignored with a reason: %+v", bad, h)
		}
	}
}

func TestYandexHostAndCleanParamExposed(t *testing.T) {
	robots := "User-agent: Yandex\nDisallow: /cgi-bin\nHost: www.my_host.ru\nHost: www.myhost.ru\nHost: other.ru\n" +
		"Clean-param: ref /some_dir/get_book.pl\nClean-param: sid&sort /forum/*.php\nClean-param: s\nClean-param: a b c\n"
	c := compileYandex(t, robots)
	h, ok := c.Host()
	if !ok || h.Line != 4 || h.Host != "www.myhost.ru" || len(c.Hosts()) != 3 {
		t.Fatalf("Host: the first valid one is line 4, got %+v (%d lines)", h, len(c.Hosts()))
	}
	cp := c.CleanParams()
	if len(cp) != 4 {
		t.Fatalf("want 4 Clean-param lines, got %d", len(cp))
	}
	if !cp[0].Valid || cp[0].Params[0] != "ref" || cp[0].Prefix != "/some_dir/get_book.pl" {
		t.Errorf("line 6: %+v", cp[0])
	}
	if !cp[1].Valid || len(cp[1].Params) != 2 || cp[1].Params[1] != "sort" || cp[1].Prefix != "/forum/*.php" {
		t.Errorf("line 7: %+v", cp[1])
	}
	if !cp[2].Valid || cp[2].Prefix != "" {
		t.Errorf("line 8 applies to the whole site: %+v", cp[2])
	}
	if cp[3].Valid {
		t.Errorf("line 9 has too many words: %+v", cp[3])
	}
	if v := c.Query("YandexBot", "http://www.otherhost.ru/page"); !hasNote(v, msgYandexHostOther) {
		t.Errorf("a URL on another host should mention Host: %s", v.ExplainAll())
	}
	for _, u := range []string{"http://www.myhost.ru/page", "http://WWW.MYHOST.RU:80/page", "https://www.myhost.ru/", "/page"} {
		if v := c.Query("YandexBot", u); hasNote(v, msgYandexHostOther) {
			t.Errorf("%s is on the main mirror: %s", u, v.ExplainAll())
		}
	}
	if v := c.Query("YandexBot", "http://www.myhost.ru:8080/"); !hasNote(v, msgYandexHostOther) {
		t.Errorf("another port is another mirror: %s", v.ExplainAll())
	}
}
