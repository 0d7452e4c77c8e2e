package lint

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// reader is the reader named name in Readers (its newest versions).
func reader(t *testing.T, name string) Reader {
	t.Helper()
	for _, r := range Readers() {
		if r.Name == name {
			return r
		}
	}
	t.Fatalf("no reader %q", name)
	return Reader{}
}

// Rule: Lighthouse's checks, line by line, as its robots-txt audit makes
// them (core/audits/seo/robots-txt.js, v13.4.1): the reason is its own
// error text.
func TestLighthouseRejects(t *testing.T) {
	newest, older := Readers()[0], Readers()[1]
	for _, c := range []struct {
		line    string
		afterUA bool
		newest  string
		older   string
	}{
		{"Content-Usage: train-ai=n", true, "Unknown directive", "Unknown directive"},
		{"Content-Signal: ai-train=no", true, "", "Unknown directive"},
		{"CONTENT-SIGNAL : ai-train=no # note", true, "", "Unknown directive"},
		{"Disallow /tmp/", true, "Syntax not understood", "Syntax not understood"},
		{"Disallow: /tmp/", false, "No user-agent specified", "No user-agent specified"},
		{"User-agent:", true, "No user-agent specified", "No user-agent specified"},
		{"Disallow: tmp/", true, `Pattern should either be empty, start with "/" or "*"`, `Pattern should either be empty, start with "/" or "*"`},
		{"Disallow: /a$b", true, `"$" should only be used at the end of the pattern`, `"$" should only be used at the end of the pattern`},
		{"Disallow: /a$", true, "", ""},
		{"Disallow:", true, "", ""},
		{"Sitemap: /s.xml", true, "Invalid sitemap URL", "Invalid sitemap URL"},
		{"Sitemap: gopher://example.com/s.xml", true, "Invalid sitemap URL protocol", "Invalid sitemap URL protocol"},
		{"Sitemap: ftp://example.com/s.xml", true, "", ""},
		{"# only a comment", false, "", ""},
		{"   ", false, "", ""},
		{"Clean-param: ref /", true, "", ""},
		{"Clean-param: ref=1 /", true, "", ""},
		{"Disallow: /" + strings.Repeat("a", 2000), true, "", ""},
	} {
		if got := newest.Rejects(c.line, c.afterUA); got != c.newest {
			t.Errorf("%s %q: %q, want %q", newest.Versions, c.line, got, c.newest)
		}
		if got := older.Rejects(c.line, c.afterUA); got != c.older {
			t.Errorf("%s %q: %q, want %q", older.Versions, c.line, got, c.older)
		}
	}
	if seoPoints != 8 {
		t.Errorf("one failed audit costs %d SEO points; Lighthouse 13.4.1's weights give 8", seoPoints)
	}
}

// Rule: Yandex Webmaster's robots.txt analysis, line by line, with the
// texts of its reference of errors and warnings
// (yandex.com/support/webmaster/en/error-dictionary/robots-txt, read
// 2026-11-29); each row names the entry it proves.
func TestYandexRejects(t *testing.T) {
	y := reader(t, "Yandex Webmaster")
	for _, c := range []struct {
		entry   string
		line    string
		afterUA bool
		want    string
		error   bool
	}{
		{"Rule doesn't start with / or *", "Disallow: tmp/", true, "Rule doesn't start with / or *", true},
		{"Rule doesn't start with / or *: * is a start", "Disallow: *.pdf$", true, "", false},
		{"Rule doesn't start with / or *: an empty rule allows all", "Disallow:", true, "", false},
		{"No User-agent directive in front of rule.", "Allow: /a", false, "No User-agent directive in front of rule.", true},
		{"Rule too long: 1024 characters are within the limit", "Disallow: /" + strings.Repeat("a", 1023), true, "", false},
		{"Rule too long: 1025 characters", "Disallow: /" + strings.Repeat("a", 1024), true, "Rule too long", true},
		{"Rule too long: counted in characters, not bytes", "Disallow: /" + strings.Repeat("я", 1023), true, "", false},
		{"Invalid Sitemap file URL format", "Sitemap: /sitemap.xml", true, "Invalid Sitemap file URL format", true},
		{"Invalid Sitemap file URL format: a full URL", "Sitemap: https://example.com/sitemap.xml", true, "", false},
		{"Invalid Clean-param directive format", "Clean-param: ref=1 /catalog/", true, "Invalid Clean-param directive format", true},
		{"Invalid Clean-param directive format: parameters and a prefix", "Clean-param: ref&sid /catalog/", true, "", false},
		{"Unknown directive found: Content-Signal", "Content-Signal: ai-train=no", true, "Unknown directive found", false},
		{"Unknown directive found: Content-Usage", "Content-Usage: train-ai=n", true, "Unknown directive found", false},
		{"Unknown directive found: Noindex", "Noindex: /drafts/", true, "Unknown directive found", false},
		{"Unknown directive found: not Crawl-delay, which the help describes", "Crawl-delay: 5", true, "", false},
		{"Unknown directive found: not Host", "Host: example.com", true, "", false},
		{"Syntax error", "Disallow /tmp/", true, "Syntax error", false},
	} {
		got := y.rejects(c.line, c.afterUA)
		if got.Text != c.want || got.Error != c.error {
			t.Errorf("%s: %q gives %q (error %v), want %q (error %v)", c.entry, c.line, got.Text, got.Error, c.want, c.error)
		}
	}
}

// Rule: Google Search Console's robots.txt report shows "Syntax not
// understood" for Content-Signal (Cloudflare's managed robots.txt page,
// read 2026-11-29); nothing read says it flags the other fields, and RS048
// already says it, so RS052 does not repeat it.
func TestSearchConsoleRejects(t *testing.T) {
	g := reader(t, "Google Search Console")
	for line, want := range map[string]string{
		"Content-Signal: search=yes": "Syntax not understood",
		"Content-Usage: train-ai=n":  "",
		"Crawl-delay: 5":             "",
		"Disallow: /a/":              "",
	} {
		if got := g.Rejects(line, true); got != want {
			t.Errorf("%q: %q, want %q", line, got, want)
		}
	}
	if g.SaidBy != "RS048" {
		t.Errorf("Search Console's rejection is said by %q, want RS048", g.SaidBy)
	}
}

// rs052 is the RS052 findings on src as "line:severity".
func rs052(t *testing.T, src string) ([]string, []Diagnostic) {
	t.Helper()
	doc := syntax.Parse([]byte(src))
	ds := codesOf(Run(doc, Options{}), "RS052")
	var out []string
	for _, d := range ds {
		line := doc.LineAt(d.Span.Start)
		out = append(out, strings.Join([]string{strconv.Itoa(line), d.Severity.String()}, ":"))
	}
	return out, ds
}

// ruleFile is a file of one group with n Disallow rules.
func ruleFile(n int) string {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := range n {
		b.WriteString("Disallow: /p")
		b.WriteString(strconv.Itoa(i))
		b.WriteString("/\n")
	}
	return b.String()
}

// Rule: RS052 counts Yandex Webmaster's limits over the file — 2048 rules,
// 1024 characters a rule — and reports the rule past the first and the
// first rule past the second, once each.
func TestReaderLimits(t *testing.T) {
	for _, c := range []struct {
		name string
		src  string
		want []string
	}{
		{"2048 rules: Yandex's limit", ruleFile(2048), nil},
		{"2049 rules: the 2049th is reported", ruleFile(2049), []string{"2050:warning"}},
		{"a rule of 1024 characters", "User-agent: *\nDisallow: /" + strings.Repeat("a", 1023) + "\n", nil},
		{"a rule of 1025 characters", "User-agent: *\nDisallow: /" + strings.Repeat("a", 1024) + "\n", []string{"2:warning"}},
		{"three long rules: once, at the first", "User-agent: *\nDisallow: /a\n" + strings.Repeat("Allow: /"+strings.Repeat("b", 1100)+"\n", 3), []string{"3:warning"}},
	} {
		got, ds := rs052(t, c.src)
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
		for _, d := range ds {
			if text := d.Message.String(); !strings.Contains(text, yandexSource) || !strings.Contains(text, yandexRead) {
				t.Errorf("%s: %q does not cite its source and date", c.name, text)
			}
		}
	}
	_, ds := rs052(t, ruleFile(2100))
	if want := "Yandex Webmaster counts 2100 rules (Allow and Disallow lines) in this file, and its limit is 2048: this is rule 2049"; len(ds) != 1 || !strings.HasPrefix(ds[0].Message.String(), want) {
		t.Errorf("2100 rules: %v, want a message starting %q", ds, want)
	}
	_, ds = rs052(t, "User-agent: *\n"+strings.Repeat("Allow: /"+strings.Repeat("b", 1100)+"\n", 3))
	if want := "3 rules are longer than 1024 characters, the limit of Yandex Webmaster; this one has 1101"; len(ds) != 1 || !strings.HasPrefix(ds[0].Message.String(), want) {
		t.Errorf("three long rules: %v, want a message starting %q", ds, want)
	}
}

// Rule: one RS052 finding per line, naming every reader that rejects the
// field with its reason, cost, source and date (testdata/readers.robots.txt).
func TestReadersOnePerLine(t *testing.T) {
	src, err := os.ReadFile("testdata/readers.robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	doc := syntax.Parse(src)
	type want struct {
		sev  diag.Severity
		says []string
		not  []string
	}
	wants := map[int]want{
		// Content-Signal: Lighthouse before 13.0.2 and Yandex; Search Console is RS048's
		3: {diag.Info, []string{"Lighthouse 12.x–13.0.1 rejects this line (`Unknown directive`), newer versions accept it",
			"Yandex Webmaster reports a warning on this line (`Unknown directive found`)", lighthouseSource, yandexSource}, []string{"Search Console"}},
		// Content-Usage: every Lighthouse version and Yandex
		4: {diag.Warning, []string{"Lighthouse 12.x–13.4.1 rejects this line (`Unknown directive`): the robots-txt audit fails: about −8 points of the SEO score",
			"; Yandex Webmaster reports a warning on this line (`Unknown directive found`)"}, nil},
		// Request-rate: Lighthouse knows it, Yandex does not
		5: {diag.Info, []string{"Yandex Webmaster reports a warning"}, []string{"Lighthouse"}},
	}
	seen := map[int]bool{}
	for _, d := range codesOf(Run(doc, Options{}), "RS052") {
		line := doc.LineAt(d.Span.Start)
		w, ok := wants[line]
		if !ok || seen[line] {
			t.Errorf("line %d: unexpected %s %q", line, d.Severity, d.Message.String())
			continue
		}
		seen[line] = true
		text := d.Message.String()
		if d.Severity != w.sev {
			t.Errorf("line %d: %s, want %s", line, d.Severity, w.sev)
		}
		for _, s := range w.says {
			if !strings.Contains(text, s) {
				t.Errorf("line %d: %q lacks %q", line, text, s)
			}
		}
		for _, s := range w.not {
			if strings.Contains(text, s) {
				t.Errorf("line %d: %q names %q", line, text, s)
			}
		}
	}
	for line := range wants {
		if !seen[line] {
			t.Errorf("line %d: no RS052", line)
		}
	}
}
