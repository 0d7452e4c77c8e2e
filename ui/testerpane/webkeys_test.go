package testerpane

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/editor/keys/keystest"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
)

// TestRowKeysFromAnotherGoroutine plays the web driver: keys reach a path
// row's entry and the results filter on a goroutine of their own while the
// UI goroutine draws frames, re-reads the document (the editor's typing)
// and takes the background compiles and tallies. The rows' entries change
// their text and the pane's rows on the UI goroutine only (keys.Entry):
// go test -race sees no race, and the row holds exactly what was typed.
func TestRowKeysFromAnotherGoroutine(t *testing.T) {
	p, w := newTestPane(t, "User-agent: *\nDisallow: /a\n")
	s := testset.New()
	s.Crawlers = []string{"Googlebot", "Bingbot"}
	s.Paths = []string{"/", "/b"}
	p.SetTestSet(s)
	p.compiler.Wait()
	p.tallies.worker.Wait()
	p.tallies.worker.Inline = false
	w.Resize(fyne.NewSize(900, 500)) // frames cost less under -race
	row := p.input.entry(pathRows, 0)
	w.Canvas().Focus(row)
	row.CursorColumn = len(row.Text)
	ui := keystest.Start(t, func() { w.Canvas().Capture() })
	p.toUI = ui.Do
	want := "/"
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range 200 {
			switch {
			case i%10 == 9:
				n := i
				ui.Do(func() { // the editor's typing, on the UI goroutine
					p.SetDocument(syntax.Parse(fmt.Appendf(nil, "User-agent: *\nDisallow: /a%d\n", n)))
				})
			case i%7 == 6:
				row.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
				want = want[:len(want)-1]
			default:
				r := rune('a' + i%26)
				row.TypedRune(r)
				want += string(r)
			}
		}
		p.ui.filter.TypedRune('z') // the results filter is typed into from the same goroutine
	}()
	<-done
	ui.Wait()
	p.compiler.Wait()
	p.tallies.worker.Wait()
	ui.Wait()
	var got, shown, filter string
	ui.Do(func() { got, shown, filter = p.set.Paths[0], row.Text, p.ui.filter.Text })
	ui.Wait()
	if got != want || shown != want {
		t.Fatalf("path row holds %q (entry shows %q), want %q", got, shown, want)
	}
	if filter != "z" {
		t.Fatalf("filter %q", filter)
	}
}
