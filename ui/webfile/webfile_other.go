//go:build !js

package webfile

// Enabled: not the browser build; the window's own file dialogs are used.
const Enabled = false

// Pick is never called outside the browser.
func Pick(accept string, multiple bool, then func(paths []string)) {}

// Download is never called outside the browser.
func Download(name string, data []byte) {}

// Flush: files written outside the browser are already on disk.
func Flush() {}

// Reread: outside the browser no other tab keeps a copy of the file.
func Reread(path string, then func()) { then() }

// SetUnsaved: outside the browser the window asks itself before it closes.
func SetUnsaved(bool) {}

// OnHide: outside the browser there is no page to hide.
func OnHide(func(closing bool)) {}

// Queued: no page queues dropped files outside the browser.
func Queued() []string { return nil }
