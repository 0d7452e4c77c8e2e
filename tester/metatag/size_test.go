package metatag

import (
	"strings"
	"testing"
	"time"
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
	start := time.Now()
	lines := ParseHeaders(text)
	if d := time.Since(start); d > 3*time.Second {
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
