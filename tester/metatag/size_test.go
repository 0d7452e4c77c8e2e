package metatag

import (
	"strings"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/testenv"
)

// foldedHeaders is an X-Robots-Tag header folded over continuation lines
// until the block is size bytes long.
func foldedHeaders(size int) string {
	var b strings.Builder
	b.WriteString("HTTP/1.1 200 OK\r\nX-Robots-Tag: noindex\r\n")
	for b.Len() < size {
		b.WriteString("\t, nofollow\r\n")
	}
	return b.String()
}

// TestFoldedHeaderOfOneMegabyteIsRead: 1 MB of continuation lines (about
// 80,000) is joined in linear time. Joining by repeated string concatenation
// took about half a minute here; the budget leaves a hundredfold margin
// over the linear cost on a busy machine.
func TestFoldedHeaderOfOneMegabyteIsRead(t *testing.T) {
	text := foldedHeaders(1 << 20)
	took := testenv.Elapsed()
	lines := ParseHeaders(text)
	if d := took(); d > testenv.Budget(3*time.Second) {
		t.Fatalf("1 MB of folded header lines took %v", d)
	}
	if len(lines) != 1 || !strings.HasPrefix(lines[0].Value, "noindex , nofollow , nofollow") || strings.Count(lines[0].Value, "nofollow") < 80_000 {
		t.Fatalf("folded value not joined: %d lines", len(lines))
	}
}

func BenchmarkParseFoldedHeaders1MB(b *testing.B) {
	text := foldedHeaders(1 << 20)
	b.SetBytes(int64(len(text)))
	for i := 0; i < b.N; i++ {
		ParseHeaders(text)
	}
}

// FuzzFoldedHeaderSize: a header folded over up to 200,000 continuation
// lines of any piece is read within a budget proportional to its size.
func FuzzFoldedHeaderSize(f *testing.F) {
	f.Add(uint32(80_000), "\t, nofollow", "noindex")
	f.Add(uint32(200_000), " x", "")
	f.Fuzz(func(t *testing.T, lines uint32, piece, first string) {
		if piece == "" || len(piece) > 32 || len(first) > 64 || strings.ContainsAny(piece+first, "\r\n") {
			return
		}
		if piece[0] != ' ' && piece[0] != '\t' {
			piece = " " + piece
		}
		var b strings.Builder
		b.WriteString("X-Robots-Tag: " + first + "\n")
		for i := uint32(0); i < lines%200_001; i++ {
			b.WriteString(piece + "\n")
		}
		text := b.String()
		took := testenv.Elapsed()
		ParseHeaders(text)
		if d, limit := took(), testenv.Budget(500*time.Millisecond+time.Duration(len(text))*2*time.Microsecond); d > limit {
			t.Fatalf("%d folded lines (%d bytes): %v, budget %v", lines%200_001, len(text), d, limit)
		}
	})
}
