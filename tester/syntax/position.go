package syntax

import (
	"unicode/utf8"

	"github.com/robots-studio/robots-studio/tester/diag"
)

// Position is where byte offset off stands for a reader: its 1-based line
// and its 1-based column in characters (runes) from the start of the line's
// content, after the BOM on line 1. An offset inside a line terminator or
// past the end stands at the end of its line's content. Diagnostics carry
// byte spans; this is the one place they become lines and columns.
func (d *Document) Position(off int) diag.Pos {
	if len(d.Lines) == 0 {
		return diag.Pos{Line: 1, Col: 1}
	}
	n := d.LineAt(off)
	l := &d.Lines[n-1]
	start := int(l.Start)
	off = min(max(off, start), int(l.End))
	return diag.Pos{Line: n, Col: utf8.RuneCount(d.Src[start:off]) + 1}
}

// LineOffset is the byte offset of the start of line n's content (after
// the BOM on line 1): the offset whose Position is line n, column 1.
func (d *Document) LineOffset(n int) int { return int(d.Lines[n-1].Start) }
