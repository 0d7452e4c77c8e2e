package aiaccess

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Edges that agree with robots.txt: the User-Agent refusals of a server or
// edge config (nginx, Apache, Caddy, a Cloudflare rule expression) set
// against what robots.txt says to each catalogue crawler. The configs are
// read for their User-Agent refusals only, line by line, in the forms the
// rules of Compile take and the common hand-written ones; conditions on
// paths or addresses are not followed, and a note says so.

// EdgeRule is one User-Agent refusal found in a config.
type EdgeRule struct {
	Line    int    // 1-based line of the config
	Pattern string // as written
	re      *regexp.Regexp
}

// EdgeConflict is a crawler robots.txt and the edge treat differently.
type EdgeConflict struct {
	Crawler    catalogue.Crawler
	Blocked    bool // the edge refuses it while robots.txt lets it in; else the reverse
	RobotsLine int  // the deciding robots.txt line, 0 when none
	EdgeLine   int  // the refusing config line, 0 when the edge lets it through
	Text       msg.Text
}

// EdgeReport is the comparison.
type EdgeReport struct {
	Rules     []EdgeRule
	Conflicts []EdgeConflict
	Notes     []msg.Text
}

var (
	msgEdgeBlocked   = msg.Def("aiaccess.edge.blocked", "{{.Name}}: robots.txt lets it in ({{.Where}}), but the edge refuses its User-Agent (config line {{.Edge}}): it will record errors for the site and may drop it")
	msgEdgeLetIn     = msg.Def("aiaccess.edge.let_in", "{{.Name}}: robots.txt refuses it (line {{.Robots}}), but it {{.Behaviour}} and the edge lets it through: refuse its User-Agent ({{.Patterns}}) at the edge too")
	msgEdgeNoRule    = msg.Def("aiaccess.edge.no_rule", "no rule decides")
	msgEdgeRobots    = msg.Def("aiaccess.edge.robots_line", "line {{.Line}}")
	msgEdgeBadRegex  = msg.Def("aiaccess.edge.bad_regex", "config line {{.Line}}: `{{.Pattern}}` is not a regular expression Robots Studio can read; it was left out")
	msgEdgeNone      = msg.Def("aiaccess.edge.none", "no User-Agent refusal was found in the config")
	msgEdgeUAOnly    = msg.Def("aiaccess.edge.ua_only", "only User-Agent refusals are read: conditions on paths, addresses or verified-bot flags in the config are not followed")
	msgEdgeNegated   = msg.Def("aiaccess.edge.negated", "config line {{.Line}}: a negated User-Agent condition was not read")
	msgEdgeMapUnused = msg.Def("aiaccess.edge.map_unused", "config line {{.Line}}: the map sets `{{.Var}}`, which no `if (…) { return 4xx; }` reads; its entries were left out")
)

// ReadEdge finds the User-Agent refusals of config, written for server.
func ReadEdge(server Server, config []byte) ([]EdgeRule, []msg.Text) {
	lines := strings.Split(strings.ReplaceAll(string(config), "\r\n", "\n"), "\n")
	var rules []EdgeRule
	var notes []msg.Text
	add := func(n int, pattern string, fold bool) {
		expr := pattern
		if fold && !strings.HasPrefix(expr, "(?i)") {
			expr = "(?i)" + expr
		}
		re, err := regexp.Compile(expr)
		if err != nil {
			notes = append(notes, msg.New(msgEdgeBadRegex, "Line", n, "Pattern", pattern))
			return
		}
		rules = append(rules, EdgeRule{Line: n, Pattern: pattern, re: re})
	}
	literal := func(n int, s string, fold bool) { add(n, regexp.QuoteMeta(s), fold) }
	switch server {
	case Nginx:
		readNginx(lines, add, &notes)
	case Apache:
		readApache(lines, add, &notes)
	case Caddy:
		readCaddy(lines, add, literal)
	case Cloudflare:
		readCloudflare(strings.Join(lines, "\n"), add, literal)
	case HAProxy:
		readHAProxy(lines, add, &notes)
	}
	return rules, notes
}

func unquote(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && (s[0] == '"' && s[len(s)-1] == '"' || s[0] == '\'' && s[len(s)-1] == '\'') {
		return s[1 : len(s)-1]
	}
	return s
}

func stripComment(l string) string {
	if i := strings.Index(l, "#"); i >= 0 && !strings.Contains(l[:i], `"`) {
		return l[:i]
	}
	return l
}

var (
	nginxMapRe    = regexp.MustCompile(`^\s*map\s+\$http_user_agent\s+\$(\w+)\s*\{`)
	nginxIfUARe   = regexp.MustCompile(`^\s*if\s*\(\s*\$http_user_agent\s+(~\*?)\s*("[^"]*"|'[^']*'|\S+)\s*\)\s*\{?(.*)$`)
	nginxIfVarRe  = regexp.MustCompile(`^\s*if\s*\(\s*\$(\w+)\s*\)\s*\{?(.*)$`)
	nginxReturnRe = regexp.MustCompile(`return\s+(4\d\d)`)
)

// nginxRefuses reports whether an if block starting at line i (rest is
// what follows its `{`) returns a 4xx before it closes.
func nginxRefuses(lines []string, i int, rest string) bool {
	text := rest
	for j := i + 1; j < len(lines) && j < i+20 && !strings.Contains(text, "}"); j++ {
		text += " " + stripComment(lines[j])
	}
	if k := strings.Index(text, "}"); k >= 0 {
		text = text[:k]
	}
	return nginxReturnRe.MatchString(text)
}

func readNginx(lines []string, add func(int, string, bool), notes *[]msg.Text) {
	type mapEntry struct {
		line    int
		pattern string
		fold    bool
	}
	maps := map[string][]mapEntry{}
	mapLine := map[string]int{}
	refusing := map[string]bool{}
	for i := 0; i < len(lines); i++ {
		l := stripComment(lines[i])
		if m := nginxMapRe.FindStringSubmatch(l); m != nil {
			v := m[1]
			mapLine[v] = i + 1
			for i++; i < len(lines); i++ {
				e := strings.TrimSpace(stripComment(lines[i]))
				if strings.HasPrefix(e, "}") {
					break
				}
				e = strings.TrimSuffix(e, ";")
				// the value is the last word; the key is the rest
				k := strings.LastIndexAny(e, " \t")
				if k < 0 {
					continue
				}
				key, val := unquote(e[:k]), strings.TrimSpace(e[k+1:])
				if val == "0" || val == `""` || val == "''" || !strings.HasPrefix(key, "~") {
					continue
				}
				fold := strings.HasPrefix(key, "~*")
				maps[v] = append(maps[v], mapEntry{i + 1, unquote(strings.TrimLeft(key, "~*")), fold})
			}
			continue
		}
		if m := nginxIfUARe.FindStringSubmatch(l); m != nil {
			if nginxRefuses(lines, i, m[3]) {
				add(i+1, unquote(m[2]), m[1] == "~*")
			}
			continue
		}
		if m := nginxIfVarRe.FindStringSubmatch(l); m != nil && nginxRefuses(lines, i, m[2]) {
			refusing[m[1]] = true
		}
	}
	// `set $a $b;` passes a map's value on (Compile's rules do).
	setRe := regexp.MustCompile(`^\s*set\s+\$(\w+)\s+\$(\w+)\s*;`)
	for _, l := range lines {
		if m := setRe.FindStringSubmatch(l); m != nil && refusing[m[1]] {
			refusing[m[2]] = true
		}
	}
	names := make([]string, 0, len(maps))
	for v := range maps {
		names = append(names, v)
	}
	sort.Strings(names)
	for _, v := range names {
		if !refusing[v] {
			*notes = append(*notes, msg.New(msgEdgeMapUnused, "Line", mapLine[v], "Var", "$"+v))
			continue
		}
		for _, e := range maps[v] {
			add(e.line, e.pattern, e.fold)
		}
	}
}

var (
	apacheCondRe   = regexp.MustCompile(`(?i)^\s*RewriteCond\s+%\{HTTP_USER_AGENT\}\s+("[^"]*"|\S+)\s*(\[[^\]]*\])?`)
	apacheRuleRe   = regexp.MustCompile(`(?i)^\s*RewriteRule\s+\S+\s+\S+\s*\[([^\]]*)\]`)
	apacheCondAny  = regexp.MustCompile(`(?i)^\s*RewriteCond\s`)
	apacheEnvRe    = regexp.MustCompile(`(?i)^\s*(BrowserMatch(NoCase)?|SetEnvIf(NoCase)?\s+User-Agent)\s+("[^"]*"|\S+)\s+!?(\w+)`)
	apacheDenyEnvs = regexp.MustCompile(`(?i)(Require\s+not\s+env|Deny\s+from\s+env=)\s*(\w+)`)
)

func readApache(lines []string, add func(int, string, bool), notes *[]msg.Text) {
	type cond struct {
		line    int
		pattern string
		fold    bool
	}
	var pending []cond
	envs := map[string][]cond{}
	denied := map[string]bool{}
	for i, raw := range lines {
		l := stripComment(raw)
		if m := apacheCondRe.FindStringSubmatch(l); m != nil {
			p := unquote(m[1])
			if strings.HasPrefix(p, "!") {
				*notes = append(*notes, msg.New(msgEdgeNegated, "Line", i+1))
				continue
			}
			pending = append(pending, cond{i + 1, p, strings.Contains(strings.ToUpper(m[2]), "NC")})
			continue
		}
		if apacheCondAny.MatchString(l) {
			continue // a condition on something else: the rule still needs the UA ones
		}
		if m := apacheRuleRe.FindStringSubmatch(l); m != nil {
			flags := strings.ToUpper(m[1])
			if strings.Contains(flags, "F") && !strings.Contains(flags, "NE") || strings.Contains(flags, "R=403") || strings.Contains(flags, "G") {
				for _, c := range pending {
					add(c.line, c.pattern, c.fold)
				}
			}
			pending = nil
			continue
		}
		if m := apacheEnvRe.FindStringSubmatch(l); m != nil {
			fold := strings.Contains(strings.ToLower(m[1]), "nocase")
			envs[m[5]] = append(envs[m[5]], cond{i + 1, unquote(m[4]), fold})
			continue
		}
		for _, m := range apacheDenyEnvs.FindAllStringSubmatch(l, -1) {
			denied[m[2]] = true
		}
	}
	for v, cs := range envs {
		if denied[v] {
			for _, c := range cs {
				add(c.line, c.pattern, c.fold)
			}
		}
	}
}

var (
	caddyMatcherRe = regexp.MustCompile(`^\s*@(\w+)\s*\{`)
	caddyRegexpRe  = regexp.MustCompile(`(?i)^\s*header_regexp\s+(?:\w+\s+)?User-Agent\s+("[^"]*"|\S+)`)
	caddyHeaderRe  = regexp.MustCompile(`(?i)^\s*header\s+User-Agent\s+("[^"]*"|\S+)`)
	caddyRefuseRe  = regexp.MustCompile(`^\s*(respond\s+@(\w+)\s+4\d\d|abort\s+@(\w+)|error\s+@(\w+)\s+4\d\d)`)
)

func readCaddy(lines []string, add func(int, string, bool), literal func(int, string, bool)) {
	type entry struct {
		line    int
		pattern string
		regex   bool
	}
	matchers := map[string][]entry{}
	refused := map[string]bool{}
	current := ""
	for i, raw := range lines {
		l := stripComment(raw)
		if m := caddyMatcherRe.FindStringSubmatch(l); m != nil {
			current = m[1]
			continue
		}
		if current != "" && strings.TrimSpace(l) == "}" {
			current = ""
			continue
		}
		if m := caddyRegexpRe.FindStringSubmatch(l); m != nil && current != "" {
			matchers[current] = append(matchers[current], entry{i + 1, unquote(m[1]), true})
			continue
		}
		if m := caddyHeaderRe.FindStringSubmatch(l); m != nil && current != "" {
			matchers[current] = append(matchers[current], entry{i + 1, unquote(m[1]), false})
			continue
		}
		if m := caddyRefuseRe.FindStringSubmatch(l); m != nil {
			for _, name := range m[2:] {
				if name != "" {
					refused[name] = true
				}
			}
		}
	}
	for name, es := range matchers {
		if !refused[name] {
			continue
		}
		for _, e := range es {
			if e.regex {
				add(e.line, e.pattern, false)
				continue
			}
			// Caddy's header matcher: * at either end is a wildcard, the
			// comparison is exact otherwise.
			p := e.pattern
			expr := regexp.QuoteMeta(strings.Trim(p, "*"))
			if !strings.HasPrefix(p, "*") {
				expr = "^" + expr
			}
			if !strings.HasSuffix(p, "*") {
				expr += "$"
			}
			add(e.line, expr, false)
		}
	}
}

var (
	cfContainsRe = regexp.MustCompile(`(lower\(\s*)?http\.user_agent\s*\)?\s+(contains|eq|==|matches|~)\s+"((?:[^"\\]|\\.)*)"`)
)

func readCloudflare(expr string, add func(int, string, bool), literal func(int, string, bool)) {
	for _, m := range cfContainsRe.FindAllStringSubmatchIndex(expr, -1) {
		line := strings.Count(expr[:m[0]], "\n") + 1
		lower := m[2] >= 0
		op := expr[m[4]:m[5]]
		val, err := strconv.Unquote(`"` + expr[m[6]:m[7]] + `"`)
		if err != nil {
			val = expr[m[6]:m[7]]
		}
		switch op {
		case "contains":
			literal(line, val, lower)
		case "eq", "==":
			add(line, "^"+regexp.QuoteMeta(val)+"$", lower)
		default:
			add(line, val, lower)
		}
	}
}

var haproxyACLRe = regexp.MustCompile(`(?i)^\s*acl\s+(\w+)\s+hdr_(reg|sub|beg|end|str)\(User-Agent\)\s+(-i\s+)?(.+)$`)
var haproxyDenyRe = regexp.MustCompile(`(?i)^\s*http-request\s+(deny|reject|tarpit)\b.*\bif\s+(.+)$`)

func readHAProxy(lines []string, add func(int, string, bool), notes *[]msg.Text) {
	type acl struct {
		line     int
		kind     string
		fold     bool
		patterns []string
	}
	acls := map[string][]acl{}
	denied := map[string]bool{}
	for i, raw := range lines {
		l := stripComment(raw)
		if m := haproxyACLRe.FindStringSubmatch(l); m != nil {
			var ps []string
			for _, f := range strings.Fields(m[4]) {
				ps = append(ps, unquote(f))
			}
			if strings.HasPrefix(strings.TrimSpace(m[4]), `"`) {
				ps = []string{unquote(m[4])}
			}
			acls[m[1]] = append(acls[m[1]], acl{i + 1, strings.ToLower(m[2]), m[3] != "", ps})
			continue
		}
		if m := haproxyDenyRe.FindStringSubmatch(l); m != nil {
			for _, w := range strings.Fields(m[2]) {
				if !strings.HasPrefix(w, "!") {
					denied[w] = true
				}
			}
		}
	}
	for name, as := range acls {
		if !denied[name] {
			continue
		}
		for _, a := range as {
			for _, p := range a.patterns {
				switch a.kind {
				case "reg":
					add(a.line, p, a.fold)
				case "sub":
					add(a.line, regexp.QuoteMeta(p), a.fold)
				case "beg":
					add(a.line, "^"+regexp.QuoteMeta(p), a.fold)
				case "end":
					add(a.line, regexp.QuoteMeta(p)+"$", a.fold)
				case "str":
					add(a.line, "^"+regexp.QuoteMeta(p)+"$", a.fold)
				}
			}
		}
	}
}

// refusingRule is the first rule that matches one of c's User-Agents.
func refusingRule(rules []EdgeRule, c catalogue.Crawler) *EdgeRule {
	uas := c.Samples
	if len(uas) == 0 {
		uas = c.UAPatterns
	}
	for i := range rules {
		for _, ua := range uas {
			if rules[i].re.MatchString(ua) {
				return &rules[i]
			}
		}
	}
	return nil
}

// CompareEdge sets config's User-Agent refusals against robots.txt for
// every catalogue crawler that sends requests, asking about "/".
func CompareEdge(doc *syntax.Document, server Server, config []byte) EdgeReport {
	var r EdgeReport
	r.Rules, r.Notes = ReadEdge(server, config)
	if len(r.Rules) == 0 {
		r.Notes = append(r.Notes, msg.New(msgEdgeNone))
	}
	r.Notes = append(r.Notes, msg.New(msgEdgeUAOnly))
	compiled := map[string]engine.Compiled{}
	for _, c := range catalogue.All() {
		if c.Historical || c.RobotsTxt == catalogue.TokenOnly {
			continue
		}
		comp, ok := compiled[c.Engine]
		if !ok {
			comp = engine.GetOrDefault(c.Engine).Compile(doc)
			compiled[c.Engine] = comp
		}
		v := comp.Query(c.Token, "/")
		line := 0
		if v.Rule != nil {
			line = v.Rule.Line
		}
		edge := refusingRule(r.Rules, c)
		switch {
		case v.Allowed && edge != nil:
			where := msg.New(msgEdgeNoRule)
			if line > 0 {
				where = msg.New(msgEdgeRobots, "Line", line)
			}
			r.Conflicts = append(r.Conflicts, EdgeConflict{Crawler: c, Blocked: true, RobotsLine: line, EdgeLine: edge.Line,
				Text: msg.New(msgEdgeBlocked, "Name", NameAndOperator(c), "Where", where, "Edge", edge.Line)})
		case !v.Allowed && edge == nil && (c.RobotsTxt == catalogue.Ignores || c.RobotsTxt == catalogue.UserTriggered):
			r.Conflicts = append(r.Conflicts, EdgeConflict{Crawler: c, RobotsLine: line,
				Text: msg.New(msgEdgeLetIn, "Name", NameAndOperator(c), "Robots", line, "Behaviour", BehaviourText(c.RobotsTxt),
					"Patterns", strings.Join(c.UAPatterns, ", "))})
		}
	}
	return r
}
