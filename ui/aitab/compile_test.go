package aitab

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// TestCompileEveryTarget: each target of the selector shows what
// aiaccess.Compile (the ai-policy command's code) gives for the tab's
// policy, and Copy puts that text on the clipboard.
func TestCompileEveryTarget(t *testing.T) {
	src := "User-agent: *\nDisallow: /private/\n"
	tab, _ := newTestTab(t, src)
	tab.stance.SetSelected(aiaccess.StanceName(aiaccess.NoAI).String())
	tab.atServer.SetChecked(true)
	want := aiaccess.Compile(syntax.Parse([]byte(src)), aiaccess.Policy{Stance: aiaccess.NoAI, RefuseAtServer: true})
	if len(want.Rules) != len(aiaccess.Servers) {
		t.Fatalf("the policy compiles to %d server rules, want one per server", len(want.Rules))
	}
	cases := map[target]string{
		targetSignal: want.SignalHeader(),
		targetUsage:  want.UsageHeader(),
		targetBing:   want.BingMeta + "\nX-Robots-Tag: " + want.XRobotsTag,
	}
	for i, r := range want.Rules {
		cases[targetServer+target(i)] = r.Text
	}
	for tg, text := range cases {
		tab.target.SetSelectedIndex(int(tg))
		if tab.preview != text {
			t.Errorf("%s: the preview shows\n%s\nwant\n%s", targetLabel(tg), tab.preview, text)
		}
		if tab.insert.Visible() {
			t.Errorf("%s: Insert is offered for a target it does not apply", targetLabel(tg))
		}
		test.Tap(tab.copyBtn)
		if got := fyne.CurrentApp().Clipboard().Content(); got != text {
			t.Errorf("%s: Copy put %q on the clipboard", targetLabel(tg), got)
		}
	}
	if !strings.Contains(cases[targetServer], "GPTBot") {
		t.Errorf("the nginx rule does not refuse GPTBot:\n%s", cases[targetServer])
	}
	tab.target.SetSelectedIndex(int(targetRobots))
	if !tab.insert.Visible() || !strings.Contains(tab.preview, "User-agent: GPTBot") {
		t.Errorf("robots.txt target: insert shown %v, preview\n%s", tab.insert.Visible(), tab.preview)
	}
}

// TestCompileNoServerRulesSaysWhy: a policy that refuses nothing robots.txt
// cannot stop has no server rules, and the note says so (no blank preview).
func TestCompileNoServerRulesSaysWhy(t *testing.T) {
	tab, _ := newTestTab(t, "User-agent: *\nAllow: /\n")
	tab.stance.SetSelected(aiaccess.StanceName(aiaccess.AllowAll).String())
	tab.target.SetSelectedIndex(int(targetServer))
	if !strings.Contains(tab.note, "No server rules") || !tab.copyBtn.Disabled() {
		t.Errorf("note %q, copy disabled %v", tab.note, tab.copyBtn.Disabled())
	}
}

// TestStateKeepsTarget: a tab rebuilt in another language shows the same
// target and the server choice.
func TestStateKeepsTarget(t *testing.T) {
	tab, _ := newTestTab(t, "User-agent: *\nAllow: /\n")
	tab.target.SetSelectedIndex(int(targetServer) + 2)
	tab.atServer.SetChecked(true)
	st := tab.State()
	again, _ := newTestTab(t, "User-agent: *\nAllow: /\n")
	again.Restore(st)
	if again.target.SelectedIndex() != int(targetServer)+2 || !again.atServer.Checked {
		t.Errorf("restored target %d, at server %v", again.target.SelectedIndex(), again.atServer.Checked)
	}
}

// TestCompileButtonsInSight: under a policy that refuses many crawlers at
// the server, the note listing them scrolls with the rule, and Copy stays
// inside a 1024×768 window.
func TestCompileButtonsInSight(t *testing.T) {
	tab, _ := newTestTab(t, "User-agent: *\nDisallow: /private/\n")
	win := test.NewTempWindow(t, tab.Content)
	win.Resize(fyne.NewSize(1024, 700))
	tab.stance.SetSelected(aiaccess.StanceName(aiaccess.NoAI).String())
	tab.atServer.SetChecked(true)
	tab.target.SetSelectedIndex(int(targetServer))
	if len(tab.note) < 500 {
		t.Fatalf("the note is too short to test with: %q", tab.note)
	}
	// lay the window out again, as a frame does
	win.Resize(fyne.NewSize(1000, 680))
	win.Resize(fyne.NewSize(1024, 700))
	d := fyne.CurrentApp().Driver()
	bottom := d.AbsolutePositionForObject(tab.copyBtn).Y + tab.copyBtn.Size().Height
	if h := win.Canvas().Size().Height; bottom > h || tab.rule.scroll.Size().Height < h/3 {
		t.Errorf("Copy ends at y %v, the rule's view is %v high, the window %v", bottom, tab.rule.scroll.Size().Height, h)
	}
}

// TestCompileUse: the use= choice reaches Content-Signal as ai-policy
// --use writes it.
func TestCompileUse(t *testing.T) {
	src := "User-agent: *\nAllow: /\n"
	tab, _ := newTestTab(t, src)
	tab.use.SetSelectedIndex(2) // use=reference
	tab.target.SetSelectedIndex(int(targetSignal))
	want := aiaccess.Compile(syntax.Parse([]byte(src)), aiaccess.Policy{Stance: aiaccess.SearchNoTraining, Use: "reference"}).SignalHeader()
	if !strings.Contains(want, "use=reference") || tab.preview != want {
		t.Errorf("preview %q, want %q", tab.preview, want)
	}
}
