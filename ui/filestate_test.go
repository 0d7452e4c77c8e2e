package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/robots-studio/robots-studio/ui/uitest"

	"github.com/robots-studio/robots-studio/tester/lint"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

func TestRecentFiles(t *testing.T) {
	a := uitest.NewApp(t)
	p := a.Preferences()
	for _, f := range []string{"/a", "/b", "/a", "/c"} {
		pushRecent(p, f)
	}
	got := recentFiles(p)
	if len(got) != 3 || got[0] != "/c" || got[1] != "/a" || got[2] != "/b" {
		t.Fatalf("recent = %v", got)
	}
	for i := 0; i < 20; i++ {
		pushRecent(p, filepath.Join("/f", string(rune('a'+i))))
	}
	if len(recentFiles(p)) != maxRecent {
		t.Fatalf("recent list must be capped at %d", maxRecent)
	}
}

func TestChangedSpanIsOneEdit(t *testing.T) {
	cases := []struct{ rule, a, b, want string }{
		{"a change in the middle", "User-agent: *\nDissallow: /x\n", "User-agent: *\nDisallow: /x\n", "[17,18) \"\""},
		{"several changes become one span", "aXbYc", "a1b2c", "[1,4) \"1b2\""},
		{"an insertion at the end", "ab", "abc", "[2,2) \"c\""},
		{"no change", "ab", "ab", "[2,2) \"\""},
	}
	for _, c := range cases {
		e := changedSpan([]byte(c.a), []byte(c.b))
		if got := fmt.Sprintf("[%d,%d) %q", e.Start, e.End, e.Text); got != c.want {
			t.Errorf("%s: %s, want %s", c.rule, got, c.want)
		}
		if out, _ := syntax.ApplyEdits([]byte(c.a), []lint.Edit{e}); string(out) != c.b {
			t.Errorf("%s: applying gives %q", c.rule, out)
		}
	}
}

func TestSetLanguageOverridesTheSystemLocale(t *testing.T) {
	t.Setenv("LANG", "en_US.UTF-8")
	t.Setenv("LC_ALL", "")
	os.Unsetenv("LC_ALL")
	// The system's locale is read at the first setLanguage of the process:
	// read it again here, where it is known (an earlier test may have made
	// the first call under its own LC_ALL), and as it was after.
	saved := systemEnv
	systemEnvOnce = sync.Once{}
	t.Cleanup(func() {
		systemEnv, systemEnvOnce = saved, sync.Once{}
		if saved != nil {
			systemEnvOnce.Do(func() {}) // read already, as before this test
		}
	})
	setLanguage("ru")
	if os.Getenv("LANGUAGE") != "ru" || os.Getenv("LC_ALL") != "ru_RU.UTF-8" {
		t.Fatal("language not applied")
	}
	setLanguage("")
	if _, set := os.LookupEnv("LC_ALL"); set {
		t.Fatal("system locale not restored")
	}
}
