package lessontab

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestAuthorTextIsMarkdown: a question, an explanation, a task or a hint
// quotes robots.txt lines as `code`; the reader sees the line, not the
// backticks, and a lone * keeps single spaces around it.
func TestAuthorTextIsMarkdown(t *testing.T) {
	uitest.NewApp(t)
	for _, c := range []struct{ md, want string }{
		{"Add `Disallow: /tmp/` to the `*` record.", "Add Disallow: /tmp/ to the * record."},
		{"The * record needs Disallow: /tmp/.", "The * record needs Disallow: /tmp/."},
		{"В записи `User-agent: Yandex` нет `Allow`.", "В записи User-agent: Yandex нет Allow."},
	} {
		p := newProse(c.md)
		if got := p.Shown(); got != c.want {
			t.Errorf("%q shows as %q, want %q", c.md, got, c.want)
		}
		if strings.Contains(p.Shown(), "`") {
			t.Errorf("%q shows backticks", c.md)
		}
	}
}

// TestProseDrawsItsNewText: a prose shown in a window and given another
// text (the next exercise's task) draws the new one.
func TestProseDrawsItsNewText(t *testing.T) {
	uitest.NewApp(t)
	p := newProse("first task")
	w := test.NewWindow(p)
	defer w.Close()
	w.Resize(fyne.NewSize(400, 100))
	if got := uitest.Rows(p); strings.Join(got, " ") != "first task" {
		t.Fatalf("the window draws %q at first", got)
	}
	p.SetText("second `task`")
	if got := uitest.Rows(p); strings.Join(got, "") != "second task" {
		t.Errorf("the window draws %q after SetText", got)
	}
}
