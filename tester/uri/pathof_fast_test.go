package uri

import "testing"

// FuzzPathOfShortcut: PathOf's shortcut for input that is already a path
// gives what the general reading gives.
func FuzzPathOfShortcut(f *testing.F) {
	for _, s := range []string{"/", "/a", "/a#b", "/a?x=https://b.c/d", "/;x", "/a//b", "/#", "/a?b#c;d", "/x://y", "/é?ü#"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := PathOf(s), pathOfURL(s); got != want {
			t.Errorf("PathOf(%q) = %q, the general reading says %q", s, got, want)
		}
	})
}
