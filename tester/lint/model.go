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
	kinds    []syntax.Kind    // per line (index n-1): the kind, with line 1 read past a damaged BOM
	grouping *syntax.Grouping // the groups as lines (groupOf)
	groups   []group
	damaged  int // length of the damaged BOM at the start of line 1, 0 if none
	rules    int // number of Allow/Disallow lines
}

func buildModel(doc *syntax.Document) *model {
	m := &model{kinds: make([]syntax.Kind, len(doc.Lines))}
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
	gr := doc.Groups(lintGroups(m))
	m.grouping = gr
	m.groups = make([]group, len(gr.Groups))
	for gi := range gr.Groups {
		g, out := &gr.Groups[gi], &m.groups[gi]
		for _, n := range g.Agents {
			out.ua = append(out.ua, int(n))
			v := doc.Value(int(n))
			if syntax.IsStar(v) {
				out.star = true
			} else {
				out.tokens = append(out.tokens, strings.ToLower(engine.Token(v)))
			}
		}
		for _, n := range g.Fields {
			if m.kinds[n-1].IsRule() {
				out.rules = append(out.rules, int(n))
			} else {
				out.other = append(out.other, int(n))
			}
		}
	}
	for i := range m.kinds {
		if m.kinds[i].IsRule() {
			m.rules++
		}
	}
	return m
}

// lintGroups is the default engine's GroupRule (as Google compiles the
// file) over every line, read limit or not, since lint speaks of every line;
// a first line behind a damaged byte order mark is read as the field it
// names, which the damaged-BOM finding explains.
func lintGroups(m *model) syntax.GroupRule {
	r := engine.WholeFileGroups()
	if base := r.Kind; m.damaged > 0 {
		r.Kind = func(d *syntax.Document, i int) syntax.Kind {
			if i == 0 {
				return m.kinds[0]
			}
			return base(d, i)
		}
	}
	return r
}

// kind is line n's effective kind.
func (s *state) kind(n int) syntax.Kind { return s.m.kinds[n-1] }

// groupOf is the group line n is in (index into groups), -1 before the first
// User-agent line.
func (m *model) groupOf(n int) int { return m.grouping.Of(n) }
