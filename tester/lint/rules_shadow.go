package lint

import (
	"slices"
	"sort"
	"strings"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

var (
	msgShadowLongest = msg.Def("lint.shadow.longest", "this rule never decides for {{.Engines}}: line {{.Other}} `{{.OtherRule}}` matches the same paths and wins (it is longer, or an Allow as long) (RFC 9309 §2.2.2)")
	msgShadowFirst   = msg.Def("lint.shadow.first", "this rule never decides for {{.Engines}}: line {{.Other}} `{{.OtherRule}}` matches the same paths, and among rules as long the first in the file wins")
	msgShadowDraft   = msg.Def("lint.shadow.draft", "this rule never decides for {{.Engines}}: line {{.Other}} `{{.OtherRule}}` comes first and matches every path this one matches, and the first match wins (the 1996 Internet-Draft, draft-koster-robots-00; Python 3.11's urllib.robotparser)")
	msgShadowDraftN  = msg.Def("lint.shadow.draft_summary", "{{.Count}} rules never decide for {{.Engines}}, where the first matching rule wins: an earlier rule of the other kind already matches every path they match. This is the first: line {{.Other}} `{{.OtherRule}}` comes before it (the 1996 Internet-Draft, draft-koster-robots-00; Python 3.11's urllib.robotparser)")
	_                = msg.One("lint.shadow.draft_summary", "{{.Count}} rule never decides for {{.Engines}}, where the first matching rule wins: an earlier rule of the other kind already matches every path it matches. Line {{.Other}} `{{.OtherRule}}` comes before it (the 1996 Internet-Draft, draft-koster-robots-00; Python 3.11's urllib.robotparser)")
	msgDuplicate     = msg.Def("lint.duplicate", "the same rule as line {{.First}} in this group")
	msgFixDuplicate  = msg.Def("lint.fix.duplicate", "Delete the duplicate rule")
)

// shadowRule is an Allow/Disallow line as the shadow analysis sees it.
type shadowRule struct {
	line  int
	allow bool
	value string
}

// checkShadowAndDuplicates looks inside each group for rules that repeat an
// earlier one and for rules that can never decide. Rules are sorted by path
// once per group: equal paths end up side by side, and each path right after
// the paths that are its prefixes.
func checkShadowAndDuplicates(s *state) {
	shaky := s.temotoShakyFrom()
	var draft [][2]int // (shadowed line, earlier line) for the 1996 draft
	var rs []shadowRule
	var order []int
	for gi := range s.m.groups {
		g := &s.m.groups[gi]
		if len(g.rules) < 2 {
			continue
		}
		rs = rs[:0]
		hasAllow, hasDisallow, starEnd := false, false, false
		for _, n := range g.rules {
			v := s.val(n)
			if v == "" {
				continue
			}
			allow := s.kind(n) == syntax.Allow
			hasAllow = hasAllow || allow
			hasDisallow = hasDisallow || !allow
			starEnd = starEnd || v[len(v)-1] == '*'
			rs = append(rs, shadowRule{n, allow, v})
		}
		order = order[:0]
		for i := range rs {
			order = append(order, i)
		}
		slices.SortFunc(order, func(i, j int) int {
			a, b := &rs[i], &rs[j]
			if c := strings.Compare(a.value, b.value); c != 0 {
				return c
			}
			return a.line - b.line
		})
		s.duplicates(rs, order, shaky)
		if hasAllow && hasDisallow {
			s.shadowLongest(rs, order, starEnd)
			if !s.blankInside(g) {
				draft = s.shadowFirstMatch(rs, order, draft)
			}
		}
	}
	if len(draft) == 0 {
		return
	}
	if s.onlyHistoric() {
		for _, d := range draft {
			s.reportShadow(d[0], d[1], s.f.firstMatch, msgShadowDraft)
		}
		return
	}
	first := draft[0]
	for _, d := range draft[1:] {
		if d[0] < first[0] {
			first = d
		}
	}
	a, b := s.fieldSpan(first[0])
	s.report(finding{code: "RS019", sev: diag.Info, start: a, end: b, engines: s.f.firstMatch,
		text: msg.New(msgShadowDraftN, "Count", len(draft), "Engines", (s.f.firstMatch & s.selected).text(s.all), "Other", first[1], "OtherRule", s.doc.RuleText(first[1]))})
}

// duplicates reports each rule whose kind and path an earlier rule of the
// group already has; order sorts rs by path, then line.
func (s *state) duplicates(rs []shadowRule, order []int, shaky int) {
	for i := 0; i < len(order); {
		j := i
		firstAllow, firstDisallow := 0, 0
		for ; j < len(order) && rs[order[j]].value == rs[order[i]].value; j++ {
			r := &rs[order[j]]
			first := &firstDisallow
			if r.allow {
				first = &firstAllow
			}
			if *first == 0 {
				*first = r.line
			} else {
				s.duplicate(r.line, *first, shaky)
			}
		}
		i = j
	}
}

func (s *state) duplicate(n, first, shaky int) {
	l := &s.doc.Lines[n-1]
	var engines engineSet
	if shaky > 0 && shaky < n {
		engines = s.f.tokenStream // its token stream may pair the words differently once a line goes
	}
	safe := l.Comment.Empty() && !strings.ContainsAny(s.val(n), " \t\v\f")
	a, b := s.fieldSpan(n)
	s.report(finding{code: "RS020", sev: diag.Info, start: a, end: b, engines: s.every,
		text: msg.New(msgDuplicate, "First", first),
		fix:  newFix(msg.New(msgFixDuplicate), safe, engines.names(s.all), deleteLine(s.doc, n))})
}

// shadowLongest: rules with the same path up to trailing `*`s match the same
// paths. For the longest-match engines the longest of them wins (an Allow on
// a tie); for temoto, which drops trailing `*`s, the first in the file wins.
// order sorts rs by path; when some path ends in `*` the rules are sorted
// again by the path without its trailing `*`s.
func (s *state) shadowLongest(rs []shadowRule, order []int, starEnd bool) {
	key := func(i int) string { return rs[i].value }
	if starEnd {
		order = append([]int(nil), order...)
		key = func(i int) string { return strings.TrimRight(rs[i].value, "*") }
		sort.SliceStable(order, func(i, j int) bool { return key(order[i]) < key(order[j]) })
	}
	for i := 0; i < len(order); {
		k := key(order[i])
		j := i + 1
		for j < len(order) && key(order[j]) == k {
			j++
		}
		if j-i > 1 && k != "" {
			s.shadowBucket(rs, order[i:j])
		}
		i = j
	}
}

// shadowBucket handles rules that match the same paths.
func (s *state) shadowBucket(rs []shadowRule, idx []int) {
	win, first := idx[0], idx[0]
	for _, i := range idx[1:] {
		if rs[i].line < rs[first].line {
			first = i
		}
	}
	mixed := false
	for _, i := range idx {
		r, w := &rs[i], &rs[win]
		mixed = mixed || r.allow != rs[first].allow
		if len(r.value) > len(w.value) || len(r.value) == len(w.value) && (r.allow && !w.allow || r.allow == w.allow && r.line < w.line) {
			win = i
		}
	}
	if !mixed {
		return
	}
	for _, i := range idx {
		byLongest := rs[i].allow != rs[win].allow
		byFirst := rs[i].allow != rs[first].allow && rs[i].line > rs[first].line
		switch {
		case byLongest && byFirst && win == first:
			s.reportShadow(rs[i].line, rs[win].line, s.f.longest|s.f.firstOfEqual, msgShadowLongest)
		case byLongest:
			s.reportShadow(rs[i].line, rs[win].line, s.f.longest, msgShadowLongest)
			if byFirst {
				s.reportShadow(rs[i].line, rs[first].line, s.f.firstOfEqual, msgShadowFirst)
			}
		case byFirst:
			s.reportShadow(rs[i].line, rs[first].line, s.f.firstOfEqual, msgShadowFirst)
		}
	}
}

// shadowFirstMatch: the 1996 draft takes the first rule whose path is a
// prefix of the URL, so a later rule of the other kind whose path starts with
// an earlier rule's path never decides. Sorting the paths puts each one right
// after the paths that are its prefixes; a stack keeps those prefixes with the
// earliest Allow and Disallow line among them.
func (s *state) shadowFirstMatch(rs []shadowRule, order []int, found [][2]int) [][2]int {
	type frame struct {
		value          string
		allow, disallw int // earliest line of each kind among the frames up to here (0: none)
	}
	var stack []frame
	earlier := func(x, y int) int {
		if x == 0 || y != 0 && y < x {
			return y
		}
		return x
	}
	for _, i := range order {
		r := &rs[i]
		for len(stack) > 0 && !strings.HasPrefix(r.value, stack[len(stack)-1].value) {
			stack = stack[:len(stack)-1]
		}
		var top frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		other := top.allow
		if r.allow {
			other = top.disallw
		}
		if other != 0 && other < r.line {
			found = append(found, [2]int{r.line, other})
		}
		f := frame{value: r.value, allow: top.allow, disallw: top.disallw}
		if r.allow {
			f.allow = earlier(f.allow, r.line)
		} else {
			f.disallw = earlier(f.disallw, r.line)
		}
		stack = append(stack, f)
	}
	return found
}

func (s *state) reportShadow(n, other int, engines engineSet, key string) {
	a, b := s.fieldSpan(n)
	s.report(finding{code: "RS019", sev: diag.Warning, start: a, end: b, engines: engines,
		text: msg.New(key, "Engines", (engines & s.selected).text(s.all), "Other", other, "OtherRule", s.doc.RuleText(other))})
}

// blankInside reports whether a blank line lies between g's first and last
// line (then the historic readers see several records; RS002 says so).
func (s *state) blankInside(g *group) bool {
	last := g.rules[len(g.rules)-1]
	for n := g.ua[0] + 1; n < last; n++ {
		if s.kind(n) == syntax.Blank {
			return true
		}
	}
	return false
}

// temotoShakyFrom is the first line from which the temoto library's
// whitespace-separated token stream may no longer pair each key with its own
// value (an empty value takes the next word; extra words shift the pairs), or
// 0 when every line pairs cleanly.
func (s *state) temotoShakyFrom() int {
	for n := 1; n <= len(s.doc.Lines); n++ {
		l := &s.doc.Lines[n-1]
		switch {
		case l.Kind == syntax.Invalid:
			return n
		case l.Kind.IsField() && (l.Value.Empty() || strings.ContainsAny(s.val(n), " \t\v\f")):
			return n
		}
	}
	return 0
}
