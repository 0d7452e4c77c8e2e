package sitemaptab

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestBuilderWarnsOfBlockedURLsAndLeavesThemOut: a list with a URL the
// robots.txt in the editor blocks (for YandexBot, by its `Yandex` group's
// line 5) and a rule pattern: Build names each with the crawler and the
// rule, and "Leave out" builds the file without them.
func TestBuilderWarnsOfBlockedURLsAndLeavesThemOut(t *testing.T) {
	tab, _, _ := newTestTab(t)
	b := tab.build
	test.Type(b.host, "http://www.example.net")
	b.urls.SetText("/other/c.html\n/art/old.html\n/*.pdf\n")
	b.build()
	for _, want := range []string{"2 URLs do not belong in a sitemap:", "YandexBot", "line 5", "2:", "holds `*`"} {
		if !strings.Contains(b.status.Text, want) {
			t.Errorf("status lacks %q:\n%s", want, b.status.Text)
		}
	}
	// the findings quote the pattern and the rule: drawn as code, without
	// the backticks
	if shown := b.status.Shown(); strings.Contains(shown, "`") || !uitest.InCode(b.status.Segments, "*") || !uitest.InCode(b.status.Segments, "Disallow:") {
		t.Errorf("the status draws %q, its code not in the code font", shown)
	}
	if !b.leaveOut.Visible() || !strings.Contains(b.leaveOut.Text, "Leave out the 2 URLs") {
		t.Fatalf("no offer to leave them out: %q visible %v", b.leaveOut.Text, b.leaveOut.Visible())
	}
	if !strings.Contains(b.preview.Text, "/art/old.html") {
		t.Errorf("before the choice the list is built as it is:\n%s", b.preview.Text)
	}
	b.leaveOut.SetChecked(true)
	if strings.Contains(b.preview.Text, "/art/old.html") || strings.Contains(b.preview.Text, ".pdf") || !strings.Contains(b.preview.Text, "/other/c.html") {
		t.Errorf("left out, the preview still holds them:\n%s", b.preview.Text)
	}
	if !strings.Contains(b.status.Text, "URLs: 1;") || !strings.Contains(b.status.Text, "2 URLs were left out:") {
		t.Errorf("status after leaving out: %q", b.status.Text)
	}
}
