package history

import (
	"fmt"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/engine"
)

// TestGradeHarmlessExactlyWhenNoReadingDiffers: a change is harmless when
// no reading of the engine registry (the libraries' too) answers a path or
// gives a Crawl-delay differently; where order matters to some reading the
// change is not harmless and those readings are named.
func TestGradeHarmlessExactlyWhenNoReadingDiffers(t *testing.T) {
	const sitemap = "Sitemap: https://example.com/s.xml\n"
	for _, c := range []struct {
		rule     string
		old, new string
		readings []string // engine ids for which it matters; nil: harmless
	}{
		// Harmless: every reading answers alike.
		{"a Sitemap line moved above the `*` group", "User-agent: *\nDisallow: /a\n" + sitemap, sitemap + "User-agent: *\nDisallow: /a\n", nil},
		{"a Sitemap line moved among the rules of a group", "User-agent: *\nDisallow: /a\nDisallow: /b\n" + sitemap, "User-agent: *\nDisallow: /a\n" + sitemap + "Disallow: /b\n", nil},
		{"groups for different crawlers swapped", "User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /s\n", "User-agent: *\nDisallow: /s\n\nUser-agent: Googlebot\nDisallow: /g\n", nil},
		{"groups for two named crawlers swapped", "User-agent: Googlebot\nDisallow: /g\n\nUser-agent: bingbot\nDisallow: /b\n", "User-agent: bingbot\nDisallow: /b\n\nUser-agent: Googlebot\nDisallow: /g\n", nil},
		{"rules that never meet reordered", "User-agent: *\nDisallow: /a\nDisallow: /b\n", "User-agent: *\nDisallow: /b\nDisallow: /a\n", nil},
		{"comments, blank lines at the end, spacing, case of field names", "User-agent: *\nDisallow: /a\n", "# tidied\nuser-agent:*\nDISALLOW:   /a  # old\n\n\n", nil},
		{"line ends changed", "User-agent: *\nDisallow: /a\n", "User-agent: *\r\nDisallow: /a\r\n", nil},
		{"a rule repeated", "User-agent: *\nDisallow: /a\n", "User-agent: *\nDisallow: /a\nDisallow: /a\n", nil},
		{"a Crawl-delay moved within its group", "User-agent: *\nCrawl-delay: 5\nDisallow: /a\n", "User-agent: *\nDisallow: /a\nCrawl-delay: 5\n", nil},
		{"an unread field repeated in another case", "User-agent: *\nDisallow: /a\nNoindex: /b\n", "User-agent: *\nnoindex: /b\nNoindex: /b\nDisallow: /a\n", nil},

		// Not harmless: order or layout matters to some readings.
		{"Allow and Disallow reordered: first-match readings", "User-agent: *\nDisallow: /a\nAllow: /a/b\n", "User-agent: *\nAllow: /a/b\nDisallow: /a\n",
			[]string{"draft1996", "urllib"}},
		{"Allow and Disallow as long reordered: first-match and first-of-equal readings", "User-agent: *\nDisallow: /a\nAllow: /a\n", "User-agent: *\nAllow: /a\nDisallow: /a\n",
			[]string{"draft1996", "temoto", "urllib"}},
		{"two groups for one crawler swapped: first-group readings", "User-agent: ExampleBot\nDisallow: /x\n\nUser-agent: ExampleBot\nDisallow: /y\n", "User-agent: ExampleBot\nDisallow: /y\n\nUser-agent: ExampleBot\nDisallow: /x\n",
			[]string{"draft1996", "lycos1996", "original1994", "urllib"}},
		{"Googlebot and Googlebot-Image groups swapped: substring readings take the first", "User-agent: Googlebot\nDisallow: /g\n\nUser-agent: Googlebot-Image\nDisallow: /i\n", "User-agent: Googlebot-Image\nDisallow: /i\n\nUser-agent: Googlebot\nDisallow: /g\n",
			[]string{"draft1996", "lycos1996", "original1994", "urllib"}},
		{"a Sitemap line moved between User-agent lines: readings where it ends the group", "User-agent: ExampleBot\nUser-agent: OtherBot\nDisallow: /x\n" + sitemap, "User-agent: ExampleBot\n" + sitemap + "User-agent: OtherBot\nDisallow: /x\n",
			[]string{"draft1996", "protego", "robots-parser"}},
		{"a blank line between User-agent and its rules: blank-line records", "User-agent: *\nDisallow: /a\n", "User-agent: *\n\nDisallow: /a\n",
			[]string{"draft1996", "lycos1996", "original1994", "urllib"}},
		{"a Crawl-delay changed: the readings that honour it", "User-agent: *\nCrawl-delay: 5\nDisallow: /a\n", "User-agent: *\nDisallow: /a\nCrawl-delay: 10\n",
			[]string{"bing", "temoto", "urllib", "protego", "robots-parser"}},
	} {
		t.Run(c.rule, func(t *testing.T) {
			fs := Grade(Change{Old: ver(200), New: ver(200), OldBody: []byte(c.old), NewBody: []byte(c.new)}, GradeOptions{})
			var all []string
			for _, f := range fs {
				all = append(all, fmt.Sprintf("%s %s: %s", f.Severity, f.Code, f.Text))
			}
			if c.readings == nil {
				if len(fs) != 1 || fs[0].Code != "harmless" {
					t.Errorf("want harmless alone, got\n%s", strings.Join(all, "\n"))
				}
				return
			}
			var names []string
			for _, id := range c.readings {
				names = append(names, engine.NameOf(id).String())
			}
			want := "not harmless for " + engine.JoinNames(names) + ":"
			if len(fs) != 1 || fs[0].Code != "readings" || !strings.Contains(fs[0].Text.String(), want) {
				t.Errorf("want one readings finding with %q, got\n%s", want, strings.Join(all, "\n"))
			}
		})
	}
}

// TestGradeNamesTheGroupOfOtherFields: a change only crawlers reading a
// field act on is said with its group named, the lines before the first
// User-agent line in words, not as "-".
func TestGradeNamesTheGroupOfOtherFields(t *testing.T) {
	for _, c := range []struct {
		rule, old, new, want string
	}{
		{"before any User-agent line", "Clean-param: ref /a\nUser-agent: *\nDisallow: /x\n", "Clean-param: utm /a\nUser-agent: *\nDisallow: /x\n",
			"lines changed before the first User-agent line: − Clean-param: ref /a; + Clean-param: utm /a;"},
		{"in a group, by its names", "User-agent: GPTBot\nUser-agent: *\nContent-Signal: ai-train=no\nDisallow: /x\n", "User-agent: *\nUser-agent: GPTBot\nDisallow: /x\nContent-Signal: ai-train=yes\n",
			"lines changed in the group of `*, gptbot`: − Content-Signal: ai-train=no; + Content-Signal: ai-train=yes;"},
	} {
		t.Run(c.rule, func(t *testing.T) {
			fs := Grade(Change{Old: ver(200), New: ver(200), OldBody: []byte(c.old), NewBody: []byte(c.new)}, GradeOptions{})
			if len(fs) != 1 || fs[0].Code != "fields" || !strings.Contains(fs[0].Text.String(), c.want) {
				t.Errorf("want one fields finding with %q, got %v", c.want, fs)
			}
		})
	}
}

// TestGradeHarmlessSaysHowManyPathsWereChecked: on a file deriving more
// paths than maxReadingPairs allows, harmless says how many were asked.
func TestGradeHarmlessSaysHowManyPathsWereChecked(t *testing.T) {
	var rules strings.Builder
	for i := range 200 {
		fmt.Fprintf(&rules, "Disallow: /p%d\n", i)
	}
	const sitemap = "Sitemap: https://example.com/s.xml\n"
	old := "User-agent: *\n" + rules.String() + sitemap
	fs := Grade(Change{Old: ver(200), New: ver(200), OldBody: []byte(old), NewBody: []byte(sitemap + "User-agent: *\n" + rules.String())}, GradeOptions{})
	if len(fs) != 1 || fs[0].Code != "harmless" || !strings.Contains(fs[0].Text.String(), "on the 512 of ") {
		t.Errorf("want harmless on 512 paths, got %v", fs)
	}
}
