//go:build !windows

package ui

import "fyne.io/fyne/v2"

// Outside Windows these do nothing: X11 and macOS window managers place a
// new window's frame on the work area themselves, and in the browser the
// window is the page. A maximised state is kept on Windows only: Fyne has
// no call for it, and the other systems' calls differ by window manager.

func windowFrame(fyne.Window) (fw, fh int, ok bool) { return 0, 0, false }
func keepOnWorkArea(fyne.Window)                    {}
func windowMaximised(fyne.Window) bool              { return false }
func maximiseWindow(fyne.Window)                    {}
func windowRect(fyne.Window) (r [4]int, ok bool)    { return r, false }
