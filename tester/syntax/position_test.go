package syntax

import (
	"testing"

	"github.com/robots-studio/robots-studio/tester/diag"
)

// TestPosition: columns count characters from the line's content, after
// the BOM on line 1; an offset in a terminator or past the end stands at
// its line's end; \r\n and a lone \r end lines.
func TestPosition(t *testing.T) {
	src := "\xEF\xBB\xBFab\r\nпуть x\rz"
	doc := Parse([]byte(src))
	for _, tc := range []struct {
		off  int
		want diag.Pos
	}{
		{0, diag.Pos{Line: 1, Col: 1}},  // inside the BOM: the line's start
		{3, diag.Pos{Line: 1, Col: 1}},  // "a"
		{5, diag.Pos{Line: 1, Col: 3}},  // the \r: the end of "ab"
		{6, diag.Pos{Line: 1, Col: 3}},  // the \n
		{7, diag.Pos{Line: 2, Col: 1}},  // "п"
		{15, diag.Pos{Line: 2, Col: 5}}, // the blank after "путь" (8 bytes, 4 characters)
		{18, diag.Pos{Line: 3, Col: 1}}, // "z" after a lone \r
		{99, diag.Pos{Line: 3, Col: 2}}, // past the end
	} {
		if got := doc.Position(tc.off); got != tc.want {
			t.Errorf("Position(%d) = %v, want %v", tc.off, got, tc.want)
		}
	}
	if got := doc.LineOffset(2); got != 7 {
		t.Errorf("LineOffset(2) = %d, want 7", got)
	}
}
