package ui

import (
	"strings"

	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/ui/testerpane"
)

// Preference keys.
const (
	prefRecent    = "recent"           // newline-separated paths, newest first
	prefLast      = "lastFile"         // reopened at start
	prefLanguage  = "language"         // "", "en", "ru", "pl"
	prefMaximised = "window.maximised" // the window was maximised when it closed (kept on Windows)
	prefTheme     = "theme"            // "system", "light", "dark"
	prefEngine    = "engine"           // engine id in the tester
	prefFirstRun  = "seenSample"
	prefZoom      = "zoom" // percent, look.MinZoom..look.MaxZoom
	prefWrap      = "wordWrap"
	// The compare view's engine columns: their order and the hidden ones,
	// comma-separated engine ids.
	prefCompareOrder  = "compareOrder"
	prefCompareHidden = "compareHidden"
)

const maxRecent = 10

// recentFiles returns the recent list from preferences.
func recentFiles(p fyne.Preferences) []string {
	var out []string
	for _, s := range strings.Split(p.String(prefRecent), "\n") {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// pushRecent puts path first in the recent list, without duplicates.
func pushRecent(p fyne.Preferences, path string) []string {
	list := []string{path}
	for _, s := range recentFiles(p) {
		if s != path && len(list) < maxRecent {
			list = append(list, s)
		}
	}
	p.SetString(prefRecent, strings.Join(list, "\n"))
	return list
}

// compareColumns returns the remembered compare columns (nil: the default).
func compareColumns(p fyne.Preferences) (order, hidden []string) {
	split := func(s string) []string {
		if s == "" {
			return nil
		}
		return strings.Split(s, ",")
	}
	return split(p.String(prefCompareOrder)), split(p.String(prefCompareHidden))
}

// rememberCompareColumns keeps the pane's compare columns for the next run.
func rememberCompareColumns(p fyne.Preferences, pane *testerpane.Pane) {
	order, hidden := pane.CompareColumns()
	p.SetString(prefCompareOrder, strings.Join(order, ","))
	p.SetString(prefCompareHidden, strings.Join(hidden, ","))
}
