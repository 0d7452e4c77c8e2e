package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/cli"
)

// TestSitemapGolden: the text and JSON output of `sitemap` and its exit
// codes, alone and against a robots.txt.
func TestSitemapGolden(t *testing.T) {
	dir := filepath.Join("testdata", "sitemap")
	cases := []struct {
		name, golden string
		args         []string
		code         int
	}{
		{"the article's listing 1 is clean", "listing1.golden", []string{"sitemap", filepath.Join(dir, "listing1.xml")}, cli.ExitOK},
		{"every check on one file", "mistakes.golden", []string{"sitemap", filepath.Join(dir, "mistakes.xml")}, cli.ExitFailure},
		{"named by its robots.txt: scope and blocked URLs", "art.golden", []string{"sitemap", "--robots", filepath.Join(dir, "art", "robots.txt")}, cli.ExitFailure},
		{"json with blocked URLs", "art.json.golden", []string{"sitemap", "--json", "--robots", filepath.Join(dir, "art", "robots.txt"), filepath.Join(dir, "art", "mistakes.xml")}, cli.ExitFailure},
		{"the article's index with its parts, one engine", "site.golden", []string{"sitemap", "--robots", filepath.Join(dir, "site", "robots.txt"), "--agent", "Googlebot", "--agent", "YandexBot", "--engine", "rfc9309", filepath.Join(dir, "site", "sitemapindex.xml")}, cli.ExitFailure},
		{"a robots.txt without a Sitemap line", "nositemap.golden", []string{"sitemap", "--robots", filepath.Join(dir, "nositemap.robots.txt"), filepath.Join(dir, "listing1.xml")}, cli.ExitOK},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runCmd(t, "", c.args...)
			if code != c.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, c.code, errs)
			}
			golden(t, filepath.Join("sitemap", c.golden), filepath.ToSlash(out))
		})
	}
}

func TestSitemapJSONFields(t *testing.T) {
	_, out, _ := runCmd(t, "", "sitemap", "--json", "--robots", filepath.Join("testdata", "sitemap", "art", "robots.txt"))
	blocked := 0
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"code", "severity", "file", "line", "col", "message"} {
			if _, ok := m[k]; !ok {
				t.Errorf("%s: no %q", l, k)
			}
		}
		if m["code"] == "SM101" {
			blocked++
			rule, _ := m["rule"].(map[string]any)
			if m["url"] == nil || m["agent"] == nil || m["engine"] == nil || rule["line"] != 2.0 || rule["text"] != "Disallow: /art/new/a" {
				t.Errorf("blocked finding without its details: %s", l)
			}
		}
	}
	if blocked != 6 {
		t.Errorf("%d blocked findings, want 2 URLs × 3 crawlers", blocked)
	}
}

func TestSitemapStdinAndUsage(t *testing.T) {
	code, out, _ := runCmd(t, "http://a.example/x\nhttp://a.example/x\n", "sitemap", "-")
	if code != cli.ExitOK || !strings.Contains(out, "-:2:1: warning:") || !strings.Contains(out, "[SM023]") {
		t.Errorf("stdin: exit %d: %s", code, out)
	}
	for _, args := range [][]string{
		{"sitemap"},
		{"sitemap", "testdata/sitemap/none.xml"},
		{"sitemap", "testdata/sitemap"},
		{"sitemap", "https://www.example.com/sitemap.xml"},
		{"sitemap", "-", "-"},
		{"sitemap", "--engine", "nosuch", "testdata/sitemap/listing1.xml"},
		{"sitemap", "--robots", "testdata/sitemap/none.txt", "testdata/sitemap/listing1.xml"},
		{"sitemap", "--bogus", "testdata/sitemap/listing1.xml"},
		{"sitemap", "build"},
		{"sitemap", "build", "--host", "www.example.com", "testdata/sitemap/urls.txt"},
		{"sitemap", "build", "--out", "testdata/none", "testdata/sitemap/urls.txt"},
		{"sitemap", "build", "testdata/sitemap/none.txt"},
	} {
		if code, _, errs := runCmd(t, "", args...); code != cli.ExitUsage || errs == "" || strings.Count(errs, "\n") > 3 {
			t.Errorf("%v: exit %d, stderr %q; want %d and a short reason", args, code, errs, cli.ExitUsage)
		}
	}
}

// TestSitemapBuild: build writes a sitemap that `sitemap` finds clean, and
// prints the file names; a bad list writes nothing.
func TestSitemapBuild(t *testing.T) {
	out := t.TempDir()
	code, stdout, errs := runCmd(t, "", "sitemap", "build", "--host", "https://www.example.com", "--out", out, filepath.Join("testdata", "sitemap", "urls.txt"))
	if code != cli.ExitOK || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if strings.TrimSpace(stdout) != filepath.Join(out, "sitemap.xml") {
		t.Errorf("printed %q", stdout)
	}
	data, err := os.ReadFile(filepath.Join(out, "sitemap.xml"))
	if err != nil {
		t.Fatal(err)
	}
	golden(t, filepath.Join("sitemap", "built.xml.golden"), string(data))
	if code, out, _ := runCmd(t, "", "sitemap", filepath.Join(out, "sitemap.xml")); code != cli.ExitOK || out != "" {
		t.Errorf("the built sitemap has findings (exit %d):\n%s", code, out)
	}
	empty := t.TempDir()
	code, _, errs = runCmd(t, "", "sitemap", "build", "--out", empty, filepath.Join("testdata", "sitemap", "badurls.txt"))
	golden(t, filepath.Join("sitemap", "badurls.golden"), filepath.ToSlash(errs))
	if entries, _ := os.ReadDir(empty); code != cli.ExitFailure || len(entries) != 0 {
		t.Errorf("bad list: exit %d, %d files written", code, len(entries))
	}
}

// TestSitemapBuildWarnsOfBlockedURLs: with --robots the builder names each
// URL a crawler may not fetch, with the crawler and the deciding rule, and
// each rule pattern; --leave-out keeps them out of the file.
func TestSitemapBuildWarnsOfBlockedURLs(t *testing.T) {
	dir := t.TempDir()
	list := filepath.Join(dir, "urls.txt")
	robots := filepath.Join(dir, "robots.txt")
	if err := os.WriteFile(list, []byte("/\n/private/a\n/*.pdf\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(robots, []byte("User-agent: *\nDisallow: /private/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCmd(t, "", "sitemap", "build", "--host", "https://example.com", "--out", dir, "--robots", robots, list)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"urls.txt:2:1: error:", "Googlebot", "line 2", "[SM101]", "urls.txt:3:1: warning:", "[SM106]"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	data, err := os.ReadFile(strings.TrimSpace(out))
	if err != nil || !strings.Contains(string(data), "/private/a") {
		t.Fatalf("without --leave-out the blocked URL is written: %s (%v)", data, err)
	}
	code, out, _ = runCmd(t, "", "sitemap", "build", "--host", "https://example.com", "--out", dir, "--robots", robots, "--leave-out", list)
	data, _ = os.ReadFile(strings.TrimSpace(out))
	if code != 0 || strings.Contains(string(data), "/private/a") || strings.Contains(string(data), ".pdf") || !strings.Contains(string(data), "<loc>https://example.com/</loc>") {
		t.Errorf("--leave-out: exit %d, file:\n%s", code, data)
	}
}
