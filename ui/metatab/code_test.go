package metatab

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/metatag"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/ui/richmsg"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// messages are the richmsg texts in c and the containers in it.
func messages(c *fyne.Container) []*richmsg.Text {
	var out []*richmsg.Text
	for _, o := range c.Objects {
		switch x := o.(type) {
		case *richmsg.Text:
			out = append(out, x)
		case *fyne.Container:
			out = append(out, messages(x)...)
		}
	}
	return out
}

// TestAnalyserDrawsTheBlockingRuleAsCode: a page whose URL the robots.txt
// in the editor blocks is explained with the engine's verdict; its finding
// (an error: the noindex is never seen) and the crawler's reason draw the
// rule in the code font without the backticks, the finding in the error
// colour.
func TestAnalyserDrawsTheBlockingRuleAsCode(t *testing.T) {
	doc := syntax.Parse([]byte("User-agent: *\nDisallow: /private/\n"))
	tb := newTestTab(t, func() metatag.RobotsCheck { return metatag.RobotsFromDocument(doc) })
	a := tb.a
	a.url.SetText("https://example.com/private/page.html")
	a.input.SetText(testPage)
	for _, part := range []struct {
		name string
		box  *fyne.Container
	}{{"finding", a.findings}, {"reason", a.reasons}} {
		seen := 0
		for _, m := range messages(part.box) {
			if !strings.Contains(m.Text, "`Disallow: /private/`") {
				continue
			}
			seen++
			if shown := strings.Join(uitest.Rows(m), " "); strings.Contains(shown, "`") {
				t.Errorf("a %s draws %q", part.name, shown)
			}
			if !uitest.InCode(m.Segments, "Disallow: /private/") {
				t.Errorf("a %s does not draw the rule in the code font: %q", part.name, m.Text)
			}
			if part.name == "finding" && strings.Contains(m.Text, "never sees the noindex") {
				for _, sg := range m.Segments {
					if ts, ok := sg.(*widget.TextSegment); ok && ts.Style.Inline && ts.Style.ColorName != theme.ColorNameError {
						t.Errorf("the error finding's %q is drawn in %q", ts.Text, ts.Style.ColorName)
					}
				}
			}
		}
		if seen == 0 {
			t.Errorf("no %s quotes the blocking rule", part.name)
		}
	}
}
