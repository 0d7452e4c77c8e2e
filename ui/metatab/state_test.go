package metatab

import (
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
)

// TestLanguageSwitchKeepsTheMetaTab: the tab rebuilt in Russian, then in
// Polish, from the State of the one before shows every field and choice
// the user made, and its labels in the new language.
func TestLanguageSwitchKeepsTheMetaTab(t *testing.T) {
	i18ntest.Speak(t, "en")
	tb := newTestTab(t, nil)
	b, a := tb.b, tb.a
	b.target.SetText("googlebot")
	b.checks["noindex"].SetChecked(true)
	b.checks["noarchive"].SetChecked(true)
	b.maxSnippet.SetText("50")
	b.maxVideo.SetText("-1")
	b.imagePreview.SetSelectedIndex(3) // large
	day := time.Date(2030, 12, 31, 0, 0, 0, 0, time.UTC)
	b.unavailable.SetDate(&day)
	b.files.SetText("report-*.docx")
	b.with1996.SetChecked(true)
	a.input.SetText("noindex, nofollow")
	a.headers.SetText("X-Robots-Tag: noarchive")
	a.url.SetText("https://example.com/a")
	a.with1996.SetChecked(true)
	tb.tabs.SelectIndex(1)
	meta := b.built.Meta
	x := &Tab{Content: tb.content, t: tb}

	for _, l := range []struct{ code, locale, build, notSet string }{
		{"ru", "ru_RU.UTF-8", "Конструктор", "не задано"},
		{"pl", "pl_PL.UTF-8", "Kreator", "nie ustawiono"},
	} {
		i18ntest.Speak(t, l.code)
		next := newTab(nil, nil, func() time.Time { return testNow })
		test.NewTempWindow(t, next.content)
		y := &Tab{Content: next.content, t: next}
		y.Restore(x.State())
		x = y
		b, a := next.b, next.a
		tabs := next.tabs
		if got := tabs.Items[0].Text; got != l.build {
			t.Errorf("%s: builder tab reads %q, want %q", l.code, got, l.build)
		}
		if got := b.imagePreview.Options[0]; got != l.notSet {
			t.Errorf("%s: image preview offers %q first, want %q", l.code, got, l.notSet)
		}
		if tabs.SelectedIndex() != 1 {
			t.Errorf("%s: the analyser is no longer shown", l.code)
		}
		if b.target.Text != "googlebot" || !b.checks["noindex"].Checked || !b.checks["noarchive"].Checked || b.checks["index"].Checked ||
			b.maxSnippet.Text != "50" || b.maxVideo.Text != "-1" || b.imagePreview.Selected != "large" ||
			b.unavailable.Date == nil || !b.unavailable.Date.Equal(day) || b.files.Text != "report-*.docx" || !b.with1996.Checked {
			t.Errorf("%s: builder lost the user's choices", l.code)
		}
		if b.built.Meta != meta {
			t.Errorf("%s: the tag reads %q, want %q", l.code, b.built.Meta, meta)
		}
		if a.input.Text != "noindex, nofollow" || a.headers.Text != "X-Robots-Tag: noarchive" || a.url.Text != "https://example.com/a" || !a.with1996.Checked {
			t.Errorf("%s: analyser lost its inputs", l.code)
		}
		if len(a.report.Sources) == 0 {
			t.Errorf("%s: the analysis was not shown again", l.code)
		}
	}
}
