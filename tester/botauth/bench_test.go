package botauth

import (
	"context"
	"crypto/ed25519"
	"testing"
	"time"
)

// BenchmarkVerify is one Web Bot Auth signature checked with its key
// known (as after the first fetch of a directory): parse, base, Ed25519.
func BenchmarkVerify(b *testing.B) {
	t := &testing.T{}
	s := newSigner(t)
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	r := s.sign(t, "https://crawler.example", "www.example.org", "/page", now, now.Add(time.Hour))
	v := &Verifier{Keys: map[string]ed25519.PublicKey{s.keyid: s.priv.Public().(ed25519.PublicKey)}, Now: func() time.Time { return now }}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if res := v.Verify(ctx, r); res[0].Outcome != Verified {
			b.Fatal(res[0].Why)
		}
	}
}
