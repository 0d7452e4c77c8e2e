//go:build !headless && !js

package main

import (
	"fyne.io/fyne/v2"
	"github.com/go-gl/glfw/v3.3/glfw"
)

// keyHook puts filter in front of the key callback Fyne's desktop driver
// gave win's GLFW window (ui.KeyHook): the window is reached through its
// GL context, which Fyne makes current for a function it is given. Called
// on the main goroutine once the window is shown; false when the window
// has no GLFW window yet or another driver runs it.
func keyHook(win fyne.Window, filter func(fyne.KeyName, fyne.KeyModifier, func())) (ok bool) {
	ctx, isGL := win.(interface{ RunWithContext(func()) })
	if !isGL {
		return false
	}
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	var gw *glfw.Window
	ctx.RunWithContext(func() { gw = glfw.GetCurrentContext() })
	if gw == nil {
		return false
	}
	var fyneKey glfw.KeyCallback
	fyneKey = gw.SetKeyCallback(func(w *glfw.Window, key glfw.Key, scancode int, action glfw.Action, mods glfw.ModifierKey) {
		pass := func() { fyneKey(w, key, scancode, action, mods) }
		if action == glfw.Release {
			pass()
			return
		}
		filter(keyName(key), modifiers(mods), pass)
	})
	if fyneKey == nil { // Fyne had set none: put it back as it was
		gw.SetKeyCallback(nil)
		return false
	}
	return true
}

// keyName names the keys the window's filter looks at; any other is "".
func keyName(k glfw.Key) fyne.KeyName {
	switch k {
	case glfw.KeyEscape:
		return fyne.KeyEscape
	case glfw.KeyEnter:
		return fyne.KeyReturn
	case glfw.KeyKPEnter:
		return fyne.KeyEnter
	case glfw.KeyTab:
		return fyne.KeyTab
	}
	return ""
}

func modifiers(m glfw.ModifierKey) fyne.KeyModifier {
	var f fyne.KeyModifier
	if m&glfw.ModShift != 0 {
		f |= fyne.KeyModifierShift
	}
	if m&glfw.ModControl != 0 {
		f |= fyne.KeyModifierControl
	}
	if m&glfw.ModAlt != 0 {
		f |= fyne.KeyModifierAlt
	}
	if m&glfw.ModSuper != 0 {
		f |= fyne.KeyModifierSuper
	}
	return f
}
