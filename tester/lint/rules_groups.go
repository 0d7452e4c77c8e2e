package lint

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

var (
	msgBeforeUA       = msg.Def("lint.before_ua", "{{.Count}} rule lines before the first User-agent line (lines {{.First}}–{{.Last}}) belong to no group: every crawler ignores them (RFC 9309 §2.2){{if .Strict}}, and the whole file is rejected by {{.Strict}}{{end}}")
	_                 = msg.One("lint.before_ua", "{{.Count}} rule line before the first User-agent line (line {{.First}}) belongs to no group: every crawler ignores it (RFC 9309 §2.2){{if .Strict}}, and the whole file is rejected by {{.Strict}}{{end}}")
	msgBlankRules     = msg.Def("lint.blank.rules", "the blank line {{.Blank}} cuts this rule off from its User-agent line: the record ends there for {{.Ends}}, so for them the rules after it belong to no robot; the others read one group (and Yandex's help forbids a blank line there) (RFC 9309 §2.2.1; the 1994 standard, robotstxt.org)")
	msgBlankAgents    = msg.Def("lint.blank.agents", "the blank line {{.Blank}} separates User-agent lines of one group: the record ends there for {{.Ends}}, leaving the robots above it without rules; the others give the rules below to all of them (RFC 9309 §2.2.1; the 1994 standard, robotstxt.org)")
	msgFixBlank       = msg.Def("lint.fix.delete_blank", "Delete the {{.Count}} blank lines inside the group")
	_                 = msg.One("lint.fix.delete_blank", "Delete the blank line inside the group")
	msgEmptyUA        = msg.Def("lint.empty_ua", "empty User-agent: {{if .All}}for {{.All}} it names every robot (an empty name is part of every name), for the others none{{else}}it names no robot{{end}} (RFC 9309 §2.2.1)")
	msgTokenVersion   = msg.Def("lint.token.version", "`{{.Value}}` is not a product token (RFC 9309 allows only letters, `-` and `_`): the line is ignored by {{.Product}} and read as `{{.Token}}` by {{.Leading}} (RFC 9309 §2.2.1; Google Search Central: how Google interprets robots.txt)")
	msgTokenNone      = msg.Def("lint.token.none", "`{{.Value}}` is not a product token and does not start with one: for {{.Named}} this line names no crawler (RFC 9309 §2.2.1)")
	msgFixToken       = msg.Def("lint.fix.token", "Write the product token `{{.Token}}` only")
	msgSeveralAgents  = msg.Def("lint.several_agents", "a space in the User-agent value: `{{.First}}` alone is taken by {{.Leading}}, the line is ignored by {{.Product}}, and every word is a robot of its own for {{.Lists}}. If these are several robots, write one User-agent line per robot (RFC 9309 §2.2.1; the Lycos 1996 text)")
	msgWholeBoth      = msg.Def("lint.whole.both", "{{.Who}} matches `{{.Value}}` whole, but {{.Leading}} read this name as {{.Token}}, and {{.Product}} as no name at all (RFC 9309 §2.2.1 allows only letters, `-` and `_`): for them this group is not {{.Value}}'s")
	msgWholeLeading   = msg.Def("lint.whole.leading", "{{.Who}} matches `{{.Value}}` whole, but {{.Leading}} read this name as {{.Token}}: for them this group is not {{.Value}}'s")
	msgWholeProduct   = msg.Def("lint.whole.product", "{{.Who}} matches `{{.Value}}` whole, but {{.Product}} read this name as no name at all (RFC 9309 §2.2.1 allows only letters, `-` and `_`): for them this group is not {{.Value}}'s")
	msgWholeKnown     = msg.Def("lint.whole.known", "{{.Crawler}} itself")
	msgWholeAny       = msg.Def("lint.whole.any", "a crawler that compares its whole name, as most operators document their tokens,")
	msgWholeEmpty     = msg.Def("lint.whole.empty_name", "the empty name")
	msgTokenCut       = msg.Def("lint.token.cut", "`{{.Value}}` and `{{.Other}}` (line {{.Line}}) are the same name `{{.Token}}` for {{.Cut}}: a name is read only up to its first character that is not a letter, `-` or `_` (RFC 9309 §2.2.1), so for them both groups apply to both crawlers")
	msgFixSplitAgents = msg.Def("lint.fix.split_agents", "One User-agent line per robot")
	msgSeveralStar    = msg.Def("lint.several_star", "a second `User-agent: *` group (the first is at line {{.First}}): the two are read as one by {{.Mergers}}, the first one alone by {{.Others}} (RFC 9309 §2.2.1; Yandex Webmaster help calls a second one an error)")
	msgSeveralGroups  = msg.Def("lint.several_groups", "{{.Robot}} already has a group at line {{.First}}: the groups are read as one by {{.Mergers}}, one of them alone by {{.Others}}. Keep one group per robot (RFC 9309 §2.2.1; Yandex Webmaster help)")
	msgDropStarNone   = msg.Def("lint.drop_star.no_rules", "the group of {{.Robots}} replaces the `*` group (line {{.Star}}) for them but has no Allow or Disallow line: these robots may crawl everything (RFC 9309 §2.2.1)")
	msgDropStarSome   = msg.Def("lint.drop_star.some", "the group of {{.Robots}} replaces the `*` group (line {{.Star}}) for them and does not repeat {{.Count}} of its Disallow rules, e.g. line {{.Line}} `{{.Rule}}` (RFC 9309 §2.2.1)")
	_                 = msg.One("lint.drop_star.some", "the group of {{.Robots}} replaces the `*` group (line {{.Star}}) for them and does not repeat {{.Count}} of its Disallow rules: line {{.Line}} `{{.Rule}}` (RFC 9309 §2.2.1)")
	msgEmptyGroupStar = msg.Def("lint.empty_group.star", "User-agent lines without rules at the end of the file: for {{.Replace}} their empty group still replaces `*`, so {{.Robots}} may crawl everything{{if .Fall}}; for {{.Fall}} these lines make no group, and the robots stay under the `*` group{{end}}")
	msgEmptyGroup     = msg.Def("lint.empty_group.plain", "User-agent lines without rules at the end of the file: they restrict nothing")
	msgSplitByField   = msg.Def("lint.split_by_field", "this User-agent line follows the Crawl-delay at line {{.Field}}: a new group starts here for {{.Split}}, so for them the robots above it ({{.Robots}}) get none of the rules below; the others still read one group")
	msgDisallowAll    = msg.Def("lint.disallow_all", "`Disallow: /` in the `*` group closes the whole site to every crawler that has no group of its own")
	msgNoRules        = msg.Def("lint.no_rules", "no Allow or Disallow line: every crawler may fetch everything, as with a missing or empty robots.txt")
)

// checkBeforeUA: rules (and Crawl-delay) before the first User-agent line.
func checkBeforeUA(s *state) {
	first, last, count := 0, 0, 0
	for n := 1; n <= len(s.doc.Lines) && s.m.groupOf(n) < 0; n++ {
		if k := s.kind(n); k.IsRule() || k == syntax.CrawlDelay {
			if first == 0 {
				first = n
			}
			last = n
			count++
		}
	}
	if count == 0 {
		return
	}
	a, _ := s.fieldSpan(first)
	_, b := s.fieldSpan(last)
	s.report(finding{code: "RS001", sev: diag.Error, start: a, end: b, engines: s.every,
		text: msg.New(msgBeforeUA, "Count", count, "First", first, "Last", last, "Strict", s.names(s.f.strictParse))})
}

// checkBlankInGroup: blank lines inside a group, which end the record for
// the engines whose traits say so (BlankEndsGroup: the 1994 and 1996 texts
// and the readers that follow them).
func checkBlankInGroup(s *state) {
	var blanks []int
	cur := int32(-1)
	sawRule := false
	for n := 1; n <= len(s.doc.Lines); n++ {
		g := int32(s.m.groupOf(n))
		if g != cur {
			cur, blanks, sawRule = g, nil, false
		}
		if cur < 0 {
			continue
		}
		switch k := s.kind(n); {
		case k == syntax.Blank:
			blanks = append(blanks, n)
		case k == syntax.UserAgent:
			if len(blanks) > 0 && !sawRule {
				s.reportBlank(n, blanks, msgBlankAgents, false)
			}
			blanks = nil
		case k.IsRule() || k == syntax.CrawlDelay:
			if len(blanks) > 0 {
				s.reportBlank(n, blanks, msgBlankRules, true)
			}
			blanks = nil
			sawRule = sawRule || k.IsRule()
		}
	}
}

func (s *state) reportBlank(n int, blanks []int, key string, safe bool) {
	edits := make([]Edit, len(blanks))
	for i, b := range blanks {
		edits[i] = deleteLine(s.doc, b)
	}
	a, b := s.fieldSpan(n)
	s.report(finding{code: "RS002", sev: diag.Warning, start: a, end: b, engines: s.f.blankEnds,
		text: msg.New(key, "Blank", blanks[0], "Ends", s.names(s.f.blankEnds)),
		fix:  newFix(msg.New(msgFixBlank, "Count", len(blanks)), safe, s.f.blankEnds.names(s.all), edits...)})
}

// checkUserAgents: empty values, invalid product tokens, several names on one line.
func checkUserAgents(s *state) {
	for n := 1; n <= len(s.doc.Lines); n++ {
		if s.kind(n) != syntax.UserAgent {
			continue
		}
		l := &s.doc.Lines[n-1]
		v := s.val(n)
		switch {
		case v == "":
			a, b := s.fieldSpan(n)
			s.report(finding{code: "RS012", sev: diag.Warning, start: a, end: b, engines: s.every, text: msg.New(msgEmptyUA, "All", s.names(s.f.emptyUAAll))})
		case v != "*" && !engine.ValidToken(v) && wholeName(v):
			s.readOtherwise(n, v)
		case strings.ContainsAny(v, " \t\v\f"):
			s.severalAgents(n, l, v)
		case v == "*" || engine.ValidToken(v):
		default:
			tok := engine.Token(v)
			a, b := s.valueSpan(n)
			f := finding{code: "RS013", sev: diag.Warning, start: a, end: b, engines: s.every &^ s.f.leadingToken,
				text: msg.New(msgTokenNone, "Value", v, "Named", s.names(s.f.leadingToken|s.f.productToken))}
			if tok != "" && v[len(tok)] == '/' {
				// "Googlebot/2.1": a version the author copied from the User-Agent header.
				f.text = msg.New(msgTokenVersion, "Value", v, "Token", tok, "Product", s.names(s.f.productToken), "Leading", s.names(s.f.leadingToken))
				f.fix = newFix(msg.New(msgFixToken, "Token", tok), true, f.engines.names(s.all),
					Edit{Start: a, End: b, Text: []byte(tok)})
			}
			s.report(f)
		}
	}
	checkCutTokens(s)
}

// wholeName reports whether v is a name a crawler matches whole although it
// is no product token: the documented name of a catalogue crawler that
// matches whole ("ChatGPT Agent"), or a name of letters, digits, ".", "-"
// and "_" as crawlers publish them (AI2Bot, MJ12bot, Mail.RU_Bot, 008).
func wholeName(v string) bool {
	if c, ok := crawlers.ByToken(v); ok {
		return engine.MatchOf(c) == catalogue.MatchWhole
	}
	return crawlerName(v)
}

// readOtherwise: RS051, a named group some readings cannot match by the
// name written. RFC 9309 §2.2.1 asks crawlers for tokens of letters, "_"
// and "-", but these crawlers document the names they match whole; the
// site owner has nothing to fix, and is told which readings see the line
// otherwise: those that keep the leading token (`MJ12bot` is `MJ`) and
// those that need a product token (no name at all).
func (s *state) readOtherwise(n int, v string) {
	named := namesWhole(s.all, v)
	leading, product := s.f.leadingToken&s.selected&^named, s.f.productToken&s.selected&^named
	if leading|product == 0 {
		return
	}
	who := msg.New(msgWholeAny)
	if c, ok := crawlers.ByToken(v); ok {
		who = msg.New(msgWholeKnown, "Crawler", c.Name)
	}
	var token any = "`" + engine.Token(v) + "`"
	if engine.Token(v) == "" {
		token = msg.New(msgWholeEmpty)
	}
	text := msg.New(msgWholeBoth, "Who", who, "Value", v, "Leading", leading.text(s.all), "Token", token, "Product", product.text(s.all))
	switch {
	case product == 0:
		text = msg.New(msgWholeLeading, "Who", who, "Value", v, "Leading", leading.text(s.all), "Token", token)
	case leading == 0:
		text = msg.New(msgWholeProduct, "Who", who, "Value", v, "Product", product.text(s.all))
	}
	a, b := s.valueSpan(n)
	s.report(finding{code: "RS051", sev: diag.Info, start: a, end: b, engines: leading | product, text: text})
}

// namesWhole are the engines of all under which a group `User-agent: v`
// is the group of the crawler named v after all: the traits say how an
// engine reads "Googlebot/2.1", not every name (Yandex cuts at "/" but
// keeps the digits of MJ12bot), so each reading is asked.
func namesWhole(all []string, v string) engineSet {
	doc := syntax.Parse([]byte("User-agent: " + v + "\nDisallow: /\n"))
	var set engineSet
	for i, id := range all {
		if e, ok := engine.Get(id); ok && !e.Compile(doc).Query(v, "/").Allowed {
			set |= 1 << i
		}
	}
	return set
}

// crawlerName reports whether v is made of letters, digits, ".", "-" and
// "_" only, as the names crawlers publish are.
func crawlerName(v string) bool {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '-' || c == '_') {
			return false
		}
	}
	return v != ""
}

// checkCutTokens: two different names that Google's parser and RFC 9309
// parsers read as the same token, because both stop at the first character
// that is not a letter, "-" or "_" (MJ12bot and MJ13bot are both MJ).
func checkCutTokens(s *state) {
	type seen struct {
		line  int
		value string
	}
	first := map[string]seen{}
	for n := 1; n <= len(s.doc.Lines); n++ {
		if s.kind(n) != syntax.UserAgent {
			continue
		}
		v := s.val(n)
		if !crawlerName(v) {
			continue
		}
		tok := strings.ToLower(engine.Token(v))
		if tok == "" {
			continue
		}
		f, ok := first[tok]
		if !ok {
			first[tok] = seen{n, v}
			continue
		}
		if strings.EqualFold(f.value, v) || engine.ValidToken(v) && engine.ValidToken(f.value) ||
			s.m.groupOf(n) == s.m.groupOf(f.line) {
			continue // one name, or one group: nothing is mixed up
		}
		a, b := s.valueSpan(n)
		s.report(finding{code: "RS013", sev: diag.Warning, start: a, end: b, engines: s.f.leadingToken | s.f.productToken,
			text: msg.New(msgTokenCut, "Value", v, "Other", f.value, "Line", f.line, "Token", engine.Token(v), "Cut", s.names(s.f.leadingToken|s.f.productToken))})
	}
}

func (s *state) severalAgents(n int, l *syntax.Line, v string) {
	words := strings.Fields(v)
	first := words[0]
	if first != "*" {
		first = engine.Token(first)
	}
	a, b := s.valueSpan(n)
	f := finding{code: "RS014", sev: diag.Info, start: a, end: b, engines: s.every &^ s.f.listsPerLine,
		text: msg.New(msgSeveralAgents, "First", first, "Leading", s.names(s.f.leadingToken), "Product", s.names(s.f.productToken), "Lists", s.names(s.f.listsPerLine))}
	fixable := true
	for _, w := range words {
		fixable = fixable && (w == "*" || engine.ValidToken(w))
	}
	if fixable {
		// Unsafe: "Kangaroo Bot" is one robot, "Copernicus Fred" two.
		f.fix = newFix(msg.New(msgFixSplitAgents), false, f.engines.names(s.all),
			Edit{Start: a, End: b, Text: s.splitValue(n, words)})
	}
	s.report(f)
}

// splitValue is words as the value of line n followed by one more line with
// the same key for each further word, using the line's own terminator.
func (s *state) splitValue(n int, words []string) []byte {
	l := &s.doc.Lines[n-1]
	sep := ": "
	if l.Has(syntax.FlagMissingColon) {
		sep = " "
	}
	eol := eolOf(s.doc, n)
	key := s.doc.Text(l.Key)
	var b []byte
	for i, w := range words {
		if i > 0 {
			b = append(b, eol...)
			b = append(b, key...)
			b = append(b, sep...)
		}
		b = append(b, w...)
	}
	return b
}

// checkGroups: several `*` groups, a robot in several groups, named groups
// that drop the `*` rules, an empty last group, and a group split by a
// Crawl-delay line.
func checkGroups(s *state) {
	groups := s.m.groups
	firstStar := 0
	firstOf := map[string]int{}
	for gi := range groups {
		g := &groups[gi]
		for _, n := range g.ua {
			v := s.val(n)
			if syntax.IsStar(v) {
				if firstStar == 0 {
					firstStar = n
				} else if s.m.groupOf(firstStar) != gi {
					a, b := s.fieldSpan(n)
					s.report(finding{code: "RS016", sev: diag.Warning, start: a, end: b, engines: s.every &^ s.f.mergers,
						text: msg.New(msgSeveralStar, "First", firstStar, "Mergers", s.names(s.f.mergers), "Others", s.names(s.every&^s.f.mergers))})
				}
				continue
			}
			tok := strings.ToLower(engine.Token(v))
			if tok == "" {
				continue
			}
			if f, ok := firstOf[tok]; !ok {
				firstOf[tok] = n
			} else if s.m.groupOf(f) != gi {
				a, b := s.fieldSpan(n)
				s.report(finding{code: "RS017", sev: diag.Warning, start: a, end: b, engines: s.every &^ s.f.mergers,
					text: msg.New(msgSeveralGroups, "Robot", v, "First", f, "Mergers", s.names(s.f.mergers), "Others", s.names(s.every&^s.f.mergers))})
			}
		}
		checkSplitByField(s, g)
	}
	checkDropStar(s, firstStar)
	checkEmptyLastGroup(s, firstStar)
}

func checkSplitByField(s *state, g *group) {
	for _, o := range g.other {
		if s.kind(o) != syntax.CrawlDelay {
			continue
		}
		for i, n := range g.ua {
			if n > o {
				a, b := s.fieldSpan(n)
				s.report(finding{code: "RS038", sev: diag.Warning, start: a, end: b, engines: s.f.fieldsEndUA,
					text: msg.New(msgSplitByField, "Field", o, "Robots", s.robots(g.ua[:i]), "Split", s.names(s.f.fieldsEndUA))})
				return
			}
		}
	}
}

// robots is the User-agent values of lines, for a sentence.
func (s *state) robots(lines []int) string {
	names := make([]string, 0, len(lines))
	for _, n := range lines {
		names = append(names, s.val(n))
	}
	return strings.Join(names, ", ")
}

// ruleKey identifies a rule by kind and value.
// ruleSetKey identifies a rule by its kind and value, without copying the
// value (valid within one Run).
type ruleSetKey struct {
	allow bool
	value string
}

func (s *state) ruleKey(n int) ruleSetKey {
	return ruleSetKey{s.kind(n) == syntax.Allow, s.val(n)}
}

func checkDropStar(s *state, firstStar int) {
	if firstStar == 0 {
		return
	}
	// The `*` Disallow rules a named group may drop. When `*` is shut out
	// completely, named groups are the exceptions the author made on purpose.
	var starRules []int
	for gi := range s.m.groups {
		g := &s.m.groups[gi]
		if !g.star {
			continue
		}
		for _, n := range g.rules {
			v := s.val(n)
			if s.kind(n) != syntax.Disallow || v == "" {
				continue
			}
			if v == "/" || v == "*" || v == "/*" {
				return
			}
			starRules = append(starRules, n)
		}
	}
	if len(starRules) == 0 {
		return
	}
	// The rules each token gets from all its groups (Google merges them).
	byToken := map[string]map[ruleSetKey]bool{}
	for gi := range s.m.groups {
		g := &s.m.groups[gi]
		if g.star {
			continue
		}
		for _, t := range g.tokens {
			set := byToken[t]
			if set == nil {
				set = map[ruleSetKey]bool{}
				byToken[t] = set
			}
			for _, n := range g.rules {
				set[s.ruleKey(n)] = true
			}
		}
	}
	reported := map[string]bool{}
	last := len(s.m.groups) - 1
	for gi := range s.m.groups {
		g := &s.m.groups[gi]
		if g.star || len(g.tokens) == 0 || g.tokens[0] == "" || reported[g.tokens[0]] {
			continue
		}
		reported[g.tokens[0]] = true
		set := byToken[g.tokens[0]]
		a, b := s.fieldSpan(g.ua[0])
		f := finding{code: "RS018", start: a, end: b, engines: s.every}
		if len(set) == 0 {
			if gi == last && len(g.other) == 0 {
				continue // an empty last group: RS037
			}
			f.sev, f.text = diag.Warning, msg.New(msgDropStarNone, "Robots", s.robots(g.ua), "Star", firstStar)
			s.report(f)
			continue
		}
		openOnly := true
		for k := range set {
			openOnly = openOnly && k == ruleSetKey{}
		}
		if openOnly {
			continue // `Disallow:` alone: the robot is let in on purpose
		}
		lengths := disallowLengths(set)
		missing, example := 0, 0
		for _, n := range starRules {
			if !set[s.ruleKey(n)] && !coveredBy(s.val(n), set, lengths) {
				missing++
				if example == 0 {
					example = n
				}
			}
		}
		if missing > 0 {
			f.sev = diag.Info
			f.text = msg.New(msgDropStarSome, "Robots", s.robots(g.ua), "Star", firstStar, "Count", missing,
				"Line", example, "Rule", s.doc.RuleText(example))
			s.report(f)
		}
	}
}

func checkEmptyLastGroup(s *state, firstStar int) {
	if len(s.m.groups) == 0 {
		return
	}
	g := &s.m.groups[len(s.m.groups)-1]
	if len(g.rules) > 0 || len(g.other) > 0 || g.star {
		return
	}
	a, _ := s.fieldSpan(g.ua[0])
	_, b := s.fieldSpan(g.ua[len(g.ua)-1])
	f := finding{code: "RS037", sev: diag.Info, start: a, end: b, engines: s.every, text: msg.New(msgEmptyGroup)}
	if firstStar != 0 {
		f.sev, f.text = diag.Warning, msg.New(msgEmptyGroupStar, "Robots", s.robots(g.ua), "Replace", s.names(s.every&^s.f.trailingUA), "Fall", s.names(s.f.trailingUA))
	}
	s.report(f)
}

// checkDisallowAll: `Disallow: /` for `*`.
func checkDisallowAll(s *state) {
	for gi := range s.m.groups {
		g := &s.m.groups[gi]
		if !g.star {
			continue
		}
		for _, n := range g.rules {
			if s.kind(n) == syntax.Disallow && s.val(n) == "/" {
				a, b := s.fieldSpan(n)
				s.report(finding{code: "RS035", sev: diag.Info, start: a, end: b, engines: s.every, text: msg.New(msgDisallowAll)})
			}
		}
	}
}

// checkNoRules: a file without a single rule allows everything.
func checkNoRules(s *state) {
	if s.m.rules > 0 {
		return
	}
	a, b := s.lineSpan(1)
	s.report(finding{code: "RS041", sev: diag.Info, start: a, end: b, engines: s.every, text: msg.New(msgNoRules)})
}

// coveredBy reports whether a Disallow in set (keys from ruleKey) already
// closes every path v closes: a plain prefix of v.
// lengths lists the lengths of the set's Disallow values, so only prefixes
// that could be in the set are looked up.
func coveredBy(v string, set map[ruleSetKey]bool, lengths []int) bool {
	if set[ruleSetKey{value: "/"}] || set[ruleSetKey{value: "*"}] || set[ruleSetKey{value: "/*"}] {
		return true
	}
	for _, i := range lengths {
		if i >= 1 && i < len(v) && set[ruleSetKey{value: v[:i]}] {
			return true
		}
	}
	return false
}

// disallowLengths is the distinct lengths of the Disallow values in set.
func disallowLengths(set map[ruleSetKey]bool) []int {
	seen := map[int]bool{}
	var out []int
	for k := range set {
		if !k.allow && !seen[len(k.value)] {
			seen[len(k.value)] = true
			out = append(out, len(k.value))
		}
	}
	return out
}
