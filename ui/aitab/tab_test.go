package aitab

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/assets"
	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/ui/look"
	"github.com/robots-studio/robots-studio/ui/richmsg"
	"github.com/robots-studio/robots-studio/ui/textfit"
	"github.com/robots-studio/robots-studio/ui/uitest"
)

func newTestTab(t *testing.T, src string) (*Tab, *[]byte) {
	t.Helper()
	uitest.NewApp(t)
	// The assertions read English: pin the locale, or a Polish or Russian
	// LANG makes them fail.
	t.Setenv("LC_ALL", "en_US.UTF-8")
	if err := lang.AddTranslationsFS(assets.Translations, assets.TranslationsDir); err != nil {
		t.Fatal(err)
	}
	text := []byte(src)
	tab := New(func() *syntax.Document { return syntax.Parse(text) }, func(edits []aiaccess.Edit) error {
		out, err := syntax.ApplyEdits(text, edits)
		if err != nil {
			t.Fatal(err)
		}
		text = out
		return nil
	})
	w := test.NewTempWindow(t, tab.Content)
	w.Resize(fyne.NewSize(1200, 800))
	return tab, &text
}

// labels is the text of the labels and rich texts in c, a line each.
func labels(c *fyne.Container) string {
	var out []string
	for _, o := range c.Objects {
		switch l := o.(type) {
		case *widget.Label:
			out = append(out, l.Text)
		case *widget.RichText:
			out = append(out, l.String())
		case *richmsg.Text:
			out = append(out, l.Shown())
		}
	}
	return strings.Join(out, "\n")
}

func TestAccessView(t *testing.T) {
	tab, _ := newTestTab(t, "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nContent-Signal: ai-train=no\nDisallow: /private/\n")
	test.Type(tab.paths, "/private/x")
	tab.paths.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	got := tab.report.text()
	for _, r := range tab.report.rows {
		mark, _, _ := strings.Cut(r.String(), " ")
		want := map[string]fyne.ThemeColorName{"✔": look.ColorNameAllowed, "✖": look.ColorNameBlocked}[mark]
		if c := r.segs[0].(*widget.TextSegment).Style.ColorName; want != "" && c != want {
			t.Errorf("%q coloured %q, want the theme's %q", r.String(), c, want)
		}
	}
	for _, want := range []string{
		"✖ GPTBot (OpenAI) · obeys robots.txt · RFC 9309 — / blocked (line 2); /private/x blocked (line 2)",
		"✔ ClaudeBot (Anthropic) · obeys robots.txt · RFC 9309 — / allowed, asks: no AI training (line 5); /private/x blocked (line 6)",
		"5: Content-Signal: ai-train=no  (group at line 4)",
		"ChatGPT-User (OpenAI): fetches when a user asks",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q", want)
		}
	}
}

// TestBuilderInsertsOneStepAndEnginesAgree: the builder's edits go in with
// one apply call, and afterwards the engines give the stance.
func TestBuilderInsertsOneStepAndEnginesAgree(t *testing.T) {
	tab, text := newTestTab(t, "User-agent: GPT-Bot\nDisallow: /\n")
	tab.stance.SetSelected(aiaccess.StanceName(aiaccess.NoAI).String())
	// The warning quotes the crawler's name as code: drawn in the code
	// font, without the backticks.
	if got := warningsShown(tab); !strings.Contains(got, "if GPTBot was meant") || strings.Contains(got, "`") {
		t.Errorf("warnings: %s", got)
	}
	code := false
	for _, r := range tab.warnings.rows {
		if uitest.InCode(r.segs, "GPTBot") {
			code = true
		}
	}
	if !code {
		t.Error("the warning does not draw GPTBot in the code font")
	}
	if !strings.Contains(tab.preview, "User-agent: PerplexityBot") {
		t.Errorf("preview: %s", tab.preview)
	}
	calls := 0
	apply := tab.apply
	tab.apply = func(e []aiaccess.Edit) error { calls++; return apply(e) }
	test.Tap(tab.insert)
	if calls != 1 {
		t.Errorf("%d apply calls, want one undo step", calls)
	}
	doc := syntax.Parse(*text)
	for _, id := range []string{"google", "rfc9309", "bing"} {
		e, _ := engine.Get(id)
		c := e.Compile(doc)
		if c.Query("PerplexityBot", "/").Allowed || !c.Query("Googlebot", "/").Allowed {
			t.Errorf("%s: PerplexityBot must be refused and Googlebot let in\n%s", id, *text)
		}
	}
}

func TestCustomStanceShowsPurposes(t *testing.T) {
	tab, _ := newTestTab(t, "")
	if tab.custom.Visible() {
		t.Error("purpose choices shown for a ready-made stance")
	}
	tab.stance.SetSelected(aiaccess.StanceName(aiaccess.Custom).String())
	if !tab.custom.Visible() {
		t.Fatal("purpose choices hidden for the custom stance")
	}
	if got := labels(tab.custom); !strings.Contains(got, "Refuse the crawlers of each ticked purpose") {
		t.Errorf("the purposes do not say that a ticked box refuses: %s", got)
	}
	tab.purposes["search"].SetChecked(true)
	if !strings.Contains(warningsShown(tab), "refuses Googlebot") {
		t.Errorf("no Googlebot trap: %s", warningsShown(tab))
	}
	test.Type(tab.refuse, "CCBot")
	if !strings.Contains(tab.preview, "User-agent: CCBot") {
		t.Errorf("per-crawler refusal missing: %s", tab.preview)
	}
}

// TestNoTextCut renders the tab at 1280×800 in English, Russian and Polish,
// with a second path asked about (longer rows) and the per-purpose builder
// open, and fails on any text the window cuts.
func TestNoTextCut(t *testing.T) {
	textfit.InEachLanguage(t, textfit.Options{}, func(t *testing.T, win fyne.Window, check func(string)) {
		text := []byte("User-agent: GPTBot\nDisallow: /private/\n\nUser-agent: *\nDisallow: /cart\n")
		tab := New(func() *syntax.Document { return syntax.Parse(text) }, func([]aiaccess.Edit) error { return nil })
		win.SetContent(tab.Content)
		check("keep search")
		tab.paths.SetText("/private/ /blog/")
		tab.Refresh()
		tab.stance.SetSelected(tab.stance.Options[len(tab.stance.Options)-1])
		check("per purpose, two paths")
	})
}

// TestPreviewHasNoEllipsisLine: the builder's preview parts its blocks with a
// blank line, not a line holding only "…", and uses the ordinary text size.
func TestPreviewHasNoEllipsisLine(t *testing.T) {
	tab, _ := newTestTab(t, "User-agent: *\nDisallow: /cart\n")
	for _, line := range strings.Split(tab.preview, "\n") {
		if strings.TrimSpace(line) == "…" {
			t.Fatalf("a stray … line in the preview:\n%s", tab.preview)
		}
	}
	for _, r := range tab.rule.rows {
		if r.wrap == fyne.TextWrapOff {
			t.Fatalf("the preview's line %q does not wrap; it must wrap at word boundaries", r.String())
		}
	}
}

// TestUpstreamWordsAreQuoted: an entry that came from ai.robots.txt's list
// shows that list's own description, in English, marked as a quote with
// its source and the day it was read; an entry with no such words shows
// none.
func TestUpstreamWordsAreQuoted(t *testing.T) {
	tab, _ := newTestTab(t, "User-agent: AI2Bot\nDisallow: /\n")
	got := tab.report.text()
	if !strings.Contains(got, "As ai.robots.txt, robots.json describes it (") || !strings.Contains(got, "“Explores 'certain domains' to find web content.”") {
		t.Errorf("AI2Bot's upstream description is not quoted:\n%s", got)
	}
	for _, line := range strings.Split(got, "\n") {
		if strings.Contains(line, "GPTBot (OpenAI)") && strings.Contains(line, "describes it") {
			t.Errorf("an entry without upstream words shows a quote: %q", line)
		}
	}
	for src, want := range map[string]string{
		"https://github.com/ai-robots-txt/ai.robots.txt/blob/738c80d/robots.json": "ai.robots.txt, robots.json",
		"https://www.bing.com/toolbox/bingbot.json":                               "www.bing.com, bingbot.json",
		"/home/me/team-crawlers.jsonl":                                            "team-crawlers.jsonl",
	} {
		if got := sourceName(src); got != want {
			t.Errorf("sourceName(%q) = %q, want %q", src, got, want)
		}
	}
}

// TestPreviewInSight: at 1280×800, with the default choice, the lines to
// add show without scrolling, in each language, beside the choices: they
// were below the warnings, out of sight, so a choice seemed to change
// nothing (issue 25).
func TestPreviewInSight(t *testing.T) {
	textfit.InEachLanguage(t, textfit.Options{}, func(t *testing.T, win fyne.Window, _ func(string)) {
		text := []byte("User-agent: *\nDisallow: /cart\n")
		tab := New(func() *syntax.Document { return syntax.Parse(text) }, func([]aiaccess.Edit) error { return nil })
		win.Resize(fyne.NewSize(1280, 800))
		win.SetContent(tab.Content)
		if tab.preview == "" {
			t.Fatal("the default choice adds no lines; the test proves nothing")
		}
		d := fyne.CurrentApp().Driver()
		first0 := tab.rule.inUse[0]
		if first0 == nil {
			t.Fatal("the preview's first line has no widget")
		}
		pos := d.AbsolutePositionForObject(first0)
		box := d.AbsolutePositionForObject(tab.rule.scroll)
		first := fyne.MeasureText("Ág", theme.TextSize(), fyne.TextStyle{Monospace: true}).Height
		bottom := box.Y + tab.rule.scroll.Size().Height
		if pos.Y < box.Y || pos.Y+first > bottom || bottom > win.Canvas().Size().Height {
			t.Errorf("the preview's first line at y %v..%v, its view %v..%v, the window %v high", pos.Y, pos.Y+first, box.Y, bottom, win.Canvas().Size().Height)
		}
		// a third of the window's height at least: a dozen lines or more
		if h := tab.rule.scroll.Size().Height; h < win.Canvas().Size().Height/3 {
			t.Errorf("the preview's view is %v high", h)
		}
		if w := tab.rule.scroll.Size().Width; w < 300 {
			t.Errorf("the preview's view is %v wide", w)
		}
	})
}

// TestPathsHintFits: the hint in the paths field is read whole at 1280×800
// and in a 1024×768 window in each language, beside the builder's two
// columns (the Polish one was cut after "Enter: /blog", the Russian one at
// 1024×768 after "Enter: /blo"), and what the field is for is said whole
// above it.
func TestPathsHintFits(t *testing.T) {
	textfit.InEachLanguage(t, textfit.Options{}, func(t *testing.T, win fyne.Window, _ func(string)) {
		tab := New(func() *syntax.Document { return syntax.Parse(nil) }, func([]aiaccess.Edit) error { return nil })
		win.SetContent(tab.Content)
		// the tab's room in a 1280×800 and a 1024×768 window
		for _, size := range []fyne.Size{{Width: 1280, Height: 800}, {Width: 1016, Height: 600}} {
			win.Resize(size)
			win.Content().Refresh() // as a window lays out again what wrapped taller
			hint := tab.paths.PlaceHolder
			need := fyne.MeasureText(hint, theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding()
			if have := tab.paths.Size().Width; need > have {
				t.Errorf("%v: %q needs %.0f px, the field is %.0f", size, hint, need, have)
			}
			for _, c := range textfit.Cut(win, textfit.Options{}) {
				if strings.Contains(c, lang.X("aitab.paths.ask", "?")) {
					t.Errorf("%v: cut: %s", size, c)
				}
			}
		}
	})
}

// TestAfterInsert: once the plan is in the file, the builder has nothing
// to add (Insert is disabled and the preview says so), and the report's
// rows, the file's new Content-Signal lines among them, fit the left
// column instead of running past it.
func TestAfterInsert(t *testing.T) {
	tab, _ := newTestTab(t, "User-agent: *\nDisallow: /private/\n")
	tab.stance.SetSelected(aiaccess.StanceName(aiaccess.NoAI).String())
	if tab.insert.Disabled() {
		t.Fatal("Insert disabled with lines to add")
	}
	test.Tap(tab.insert)
	if len(tab.plan.Edits) != 0 {
		t.Fatalf("the plan still adds %d edits after Insert", len(tab.plan.Edits))
	}
	if !tab.insert.Disabled() {
		t.Error("Insert stays enabled with nothing to add")
	}
	if !strings.Contains(tab.preview, "Nothing to add") {
		t.Errorf("the preview does not say there is nothing to add: %q", tab.preview)
	}
	left := tab.Content.(*container.Split).Leading
	if w, col := tab.report.MinSize().Width, left.Size().Width; w > col {
		t.Errorf("the report needs %.0f px in a %.0f px column: it runs past it", w, col)
	}
	if w, col := left.MinSize().Width, left.Size().Width; w > col {
		t.Errorf("the left column needs %.0f px, has %.0f", w, col)
	}
}

// warningsShown is the builder's warnings as the reader sees them, a line
// each.
func warningsShown(tab *Tab) string {
	out := make([]string, len(tab.warnings.rows))
	for i, r := range tab.warnings.rows {
		out[i] = richmsg.Shown(r.segs)
	}
	return strings.Join(out, "\n")
}
