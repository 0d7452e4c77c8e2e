package diff

import (
	"strings"
	"unicode/utf8"

	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/uri"
)

// Probes derives test paths from the Allow/Disallow rules of the documents:
// each pattern made concrete — its literal prefix, the pattern with its
// wildcards filled (with nothing and with a letter), a path below it, and
// for a `$` end both the exact end and one character past it — plus "/" and
// "/robots.txt". Non-ASCII and %-escaped forms are both tried, since some
// readings compare escapes and others bytes. The order is stable.
func Probes(docs ...*syntax.Document) []string {
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		if !strings.HasPrefix(p, "/") {
			p = "/" + p
		}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	addAll := func(pattern string) {
		for _, p := range concrete(pattern) {
			add(p)
			if enc := uri.EscapeNonASCII(p); enc != p {
				add(enc)
			}
			if dec := uri.Decode(p); dec != p && utf8.ValidString(dec) {
				add(dec)
			}
		}
	}
	add("/")
	add("/robots.txt")
	for _, d := range docs {
		groups, order := groupLines(d, displayGroups(), nil)
		for _, key := range order {
			var values []string
			for _, r := range groups[key] {
				if l := d.Line(r.Line); l.Kind.IsRule() {
					value := d.Value(r.Line)
					words := strings.Fields(value)
					if len(words) > 1 {
						words = append(words, value)
					}
					values = append(values, words...)
				}
			}
			for _, w := range values {
				addAll(w)
			}
			combine(values, addAll)
		}
	}
	return out
}

// maxCombos bounds the wildcard combinations one group adds.
const maxCombos = 4096

// combine puts a wildcard pattern below the other rules of its group that
// share its literal prefix: with `Disallow: /cart` and `Allow: /*.pdf$` in
// one group, /cart/x.pdf is where the two meet.
func combine(values []string, add func(string)) {
	n := 0
	for _, w := range values {
		star := strings.IndexByte(w, '*')
		if star < 0 {
			continue
		}
		lit, rest := w[:star], w[star:]
		for _, other := range values {
			if other == w {
				continue
			}
			// The other rule made concrete: its literal prefix, and with
			// its own wildcards filled (two wildcard rules meet too).
			prefix := other
			if i := strings.IndexAny(other, "*$"); i >= 0 {
				prefix = other[:i]
			}
			filled := strings.ReplaceAll(strings.TrimSuffix(other, "$"), "*", "x")
			for _, p := range []string{prefix, filled} {
				if len(p) <= len(lit) || !strings.HasPrefix(p, lit) {
					continue
				}
				if n++; n > maxCombos {
					return
				}
				add(p + rest)
				add(below(p) + rest)
				if p == filled {
					break
				}
			}
		}
	}
}

// concrete turns one pattern into paths it matches and paths just beside it.
func concrete(pattern string) []string {
	anchored := strings.HasSuffix(pattern, "$")
	body := strings.TrimSuffix(pattern, "$")
	prefix := body
	if i := strings.IndexAny(body, "*$"); i >= 0 {
		prefix = body[:i]
	}
	empty := strings.ReplaceAll(strings.ReplaceAll(body, "*", ""), "$", "")
	filled := strings.ReplaceAll(strings.ReplaceAll(body, "*", "x"), "$", "")
	out := []string{prefix, empty, filled, below(prefix), below(filled)}
	if anchored {
		out = append(out, filled+"x", empty+"x", filled+"/x")
	} else {
		out = append(out, filled+"x")
	}
	// The literal pattern, for the readings that know no wildcards.
	if body != filled {
		out = append(out, pattern)
	}
	// One byte short of the literal prefix: just outside the rule.
	if len(prefix) > 1 {
		out = append(out, prefix[:len(prefix)-1])
	}
	return out
}

// below is a path under p: p/x for a file-like p, px for a folder.
func below(p string) string {
	if strings.HasSuffix(p, "/") {
		return p + "x"
	}
	return p + "/x"
}
