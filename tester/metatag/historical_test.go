package metatag

import "testing"

// TestHistoricalURL: the old URL meta names a page by an absolute URL with
// a host a client can reach (tester/uri's SplitAbsolute and WellFormed).
func TestHistoricalURL(t *testing.T) {
	for content, ok := range map[string]bool{
		"https://example.com/":       true,
		"HTTP://Example.com:8080/a":  true,
		"/relative":                  false,
		"mailto:webmaster@example":   false,
		"https://exa mple.com/":      false,
		"https://example.com:port/":  false,
		"example.com/without-scheme": false,
	} {
		h, found := historicalTag("url", content, 1)
		if !found {
			t.Fatal("the url meta is historical")
		}
		if got := len(historicalDiagnostics(h)) == 0; got != ok {
			t.Errorf("url %q: accepted %v, want %v", content, got, ok)
		}
	}
}
