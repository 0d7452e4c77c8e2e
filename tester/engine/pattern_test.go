package engine

import (
	"strings"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/testenv"
)

func TestRFCNormalize(t *testing.T) {
	cases := []struct {
		in        string
		isPattern bool
		want      string
	}{
		{"/%7ejoe", false, "/~joe"},
		{"/a%2fb", false, "/a%2Fb"},
		{"/ツ", false, "/%E3%83%84"},
		{"/a*b$", false, "/a%2Ab%24"},
		{"/a*b$", true, "/a*b$"},
		{"/a$b", true, "/a%24b"},
		{"/%41", true, "/A"},
		{"/p?u=https://h/x?y@z", false, "/p?u=https%3A%2F%2Fh%2Fx?y%40z"},
		{"/e:f@g", false, "/e%3Af%40g"},
		{"/p?u=https%3a//h", true, "/p?u=https%3A%2F%2Fh"},
	}
	for _, c := range cases {
		if got := rfcNormalize(c.in, c.isPattern); got != c.want {
			t.Errorf("rfcNormalize(%q, %v) = %q, want %q", c.in, c.isPattern, got, c.want)
		}
	}
}

func TestPatternMatch(t *testing.T) {
	cases := []struct {
		pattern, path string
		want          bool
	}{
		{"/a", "/a", true}, {"/a", "/ab", true}, {"/a", "/", false},
		{"/a$", "/a", true}, {"/a$", "/ab", false},
		{"/*.php$", "/x/y.php", true}, {"/*.php$", "/x/y.php5", false}, {"/*.php$", "/x.php/y.php", true},
		{"/a*b*c", "/abc", true}, {"/a*b*c", "/aXbYc", true}, {"/a*b*c", "/acb", false},
		{"*", "/anything", true}, {"/**a", "/xa", true}, {"/*$", "/", true},
		{"/a*a$", "/aa", true}, {"/a*a$", "/a", false}, {"/ab*ab$", "/abab", true}, {"/ab*ab$", "/aba", false},
		{"$", "/", false}, {"", "/x", true},
	}
	for _, c := range cases {
		p := compilePattern(c.pattern, true)
		if got := p.match(c.path); got != c.want {
			t.Errorf("%q on %q = %v, want %v", c.pattern, c.path, got, c.want)
		}
	}
	literal := compilePattern("/a*b$", false)
	if !literal.match("/a*b$x") || literal.match("/aXb") {
		t.Error("without wildcards * and $ must be literal")
	}
}

// TestPatternHasNoBacktracking: 100 stars against a 4 KB path that almost
// matches would take exponential time with a backtracking matcher.
func TestPatternHasNoBacktracking(t *testing.T) {
	pat := "/" + strings.Repeat("a*", 100) + "b$"
	path := "/" + strings.Repeat("a", 4096)
	p := compilePattern(pat, true)
	took := testenv.Elapsed()
	for i := 0; i < 100; i++ {
		if p.match(path) {
			t.Fatal("must not match: there is no b")
		}
	}
	if d := took(); d > testenv.Budget(2*time.Second) {
		t.Fatalf("100 matches took %v", d)
	}
}

func BenchmarkPatternManyStars(b *testing.B) {
	p := compilePattern("/"+strings.Repeat("a*", 100)+"b$", true)
	path := "/" + strings.Repeat("a", 4096)
	for i := 0; i < b.N; i++ {
		p.match(path)
	}
}
