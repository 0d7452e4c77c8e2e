//go:build js && wasm

// Command hello is the smallest program the page can start: the loader tests
// (release/webtest) ship it in place of Robots Studio to check the download,
// the unpacking, the progress and what Go is started with, in seconds. It
// reports its arguments and environment in globalThis.helloRan and puts a
// canvas on the page, as Fyne does.
package main

import (
	"os"
	"syscall/js"
)

func main() {
	env := map[string]any{}
	for _, k := range []string{"HOME", "TMPDIR", "LANG", "USER", "ROBOTS_STUDIO_WEB"} {
		env[k] = os.Getenv(k)
	}
	wd, _ := os.Getwd()
	home, _ := os.UserHomeDir()
	_, homeErr := os.Stat(home)
	js.Global().Set("helloRan", map[string]any{
		"args":   len(os.Args),
		"env":    env,
		"wd":     wd,
		"homeOK": homeErr == nil,
	})
	doc := js.Global().Get("document")
	doc.Get("body").Call("appendChild", doc.Call("createElement", "canvas"))
	select {} // stay running, as the app does
}
