package metatab

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/metatag"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/ui/i18n"
	"github.com/robots-studio/robots-studio/ui/richmsg"
	"github.com/robots-studio/robots-studio/ui/textfit"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

var testNow = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

func newTestTab(t *testing.T, check func() metatag.RobotsCheck) *tab {
	t.Helper()
	uitest.NewApp(t)
	tb := newTab(nil, check, func() time.Time { return testNow })
	tb.win = test.NewTempWindow(t, tb.content)
	tb.win.Resize(fyne.NewSize(1100, 800))
	return tb
}

// texts joins the text of every label in c, one per line.
func texts(c *fyne.Container) string {
	var b strings.Builder
	for _, o := range c.Objects {
		switch x := o.(type) {
		case *widget.Label:
			b.WriteString(x.Text)
			b.WriteByte('\n')
		case *richmsg.Text: // a finding's or a reason's message, as given
			b.WriteString(x.Text)
			b.WriteByte('\n')
		case *fyne.Container: // a finding: its icon beside its label
			b.WriteString(texts(x))
		}
	}
	return b.String()
}

func TestNewIsBuildAndAnalyseTabs(t *testing.T) {
	uitest.NewApp(t)
	w := test.NewTempWindow(t, nil)
	keyed, ok := New(w, nil).Content.(*keys.Tabs)
	if !ok || len(keyed.Tabs.Items) != 2 {
		t.Fatalf("New should return two tabs, got %T", keyed)
	}
}

func TestBuilderOutputsFollowTheTicks(t *testing.T) {
	tb := newTestTab(t, nil)
	b := tb.b
	if b.meta.text.Text != "" || !b.meta.copy.Disabled() {
		t.Fatalf("nothing ticked should give no tag and a disabled copy button, got %q", b.meta.text.Text)
	}
	test.Tap(b.checks["noindex"])
	test.Tap(b.checks["nofollow"])
	for _, c := range []struct{ got, want string }{
		{b.meta.text.Text, `<meta name="robots" content="noindex, nofollow">`},
		{b.header.text.Text, `X-Robots-Tag: noindex, nofollow`},
		{b.apache.text.Text, `Header set X-Robots-Tag "noindex, nofollow"`},
		{b.nginx.text.Text, `add_header X-Robots-Tag "noindex, nofollow" always;`},
		{b.htaccess.text.Text, "<IfModule mod_headers.c>\n  <Files \"*.pdf\">\n    Header set X-Robots-Tag \"noindex, nofollow\"\n  </Files>\n</IfModule>"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	test.Tap(b.nginx.copy)
	if got := fyne.CurrentApp().Clipboard().Content(); got != `add_header X-Robots-Tag "noindex, nofollow" always;` {
		t.Errorf("copy put %q on the clipboard", got)
	}
	if b.files.Text != "*.pdf" {
		t.Errorf("the <Files> pattern must start filled in and in view, got %q", b.files.Text)
	}
	b.files.SetText("")
	if want := "<IfModule mod_headers.c>\n  Header set X-Robots-Tag \"noindex, nofollow\"\n</IfModule>"; b.htaccess.text.Text != want {
		t.Errorf("an emptied pattern: htaccess %q, want %q", b.htaccess.text.Text, want)
	}
	b.files.SetText("report-*.docx")
	if !strings.Contains(b.htaccess.text.Text, `<Files "report-*.docx">`) {
		t.Errorf("typed pattern not used: %q", b.htaccess.text.Text)
	}
}

// TestBuilderNo1996NotesUnlessAsked: modern directives get no "1996 robots
// skip it" note until the user asks for the 1996 reading.
func TestBuilderNo1996NotesUnlessAsked(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	tb := newTestTab(t, nil)
	b := tb.b
	for _, n := range []string{"noindex", "noarchive", "nosnippet", "notranslate"} {
		test.Tap(b.checks[n])
	}
	if got := texts(b.problems); strings.Contains(got, "1996") {
		t.Errorf("1996 notes without being asked:\n%s", got)
	}
	test.Tap(b.with1996)
	if got := texts(b.problems); !strings.Contains(got, "1996") {
		t.Errorf("asked for the 1996 reading, no note:\n%s", got)
	}
}

// TestBuilderContradictionNames1996OnlyWhenAsked: "all" with "none" is an
// error for today's crawlers; the 1996 rules are named only when ticked,
// and findings show their severity as an icon, not a raw "error:" prefix.
func TestBuilderContradictionNames1996OnlyWhenAsked(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	tb := newTestTab(t, nil)
	b := tb.b
	test.Tap(b.checks["all"])
	test.Tap(b.checks["none"])
	got := texts(b.problems)
	if !strings.Contains(got, "contradicts") || strings.Contains(got, "1996") {
		t.Errorf("without the 1996 reading:\n%s", got)
	}
	for _, raw := range []string{"error:", "info:", "warning:", "error [", "info ["} {
		if strings.Contains(got, raw) {
			t.Errorf("raw severity prefix %q:\n%s", raw, got)
		}
	}
	test.Tap(b.with1996)
	if got := texts(b.problems); !strings.Contains(got, "the 1996 rules forbid the pair") {
		t.Errorf("asked for the 1996 reading, the contradiction does not name it:\n%s", got)
	}
}

// TestSnippetsWrapBetweenWords: a long content value wraps after a comma,
// never inside a directive (the old layout showed "noarchiv" / "e").
func TestSnippetsWrapBetweenWords(t *testing.T) {
	tb := newTestTab(t, nil)
	b := tb.b
	for _, n := range checkNamesModern {
		test.Tap(b.checks[n])
	}
	test.Tap(b.checks["noindex"])
	tb.win.Content().Refresh()
	wrappedSome := false
	for _, o := range []output{b.meta, b.header, b.apache, b.nginx, b.htaccess} {
		whole := map[string]bool{}
		for _, f := range strings.Fields(o.text.Text) {
			whole[f] = true
		}
		lines := 0
		for _, obj := range test.LaidOutObjects(o.text) {
			txt, ok := obj.(*canvas.Text)
			if !ok || strings.TrimSpace(txt.Text) == "" {
				continue
			}
			lines++
			for _, f := range strings.Fields(txt.Text) {
				if !whole[f] {
					t.Errorf("a line of %q is cut inside a word: %q", o.text.Text, txt.Text)
				}
			}
		}
		wrappedSome = wrappedSome || lines > strings.Count(o.text.Text, "\n")+1
		if o.copy.Text == "" {
			t.Error("the copy button must say Copy")
		}
	}
	if !wrappedSome {
		t.Error("no snippet wrapped: the test proves nothing at this width")
	}
}

func TestBuilderTargetPrefixesTheHeader(t *testing.T) {
	tb := newTestTab(t, nil)
	b := tb.b
	b.target.SetText("googlebot")
	test.Tap(b.checks["nosnippet"])
	test.Type(b.maxVideo, "0")
	if got, want := b.meta.text.Text, `<meta name="googlebot" content="nosnippet, max-video-preview:0">`; got != want {
		t.Errorf("meta %q, want %q", got, want)
	}
	if got, want := b.header.text.Text, "X-Robots-Tag: googlebot: nosnippet, max-video-preview:0"; got != want {
		t.Errorf("header %q, want %q", got, want)
	}
}

func TestBuilderExplainsInvalidCombinations(t *testing.T) {
	cases := []struct {
		name  string
		ticks []string
		want  string
		error bool
	}{
		{"indexifembedded needs noindex", []string{"indexifembedded"}, "only together with noindex", false},
		{"all with noindex contradicts", []string{"all", "noindex"}, "contradicts", true},
		{"none with nofollow repeats: a warning for today's crawlers", []string{"none", "nofollow"}, "repeats", false},
		{"none with nofollow repeats: an error by the 1996 rules, when asked", []string{"none", "nofollow", "1996"}, "1996 rules", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tb := newTestTab(t, nil)
			for _, n := range tc.ticks {
				if n == "1996" {
					test.Tap(tb.b.with1996)
					continue
				}
				test.Tap(tb.b.checks[n])
			}
			got := texts(tb.b.problems)
			if !strings.Contains(got, tc.want) {
				t.Errorf("problems lack %q:\n%s", tc.want, got)
			}
			if tc.error != strings.Contains(got, "fix them before") {
				t.Errorf("error banner shown = %v, want %v:\n%s", !tc.error, tc.error, got)
			}
			if tb.b.meta.text.Text == "" {
				t.Error("the outputs must stay visible so the user sees what is wrong")
			}
		})
	}
}

func TestBuilderValuesAndDate(t *testing.T) {
	tb := newTestTab(t, nil)
	b := tb.b
	test.Type(b.maxSnippet, "abc")
	if !strings.Contains(texts(b.problems), "not a valid value for max-snippet") {
		t.Errorf("a bad number must be explained:\n%s", texts(b.problems))
	}
	b.maxSnippet.SetText("50")
	b.imagePreview.SetSelected("large")
	d := time.Date(2030, 12, 31, 0, 0, 0, 0, time.UTC)
	b.unavailable.SetDate(&d)
	want := `<meta name="robots" content="max-snippet:50, max-image-preview:large, unavailable_after: 2030-12-31">`
	if b.meta.text.Text != want {
		t.Errorf("meta %q, want %q", b.meta.text.Text, want)
	}
	if strings.Contains(texts(b.problems), "fix them before") {
		t.Errorf("valid values reported as errors:\n%s", texts(b.problems))
	}
}

const testPage = `<html><head>
<meta name="robots" content="noindex">
<meta name="googlebot" content="max-snippet:20">
<meta name="keywords" content="a, b">
</head><body><a href="/x" rel="nofollow">x</a></body></html>`

func TestAnalyserShowsPolicyPerCrawler(t *testing.T) {
	tb := newTestTab(t, nil)
	a := tb.a
	a.input.SetText(testPage)
	grid := texts(a.policies)
	if !strings.Contains(grid, "Googlebot\nno\nyes\nup to 20 characters\n") {
		t.Errorf("Googlebot row wrong:\n%s", grid)
	}
	if !strings.Contains(grid, "YandexBot\nno\nyes\nyes\nyes\n") {
		t.Errorf("YandexBot row wrong:\n%s", grid)
	}
	if !strings.Contains(a.summary.Text, "rel=nofollow 1") {
		t.Errorf("summary %q lacks the nofollow link count", a.summary.Text)
	}
	if !strings.Contains(texts(a.historical), "KEYWORDS") {
		t.Errorf("historical keywords tag not explained:\n%s", texts(a.historical))
	}
}

func TestAnalyserWarnsNoindexBehindDisallow(t *testing.T) {
	calls := 0
	check := func() metatag.RobotsCheck {
		calls++
		return func(crawler, url string) (bool, string) {
			return crawler != "Googlebot", "Disallow: /private/ (line 2)"
		}
	}
	tb := newTestTab(t, check)
	a := tb.a
	a.url.SetText("https://example.com/private/page.html")
	a.input.SetText(testPage)
	got := texts(a.findings)
	if !strings.Contains(got, "never sees the noindex") || !strings.Contains(got, "Disallow: /private/ (line 2)") {
		t.Errorf("findings lack the noindex-behind-Disallow error:\n%s", got)
	}
	if strings.Contains(got, "for YandexBot") {
		t.Errorf("YandexBot is allowed and must not be warned about:\n%s", got)
	}
	if calls == 0 {
		t.Error("the robots.txt check was never asked")
	}
}

func TestAnalyserTakesABareContentString(t *testing.T) {
	tb := newTestTab(t, nil)
	a := tb.a
	a.input.SetText("none, nofollow")
	if !strings.Contains(a.summary.Text, "2") {
		t.Errorf("summary %q should count 2 directives", a.summary.Text)
	}
	if got := texts(a.findings); strings.Contains(got, "1996") {
		t.Errorf("1996 notes without being asked:\n%s", got)
	}
	test.Tap(a.with1996)
	if !strings.Contains(texts(a.findings), "1996 rules forbid repeated") {
		t.Errorf("asked for the 1996 rules, findings lack their repeat error:\n%s", texts(a.findings))
	}
	a.input.SetText("")
	a.headers.SetText("X-Robots-Tag: googlebot: noindex")
	if !strings.Contains(texts(a.policies), "Googlebot\nno\n") {
		t.Errorf("headers alone should be analysed:\n%s", texts(a.policies))
	}
}

func TestAnalyserBigPageIsNamedNotShown(t *testing.T) {
	tb := newTestTab(t, nil)
	a := tb.a
	big := testPage + strings.Repeat("<p>filler</p>\n", maxShown/14+1)
	a.loadPage([]byte(big), "big.html")
	if a.input.Text != "" || !strings.Contains(a.source.Text, "big.html") {
		t.Errorf("big page should be named, not shown: entry %d bytes, label %q", len(a.input.Text), a.source.Text)
	}
	if !strings.Contains(texts(a.policies), "Googlebot\nno\n") {
		t.Errorf("big page not analysed:\n%s", texts(a.policies))
	}
	a.input.SetText("noindex")
	if a.page != nil || a.source.Text != "" {
		t.Error("typing should replace the opened page")
	}
}

// TestNoTextCut renders the builder (every directive ticked, the 1996
// reading on) and the analyser (a page with tags and a header) at 1280×800
// in English, Russian and Polish, and fails on any text the window cuts.
func TestNoTextCut(t *testing.T) {
	textfit.InEachLanguage(t, textfit.Options{}, func(t *testing.T, win fyne.Window, check func(string)) {
		tb := newTab(win, nil, func() time.Time { return testNow })
		win.SetContent(tb.content)
		check("builder, nothing ticked")
		for _, n := range append(append([]string{}, checkNames1996...), checkNamesModern...) {
			test.Tap(tb.b.checks[n])
		}
		test.Tap(tb.b.with1996)
		check("builder, everything ticked")
		tb.tabs.SelectIndex(1)
		tb.a.input.SetText(`<html><head><meta name="robots" content="noindex, nofollow"><meta name="googlebot" content="nosnippet"><meta name="keywords" content="a, b"></head><body><a href="/x" rel="nofollow">x</a></body></html>`)
		tb.a.headers.SetText("X-Robots-Tag: noarchive\n")
		check("analyser")
	})
}

// TestRedirectCountTakesPluralForm: the note on headers holding several
// responses uses the Russian plural form of its count, not "ответа(ов)".
func TestRedirectCountTakesPluralForm(t *testing.T) {
	t.Setenv("LANGUAGE", "ru")
	t.Setenv("LC_ALL", "ru_RU.UTF-8")
	tb := newTestTab(t, nil)
	i18n.Use()
	t.Cleanup(func() { msg.SetTranslator(nil) })
	var headers strings.Builder
	for range 4 {
		headers.WriteString("HTTP/1.1 301 Moved Permanently\nLocation: /next\n\n")
	}
	headers.WriteString("HTTP/1.1 200 OK\nX-Robots-Tag: noindex\n")
	tb.a.input.SetText("noindex")
	tb.a.headers.SetText(headers.String())
	got := texts(tb.a.findings)
	if !strings.Contains(got, "5 ответов") || strings.Contains(got, "(ов)") {
		t.Errorf("want the plural form «5 ответов»:\n%s", got)
	}
}

// TestEmptyDateIsNoError: unavailable_after turned red when merely tabbed
// through empty (Fyne's date entry parses "" as a date, and shows the
// error once the field has had the keyboard). Empty is "not set": no
// error; a date typed wrong is one, and emptying the field again takes it
// away.
func TestEmptyDateIsNoError(t *testing.T) {
	tb := newTestTab(t, nil)
	d := tb.b.unavailable
	c := tb.win.Canvas()
	test.WidgetRenderer(d) // drawn, as in the window: the date entry sets its validator then
	c.Focus(d)
	c.Unfocus()
	if err := d.Validate(); err != nil {
		t.Errorf("tabbed through empty: %v", err)
	}
	c.Focus(d)
	test.Type(d, "2030-13")
	c.Unfocus()
	if err := d.Validate(); err == nil {
		t.Error("a wrong date typed: no error")
	}
	c.Focus(d)
	d.SetText(" ")
	c.Unfocus()
	if err := d.Validate(); err != nil {
		t.Errorf("emptied again: %v", err)
	}
}
