//go:build windows

package ui

import (
	"unsafe"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver"
	"golang.org/x/sys/windows"
)

// Windows draws a window's frame (title bar and borders) outside the size
// a program asks for, and does not keep the frame on the screen: a window
// of 1280×800 on a 1280×800 work area opened at 1288×812 with its menu bar
// under the title bar (issue 36, point 27). These ask Windows itself.
var (
	user32            = windows.NewLazySystemDLL("user32.dll")
	procGetWindowRect = user32.NewProc("GetWindowRect")
	procGetClientRect = user32.NewProc("GetClientRect")
	procIsZoomed      = user32.NewProc("IsZoomed")
	procShowWindow    = user32.NewProc("ShowWindow")
	procSetWindowPos  = user32.NewProc("SetWindowPos")
	procSystemParams  = user32.NewProc("SystemParametersInfoW")
)

type winRect struct{ left, top, right, bottom int32 }

const (
	swMaximize     = 3
	swpNoSize      = 0x0001
	swpNoZOrder    = 0x0004
	swpNoActivate  = 0x0010
	spiGetWorkArea = 0x0030
)

// withHWND runs f with the window's handle, if it has one yet.
func withHWND(w fyne.Window, f func(hwnd uintptr)) {
	nw, ok := w.(driver.NativeWindow)
	if !ok {
		return
	}
	nw.RunNative(func(ctx any) {
		if c, ok := ctx.(driver.WindowsWindowContext); ok && c.HWND != 0 {
			f(c.HWND)
		}
	})
}

// windowFrame is how many pixels the frame adds to the window's content,
// across and down.
func windowFrame(w fyne.Window) (fw, fh int, ok bool) {
	withHWND(w, func(h uintptr) {
		var outer, inner winRect
		r1, _, _ := procGetWindowRect.Call(h, uintptr(unsafe.Pointer(&outer)))
		r2, _, _ := procGetClientRect.Call(h, uintptr(unsafe.Pointer(&inner)))
		if r1 == 0 || r2 == 0 {
			return
		}
		fw = int((outer.right - outer.left) - (inner.right - inner.left))
		fh = int((outer.bottom - outer.top) - (inner.bottom - inner.top))
		ok = fw >= 0 && fh >= 0
	})
	return fw, fh, ok
}

// keepOnWorkArea moves the window, frame and all, inside the work area
// when part of it lies outside.
func keepOnWorkArea(w fyne.Window) {
	withHWND(w, func(h uintptr) {
		var work, outer winRect
		r1, _, _ := procSystemParams.Call(spiGetWorkArea, 0, uintptr(unsafe.Pointer(&work)), 0)
		r2, _, _ := procGetWindowRect.Call(h, uintptr(unsafe.Pointer(&outer)))
		if r1 == 0 || r2 == 0 {
			return
		}
		x, y := outer.left, outer.top
		x = min(x, work.right-(outer.right-outer.left))
		y = min(y, work.bottom-(outer.bottom-outer.top))
		x, y = max(x, work.left), max(y, work.top)
		if x != outer.left || y != outer.top {
			procSetWindowPos.Call(h, 0, uintptr(x), uintptr(y), 0, 0, swpNoSize|swpNoZOrder|swpNoActivate)
		}
	})
}

// windowMaximised says whether the user maximised the window.
func windowMaximised(w fyne.Window) (zoomed bool) {
	withHWND(w, func(h uintptr) {
		r, _, _ := procIsZoomed.Call(h)
		zoomed = r != 0
	})
	return zoomed
}

// maximiseWindow maximises the window, as the user left it last time.
func maximiseWindow(w fyne.Window) {
	withHWND(w, func(h uintptr) { procShowWindow.Call(h, swMaximize) })
}

// windowRect is the window's place on the screen, frame included, in
// pixels (for the status file, which the Windows test reads).
func windowRect(w fyne.Window) (r [4]int, ok bool) {
	withHWND(w, func(h uintptr) {
		var outer winRect
		if rc, _, _ := procGetWindowRect.Call(h, uintptr(unsafe.Pointer(&outer))); rc != 0 {
			r = [4]int{int(outer.left), int(outer.top), int(outer.right - outer.left), int(outer.bottom - outer.top)}
			ok = true
		}
	})
	return r, ok
}
