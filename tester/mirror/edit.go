package mirror

import (
	"bytes"
	"sort"

	"github.com/robots-studio/robots-studio/tester/hostname"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Edit is syntax.Edit. Edits returned by this package are sorted, do not
// overlap, and are meant to be applied together as one undo step.
type Edit = syntax.Edit

// Apply returns src with edits applied (syntax.ApplyEdits).
func Apply(src []byte, edits []Edit) ([]byte, error) { return syntax.ApplyEdits(src, edits) }

// Options shape the robots.txt change.
type Options struct {
	// AllGroups puts the Host line into every group, not only the ones Yandex
	// may read (User-agent: * and the Yandex groups).
	AllGroups bool
	// EncodingDirs are the directories of the non-main encodings of a
	// "Russian Apache" site (/dos, /mac, /koi…): each gets a Disallow line
	// in the groups that receive Host.
	EncodingDirs []string
}

// Removal is an existing Host line the change deletes, and why.
type Removal struct {
	Line   int
	Value  string
	Reason msg.Text
}

// Change is the robots.txt edit that makes the document name its main mirror.
type Change struct {
	Value    string    // the Host value written
	Edits    []Edit    // byte-range edits on the document, sorted
	Groups   []int     // indexes (in Analysis.Groups) of the groups that get or keep Host
	Kept     []int     // lines of existing Host lines kept as they are
	Removed  []Removal // existing Host lines deleted
	NewGroup bool      // a User-agent: * group was appended (no group Yandex reads)
}

var (
	msgRemoveInvalid = msg.Def("mirror.remove.invalid", "ignored by every reading: {{.Reason}}")
	msgRemoveOther   = msg.Def("mirror.remove.other", "names another mirror ({{.Name}})")
	msgRemoveMoved   = msg.Def("mirror.remove.moved", "moved right after the Disallow lines of its group")
	msgRemoveOutside = msg.Def("mirror.remove.outside", "outside the groups Yandex reads")
	msgRemoveDup     = msg.Def("mirror.remove.duplicate", "a second Host line in the same group")
)

// PlanHost computes the edits that put "Host: main" into doc the compatible
// way: inside each group Yandex may read, right after its Disallow lines,
// with the file's own line terminators. Existing Host lines that are
// invalid, name another mirror, stand elsewhere or repeat are removed; a Host
// line already in the right place with the right value is kept.
func PlanHost(doc *syntax.Document, main hostname.Name, opt Options) Change {
	a := Analyse(doc)
	ch := Change{Value: main.HostValue()}
	eol := a.EOL.Bytes()
	targets := map[int]bool{}
	for i := range a.Groups {
		if opt.AllGroups || a.Groups[i].ForMirrorReaders() {
			targets[i] = true
			ch.Groups = append(ch.Groups, i)
		}
	}

	keep := map[int]bool{}     // Host line numbers kept
	groupHas := map[int]bool{} // target groups that keep a Host line
	for i := range a.Hosts {
		h := &a.Hosts[i]
		if h.Placement == InGroup && targets[h.Group] && h.AfterRules && !groupHas[h.Group] &&
			h.Valid() && h.Name().SameMirror(main) && h.Value == ch.Value {
			keep[h.Line] = true
			groupHas[h.Group] = true
			ch.Kept = append(ch.Kept, h.Line)
		}
	}
	for i := range a.Hosts {
		h := &a.Hosts[i]
		if keep[h.Line] {
			continue
		}
		var why msg.Text
		switch {
		case !h.Valid():
			why = msg.New(msgRemoveInvalid, "Reason", h.Yandex2017.Problems[0].Message)
		case !h.Name().SameMirror(main):
			why = msg.New(msgRemoveOther, "Name", h.Name().Display())
		case h.Group >= 0 && targets[h.Group] && groupHas[h.Group]:
			why = msg.New(msgRemoveDup)
		case h.Group >= 0 && targets[h.Group]:
			why = msg.New(msgRemoveMoved)
		default:
			why = msg.New(msgRemoveOutside)
		}
		ch.Removed = append(ch.Removed, Removal{Line: h.Line, Value: h.Value, Reason: why})
	}

	var edits []Edit
	for _, r := range ch.Removed {
		l := doc.Line(r.Line)
		end := l.Next
		// A Host line standing alone between blank lines (or at the top of
		// the file) takes one blank line with it, so no gap is doubled.
		if aloneAbove := r.Line == 1 || doc.Line(r.Line-1).Kind == syntax.Blank; aloneAbove && r.Line < len(doc.Lines) {
			if next := doc.Line(r.Line + 1); next.Kind == syntax.Blank && next.EOL != syntax.EOLNone {
				end = next.Next
			}
		}
		edits = append(edits, Edit{Start: int(l.Start), End: int(end)})
	}
	hostLine := "Host: " + ch.Value
	for _, gi := range ch.Groups {
		g := &a.Groups[gi]
		var lines []string
		for _, dir := range opt.EncodingDirs {
			if !contains(g.Disallows, dir) {
				lines = append(lines, "Disallow: "+dir)
			}
		}
		if !groupHas[gi] {
			lines = append(lines, hostLine)
		}
		if len(lines) == 0 {
			continue
		}
		after := g.LastRule
		if after == 0 {
			after = g.LastAgent
		}
		edits = append(edits, insertAfter(doc, after, lines, eol))
	}
	if len(ch.Groups) == 0 {
		ch.NewGroup = true
		lines := []string{"User-agent: *"}
		for _, dir := range opt.EncodingDirs {
			lines = append(lines, "Disallow: "+dir)
		}
		if len(opt.EncodingDirs) == 0 {
			lines = append(lines, "Disallow:")
		}
		lines = append(lines, hostLine)
		edits = append(edits, appendGroup(doc, lines, eol))
	}
	sort.SliceStable(edits, func(i, j int) bool {
		if edits[i].Start != edits[j].Start {
			return edits[i].Start < edits[j].Start
		}
		return edits[i].End == edits[i].Start && edits[j].End != edits[j].Start
	})
	ch.Edits = edits
	return ch
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// insertAfter inserts lines after line n (1-based). After a last line without
// a terminator the new lines go behind a new terminator, and the file keeps
// ending without one.
func insertAfter(doc *syntax.Document, n int, lines []string, eol []byte) Edit {
	l := doc.Line(n)
	if l.EOL == syntax.EOLNone {
		var b bytes.Buffer
		for _, s := range lines {
			b.Write(eol)
			b.WriteString(s)
		}
		return Edit{Start: int(l.End), End: int(l.End), Text: b.Bytes()}
	}
	return Edit{Start: int(l.Next), End: int(l.Next), Text: joinLines(lines, eol)}
}

// appendGroup adds a new record at the end of the file, separated from the
// text before it by one blank line.
func appendGroup(doc *syntax.Document, lines []string, eol []byte) Edit {
	end := len(doc.Src)
	var b bytes.Buffer
	last := -1 // index of the last non-blank line
	for i := len(doc.Lines) - 1; i >= 0; i-- {
		if doc.Lines[i].Kind != syntax.Blank {
			last = i
			break
		}
	}
	switch {
	case last < 0:
		// Empty or blank-only file: the new record is the whole content.
	case doc.Lines[len(doc.Lines)-1].EOL == syntax.EOLNone && doc.Lines[len(doc.Lines)-1].End > doc.Lines[len(doc.Lines)-1].Start:
		b.Write(eol)
		b.Write(eol)
	case last == len(doc.Lines)-2 || last == len(doc.Lines)-1:
		b.Write(eol)
	}
	b.Write(joinLines(lines, eol))
	return Edit{Start: end, End: end, Text: b.Bytes()}
}

func joinLines(lines []string, eol []byte) []byte {
	var b bytes.Buffer
	for _, s := range lines {
		b.WriteString(s)
		b.Write(eol)
	}
	return b.Bytes()
}
