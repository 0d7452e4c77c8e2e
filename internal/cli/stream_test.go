package cli_test

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/cli"
	"github.com/robots-studio/robots-studio/tester/diff"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// streamFiles writes an old and a new robots.txt and a list of n URLs
// (repeats, full URLs, paths both versions decide differently).
func streamFiles(t *testing.T, n int) (oldFile, newFile, urls string, list []string) {
	t.Helper()
	dir := t.TempDir()
	oldFile, newFile, urls = filepath.Join(dir, "old.txt"), filepath.Join(dir, "new.txt"), filepath.Join(dir, "urls.txt")
	os.WriteFile(oldFile, []byte("User-agent: *\nDisallow: /a\nDisallow: /shop/*?sort=\n\nUser-agent: GPTBot\nDisallow: /blog\n"), 0o644)
	os.WriteFile(newFile, []byte("User-agent: *\nDisallow: /a\nAllow: /a/open\nDisallow: /cart\n\nUser-agent: GPTBot\nDisallow: /\n"), 0o644)
	var b strings.Builder
	for i := 0; i < n; i++ {
		u := []string{"/a/open/%d", "/cart/%d", "https://example.com/shop/x?sort=%d", "/blog/%d", "/a/%d", "/cart/1"}[i%6]
		if strings.Contains(u, "%") {
			u = fmt.Sprintf(u, i)
		}
		list = append(list, u)
		b.WriteString(u + "\n")
		if i%97 == 0 {
			b.WriteString("\n") // blank lines are skipped
		}
	}
	os.WriteFile(urls, []byte(b.String()), 0o644)
	return oldFile, newFile, urls, list
}

// TestDiffURLsStreamJobs: `diff --json --urls -` (several blocks of URLs)
// prints the same bytes with one worker and with three, and the same
// changes, one per line, as diff.Compare finds over the whole list.
func TestDiffURLsStreamJobs(t *testing.T) {
	oldFile, newFile, urls, list := streamFiles(t, 12000)
	data, _ := os.ReadFile(urls)
	agents := []string{"Googlebot", "GPTBot"}
	args := func(jobs string) []string {
		return []string{"diff", "--json", "--engine", "all", "--agent", agents[0], "--agent", agents[1], "--jobs", jobs, "--urls", "-", oldFile, newFile}
	}
	code1, one, errs := runCmd(t, string(data), args("1")...)
	code3, three, _ := runCmd(t, string(data), args("3")...)
	if code1 != cli.ExitFailure || code3 != code1 || errs != "" {
		t.Fatalf("exit %d and %d, stderr %s", code1, code3, errs)
	}
	if one != three {
		t.Fatal("--jobs 1 and --jobs 3 print different bytes")
	}
	oldDoc, _ := os.ReadFile(oldFile)
	newDoc, _ := os.ReadFile(newFile)
	rep := diff.Compare(diff.Input{Old: syntax.Parse(oldDoc), New: syntax.Parse(newDoc), Engines: engine.All(), Agents: agents, URLs: list})
	var want []string
	for _, c := range rep.Changes {
		b, _ := json.Marshal(cli.JSONChange{Engine: c.Engine, Agent: c.Agent, URL: c.URL, Old: jsonVersion(c.Old), New: jsonVersion(c.New)})
		want = append(want, string(b))
	}
	got := strings.Split(strings.TrimSpace(one), "\n")
	if len(got) < 6000 || len(got) != len(want) {
		t.Fatalf("%d changes streamed, diff.Compare finds %d", len(got), len(want))
	}
	// In the order of the list: the k-th change of a (crawler, engine) for
	// a URL is at that URL's k-th place, and the places never go back.
	places := map[string][]int{}
	for i, u := range list {
		places[u] = append(places[u], i)
	}
	seen := map[string]int{}
	last := 0
	for _, l := range got {
		var c cli.JSONChange
		json.Unmarshal([]byte(l), &c)
		k := c.Engine + " " + c.Agent + " " + c.URL
		at := places[c.URL][seen[k]]
		seen[k]++
		if at < last {
			t.Fatalf("%s (place %d) comes after place %d of the list", l, at, last)
		}
		last = at
	}
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Error("the streamed changes are not those diff.Compare finds")
	}
}

func jsonVersion(v *engine.Verdict) cli.JSONVersion {
	j := cli.JSONVersion{Allowed: v.Allowed}
	if v.Rule != nil {
		j.Rule = &cli.JSONRuleLine{Line: v.Rule.Line, Text: v.Rule.Text}
	}
	return j
}

// TestDiffURLsAreStreamed: changes are written while standard input is
// still being read.
func TestDiffURLsAreStreamed(t *testing.T) {
	dir := t.TempDir()
	oldFile, newFile := filepath.Join(dir, "old.txt"), filepath.Join(dir, "new.txt")
	os.WriteFile(oldFile, []byte("User-agent: *\nDisallow: /p\n"), 0o644)
	os.WriteFile(newFile, []byte("User-agent: *\nAllow: /\n"), 0o644)
	out := &syncBuffer{}
	src := &lineSource{limit: 200_000, out: out}
	code := cli.Run([]string{"diff", "--json", "--agent", "x", "--urls", "-", oldFile, newFile}, cli.Env{Stdin: src, Stdout: out, Stderr: io.Discard})
	if code != cli.ExitFailure {
		t.Fatalf("exit %d", code)
	}
	if !src.early {
		t.Fatal("no change was written before the URL list was read to the end: diff --urls is not streamed")
	}
	if got := strings.Count(out.b.String(), "\n"); got != 200_000 {
		t.Fatalf("%d changes, want 200000", got)
	}
}

// TestTestURLsJobs: `test --urls -` prints the same bytes (text and JSON
// Lines) with one worker and with three.
func TestTestURLsJobs(t *testing.T) {
	_, newFile, urls, _ := streamFiles(t, 5000)
	data, _ := os.ReadFile(urls)
	for _, format := range [][]string{nil, {"--json"}} {
		args := func(jobs string) []string {
			return append(append([]string{"test", "--engine", "all", "--agent", "Googlebot", "--agent", "GPTBot", "--jobs", jobs}, format...), "--urls", "-", newFile)
		}
		_, one, errs := runCmd(t, string(data), args("1")...)
		_, three, _ := runCmd(t, string(data), args("3")...)
		if one != three || errs != "" || strings.Count(one, "\n") < 5000*2*len(engine.All()) {
			t.Errorf("%v: --jobs 1 and --jobs 3 differ (or too little output: %d lines; %s)", format, strings.Count(one, "\n"), errs)
		}
	}
}

// TestSitemapJobs: `sitemap --robots` prints the same bytes with one
// worker and with three (a sitemap of a few thousand URLs, many blocked).
func TestSitemapJobs(t *testing.T) {
	dir := t.TempDir()
	robots := filepath.Join(dir, "robots.txt")
	os.WriteFile(robots, []byte("User-agent: *\nDisallow: /private\nDisallow: /*?sort=\n\nUser-agent: bingbot\nDisallow: /b\n"), 0o644)
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for i := 0; i < 6000; i++ {
		fmt.Fprintf(&b, "<url><loc>https://example.com/%s/%d</loc></url>\n", []string{"private", "b", "open", "x?sort=1"}[i%4], i)
	}
	b.WriteString("</urlset>\n")
	sm := filepath.Join(dir, "sitemap.xml")
	os.WriteFile(sm, []byte(b.String()), 0o644)
	for _, format := range [][]string{nil, {"--json"}} {
		args := func(jobs string) []string {
			return append(append([]string{"sitemap", "--jobs", jobs, "--robots", robots}, format...), sm)
		}
		_, one, _ := runCmd(t, "", args("1")...)
		_, three, _ := runCmd(t, "", args("3")...)
		if one != three || strings.Count(one, "SM101") < 3000 {
			t.Errorf("%v: --jobs 1 and --jobs 3 differ, or too few blocked URLs (%d)", format, strings.Count(one, "SM101"))
		}
	}
}

// TestURLListsRefuseLongLines: a URL list with a line past 64 KiB stops
// test --urls, test --count --urls and diff --urls (streamed or not) with
// exit 2 and a message naming the line, so long lines never pile up in the
// blocks in flight; a line just under the limit is read as a URL.
func TestURLListsRefuseLongLines(t *testing.T) {
	oldFile, newFile, _, _ := streamFiles(t, 1)
	under := "/a/" + strings.Repeat("u", 64<<10-10)
	over := "/a/" + strings.Repeat("o", 64<<10)
	huge := "/a/" + strings.Repeat("h", 1<<20+10)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"test", []string{"test", "--agent", "Googlebot", "--urls", "-", oldFile}},
		{"test --count", []string{"test", "--count", "--agent", "Googlebot", "--urls", "-", oldFile}},
		{"diff", []string{"diff", "--urls", "-", oldFile, newFile}},
		{"diff --json", []string{"diff", "--json", "--urls", "-", oldFile, newFile}},
	} {
		code, _, errs := runCmd(t, "/x\n"+under+"\n/cart\n", c.args...)
		if code == cli.ExitUsage || errs != "" {
			t.Errorf("%s: a line of %d bytes: exit %d, %s", c.name, len(under), code, errs)
		}
		code, _, errs = runCmd(t, "/x\n\n"+over+"\n/cart\n", c.args...)
		if code != cli.ExitUsage || !strings.Contains(errs, "line 3 ") || !strings.Contains(errs, "64 KiB") {
			t.Errorf("%s: a line of %d bytes: exit %d, %q", c.name, len(over), code, errs)
		}
		// Past the line limit of every line file (1 MiB) the same words,
		// not the reader's own ("bufio.Scanner: token too long").
		code, _, errs = runCmd(t, "/x\n\n"+huge+"\n/cart\n", c.args...)
		if code != cli.ExitUsage || !strings.Contains(errs, "line 3 is longer than 64 KiB") || strings.Contains(errs, "bufio") {
			t.Errorf("%s: a line of %d bytes: exit %d, %q", c.name, len(huge), code, errs)
		}
	}
}
