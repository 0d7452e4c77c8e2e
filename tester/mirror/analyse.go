package mirror

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/hostname"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Group is a group of records as the readings that take Host as the name of
// the main mirror read a file (mirrorRule): one or more User-agent lines,
// then everything up to the next User-agent line that follows another
// field. Line numbers are 1-based; 0 means "none".
type Group struct {
	Agents    []string // the User-agent values
	First     int      // the first User-agent line
	LastAgent int      // the last User-agent line of the head
	LastRule  int      // the last Allow/Disallow line (0 when the group has none)
	Last      int      // the last field line of the group
	Disallows []string // the Disallow values, in file order
}

// ForMirrorReaders reports whether a reading that takes Host as the name of
// the main mirror (engine.Traits.Host is HostMirror: Yandex's) may read
// this group: it names every robot, or a robot that such a reading reads
// (engine.ForCrawler: YandexBot, YandexImages…).
func (g *Group) ForMirrorReaders() bool {
	for _, a := range g.Agents {
		if a == "*" || engine.ForCrawler(a).Info().Traits.Host == engine.HostMirror {
			return true
		}
	}
	return false
}

// mirrorRule is how the first engine that takes Host as the name of the
// main mirror groups lines (Yandex's GroupRule), over the whole file: a Host
// line past its read limit is still shown. With no such engine, the
// grouping the parts that speak of every line use.
func mirrorRule() syntax.GroupRule {
	for _, e := range engine.All() {
		if e.Info().Traits.Host == engine.HostMirror {
			r := e.GroupRule()
			r.Limit = 0
			return r
		}
	}
	return engine.WholeFileGroups()
}

// Placement is where a Host line stands relative to the groups.
type Placement uint8

// Placements of a Host line.
const (
	// BeforeGroups: above the first User-agent line, outside every group.
	BeforeGroups Placement = iota
	// InGroup: inside a group, no blank line between it and the group's records.
	InGroup
	// AfterBlank: after a blank line that follows a group. RFC 9309 and Yandex
	// still count it in that group; the 1990s readers, for whom a blank line
	// ends a record, see it outside any group.
	AfterBlank
)

// HostLine is a Host line of the document.
type HostLine struct {
	Line       int
	Value      string
	Classic    hostname.Name // the value read by the classic rules (Yandex's help, 2000s)
	Yandex2017 hostname.Name // the value read as Yandex did in 2017–2018
	Placement  Placement     // where the line stands
	Group      int           // index in Analysis.Groups; -1 before the first group
	AfterRules bool          // right after the group's Allow/Disallow lines, as Yandex's help advised
}

// Valid reports whether some reading of Host accepts the value.
func (h *HostLine) Valid() bool { return h.Classic.Valid() || h.Yandex2017.Valid() }

// Name is the mirror the line names under the most permissive reading.
func (h *HostLine) Name() hostname.Name {
	if h.Classic.Valid() {
		return h.Classic
	}
	return h.Yandex2017
}

// Analysis is what the document already says about mirrors.
type Analysis struct {
	Groups []Group
	Hosts  []HostLine
	// Effective is the index in Hosts of the line Yandex used: the first
	// valid one, wherever it stands; -1 when there is none.
	Effective int
	EOL       syntax.EOL // the terminator new lines get
}

var (
	msgHostNone       = msg.Def("mirror.analysis.none", "The document has no Host line.")
	msgHostValid      = msg.Def("mirror.analysis.valid", "Line {{.Line}}: Host {{.Value}} names the main mirror {{.Name}}.")
	msgHostInvalid    = msg.Def("mirror.analysis.invalid", "Line {{.Line}}: Host {{.Value}} is ignored: {{.Reason}}.")
	msgHost2017Only   = msg.Def("mirror.analysis.only_2017", "Line {{.Line}}: Host {{.Value}} uses Yandex's 2017 form; the classic rules (Yandex Webmaster help before 2017) ignore it: {{.Reason}}.")
	msgPlaceBefore    = msg.Def("mirror.analysis.before_groups", "Line {{.Line}} stands before the first User-agent line, outside every group.")
	msgPlaceAfterRule = msg.Def("mirror.analysis.after_rules", "Line {{.Line}} stands in the group of {{.Agents}}, right after its Disallow lines, as Yandex Webmaster help advised.")
	msgPlaceInGroup   = msg.Def("mirror.analysis.in_group", "Line {{.Line}} stands in the group of {{.Agents}}, but not right after its Disallow lines.")
	msgPlaceBlank     = msg.Def("mirror.analysis.after_blank", "Line {{.Line}} follows a blank line after the group of {{.Agents}}: Yandex counts it in that group, the 1990s robots see it outside any group.")
	msgSeveralHosts   = msg.Def("mirror.analysis.several", "The document has {{.Count}} Host lines; Yandex used the first valid one (line {{.Line}}).")
	msgConflictHosts  = msg.Def("mirror.analysis.conflict", "The Host lines name different mirrors: {{.Names}}.")
)

// Analyse reads the groups of doc as the readings that take Host as the
// name of the main mirror do (mirrorRule: Yandex's GroupRule, without its
// read limit) and the Host lines.
func Analyse(doc *syntax.Document) *Analysis {
	a := &Analysis{Effective: -1, EOL: doc.DominantEOL()}
	gr := doc.Groups(mirrorRule())
	a.Groups = make([]Group, len(gr.Groups))
	for gi := range gr.Groups {
		g, out := &gr.Groups[gi], &a.Groups[gi]
		out.First = g.First()
		for _, n := range g.Agents {
			out.Agents = append(out.Agents, doc.Value(int(n)))
		}
		out.LastAgent = int(g.Agents[len(g.Agents)-1])
		out.Last = out.LastAgent
		for _, n := range g.Fields {
			out.Last = max(out.Last, int(n))
			switch doc.Lines[n-1].Kind {
			case syntax.Allow:
				out.LastRule = int(n)
			case syntax.Disallow:
				out.LastRule = int(n)
				out.Disallows = append(out.Disallows, doc.Value(int(n)))
			}
		}
	}
	blankSinceField := false
	lastRuleOrHost := false // the previous field line was a rule, or a Host right after rules
	for i := range doc.Lines {
		l := &doc.Lines[i]
		switch {
		case l.Kind == syntax.Blank:
			blankSinceField = true
			continue
		case !l.Kind.IsField():
			continue
		}
		if l.Kind == syntax.Host {
			value := doc.Text(l.Value)
			h := HostLine{
				Line:       i + 1,
				Value:      value,
				Classic:    hostname.ParseName(value, hostname.ModeHostClassic),
				Yandex2017: hostname.ParseName(value, hostname.ModeHostYandex2017),
				Group:      gr.Of(i + 1),
			}
			switch {
			case h.Group < 0:
				h.Placement = BeforeGroups
			case blankSinceField:
				h.Placement = AfterBlank
			default:
				h.Placement = InGroup
				h.AfterRules = lastRuleOrHost && a.Groups[h.Group].LastRule > 0
			}
			if a.Effective < 0 && h.Valid() {
				a.Effective = len(a.Hosts)
			}
			a.Hosts = append(a.Hosts, h)
		}
		lastRuleOrHost = l.Kind.IsRule() || l.Kind == syntax.Host && lastRuleOrHost && !blankSinceField
		blankSinceField = false
	}
	return a
}

// Main is the mirror the document's effective Host names, so the wizard can
// reuse it; ok is false when no Host line is valid.
func (a *Analysis) Main() (hostname.Name, bool) {
	if a.Effective < 0 {
		return hostname.Name{}, false
	}
	n := a.Hosts[a.Effective].Name()
	// Reparse as input so the name carries the wizard's notes and scheme.
	in := hostname.ParseName(n.HostValue(), hostname.ModeInput)
	return in, in.Valid()
}

// Others are the names the document's other valid Host lines give, when
// they differ from Main: a file edited over the years often names old
// mirrors, and the wizard lists them as names of the same site.
func (a *Analysis) Others() []hostname.Name {
	main, ok := a.Main()
	if !ok {
		return nil
	}
	seen := map[string]bool{main.Origin(): true}
	var out []hostname.Name
	for i := range a.Hosts {
		h := &a.Hosts[i]
		if !h.Valid() {
			continue
		}
		n := hostname.ParseName(h.Name().HostValue(), hostname.ModeInput)
		if n.Valid() && !seen[n.Origin()] {
			seen[n.Origin()] = true
			out = append(out, n)
		}
	}
	return out
}

// Report is the analysis as sentences, one fact each.
func (a *Analysis) Report() []msg.Text {
	if len(a.Hosts) == 0 {
		return []msg.Text{msg.New(msgHostNone)}
	}
	var out []msg.Text
	names := map[string]bool{}
	var order []string
	for i := range a.Hosts {
		h := &a.Hosts[i]
		switch {
		case h.Classic.Valid():
			out = append(out, msg.New(msgHostValid, "Line", h.Line, "Value", h.Value, "Name", h.Classic.Display()))
		case h.Yandex2017.Valid():
			out = append(out, msg.New(msgHost2017Only, "Line", h.Line, "Value", h.Value, "Reason", h.Classic.Problems[0].Message))
		default:
			out = append(out, msg.New(msgHostInvalid, "Line", h.Line, "Value", h.Value, "Reason", h.Yandex2017.Problems[0].Message))
		}
		out = append(out, a.placementText(h))
		if h.Valid() {
			o := h.Name().Origin()
			if !names[o] {
				names[o] = true
				order = append(order, h.Name().HostValue())
			}
		}
	}
	if len(a.Hosts) > 1 && a.Effective >= 0 {
		out = append(out, msg.New(msgSeveralHosts, "Count", len(a.Hosts), "Line", a.Hosts[a.Effective].Line))
	}
	if len(order) > 1 {
		out = append(out, msg.New(msgConflictHosts, "Names", strings.Join(order, ", ")))
	}
	return out
}

func (a *Analysis) placementText(h *HostLine) msg.Text {
	if h.Placement == BeforeGroups {
		return msg.New(msgPlaceBefore, "Line", h.Line)
	}
	agents := strings.Join(a.Groups[h.Group].Agents, ", ")
	switch {
	case h.Placement == AfterBlank:
		return msg.New(msgPlaceBlank, "Line", h.Line, "Agents", agents)
	case h.AfterRules:
		return msg.New(msgPlaceAfterRule, "Line", h.Line, "Agents", agents)
	}
	return msg.New(msgPlaceInGroup, "Line", h.Line, "Agents", agents)
}
