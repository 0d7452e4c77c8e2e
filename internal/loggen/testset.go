package loggen

import (
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/tester/testset"
)

// TestSet is crawlers × paths tester rows for a robots.txt (linkedin's for
// the window's speed test and the tour): the crawlers are real names, many
// with their own group in that file and many falling to `*`; the paths come
// from its Disallow rules, then /extra/N. With host set, every path is an
// absolute URL on it (https://www.linkedin.com), as a webmaster pastes them.
func TestSet(src []byte, crawlers, paths int, host string) *testset.Set {
	names := []string{"Googlebot", "YandexBot", "bingbot", "GPTBot", "Applebot", "DuckDuckBot", "Baiduspider", "Slurp",
		"Googlebot-Image", "YandexImages", "AdsBot-Google", "ClaudeBot", "CCBot", "facebookexternalhit", "Twitterbot",
		"PetalBot", "SemrushBot", "AhrefsBot", "MJ12bot", "Amazonbot"}
	set := testset.New()
	for i := range crawlers {
		name := names[i%len(names)]
		if i >= len(names) {
			name += "-" + strconv.Itoa(i/len(names))
		}
		set.Crawlers = append(set.Crawlers, name)
	}
	seen := map[string]bool{}
	for _, l := range strings.Split(string(src), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(l), "Disallow:"); ok && len(set.Paths) < paths {
			p := strings.ReplaceAll(strings.TrimSpace(v), "*", "x") + "page"
			if strings.HasPrefix(p, "/") && !seen[p] {
				seen[p] = true
				set.Paths = append(set.Paths, p)
			}
		}
	}
	for i := 0; len(set.Paths) < paths; i++ {
		set.Paths = append(set.Paths, "/extra/"+strconv.Itoa(i))
	}
	if host != "" {
		for i, p := range set.Paths {
			set.Paths[i] = host + p
		}
	}
	return set
}
