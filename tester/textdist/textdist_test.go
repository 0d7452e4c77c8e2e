package textdist

import (
	"strings"
	"testing"
)

func TestLevenshtein(t *testing.T) {
	cases := []struct {
		a, b string
		want int
	}{
		{"disallow", "disallow", 0},
		{"dissallow", "disallow", 1},
		{"dsallow", "disallow", 1},
		{"noindx", "noindex", 1},
		{"nofolow", "nofollow", 1},
		{"", "abc", 3},
		{"crawl-delay", "crawldelay", 1},
		{strings.Repeat("a", 65), "a", 64},
	}
	for _, c := range cases {
		if got := Levenshtein(c.a, c.b); got != c.want {
			t.Errorf("Levenshtein(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
