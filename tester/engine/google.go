package engine

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

var (
	msgGoogleName = msg.Def("engine.google.name", "Google")
	msgGoogleDesc = msg.Def("engine.google.desc", "Googlebot, as Google's open-source parser reads robots.txt (github.com/google/robotstxt; Google Search Central: how Google interprets the robots.txt specification): most specific group, longest rule, Allow wins ties, * and $ wildcards")
	msgRFCName    = msg.Def("engine.rfc9309.name", "RFC 9309")
	msgRFCDesc    = msg.Def("engine.rfc9309.desc", "The Robots Exclusion Protocol as RFC 9309 (2022) writes it: like Google, but %-escapes compared decoded and /robots.txt always allowed")
	msgIndexHTML  = msg.Def("engine.note.index_html", "Google reads line {{.Line}}'s Allow of an index.htm(l) page as allowing its directory too (pattern {{.Pattern}})")
)

func init() {
	Register(&longestFamily{
		info: Info{ID: "google", Order: 10, Name: msgGoogleName, Description: msgGoogleDesc,
			Traits: Traits{Wildcards: true, Allow: true, LongestMatch: true, AllowWinsTie: true, MergesGroups: true, Sitemaps: true,
				EncodesNonASCII: true, Crawler: true, FlagsUnknownFields: true}},
		fetch:     googleFetch,
		readLimit: syntax.GoogleMaxBytes,
		keys:      googleKeys,
		rules:     ruleReading{pattern: googleEscape, indexHTML: true},
		path:      googlePath,
	})
	Register(&longestFamily{
		info: Info{ID: "rfc9309", Order: 20, Name: msgRFCName, Description: msgRFCDesc,
			Traits: Traits{Wildcards: true, Allow: true, LongestMatch: true, AllowWinsTie: true, MergesGroups: true, EncodesNonASCII: true}},
		fetch:  rfcFetch,
		keys:   rfcKeys,
		agents: productToken,
		rules:  ruleReading{pattern: func(p string) string { return rfcNormalize(p, true) }},
		path:   func(p string) string { return rfcNormalize(p, false) },
		exempt: isRobotsTxt,
	})
}

// googleKeys is Google's lenient reading of field names: misspellings
// ("Dissallow"), longer words ("Disallowed"), a missing colon, and on the
// first line a cut-off UTF-8 byte order mark (EF, or EF BB) before the key,
// which its parser skips as it skips a whole one.
func googleKeys(doc *syntax.Document, i int) field {
	l := &doc.Lines[i]
	if i == 0 && l.Kind == syntax.Unknown && !doc.BOM {
		if n := partialBOM(doc.Src); n > 0 && l.Key.Start == 0 && l.Key.Len() > n {
			k, _ := syntax.KeyKind(doc.Src[n:l.Key.End])
			return field{k, int32(n), l.Value}
		}
	}
	return field{l.Kind, l.Key.Start, l.Value}
}

// rfcKeys is RFC 9309's reading of a line: field names as the standard
// spells them (§2.2), whole lines, since the RFC sets no line length (Google
// stops at 16,664 bytes), and a line with a NUL ignored, since its grammar
// allows no control character in a value (Google reads up to the NUL).
func rfcKeys(doc *syntax.Document, i int) field {
	l := &doc.Lines[i]
	if !l.Standard() || l.Has(syntax.FlagNUL) {
		return field{kind: syntax.Unknown}
	}
	fd := field{l.Kind, l.Key.Start, l.Value}
	if l.Has(syntax.FlagTooLong) {
		fd.value = doc.WholeValue(i + 1)
	}
	return fd
}

// partialBOM is the length of a byte order mark cut short at the start of
// src: 1 for EF, 2 for EF BB (a whole one, EF BB BF, is the parser's).
func partialBOM(src []byte) int {
	switch {
	case len(src) >= 2 && src[0] == 0xEF && src[1] == 0xBB && (len(src) == 2 || src[2] != 0xBF):
		return 2
	case len(src) >= 1 && src[0] == 0xEF && (len(src) == 1 || src[1] != 0xBB):
		return 1
	}
	return 0
}

// googlePath is the path as Google's matcher compares it: a NUL byte ends it
// (the library reads the URL as a C string there).
func googlePath(p string) string {
	if i := strings.IndexByte(p, 0); i >= 0 {
		return p[:i]
	}
	return p
}
