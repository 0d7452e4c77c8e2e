package engine

import (
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

var (
	msgGoogleName = msg.Def("engine.google.name", "Google")
	msgGoogleDesc = msg.Def("engine.google.desc", "Googlebot, as Google's open-source parser reads robots.txt: most specific group, longest rule, Allow wins ties, * and $ wildcards")
	msgRFCName    = msg.Def("engine.rfc9309.name", "RFC 9309")
	msgRFCDesc    = msg.Def("engine.rfc9309.desc", "The Robots Exclusion Protocol as the 2022 RFC writes it: like Google, but %-escapes compared decoded and /robots.txt always allowed")
	msgIndexHTML  = msg.Def("engine.note.index_html", "Google reads line {{.Line}}'s Allow of an index.htm(l) page as allowing its directory too (pattern {{.Pattern}})")
)

func init() {
	Register(&longestFamily{
		info:         Info{ID: "google", Order: 10, Name: msgGoogleName, Description: msgGoogleDesc},
		acceptTypos:  true,
		missingColon: true,
		readLimit:    syntax.GoogleMaxBytes,
		indexHTML:    true,
		normPattern:  googleEscape,
		normPath:     func(p string) string { return p },
		fetch:        googleFetch,
	})
	Register(&longestFamily{
		info:          Info{ID: "rfc9309", Order: 20, Name: msgRFCName, Description: msgRFCDesc},
		robotsTxtFree: true,
		strictTokens:  true,
		normPattern:   func(p string) string { return rfcNormalize(p, true) },
		normPath:      func(p string) string { return rfcNormalize(p, false) },
		fetch:         rfcFetch,
	})
}
