// Package cleanlocale keeps a "C.UTF-8" locale (the default of containers
// and CI machines) from making fyne's lang package log "Error parsing user
// locale C" on every start and every command: it must run before lang's own
// init, so it depends on nothing but os — Go initialises it before any
// golang.org/x/text package, and so before lang.
package cleanlocale

import "os"

func init() {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := os.Getenv(k)
		if v == "" {
			continue
		}
		// "C" and "POSIX" are understood; "C.UTF-8" is read as a language
		// called "C". LANGUAGE takes precedence then, so name English there.
		if len(v) > 2 && (v[:2] == "C." || len(v) > 6 && v[:6] == "POSIX.") && os.Getenv("LANGUAGE") == "" {
			os.Setenv("LANGUAGE", "en")
		}
		return
	}
}
