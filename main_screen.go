//go:build !headless && !js

package main

import "github.com/go-gl/glfw/v3.3/glfw"

// screenPixels is the work area of the primary monitor in pixels (the
// screen without panels), as GLFW, which Fyne's window driver uses, reports
// it; false when it knows no monitor. Called on the main goroutine after
// the first window was made (GLFW is initialised then).
func screenPixels() (w, h int, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	m := glfw.GetPrimaryMonitor()
	if m == nil {
		return 0, 0, false
	}
	_, _, w, h = m.GetWorkarea()
	if w <= 0 || h <= 0 {
		if vm := m.GetVideoMode(); vm != nil {
			w, h = vm.Width, vm.Height
		}
	}
	return w, h, w > 0 && h > 0
}
