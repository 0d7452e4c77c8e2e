package aiaccess

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/robots-studio/robots-studio/tester/aipref"
	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Stance is a ready-made policy.
type Stance string

// Stances.
const (
	AllowAll         Stance = "allow-all"          // every crawler, every use
	SearchNoTraining Stance = "search-no-training" // search and AI answers, no AI training
	NoAI             Stance = "no-ai"              // search only: no AI crawler, no AI use
	Custom           Stance = "custom"             // per purpose and per crawler
)

// Stances lists the stances in menu order.
var Stances = []Stance{AllowAll, SearchNoTraining, NoAI, Custom}

// Policy is what the user picked.
type Policy struct {
	Stance Stance
	// Block are the purposes to refuse (Custom only).
	Block map[catalogue.Purpose]bool
	// Crawlers override the purpose for single crawlers, by name: true
	// refuses it, false lets it in (Custom only).
	Crawlers map[string]bool
	// Operators override the purpose for every crawler of an operator
	// ("OpenAI"), below Crawlers (Custom only).
	Operators map[string]bool
	// Use is Content-Signal's `use=` (immediate, reference or full), as
	// Cloudflare's managed robots.txt writes it; "" leaves it out.
	Use string
	// RefuseAtServer puts every refused crawler that sends requests in the
	// server rules, not only those robots.txt cannot stop.
	RefuseAtServer bool
	// Ranges are the IP range files the catalogue's updates read
	// (sources.InUseRanges in tester/crawlers/sources): the server rules refuse those of the crawlers
	// they refuse. None: the rules go by User-Agent only.
	Ranges []catalogue.Ranges
}

// Blocks reports whether the policy refuses c.
func (p Policy) Blocks(c catalogue.Crawler) bool {
	if c.Historical {
		return false
	}
	if b, ok := p.Crawlers[c.Name]; ok && p.Stance == Custom {
		return b
	}
	if b, ok := p.Operators[c.Operator]; ok && p.Stance == Custom && c.Operator != "" {
		return b
	}
	switch p.Stance {
	case SearchNoTraining:
		return c.Purpose == catalogue.AITraining || c.Purpose == catalogue.AIData
	case NoAI:
		return c.Purpose.IsAI()
	case Custom:
		return p.Block[c.Purpose]
	}
	return false
}

// signals is the Content-Signal and Content-Usage the policy states.
func (p Policy) signals() (signal, usage string) {
	yn := func(refuse bool) string {
		if refuse {
			return "no"
		}
		return "yes"
	}
	searchNo, inputNo, trainNo := p.refusals()
	signal = fmt.Sprintf("search=%s, ai-input=%s, ai-train=%s", yn(searchNo), yn(inputNo), yn(trainNo))
	if u := strings.ToLower(p.Use); u != "" && slices.Contains(aipref.UseValues, u) {
		signal += ", use=" + u
	}
	usage = "train-ai=y, search=y"
	if trainNo {
		usage = strings.Replace(usage, "train-ai=y", "train-ai=n", 1)
	}
	if searchNo {
		usage = strings.Replace(usage, "search=y", "search=n", 1)
	}
	return signal, usage
}

// Edit is syntax.Edit, the one edit type.
type Edit = syntax.Edit

// Plan is the builder's result: edits to apply as one undo step, the
// crawlers it refuses, and the traps it found.
type Plan struct {
	Edits    []Edit
	Blocked  []catalogue.Crawler
	Warnings []msg.Text
}

var (
	msgHeader        = msg.Def("aiaccess.build.header", "AI policy: {{.Stance}} (Robots Studio). Content-Signal follows Cloudflare's Content Signals Policy, Content-Usage the IETF AI Preferences drafts; both vocabularies are still drafts.")
	msgTrapGooglebot = msg.Def("aiaccess.trap.googlebot", "this refuses Googlebot: the site leaves Google Search. Google-Extended is the token for Gemini training; AI Overviews come from Googlebot's crawl")
	msgTrapExtended  = msg.Def("aiaccess.trap.extended", "Google-Extended does not control AI Overviews or AI Mode: they are built from what Googlebot crawls for Search; only nosnippet or leaving Search keeps pages out of them")
	msgTrapMisspelt  = msg.Def("aiaccess.trap.misspelt", "line {{.Line}}: `{{.Token}}` is not in the catalogue of crawlers; if `{{.Suggest}}` was meant, write that name: a crawler obeys the group of its own name")
	msgTrapExisting  = msg.Def("aiaccess.trap.existing", "the Allow at line {{.Line}} is in a group for {{.Token}}: its crawler's reading ({{.Reading}}) merges that group with the new one, so the Allow still opens what it names")
	msgTrapFirst     = msg.Def("aiaccess.trap.existing_first", "the Allow at line {{.Line}} is in a group for {{.Token}}: its crawler's reading ({{.Reading}}) takes that group, the first that names it, and not the new one, so the Allow still opens what it names")
	msgTrapInside    = msg.Def("aiaccess.trap.inside", "{{.Kept}} is let in, but its name contains the refused {{.Refused}}: the 1994 text and Lycos's 1996 reading, and today Python's urllib.robotparser and Protego (Scrapy), look for a record's name inside the crawler's name, so a crawler reading it that way would take the refusing group (search engines compare whole tokens)")
	msgTrapPrefix    = msg.Def("aiaccess.trap.prefix", "{{.Kept}} is let in, but its name begins with the refused {{.Refused}}: the temoto library (Go) takes a group whose name begins the crawler's name, so a crawler built on it would take the refusing group")
	msgTrapSubstring = msg.Def("aiaccess.trap.substring", "{{.Kept}} is let in, but the refused {{.Refused}} contains its name: Koster's 1996 draft matches names inside User-agent values, so a crawler reading it that way would take the refusing group (today's crawlers compare whole tokens)")
	msgTrapWhole     = msg.Def("aiaccess.trap.whole_names", "written as their operators document them: {{.Names}}. Each of these crawlers matches its whole name; but Google's parser reads only the leading letters, `-` and `_` of such a line, and RFC 9309's grammar no name at all, so a crawler reading either way is not refused by them")
	msgTrapBlanks    = msg.Def("aiaccess.trap.blank_names", "{{.Names}}: Lycos's 1996 reading takes each word of a name with blanks for a robot of its own, so under it the refusing group also takes every crawler whose name contains one of those words")
	msgTrapUnstopped = msg.Def("aiaccess.trap.unstopped", "refused crawlers that fetch on a user's request or ignore robots.txt: {{.Count}}; see “cannot stop” for what would keep them out")
)

// StanceName is the translatable name of a stance.
func StanceName(s Stance) msg.Text {
	switch s {
	case AllowAll:
		return msg.New(msg.Def("aiaccess.stance.allow-all", "allow everything"))
	case SearchNoTraining:
		return msg.New(msg.Def("aiaccess.stance.search-no-training", "keep search, refuse AI training"))
	case NoAI:
		return msg.New(msg.Def("aiaccess.stance.no-ai", "refuse all AI use"))
	}
	return msg.New(msg.Def("aiaccess.stance.custom", "per purpose and per crawler"))
}

// Build plans the edits that put policy p into doc: one group refusing every
// crawler the policy blocks (each User-agent line after a comment naming the
// crawler's operator), appended at the end, and the Content-Signal and
// Content-Usage lines in the `*` group (a new `User-agent: *` group with
// `Allow: /` when the file has none, which changes nothing for any crawler).
func Build(doc *syntax.Document, p Policy) Plan {
	var plan Plan
	for _, c := range catalogue.All() {
		if p.Blocks(c) {
			plan.Blocked = append(plan.Blocked, c)
		}
	}
	eol := string(doc.DominantEOL().Bytes())
	signal, usage := p.signals()
	prefLines := "Content-Signal: " + signal + eol + "Content-Usage: " + usage + eol

	// The file's groups as the parts that speak of every line group them
	// (engine.WholeFileGroups): where the `*` group's User-agent lines
	// end, if there is one, and its own Content-Signal and path-less
	// Content-Usage lines. The named groups that open something with an
	// Allow line are read by each refused crawler's own reading (opening,
	// below), as its check reads the file.
	gr := doc.Groups(engine.WholeFileGroups())
	starEnd := -1
	signalLine, usageLine := 0, 0 // the * group's own Content-Signal and path-less Content-Usage
	for gi := range gr.Groups {
		g := &gr.Groups[gi]
		star := -1 // the group's first `*` line, 0-based
		for _, n := range g.Agents {
			if v := doc.Value(int(n)); strings.HasPrefix(v, "*") {
				if star < 0 {
					star = int(n) - 1
				}
				continue
			}
			// One edit away at most (after case, `-` and `_`): a crawler
			// the catalogue does not know (Daumoa, NaverBot) is no typo of
			// one it knows two letters apart (Daum, NagetBot).
			if tok := groupToken(doc.Value(int(n))); tok != "" {
				if s := crawlers.SuggestWithin(tok, 1); s != "" {
					plan.Warnings = append(plan.Warnings, msg.New(msgTrapMisspelt, "Line", int(n), "Token", tok, "Suggest", s))
				}
			}
		}
		isStar := star >= 0 && starEnd < 0
		if isStar {
			starEnd = int(doc.Lines[star].Next)
			for j := star + 1; j < len(doc.Lines) && doc.Lines[j].Kind == syntax.UserAgent; j++ {
				starEnd = int(doc.Lines[j].Next)
			}
		}
		for _, n := range g.Fields {
			l := &doc.Lines[n-1]
			switch {
			case isStar && l.Kind == syntax.ContentSignal && signalLine == 0:
				signalLine = int(n)
			case isStar && l.Kind == syntax.ContentUsage && usageLine == 0 && aipref.ParseUsage(doc.Value(int(n))).Path == "":
				usageLine = int(n)
			}
		}
	}
	openings := map[string]map[string]int{} // by engine id
	opening := func(e engine.Engine) map[string]int {
		o, ok := openings[e.Info().ID]
		if !ok {
			o = openingAllows(doc, e.GroupRule())
			openings[e.Info().ID] = o
		}
		return o
	}

	var tail bytes.Buffer
	if len(doc.Src) > 0 && doc.Lines[len(doc.Lines)-1].End != doc.Lines[len(doc.Lines)-1].Start {
		tail.WriteString(eol) // the last line has no terminator
	}
	if len(doc.Src) > 0 {
		tail.WriteString(eol)
	}
	tail.WriteString("# " + msg.New(msgHeader, "Stance", StanceName(p.Stance)).String() + eol)
	unstopped := 0
	var wholeNames, blankNames []string
	// Each crawler's own reading of the file as it is: a crawler its own
	// group already refuses needs no line.
	own := map[string]engine.Compiled{}
	before := func(c catalogue.Crawler) engine.Compiled {
		e := engine.ForCrawler(c.Tokens[0])
		comp, ok := own[e.Info().ID]
		if !ok {
			comp = e.Compile(doc)
			own[e.Info().ID] = comp
		}
		return comp
	}
	listed := 0
	if len(plan.Blocked) > 0 {
		for _, c := range plan.Blocked {
			if !crawlers.IsProductToken(c.Tokens[0]) {
				// "AI2Bot", "Kangaroo Bot": the crawler matches the whole
				// name, the standard and Google's parser do not.
				wholeNames = append(wholeNames, c.Tokens[0])
				if strings.ContainsAny(c.Tokens[0], " \t") {
					blankNames = append(blankNames, c.Tokens[0])
				}
			}
			reading := engine.ForCrawler(c.Tokens[0])
			existing := opening(reading)
			if v := before(c).Query(c.Tokens[0], "/"); !v.Allowed && v.Group != nil && v.Group.How == engine.HowExact {
				if _, opens := existing[strings.ToLower(c.Tokens[0])]; !opens {
					continue // its own group already refuses everything
				}
			}
			listed++
			note := PurposeText(c.Purpose).String()
			if c.Operator != "" {
				note = c.Operator + ", " + note
			}
			if c.RobotsTxt == catalogue.TokenOnly {
				note += ", " + BehaviourText(c.RobotsTxt).String()
			}
			tail.WriteString("# " + note + eol)
			tail.WriteString("User-agent: " + c.Tokens[0] + eol)
			if line, ok := existing[strings.ToLower(c.Tokens[0])]; ok {
				key := msgTrapExisting
				if !reading.Info().Traits.MergesGroups {
					key = msgTrapFirst
				}
				plan.Warnings = append(plan.Warnings, msg.New(key, "Line", line, "Token", c.Tokens[0], "Reading", engine.NameOf(reading.Info().ID)))
			}
			if !c.RobotsTxt.Stoppable() {
				unstopped++
			}

			if c.Name == "Googlebot" {
				plan.Warnings = append(plan.Warnings, msg.New(msgTrapGooglebot))
			}
			if c.Name == "Google-Extended" {
				plan.Warnings = append(plan.Warnings, msg.New(msgTrapExtended))
			}
		}
	}
	if listed > 0 {
		tail.WriteString("Disallow: /" + eol)
	}
	switch {
	case starEnd < 0:
		tail.WriteString(eol + "User-agent: *" + eol + prefLines + "Allow: /" + eol)
	default:
		// Replace the * group's own signal lines; add the missing ones.
		var insert string
		for _, x := range []struct {
			line  int
			value string
			field string
		}{{signalLine, signal, "Content-Signal: "}, {usageLine, usage, "Content-Usage: "}} {
			if x.line > 0 {
				if doc.Value(x.line) == x.value {
					continue // already says it
				}
				l := &doc.Lines[x.line-1]
				plan.Edits = append(plan.Edits, Edit{Start: int(l.Value.Start), End: int(l.Value.End), Text: []byte(x.value)})
			} else {
				insert += x.field + x.value + eol
			}
		}
		if insert != "" {
			plan.Edits = append(plan.Edits, Edit{Start: starEnd, End: starEnd, Text: []byte(insert)})
		}
	}
	for _, c := range catalogue.All() {
		if c.Historical || p.Blocks(c) {
			continue
		}
		for _, b := range plan.Blocked {
			if len(b.Tokens[0]) > len(c.Tokens[0]) && strings.Contains(strings.ToLower(b.Tokens[0]), strings.ToLower(c.Tokens[0])) {
				plan.Warnings = append(plan.Warnings, msg.New(msgTrapSubstring, "Kept", c.Tokens[0], "Refused", b.Tokens[0]))
				break
			}
			if len(b.Tokens[0]) < len(c.Tokens[0]) && crawlers.IsProductToken(b.Tokens[0]) && strings.Contains(strings.ToLower(c.Tokens[0]), strings.ToLower(b.Tokens[0])) {
				plan.Warnings = append(plan.Warnings, msg.New(msgTrapInside, "Kept", c.Tokens[0], "Refused", b.Tokens[0]))
				if strings.HasPrefix(strings.ToLower(c.Tokens[0]), strings.ToLower(b.Tokens[0])) {
					plan.Warnings = append(plan.Warnings, msg.New(msgTrapPrefix, "Kept", c.Tokens[0], "Refused", b.Tokens[0]))
				}
				break
			}
		}
	}
	if len(wholeNames) > 0 {
		plan.Warnings = append(plan.Warnings, msg.New(msgTrapWhole, "Names", strings.Join(wholeNames, ", ")))
	}
	if len(blankNames) > 0 {
		plan.Warnings = append(plan.Warnings, msg.New(msgTrapBlanks, "Names", strings.Join(blankNames, ", ")))
	}
	if unstopped > 0 {
		plan.Warnings = append(plan.Warnings, msg.New(msgTrapUnstopped, "Count", unstopped))
	}
	// The header alone adds nothing: with no group to write and the `*`
	// group already there, the file holds the policy (or only its signal
	// lines change).
	if listed > 0 || starEnd < 0 {
		plan.Edits = append(plan.Edits, Edit{Start: len(doc.Src), End: len(doc.Src), Text: tail.Bytes()})
	}
	sort.SliceStable(plan.Edits, func(i, j int) bool { return plan.Edits[i].Start < plan.Edits[j].Start })
	return plan
}

// groupToken is the name a User-agent value gives a crawler, as the
// refused crawlers' checks compare it: a documented name its crawler
// matches whole (MJ12bot) as written, any other cut to its token
// (engine.Token); "" for none.
func groupToken(v string) string {
	if c, known := crawlers.ByToken(v); known && engine.MatchOf(c) == catalogue.MatchWhole {
		return v
	}
	return engine.Token(v)
}

// openingAllows lists, by lower-case token, the first Allow line with a
// value in a group naming that token, as rule groups doc's lines.
func openingAllows(doc *syntax.Document, rule syntax.GroupRule) map[string]int {
	out := map[string]int{}
	gr := doc.Groups(rule)
	for gi := range gr.Groups {
		g := &gr.Groups[gi]
		var tokens []string
		for _, n := range g.Agents {
			if v := doc.Value(int(n)); !strings.HasPrefix(v, "*") {
				if tok := groupToken(v); tok != "" {
					tokens = append(tokens, strings.ToLower(tok))
				}
			}
		}
		for _, n := range g.Fields {
			if doc.Lines[n-1].Kind != syntax.Allow || doc.Value(int(n)) == "" {
				continue
			}
			for _, t := range tokens {
				if _, seen := out[t]; !seen {
					out[t] = int(n)
				}
			}
		}
	}
	return out
}
