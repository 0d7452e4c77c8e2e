package fetch

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Rule: fetched as several User-Agents, the answers that are the same are
// one version; a version that differs says which lines it has and lacks
// against the most common one, and names a CDN's managed block.
func TestAsAgents(t *testing.T) {
	const site = "User-agent: *\nDisallow: /admin/\n"
	const managed = "# BEGIN Cloudflare Managed content\nUser-agent: GPTBot\nDisallow: /\n# END Cloudflare Managed Content\n"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ua := r.Header.Get("User-Agent")
		switch {
		case strings.Contains(ua, "GPTBot"):
			w.Write([]byte(managed + site))
		case strings.Contains(ua, "Bytespider"):
			w.WriteHeader(http.StatusForbidden)
		default:
			w.Write([]byte(site))
		}
	}))
	defer srv.Close()
	agents := []Agent{
		{"Googlebot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"},
		{"GPTBot", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"},
		{"browser", "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0"},
		{"Bytespider", "Mozilla/5.0 (compatible; Bytespider; spider-feedback@bytedance.com)"},
	}
	c, err := AsAgents(context.Background(), srv.URL, agents, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Same || len(c.Versions) != 3 {
		t.Fatalf("%d versions, same=%v", len(c.Versions), c.Same)
	}
	if got := strings.Join(c.Versions[0].Agents, ","); got != "Googlebot,browser" {
		t.Errorf("most common version went to %s", got)
	}
	gpt := c.Versions[1]
	if strings.Join(gpt.Agents, ",") != "GPTBot" || len(gpt.Only) != 4 || len(gpt.Missing) != 0 || !hasKey(gpt.Notes, "live.as.cdn_block") {
		t.Errorf("GPTBot's version: %+v", gpt)
	}
	bs := c.Versions[2]
	if bs.Result.Status != 403 || !hasKey(bs.Notes, "live.as.status") || len(bs.Missing) != 2 {
		t.Errorf("Bytespider's version: status %d, %+v", bs.Result.Status, bs)
	}

	same, err := AsAgents(context.Background(), srv.URL, agents[:1], Options{})
	if err != nil || !same.Same {
		t.Fatalf("one agent: %v %+v", err, same)
	}
}
