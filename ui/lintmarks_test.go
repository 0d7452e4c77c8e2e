package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/ui/i18n"
)

// editorTip is what the editor draws when the pointer rests at p and not
// before: the mark's tip, one canvas.Text per piece of one style.
func editorTip(s *studio, p fyne.Position) []*canvas.Text {
	r := test.WidgetRenderer(s.ed)
	r.Refresh()
	before := map[fyne.CanvasObject]bool{}
	for _, o := range r.Objects() {
		before[o] = true
	}
	ev := &desktop.MouseEvent{}
	ev.Position = p
	s.ed.MouseMoved(ev)
	r.Refresh()
	var out []*canvas.Text
	for _, o := range r.Objects() {
		if tx, ok := o.(*canvas.Text); ok && !before[o] && tx.Text != "" {
			out = append(out, tx)
		}
	}
	s.ed.MouseOut()
	return out
}

// TestEditorLintTipDrawsCode: a lint finding's hover tip in the editor
// draws the robots.txt text the finding quotes in the code font, without
// the backticks, in every language.
func TestEditorLintTipDrawsCode(t *testing.T) {
	defer i18n.UseIn("en")
	s := newTestStudio(t)
	s.openPath(writeFile(t, "robots.txt", []byte("User-agent: Twitterbot/1.0\nDisallow: /a\n")))
	for _, l := range []string{"en", "ru", "pl"} {
		i18n.UseIn(l)
		s.documentChanged()
		tip := editorTip(s, fyne.NewPos(2, 4)) // the gutter of line 1: its findings
		if len(tip) == 0 {
			t.Fatalf("%s: no tip over line 1's finding", l)
		}
		var text strings.Builder
		code := false
		for _, tx := range tip {
			text.WriteString(tx.Text)
			if strings.Contains(tx.Text, "`") {
				t.Errorf("%s: the tip draws a backtick: %q", l, tx.Text)
			}
			if tx.TextStyle.Monospace && strings.Contains(tx.Text, "Twitterbot/1.0") {
				code = true
			}
		}
		if !code {
			t.Errorf("%s: the tip %q does not draw Twitterbot/1.0 in the code font", l, text.String())
		}
	}
}
