package aiaccess

import (
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Rule: the rules Compile writes, read back from each server's syntax,
// refuse exactly the crawlers Compile refused, and set against the
// robots.txt Compile wrote they contradict it nowhere; IP ranges beside
// the User-Agents change none of that.
func TestEdgeRoundTrip(t *testing.T) {
	ranges := []catalogue.Ranges{{Key: "Bytespider", Source: "https://operator.example/bytespider.json", Read: "2026-11-29", Prefixes: []string{"192.0.2.0/24", "2001:db8::/32"}}}
	for _, p := range []Policy{{Stance: NoAI}, {Stance: NoAI, Ranges: ranges}} {
		edgeRoundTrip(t, p)
	}
}

func edgeRoundTrip(t *testing.T, p Policy) {
	s := Compile(syntax.Parse([]byte("User-agent: *\nDisallow: /admin/\n")), p)
	if len(p.Ranges) > 0 && len(s.Prefixes) != 2 {
		t.Fatalf("the ranges are not refused: %v", s.Prefixes)
	}
	doc := syntax.Parse(s.Robots)
	for _, r := range s.Rules {
		rules, notes := ReadEdge(r.Server, []byte(r.Text))
		if len(rules) == 0 {
			t.Errorf("%s: no refusal read back from\n%s\nnotes: %v", r.Server, r.Text, notes)
			continue
		}
		for _, c := range s.Refused {
			if refusingRule(rules, c) == nil {
				t.Errorf("%s: %s is refused by the rule but not read as refused", r.Server, c.Name)
			}
		}
		rep := CompareEdge(doc, r.Server, []byte(r.Text))
		for _, c := range rep.Conflicts {
			if !crawlers.IsProductToken(c.Crawler.Tokens[0]) && c.Blocked {
				continue // no robots.txt line can name it: the edge is the only place, and the conflict is real
			}
			t.Errorf("%s: %s", r.Server, c.Text)
		}
	}
}

func conflictFor(rep EdgeReport, name string) *EdgeConflict {
	for i := range rep.Conflicts {
		if rep.Conflicts[i].Crawler.Name == name {
			return &rep.Conflicts[i]
		}
	}
	return nil
}

// Rule: a crawler robots.txt lets in and the edge refuses is a conflict
// (it records errors), and so is one robots.txt refuses that ignores
// robots.txt and the edge lets through; hand-written configs of each
// server are read.
func TestEdgeConflicts(t *testing.T) {
	open := syntax.Parse([]byte("User-agent: *\nAllow: /\n"))
	cases := []struct {
		name    string
		server  Server
		config  string
		blocked []string // crawlers refused at the edge though robots.txt lets them in
		clear   []string // crawlers with no conflict
	}{
		{"nginx if", Nginx, "server {\n  if ($http_user_agent ~* \"(googlebot|bytespider)\") {\n    return 403;\n  }\n}\n", []string{"Googlebot", "Bytespider"}, []string{"GPTBot"}},
		{"nginx map", Nginx, "map $http_user_agent $bad {\n  default 0;\n  ~*gptbot 1;\n}\nserver {\n  if ($bad) { return 444; }\n}\n", []string{"GPTBot"}, []string{"Googlebot"}},
		{"nginx case-sensitive ~", Nginx, "if ($http_user_agent ~ GPTBOT) { return 403; }\n", nil, []string{"GPTBot"}},
		{"apache rewrite", Apache, "RewriteEngine On\nRewriteCond %{HTTP_USER_AGENT} (ClaudeBot|CCBot) [NC]\nRewriteRule .* - [F,L]\n", []string{"ClaudeBot", "CCBot"}, []string{"GPTBot"}},
		{"apache env", Apache, "BrowserMatchNoCase \"amazonbot\" bad_bot\n<RequireAll>\n  Require all granted\n  Require not env bad_bot\n</RequireAll>\n", []string{"Amazonbot"}, []string{"Googlebot"}},
		{"caddy header wildcard", Caddy, "@ai {\n  header User-Agent *PerplexityBot*\n}\nrespond @ai 403\n", []string{"PerplexityBot"}, []string{"GPTBot"}},
		{"caddy matcher not used", Caddy, "@ai {\n  header User-Agent *PerplexityBot*\n}\n", nil, []string{"PerplexityBot"}},
		{"cloudflare contains is case-sensitive", Cloudflare, `(http.user_agent contains "GPTBot") or (http.user_agent contains "claudebot")`, []string{"GPTBot"}, []string{"ClaudeBot"}},
		{"haproxy", HAProxy, "acl ai hdr_sub(User-Agent) -i meta-externalagent\nhttp-request deny if ai\n", []string{"meta-externalagent"}, []string{"GPTBot"}},
	}
	for _, c := range cases {
		rep := CompareEdge(open, c.server, []byte(c.config))
		for _, n := range c.blocked {
			if k := conflictFor(rep, n); k == nil || !k.Blocked {
				t.Errorf("%s: %s refused at the edge, let in by robots.txt: no conflict (%d rules read)", c.name, n, len(rep.Rules))
			}
		}
		for _, n := range c.clear {
			if k := conflictFor(rep, n); k != nil {
				t.Errorf("%s: %s: unexpected %s", c.name, n, k.Text)
			}
		}
	}

	// robots.txt refuses Bytespider, which ignores it; an empty edge lets it through.
	refusing := syntax.Parse([]byte("User-agent: Bytespider\nDisallow: /\n\nUser-agent: GPTBot\nDisallow: /\n"))
	rep := CompareEdge(refusing, Nginx, nil)
	if k := conflictFor(rep, "Bytespider"); k == nil || k.Blocked || k.RobotsLine != 2 {
		t.Errorf("Bytespider refused in robots.txt, let through at the edge: %+v", k)
	}
	if k := conflictFor(rep, "GPTBot"); k != nil {
		t.Errorf("GPTBot obeys robots.txt: no conflict expected, got %s", k.Text)
	}
	if !strings.Contains(rep.Notes[0].String(), "no User-Agent refusal") {
		t.Errorf("notes: %v", rep.Notes)
	}
	// Every crawler in the catalogue that sends requests is judged; none panics.
	if len(catalogue.All()) == 0 {
		t.Fatal("empty catalogue")
	}
}

// Rule: what cannot be read is said, never guessed: a regular expression Go
// cannot compile, a map no refusal reads, a negated condition.
func TestEdgeNotes(t *testing.T) {
	for _, c := range []struct {
		server Server
		config string
		note   string
	}{
		{Nginx, "if ($http_user_agent ~* \"(?<!good)bot\") { return 403; }\n", "is not a regular expression"},
		{Nginx, "map $http_user_agent $x {\n  ~*gptbot 1;\n}\n", "which no `if (…) { return 4xx; }` reads"},
		{Apache, "RewriteCond %{HTTP_USER_AGENT} !Googlebot\nRewriteRule .* - [F]\n", "a negated User-Agent condition"},
	} {
		_, notes := ReadEdge(c.server, []byte(c.config))
		found := false
		for _, n := range notes {
			found = found || strings.Contains(n.String(), c.note)
		}
		if !found {
			t.Errorf("%s %q: notes %v, want …%s…", c.server, c.config, notes, c.note)
		}
	}
}
