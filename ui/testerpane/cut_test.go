package testerpane

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCutMiddle(t *testing.T) {
	for _, c := range []struct {
		rule, path string
		chars      int // the column holds this many characters
		want       string
	}{
		{"a path that fits is whole", "/learning/course-12", 30, "/learning/course-12"},
		{"the first folder and the last part stay, the middle goes", "/learning/paths/web/2024/course-12", 24, "/learning/…/course-12"},
		{"more room keeps more of the end first", "/learning/paths/web/2024/course-12", 29, "/learning/…/2024/course-12"},
		{"the end grows first, segment by segment", "/learning/paths/web/2024/course-12", 32, "/learning/…/web/2024/course-12"},
		{"the start grows when the end cannot", "/a/b/very-long-segment-name/x", 10, "/a/b/…/x"},
		{"a query stays with the last part", "/jobs/search/results?keywords=go&page=4", 34, "/jobs/…/results?keywords=go&page=4"},
		{"no room for two segments: characters from both sides, twice as many from the end", "/abcdefghijklmnopqrstuvwxyz/0123456789", 16, "/abcd…0123456789"},
		{"one segment is cut by characters", "/abcdefghijklmnopqrstuvwxyz0123456789", 10, "/ab…456789"},
	} {
		t.Run(c.rule, func(t *testing.T) {
			got := CutMiddle(c.path, func(s string) bool { return utf8.RuneCountInString(s) <= c.chars })
			if got != c.want {
				t.Errorf("CutMiddle(%q, %d chars) = %q, want %q", c.path, c.chars, got, c.want)
			}
			if utf8.RuneCountInString(got) > c.chars {
				t.Errorf("%q is wider than %d characters", got, c.chars)
			}
		})
	}
}

// TestCutMiddleMeasuresLittle: a long path is cut with a few measurements,
// not one per character (a 4 KiB path took minutes of the UI goroutine).
func TestCutMiddleMeasuresLittle(t *testing.T) {
	long := "/" + strings.Repeat("a", 4096)
	n := 0
	got := CutMiddle(long, func(s string) bool { n++; return utf8.RuneCountInString(s) <= 30 })
	if utf8.RuneCountInString(got) != 30 {
		t.Errorf("cut to %d characters, want 30", utf8.RuneCountInString(got))
	}
	if n > 20 {
		t.Errorf("%d measurements for one path", n)
	}
}
