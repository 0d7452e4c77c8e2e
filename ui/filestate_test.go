package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/ui/i18n"
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
	// The system says English. On Windows the process cannot change what
	// the system says (lang reads the user's locale from Windows, not the
	// environment), so the choice must not go through the environment.
	t.Setenv("LANGUAGE", "en")
	t.Setenv("LC_ALL", "en_US.UTF-8")
	t.Cleanup(func() { setLanguage(""); i18n.UseIn("en") })
	for _, code := range []string{"ru", "pl"} {
		setLanguage(code)
		if got := lang.X("i18n.language", "en"); got != code {
			t.Fatalf("after setLanguage(%q) the window speaks %q", code, got)
		}
		if os.Getenv("LANGUAGE") != "en" || os.Getenv("LC_ALL") != "en_US.UTF-8" {
			t.Fatalf("setLanguage(%q) changed the environment", code)
		}
	}
	setLanguage("")
	if got := lang.X("i18n.language", "en"); got != "en" {
		t.Fatalf("after setLanguage(\"\") the window speaks %q, not the system's English", got)
	}
}
