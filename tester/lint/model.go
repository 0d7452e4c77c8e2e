package lint

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// damagedBOM is a UTF-8 byte order mark decoded as Latin-1 and encoded again
// as UTF-8 ("ï»¿"), as editors and scrapers leave it.
var damagedBOM = []byte{0xC3, 0xAF, 0xC2, 0xBB, 0xC2, 0xBF}

// group is a group as the modern readers (Google, RFC 9309) build it: one or
// more User-agent lines, then rules, ended by the next User-agent line that
// follows a rule. Blank lines and other fields do not end it.
type group struct {
	ua     []int    // User-agent line numbers
	rules  []int    // Allow/Disallow line numbers
	other  []int    // other field lines inside the group (Crawl-delay, Host…)
	tokens []string // lower-case product tokens Google reads from the ua lines ("" never matches)
	star   bool     // one of the ua lines is `*`
}

// model is the document's lines with their effective kinds and groups.
type model struct {
	kinds   []syntax.Kind // per line (index n-1): the kind, with line 1 read past a damaged BOM
	groupOf []int32       // per line: index into groups, -1 before the first User-agent
	groups  []group
	damaged int // length of the damaged BOM at the start of line 1, 0 if none
	rules   int // number of Allow/Disallow lines
}

func buildModel(doc *syntax.Document) *model {
	m := &model{kinds: make([]syntax.Kind, len(doc.Lines)), groupOf: make([]int32, len(doc.Lines))}
	for i := range doc.Lines {
		m.kinds[i] = doc.Lines[i].Kind
	}
	if l := &doc.Lines[0]; l.Kind == syntax.Unknown && l.Key.Len() > len(damagedBOM) &&
		string(doc.Src[l.Key.Start:int(l.Key.Start)+len(damagedBOM)]) == string(damagedBOM) {
		if k, _ := syntax.KeyKind(doc.Src[int(l.Key.Start)+len(damagedBOM) : l.Key.End]); k != syntax.Unknown {
			m.kinds[0] = k
			m.damaged = len(damagedBOM)
		}
	}
	cur := -1
	sawRule := false
	for i := range doc.Lines {
		switch m.kinds[i] {
		case syntax.UserAgent:
			if cur < 0 || sawRule {
				m.groups = append(m.groups, group{})
				cur = len(m.groups) - 1
				sawRule = false
			}
			g := &m.groups[cur]
			g.ua = append(g.ua, i+1)
			v := doc.Value(i + 1)
			if isStar(v) {
				g.star = true
			} else {
				g.tokens = append(g.tokens, strings.ToLower(engine.Token(v)))
			}
		case syntax.Allow, syntax.Disallow:
			m.rules++
			if cur >= 0 {
				m.groups[cur].rules = append(m.groups[cur].rules, i+1)
				sawRule = true
			}
		case syntax.Blank, syntax.Comment, syntax.Invalid:
		default:
			if cur >= 0 {
				m.groups[cur].other = append(m.groups[cur].other, i+1)
			}
		}
		m.groupOf[i] = int32(cur)
	}
	return m
}

// isStar reports whether a User-agent value is the global `*` the way Google
// reads it: `*` alone or followed by a blank.
func isStar(v string) bool {
	return v != "" && v[0] == '*' && (len(v) == 1 || isBlank(v[1]))
}

// kind is line n's effective kind.
func (s *state) kind(n int) syntax.Kind { return s.m.kinds[n-1] }
