package uri

import "testing"

// FuzzPathOfShortcut: PathOf's shortcuts for input that is already a path
// and for http and https URLs give what the general reading gives.
func FuzzPathOfShortcut(f *testing.F) {
	for _, s := range []string{"/", "/a", "/a#b", "/a?x=https://b.c/d", "/;x", "/a//b", "/#", "/a?b#c;d", "/x://y", "/é?ü#",
		"https://h/p?q#f", "http://h", "https://", "http://#x/y", "https://h?x=/y", "https://h;p/q", "http://a#b?c/d", "https://h/a#"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := PathOf(s), pathOfURL(s); got != want {
			t.Errorf("PathOf(%q) = %q, the general reading says %q", s, got, want)
		}
	})
}
