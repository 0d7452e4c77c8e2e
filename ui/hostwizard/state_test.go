package hostwizard

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
)

var switches = []struct{ code, locale, mirrors, check string }{
	{"ru", "ru_RU.UTF-8", "1. Зеркала: все имена сайта и главное из них", "3. Проверка: что каждый робот может скачать на каждом имени"},
	{"pl", "pl_PL.UTF-8", "1. Lustra: wszystkie nazwy strony i ta główna", "3. Sprawdzenie: co każdy robot może pobrać pod każdą nazwą"},
}

// rebuilt is the wizard built again (in the language now loaded) from the
// State of x, as the window does on a language switch.
func (h *harness) rebuilt(t *testing.T, x *Wizard) *Wizard {
	y := New(test.NewTempWindow(t, nil), func() []byte { return h.doc }, nil, fakeTester)
	y.Restore(x.State())
	return y
}

// TestLanguageSwitchKeepsTheNames: names typed, the main one moved to the
// second row, the options set — all still there in Russian, then Polish.
func TestLanguageSwitchKeepsTheNames(t *testing.T) {
	h := newHarness(t, "")
	i18ntest.Speak(t, "en")
	x := &Wizard{w: h.w}
	n := h.w.names
	n.rows[0].entry.SetText("example.ru")
	n.rows[1].entry.SetText("https://www.example.ru")
	n.rows[1].main.SetChecked(true)
	n.addRow("пример.рф", false)
	n.server.SetSelectedIndex(1)
	n.allGroups.SetChecked(true)
	n.encDirs.SetText("/dos /koi")
	for _, l := range switches {
		i18ntest.Speak(t, l.code)
		x = h.rebuilt(t, x)
		n := x.w.names
		if got := x.w.title.Text; got != l.mirrors {
			t.Errorf("%s: title %q, want %q", l.code, got, l.mirrors)
		}
		var texts []string
		for _, r := range n.rows {
			texts = append(texts, r.entry.Text)
		}
		if len(n.rows) != 3 || texts[0] != "example.ru" || texts[1] != "https://www.example.ru" || texts[2] != "пример.рф" {
			t.Fatalf("%s: names %q", l.code, texts)
		}
		if n.rows[0].main.Checked || !n.rows[1].main.Checked || n.rows[2].main.Checked {
			t.Errorf("%s: the main name moved", l.code)
		}
		if n.rows[2].feedback.Text == "" {
			t.Errorf("%s: the IDN name is not validated again", l.code)
		}
		if n.server.SelectedIndex() != 1 || !n.allGroups.Checked || n.encDirs.Text != "/dos /koi" {
			t.Errorf("%s: options lost: server %d, all groups %v, dirs %q", l.code, n.server.SelectedIndex(), n.allGroups.Checked, n.encDirs.Text)
		}
		x.DocumentChanged() // the tab shown again: typed names are not replaced
		if n.rows[0].entry.Text != "example.ru" {
			t.Errorf("%s: showing the tab replaced the names", l.code)
		}
	}
}

// TestLanguageSwitchKeepsTheStep: on the Check step with the user's own
// crawlers and the classic strategy, the rebuilt wizard is on the same step
// with the same inputs and results.
func TestLanguageSwitchKeepsTheStep(t *testing.T) {
	h := newHarness(t, "User-agent: *\nDisallow: /private/\n")
	i18ntest.Speak(t, "en")
	x := &Wizard{w: h.w}
	h.w.names.rows[0].entry.SetText("https://www.example.ru")
	h.w.names.rows[1].entry.SetText("example.ru")
	h.w.forward()
	h.w.result.tabs.SelectIndex(2) // who honours what
	h.w.forward()
	if h.w.step != stepCheck {
		t.Fatalf("step %d, want the Check step", h.w.step)
	}
	h.w.check.crawlers.SetText("Yandex")
	h.w.check.paths.SetText("/ /private/x")
	h.w.check.strategy.SetSelectedIndex(1)
	rows := len(h.w.check.rows)
	for _, l := range switches {
		i18ntest.Speak(t, l.code)
		x = h.rebuilt(t, x)
		c := x.w.check
		if x.w.step != stepCheck || x.w.title.Text != l.check {
			t.Errorf("%s: step %d titled %q, want %q", l.code, x.w.step, x.w.title.Text, l.check)
		}
		if x.w.result.tabs.SelectedIndex() != 2 {
			t.Errorf("%s: the Result step shows tab %d", l.code, x.w.result.tabs.SelectedIndex())
		}
		if c.crawlers.Text != "Yandex" || c.paths.Text != "/ /private/x" || c.strategy.SelectedIndex() != 1 || len(c.rows) != rows || rows == 0 {
			t.Errorf("%s: check inputs %q %q strategy %d, %d rows (want %d)", l.code, c.crawlers.Text, c.paths.Text, c.strategy.SelectedIndex(), len(c.rows), rows)
		}
	}
}
