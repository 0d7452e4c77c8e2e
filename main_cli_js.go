//go:build !headless && js

package main

// commandLine: a page has no command line (its arguments are none) and no
// display to look for, so the command line's code stays out of the page:
// every command and its messages in three languages were about 180 KB of
// the page's first transfer.
func commandLine([]string) {}
