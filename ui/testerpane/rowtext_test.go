package testerpane

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/tester/testset"
)

// TestRowsAsText: a list shown as a text box holds one row per line; typing
// there changes the rows (a line edited in place renames its row and keeps
// its expectations; a deleted line drops its row's), the results follow,
// and back as rows every line is a row.
func TestRowsAsText(t *testing.T) {
	p, w := newTestPane(t, privateRobots)
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot", "bingbot"}, Paths: []string{"/private/a"}})
	p.expect.setExpectation(cell{pair{"bingbot", "/private/a"}, p.reading.engineFor("bingbot")}, false, false)
	p.input.setAsText(crawlerRows, true)
	box := p.input.text[crawlerRows].entry
	if !box.Visible() || p.ui.crawlerBox.Visible() {
		t.Fatal("As text does not swap the rows for the text box")
	}
	if box.Text != "Googlebot\nbingbot" {
		t.Fatalf("the box holds %q", box.Text)
	}
	if w.Canvas().Focused() != box {
		t.Error("the text box is not focused")
	}
	// Type a third crawler on a new line.
	box.CursorRow, box.CursorColumn = 1, len("bingbot")
	test.Type(box, "\nYandexBot")
	if got := strings.Join(p.set.Crawlers, "|"); got != "Googlebot|bingbot|YandexBot" {
		t.Fatalf("crawlers = %s", got)
	}
	if len(p.view.pairs) != 3 {
		t.Errorf("%d results for 3 crawlers × 1 path", len(p.view.pairs))
	}
	// Edit bingbot in place: its expectation follows the new name.
	box.SetText("Googlebot\nBingbot\nYandexBot")
	if _, ok := p.set.Expected("Bingbot", "/private/a", p.reading.engineFor("Bingbot")); !ok {
		t.Errorf("the expectation did not follow the renamed line: %+v", p.set.Expect)
	}
	// Delete a line: its row goes, and with it its expectation.
	box.SetText("Googlebot\n\n  YandexBot  \n")
	if got := strings.Join(p.set.Crawlers, "|"); got != "Googlebot|YandexBot" {
		t.Errorf("blank lines and spaces are rows: %s", got)
	}
	if len(p.set.Expect) != 0 {
		t.Errorf("the deleted line's expectation stays: %+v", p.set.Expect)
	}
	// Add crawler in text mode puts the cursor on a new last line.
	p.AddCrawler()
	if box.CursorRow != strings.Count(box.Text, "\n") || box.CursorColumn != 0 || !strings.HasSuffix(box.Text, "\n") {
		t.Errorf("Add crawler: cursor row %d in %q", box.CursorRow, box.Text)
	}
	// Back as rows: a row per line.
	p.input.setAsText(crawlerRows, false)
	if box.Visible() || !p.ui.crawlerBox.Visible() {
		t.Fatal("As rows does not bring the rows back")
	}
	if p.input.entry(crawlerRows, 1).Text != "YandexBot" {
		t.Errorf("row 2 shows %q", p.input.entry(crawlerRows, 1).Text)
	}
}
