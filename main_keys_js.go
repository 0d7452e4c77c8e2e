//go:build !headless && js

package main

import "fyne.io/fyne/v2"

// keyHook: the browser's driver takes its keys from the page; there is no
// GLFW callback to stand in front of.
func keyHook(fyne.Window, func(fyne.KeyName, fyne.KeyModifier, func())) bool { return false }
