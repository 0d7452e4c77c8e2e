package mirror

import (
	"fmt"
	"sort"
	"strings"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Diff renders edits on src as a unified diff with three lines of context;
// names label the two sides. It is built from the edits themselves, not by
// comparing texts, so a moved Host line shows as that line moving (a text
// comparison could as well show the blank line beside it moving). Lines
// keep their CR when they end in CRLF, as diff -u prints them.
func Diff(oldName, newName string, src []byte, edits []Edit) string {
	doc := syntax.Parse(src)
	blocks := changeBlocks(doc, edits)
	if len(blocks) == 0 {
		return ""
	}
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", oldName, newName)
	oldLines := docLines(doc)
	const context = 3
	delta := 0 // new line number minus old line number before the current block
	for i := 0; i < len(blocks); {
		// Blocks whose context would touch share a hunk.
		j := i + 1
		for j < len(blocks) && blocks[j].first-blocks[j-1].end <= 2*context {
			j++
		}
		from := max(blocks[i].first-context, 0)
		to := min(blocks[j-1].end+context, len(oldLines))
		var body strings.Builder
		oldN, newN := to-from, to-from
		pos := from
		newStart := from + 1 + delta
		for _, b := range blocks[i:j] {
			for ; pos < b.first; pos++ {
				writeDiffLine(&body, ' ', oldLines[pos])
			}
			for _, l := range oldLines[b.first:b.end] {
				writeDiffLine(&body, '-', l)
			}
			for _, l := range b.added {
				writeDiffLine(&body, '+', l)
			}
			pos = b.end
			newN += len(b.added) - (b.end - b.first)
			delta += len(b.added) - (b.end - b.first)
		}
		for ; pos < to; pos++ {
			writeDiffLine(&body, ' ', oldLines[pos])
		}
		oldStart := from + 1
		if oldN == 0 {
			oldStart = from
		}
		if newN == 0 {
			newStart--
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n%s", hunkRange(oldStart, oldN), hunkRange(newStart, newN), body.String())
		i = j
	}
	return out.String()
}

// diffLine is one line as the diff shows it.
type diffLine struct {
	text string // content without terminator
	eol  bool   // has a terminator
	crlf bool   // the terminator is CRLF
}

// docLines lists the lines of doc that have content or a terminator (the
// empty "line" after a final terminator is not a line for diff). A BOM stays
// in the first line, so adding or removing one shows.
func docLines(doc *syntax.Document) []diffLine {
	var out []diffLine
	for i := range doc.Lines {
		l := &doc.Lines[i]
		if l.EOL == syntax.EOLNone && l.Start == l.End {
			break
		}
		start := l.Start
		if i == 0 {
			start = 0
		}
		out = append(out, diffLine{text: string(doc.Src[start:l.End]), eol: l.EOL != syntax.EOLNone, crlf: l.EOL == syntax.EOLCRLF})
	}
	return out
}

// block is a run of whole old lines [first, end) (0-based) replaced by added.
type block struct {
	first, end int
	added      []diffLine
}

// changeBlocks widens every edit to whole lines, merges the ones that touch
// and computes the new lines of each.
func changeBlocks(doc *syntax.Document, edits []Edit) []block {
	type span struct {
		start, end int // byte range widened to line boundaries
		edits      []Edit
	}
	src := doc.Src
	lineStart := func(off int) int { return int(doc.Line(doc.LineAt(off)).Start) }
	isLineStart := func(off int) bool { return off == lineStart(off) }
	var spans []span
	sorted := append([]Edit(nil), edits...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Start < sorted[j].Start })
	for _, e := range sorted {
		s := span{start: e.Start, end: e.End, edits: []Edit{e}}
		if !isLineStart(s.start) {
			s.start = lineStart(s.start)
		}
		if !isLineStart(s.end) {
			s.end = int(doc.Line(doc.LineAt(s.end)).Next)
		}
		if doc.BOM && s.start == int(doc.Lines[0].Start) {
			s.start = 0 // the first diff line carries the BOM
		}
		if n := len(spans); n > 0 && s.start <= spans[n-1].end {
			last := &spans[n-1]
			last.end = max(last.end, s.end)
			last.edits = append(last.edits, e)
			continue
		}
		spans = append(spans, s)
	}
	var out []block
	for _, s := range spans {
		var b strings.Builder
		pos := s.start
		for _, e := range s.edits {
			b.Write(src[pos:e.Start])
			b.Write(e.Text)
			pos = e.End
		}
		b.Write(src[pos:s.end])
		first := lineIndex(doc, s.start)
		end := lineIndex(doc, s.end)
		added := docLines(syntax.Parse([]byte(b.String())))
		out = append(out, block{first: first, end: end, added: added})
	}
	return out
}

// lineIndex is the 0-based index of the line starting at off, or the number
// of diff lines when off is the end of the text.
func lineIndex(doc *syntax.Document, off int) int {
	if off >= len(doc.Src) {
		return len(docLines(doc))
	}
	if off == 0 {
		return 0
	}
	return doc.LineAt(off) - 1
}

func writeDiffLine(out *strings.Builder, kind byte, l diffLine) {
	out.WriteByte(kind)
	out.WriteString(l.text)
	if l.crlf {
		out.WriteByte('\r')
	}
	out.WriteByte('\n')
	if !l.eol {
		out.WriteString("\\ No newline at end of file\n")
	}
}

func hunkRange(start, n int) string {
	if n == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, n)
}
