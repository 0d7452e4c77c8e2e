package syntax

import "sort"

// GroupRule says how one reading of robots.txt holds lines together into
// groups (the 1994 and 1996 texts say "records"). Every reading builds its
// groups with Document.Groups and one of these; they differ only here.
type GroupRule struct {
	// Kind is the field line i (0-based) is for the reading; Unknown for a
	// line it does not read. nil reads every line as parsed.
	Kind func(d *Document, i int) Kind
	// BlankEnds: a blank line ends the group (the records of the 1994 and
	// 1996 texts). Otherwise only a User-agent line after a rule does.
	BlankEnds bool
	// EndsAgents reports whether a field of kind k ends the run of
	// User-agent lines, so that the next User-agent line opens a new group.
	// nil: Allow and Disallow do (RFC 9309 §2.1: a group is user-agent lines
	// followed by rules).
	EndsAgents func(k Kind) bool
	// Limit: lines starting at or past this byte offset are not read (0: no
	// limit).
	Limit int
}

// Group is one group: its User-agent lines and the other field lines that
// belong to it, in file order (1-based line numbers).
type Group struct {
	Agents []int32
	Fields []int32
	// End is the group's last line: the one before the line that ended it
	// (a blank line with BlankEnds, the next group's first line) or the
	// last line read. Blank and comment lines up to End are in the group.
	End int32
	// NoBlankBefore: with BlankEnds, the group began at a User-agent line
	// right after another group's rules, without the blank line the old texts
	// put between records.
	NoBlankBefore bool
}

// First is the group's first line.
func (g *Group) First() int { return int(g.Agents[0]) }

// Grouping is a document read into groups under one GroupRule.
type Grouping struct {
	Groups []Group
	// Before are the field lines that come before any group (or, with
	// BlankEnds, between a blank line and the next User-agent line): they
	// belong to no group.
	Before []int32
}

// Of is the index in Groups of the group line n is in, or -1 outside every
// group (before the first User-agent line, or after a blank line with
// BlankEnds until the next one).
func (gr *Grouping) Of(n int) int {
	i := sort.Search(len(gr.Groups), func(i int) bool { return int(gr.Groups[i].Agents[0]) > n }) - 1
	if i >= 0 && n <= int(gr.Groups[i].End) {
		return i
	}
	return -1
}

// IsStar reports whether a User-agent value names every robot: `*` alone,
// or followed by a blank and more text (Google reads `* text` as `*`).
func IsStar(v string) bool {
	return v != "" && v[0] == '*' && (len(v) == 1 || isBlank(v[1]))
}

// Groups reads d into groups under r. Lines the reading does not read
// (r.Kind gives Unknown, Invalid, a comment) neither join nor end a group.
func (d *Document) Groups(r GroupRule) *Grouping {
	n := len(d.Lines)
	gr := &Grouping{}
	agents := make([]int32, 0, n)
	fields := make([]int32, 0, n)
	ends := r.EndsAgents
	if ends == nil {
		ends = Kind.IsRule
	}
	cur := -1
	aStart, fStart := 0, 0
	sawRule := false
	closeGroup := func(end int) {
		if cur >= 0 {
			g := &gr.Groups[cur]
			g.Agents = agents[aStart:len(agents):len(agents)]
			g.Fields = fields[fStart:len(fields):len(fields)]
			g.End = int32(end)
		}
	}
	last := 0 // the last line read
	for i := 0; i < n; i++ {
		l := &d.Lines[i]
		if r.Limit > 0 && int(l.Start) >= r.Limit {
			break
		}
		last = i + 1
		k := l.Kind
		if r.Kind != nil && k != Blank && k != Comment {
			k = r.Kind(d, i)
		}
		switch {
		case k == Blank:
			if r.BlankEnds && cur >= 0 {
				closeGroup(i)
				cur = -1
				sawRule = false
			}
		case k == UserAgent:
			if cur < 0 || sawRule {
				noBlank := cur >= 0 && r.BlankEnds
				closeGroup(i)
				gr.Groups = append(gr.Groups, Group{NoBlankBefore: noBlank})
				cur = len(gr.Groups) - 1
				aStart, fStart = len(agents), len(fields)
				sawRule = false
			}
			agents = append(agents, int32(i+1))
		case k.IsField():
			if cur < 0 {
				gr.Before = append(gr.Before, int32(i+1))
				break
			}
			fields = append(fields, int32(i+1))
			sawRule = sawRule || ends(k)
		}
	}
	closeGroup(last)
	return gr
}
