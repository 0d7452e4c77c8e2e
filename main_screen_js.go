//go:build !headless && js

package main

// screenPixels: in the browser the window is the page, and Fyne sizes the
// canvas to it; there is no monitor to ask.
func screenPixels() (w, h int, ok bool) { return 0, 0, false }
