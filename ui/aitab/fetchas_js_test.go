//go:build js

package aitab

import "testing"

// Rule: the browser build has no "What each crawler gets": a page cannot
// send a crawler's User-Agent (see newFetchAs). TestFetchAsInTheWindow
// finds the button outside the browser.
func TestFetchAsHiddenInTheBrowser(t *testing.T) {
	tab, _ := newTestTab(t, "User-agent: *\nAllow: /\n")
	if tab.as != nil || hasButton(tab.Content, "Fetch as Each Crawler") {
		t.Fatal("the browser build shows Fetch as Each Crawler")
	}
}
