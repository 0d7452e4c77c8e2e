//go:build !js

package webtest

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// recoveryCopies lists the recovery copies in the page's storage, as JSON
// records with their owner's lock: whether it is there.
const recoveryCopies = `(() => {
	const out = [];
	const dec = new TextDecoder();
	const walk = (n, path, parent) => {
		if (n.kind === "dir") { for (const [k, c] of n.entries) walk(c, path + "/" + k, n); return; }
		if (n.kind !== "file" || !/\/recovery\/[^/]+\.json$/.test(path)) return;
		let rec;
		try { rec = JSON.parse(dec.decode(n.data.subarray(0, n.size))); } catch (_) { return; }
		const owners = parent.entries.get("owners");
		rec.lock = !!(owners && owners.entries.has(rec.owner + ".lock"));
		out.push(rec);
	};
	walk(robotsStudioWeb.vfs.root.entries.get("home"), "/home", null);
	return out;
})()`

type recoveryCopy struct {
	Text  []byte `json:"text"`
	Owner string `json:"owner"`
	Lock  bool   `json:"lock"`
}

// TestWebReloadKeepsTheLastEdit: text typed into the browser's editor and
// reloaded half a second later (issue 36, point 21). The tab with unsaved
// text asks before it goes (beforeunload); the copy is written at the pause
// in typing, not 3 s later; and the closing tab gives its copy up, so the
// next load finds it with no live owner (offered at once, not one load
// late).
func TestWebReloadKeepsTheLastEdit(t *testing.T) {
	dir := webDir(t)
	srv := serve(t, dir)
	p := startBrowser(t)
	url := srv.URL + subPath
	p.load(url)
	p.settle()
	p.click(300, 400) // the editor: the page has the keyboard
	p.do("type", chromedp.KeyEvent(" # unsaved-A"))
	start := time.Now()
	p.waitFor("the tab says it holds unsaved text", "robotsStudioWeb.unsaved === true", 10*time.Second)
	took := p.waitFor("a recovery copy with the typed text", recoveryCopies+`.some((r) => atob(r.text).includes(" # unsaved-A"))`, 10*time.Second)
	t.Logf("the copy was in the page's storage %v after the last key (%v from the check's start)", time.Since(start).Round(time.Millisecond), took.Round(time.Millisecond))

	dialogs := make(chan page.DialogType, 4)
	mustf(t, chromedp.Listen(p.ctx, func(ev any) {
		if e, ok := ev.(*page.EventJavascriptDialogOpening); ok {
			select {
			case dialogs <- e.Type:
			default:
			}
			go chromedp.Call(p.ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true})
		}
	}), "listen for dialogs")
	p.load(url) // the reload
	select {
	case typ := <-dialogs:
		if typ != page.DialogTypeBeforeunload {
			t.Errorf("the dialog before the reload was %q, want beforeunload", typ)
		}
	default:
		t.Error("a tab with unsaved text was reloaded without a question (no beforeunload)")
	}
	var copies []recoveryCopy
	p.eval(recoveryCopies, &copies)
	found := false
	for _, c := range copies {
		if strings.Contains(string(c.Text), " # unsaved-A") {
			found = true
			if c.Lock {
				t.Errorf("the closed tab's copy still has its owner's lock: the next load would not offer it (owner %s)", c.Owner)
			}
		}
	}
	if !found {
		t.Fatalf("the typed text is in no recovery copy after the reload: %+v", copies)
	}
}

// TestTwoTabsKeepTheirOwnCopies: two tabs on the page, each with unsaved
// text, both closed; the next load still finds both tabs' recovery copies
// (issue 36, point 20: one tab deleted the other's copy) and offers them
// at once. A closed tab's lock file was often still in the page's storage
// at the next load, so its copy was offered only once the file had gone
// stale (15 s); each tab now holds a Web Lock, which the browser lets go
// with the tab.
func TestTwoTabsKeepTheirOwnCopies(t *testing.T) {
	dir := webDir(t)
	srv := serve(t, dir)
	p := startBrowser(t) // its own tab stays empty: the app's tabs are opened beside it
	url := srv.URL + subPath
	newTab := func() *tab {
		ctx, cancel := chromedp.NewContext(p.ctx) // another tab of the same browser: the same page storage
		t.Cleanup(cancel)
		mustf(t, chromedp.Do(ctx), "a new tab")
		probeTab(t, ctx)
		mustf(t, chromedp.Listen(ctx, func(ev any) {
			if _, ok := ev.(*page.EventJavascriptDialogOpening); ok { // the question before a tab with unsaved text closes
				go chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true})
			}
		}), "listen for dialogs")
		return &tab{t: t, ctx: ctx, download: p.download}
	}
	texts := []string{" # unsaved in tab one", " # unsaved in tab two"}
	tabs := []*tab{newTab(), newTab()}
	for i, q := range tabs {
		q.load(url)
		q.settle()
		q.click(300, 400)
		q.do("type", chromedp.KeyEvent(texts[i]))
		q.waitFor("tab "+itoa(i+1)+"'s recovery copy", recoveryCopies+`.some((r) => atob(r.text).includes(`+jsString(texts[i])+`))`, 15*time.Second)
	}
	for i, q := range tabs {
		_, err := chromedp.Call(q.ctx, page.Close, cdp.Empty{})
		mustf(t, err, "closing tab "+itoa(i+1))
	}
	third := newTab()
	third.load(url)
	third.settle()
	var copies []recoveryCopy
	third.eval(recoveryCopies, &copies)
	var offered []string
	third.eval("robotsStudio.recoveryOffered()", &offered)
	for _, want := range texts {
		found := false
		for _, c := range copies {
			found = found || strings.Contains(string(c.Text), want)
		}
		if !found {
			t.Errorf("the copy with %q is gone after both tabs closed", want)
		}
		if !slices.ContainsFunc(offered, func(o string) bool { return strings.Contains(o, want) }) {
			t.Errorf("the next load does not offer the copy with %q at once (offered: %q)", want, offered)
		}
	}
}
