package engine

import (
	"bytes"
	"strings"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/uri"
)

var (
	msgGoogleName  = msg.Def("engine.google.name", "Google")
	msgGoogleShort = msg.Def("engine.google.short", "Google")
	msgGoogleDesc  = msg.Def("engine.google.desc", "Googlebot, as Google's open-source parser reads robots.txt (github.com/google/robotstxt; Google Search Central: how Google interprets the robots.txt specification): most specific group, longest rule, Allow wins ties, * and $ wildcards")
	msgRFCName     = msg.Def("engine.rfc9309.name", "RFC 9309")
	msgRFCShort    = msg.Def("engine.rfc9309.short", "RFC")
	msgRFCDesc     = msg.Def("engine.rfc9309.desc", "The Robots Exclusion Protocol as RFC 9309 (2022) writes it: like Google, but %-escapes compared decoded and /robots.txt always allowed")
	msgIndexHTML   = msg.Def("engine.note.index_html", "Google reads line {{.Line}}'s Allow of an index.htm(l) page as allowing its directory too (pattern {{.Pattern}})")
)

func init() {
	Register(&longestFamily{
		// Year: google/robotstxt, Google's parser, open-sourced in July 2019.
		info: Info{ID: "google", EntryMatch: catalogue.MatchLeading, Order: 10, Year: 2019, RobotNames: []string{"google"}, Kind: KindSearchEngine, Name: msgGoogleName, Short: msgGoogleShort, Description: msgGoogleDesc,
			Traits: Traits{Wildcards: true, Allow: true, LongestMatch: true, AllowWinsTie: true, MergesGroups: true, Sitemaps: true,
				EncodesNonASCII: true, Crawler: true, FlagsUnknownFields: true}},
		fetch:     googleFetch,
		readLimit: syntax.GoogleMaxBytes,
		keys:      googleKeys,
		rules:     ruleReading{pattern: uri.EscapeNonASCII, indexHTML: true},
		path:      googlePath,
	})
	Register(&longestFamily{
		// Year: RFC 9309, September 2022.
		info: Info{ID: "rfc9309", Order: 20, Year: 2022, Kind: KindStandard, Name: msgRFCName, Short: msgRFCShort, Description: msgRFCDesc,
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
// which its parser skips as it skips a whole one. Most lines read as the
// syntax split them; the two kinds of line where Google's split differs
// from the editor's are split again Google's way (googleSplit).
func googleKeys(doc *syntax.Document, i int) field {
	l := &doc.Lines[i]
	if i == 0 && !doc.BOM {
		if n := partialBOM(doc.Src); n > 0 {
			return googleSplit(doc.Src, n, bomCut(doc.Src, n, l))
		}
	}
	if (l.Kind == syntax.Invalid || l.Has(syntax.FlagMissingColon)) && hasVTorFF(doc.Src[l.Start:l.Cut]) {
		return googleSplit(doc.Src, int(l.Start), int(l.Cut))
	}
	return field{l.Kind, l.Key, l.Value}
}

// hasVTorFF reports whether b holds a vertical tab or a form feed: blanks
// for trimming in both readings, but no separator of a line without a colon
// for Google.
func hasVTorFF(b []byte) bool { return bytes.IndexByte(b, '\v') >= 0 || bytes.IndexByte(b, '\f') >= 0 }

// bomCut is where Google stops reading the first line l when it starts with
// a byte order mark cut short to n bytes: its parser skips those bytes before
// it counts the line's length, so it keeps syntax.MaxLineBytes bytes after
// them, n bytes further than the cut the syntax measured from byte 0 (a NUL
// still ends the line where it is).
func bomCut(src []byte, n int, l *syntax.Line) int {
	cut := int(l.Cut)
	if !l.Has(syntax.FlagTooLong) || cut < int(l.Start)+syntax.MaxLineBytes {
		return cut // the line is short, or a NUL ends it before the limit
	}
	end := min(int(l.End), n+syntax.MaxLineBytes)
	if z := bytes.IndexByte(src[cut:end], 0); z >= 0 {
		return cut + z
	}
	return end
}

// googleSplit splits the line from byte from to byte e as Google's parser does
// (GetKeyAndValueFrom): the comment goes, blanks (space, tab, VT, FF) are
// trimmed, the key ends at the first colon; a line without one is split at
// its first space or tab only, and only when it holds exactly two words
// separated by spaces and tabs. A line it finds no key in is syntax.Unknown.
func googleSplit(src []byte, from, e int) field {
	s := from
	if h := bytes.IndexByte(src[s:e], '#'); h >= 0 {
		e = s + h
	}
	s, e = trimGoogle(src, s, e)
	var ks, ke, vs int
	if c := bytes.IndexByte(src[s:e], ':'); c >= 0 {
		ks, ke, vs = s, s+c, s+c+1
	} else {
		sep := bytes.IndexAny(src[s:e], " \t")
		if sep < 0 {
			return field{kind: syntax.Unknown}
		}
		ks, ke = s, s+sep
		vs = ke
		for vs < e && (src[vs] == ' ' || src[vs] == '\t') {
			vs++
		}
		if bytes.ContainsAny(src[vs:e], " \t") {
			return field{kind: syntax.Unknown}
		}
	}
	ks, ke = trimGoogle(src, ks, ke)
	vs, ve := trimGoogle(src, vs, e)
	if ks == ke {
		return field{kind: syntax.Unknown}
	}
	k, _ := syntax.KeyKind(src[ks:ke])
	return field{k, syntax.Span{Start: int32(ks), End: int32(ke)}, syntax.Span{Start: int32(vs), End: int32(ve)}}
}

// trimGoogle narrows [s, e) past the blanks at both ends, as Google's
// StripWhitespaceSlowly does (a line holds no CR or LF).
func trimGoogle(src []byte, s, e int) (int, int) {
	blank := func(c byte) bool { return c == ' ' || c == '\t' || c == '\v' || c == '\f' }
	for s < e && blank(src[s]) {
		s++
	}
	for e > s && blank(src[e-1]) {
		e--
	}
	return s, e
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
	fd := field{l.Kind, l.Key, l.Value}
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
