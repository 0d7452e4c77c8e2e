//go:build !js

package ui

import "fyne.io/fyne/v2"

// platformStart runs at the end of Start: the desktop has nothing to add.
func (s *studio) platformStart() {}

// pageVisible: a desktop window is never a hidden page.
func pageVisible() bool { return true }

// setTheme sets t as the app's theme (the desktop needs no GL context for
// it: see platform_js.go).
func setTheme(a fyne.App, t fyne.Theme) { a.Settings().SetTheme(t) }
