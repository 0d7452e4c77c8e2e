package aitab

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
)

// TestLanguageSwitchKeepsTheAITab: the paths asked about and a custom policy
// (purposes, refused and admitted crawlers) survive Russian, then Polish;
// the stance is kept by its place although its name is translated.
func TestLanguageSwitchKeepsTheAITab(t *testing.T) {
	x, text := newTestTab(t, "User-agent: *\nDisallow: /private/\n")
	i18ntest.Speak(t, "en")
	x.paths.SetText("/blog/ /private/")
	x.stance.SetSelected(x.stance.Options[3]) // custom
	x.purposes[catalogue.AITraining].SetChecked(true)
	x.purposes[catalogue.Archive].SetChecked(true)
	x.refuse.SetText("Bytespider")
	x.admit.SetText("GPTBot")
	preview := rules(x.preview)
	for _, l := range []struct{ code, locale, title, custom string }{
		{"ru", "ru_RU.UTF-8", "Конструктор политики для ИИ", aiaccess.StanceName(aiaccess.Custom).String()},
		{"pl", "pl_PL.UTF-8", "Kreator polityki AI", aiaccess.StanceName(aiaccess.Custom).String()},
	} {
		i18ntest.Speak(t, l.code)
		y := New(func() *syntax.Document { return syntax.Parse(*text) }, func([]aiaccess.Edit) error { return nil })
		test.NewTempWindow(t, y.Content)
		y.Restore(x.State())
		x = y
		if !hasLabel(x.Content, l.title) {
			t.Errorf("%s: no %q in the tab", l.code, l.title)
		}
		if x.paths.Text != "/blog/ /private/" || x.refuse.Text != "Bytespider" || x.admit.Text != "GPTBot" ||
			!x.purposes[catalogue.AITraining].Checked || !x.purposes[catalogue.Archive].Checked || x.purposes[catalogue.Search].Checked {
			t.Errorf("%s: the builder lost the user's choices", l.code)
		}
		if x.stance.Selected != x.stance.Options[3] || !x.custom.Visible() {
			t.Errorf("%s: stance %q, want the custom one", l.code, x.stance.Selected)
		}
		if got := rules(x.preview); got != preview || preview == "" {
			t.Errorf("%s: lines to add\n%s\nwant\n%s", l.code, got, preview)
		}
	}
}

// hasLabel reports whether a label or button under o reads text.
func hasLabel(o fyne.CanvasObject, text string) bool {
	for _, c := range test.LaidOutObjects(o) {
		switch w := c.(type) {
		case *widget.Label:
			if w.Text == text {
				return true
			}
		case *widget.Button:
			if w.Text == text {
				return true
			}
		}
	}
	return false
}

// rules are the lines to add without their comments (which are in the
// language shown).
func rules(text string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "#") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
