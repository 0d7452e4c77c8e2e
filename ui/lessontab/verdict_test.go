package lessontab

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/ui/i18n/i18ntest"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestVerdictDrawsCodeWithoutBackticks: the verdict line under a revealed
// question draws the rule the engine quotes in the code font, without the
// backticks, in every language; the text told to presenter mode keeps them.
func TestVerdictDrawsCodeWithoutBackticks(t *testing.T) {
	for _, lg := range []string{"en", "ru", "pl"} {
		tab, _ := newTestTab(t)
		i18ntest.Speak(t, lg)
		var told string
		tab.host.OnExplain = func(s string) { told = s }
		tab.quiz.build()
		tab.Predict(0, answerBlocked)
		rt := tab.quiz.rows[0].verdict.Objects[0].(*widget.RichText)
		shown := strings.Join(uitest.Rows(rt), " ")
		if strings.Contains(shown, "`") || !strings.Contains(shown, "Disallow: /private/") {
			t.Errorf("%s: the verdict line draws %q", lg, shown)
		}
		if !uitest.InCode(rt.Segments, "Disallow: /private/") {
			t.Errorf("%s: Disallow: /private/ is not drawn in the code font", lg)
		}
		tab.showQuestion(0)
		if !strings.Contains(told, "`Disallow: /private/`") {
			t.Errorf("%s: presenter mode is told %q", lg, told)
		}
	}
}
