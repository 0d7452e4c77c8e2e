//go:build !js

package ui

// onWeb: this is not the browser build; the desktop's menus and dialogs.
const onWeb = false

// platformStart runs at the end of Start: the desktop has nothing to add.
func (s *studio) platformStart() {}

// pageLocale: outside the browser the locale variables set by setLanguage
// are what Fyne reads.
func pageLocale(code string) {}
