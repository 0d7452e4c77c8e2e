// Package webfile is how the browser build of Robots Studio reaches the
// user's files: the page's file picker (files arrive read-only under
// /picked/<n>/<name> in the page's file system and are read with os.Open),
// downloads in place of "save to a folder", and the flush that makes the
// page's persisted file system (/home) durable. Enabled is the one flag for
// "this is the browser build" (any package of the window can import it):
// there the menus leave out what a page cannot do, and files are picked and
// downloaded. Outside the browser it is false and the window uses its own
// file dialogs (filedlg.Open picks the one or the other); the functions
// here are then never called (they do nothing).
package webfile

import "strings"

// Accept builds the picker's accept attribute from file extensions
// (".zip", ".txt"); none means any file.
func Accept(exts ...string) string {
	return strings.Join(exts, ",")
}
