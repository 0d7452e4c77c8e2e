package lessontab

import (
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/ui/uitest"
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
