package aiaccess

import (
	"net/netip"
	"strings"
	"testing"
)

// Rule: merging keeps exactly the addresses it was given, in as few
// prefixes as cover them: one inside another goes, two halves become
// their parent (again and again), neighbours that are not halves of one
// prefix stay apart, IPv4 and IPv6 never mix, IPv4-mapped counts as IPv4.
func TestMerge(t *testing.T) {
	cases := []struct {
		name, in, want string
	}{
		{"a prefix inside another goes", "192.0.2.0/24 192.0.2.128/25 192.0.2.7/32", "192.0.2.0/24"},
		{"two halves become their parent", "192.0.2.0/25 192.0.2.128/25", "192.0.2.0/24"},
		{"halves join up the tree", "10.0.0.0/26 10.0.0.64/26 10.0.0.128/25 10.0.1.0/24", "10.0.0.0/23"},
		{"neighbours of different parents stay apart", "10.0.1.0/24 10.0.2.0/24", "10.0.1.0/24 10.0.2.0/24"},
		{"unmasked bits are masked", "192.0.2.77/24", "192.0.2.0/24"},
		{"IPv6 halves join", "2001:db8::/33 2001:db8:8000::/33 2001:db8::1/128", "2001:db8::/32"},
		{"IPv4 first, never joined with IPv6", "2001:db8::/32 0.0.0.0/1 128.0.0.0/1", "0.0.0.0/0 2001:db8::/32"},
		{"IPv4-mapped counts as IPv4", "::ffff:192.0.2.0/120 192.0.2.0/24", "192.0.2.0/24"},
		{"nothing stays nothing", "", ""},
	}
	for _, c := range cases {
		var in []netip.Prefix
		for _, s := range strings.Fields(c.in) {
			in = append(in, netip.MustParsePrefix(s))
		}
		var got []string
		for _, p := range merge(in) {
			got = append(got, p.String())
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s: merge(%s) = %v, want %s", c.name, c.in, got, c.want)
		}
	}
}

// Rule: whatever it is given, merging covers the same addresses (random
// prefixes from one /16, every address of it checked), and overlapsAny on
// the merged set answers as a test against each prefix given would.
func TestMergeKeepsTheAddresses(t *testing.T) {
	state := uint32(1)
	next := func() uint32 { state = state*1664525 + 1013904223; return state >> 8 }
	for round := 0; round < 15; round++ {
		var in []netip.Prefix
		for i := 0; i < 1+int(next()%40); i++ {
			bits := 20 + int(next()%13)
			a := netip.AddrFrom4([4]byte{10, 0, byte(next()), byte(next())})
			in = append(in, netip.PrefixFrom(a, bits).Masked())
		}
		out := merge(in)
		for x := 0; x < 1<<16; x++ {
			a := netip.AddrFrom4([4]byte{10, 0, byte(x >> 8), byte(x)})
			if covers(in, a) != covers(out, a) {
				t.Fatalf("round %d: %v in %v is %v, in the merged %v %v", round, a, in, covers(in, a), out, covers(out, a))
			}
		}
		for i := 0; i < 200; i++ {
			q := netip.PrefixFrom(netip.AddrFrom4([4]byte{10, 0, byte(next()), byte(next())}), 16+int(next()%17)).Masked()
			want := false
			for _, p := range in {
				want = want || p.Overlaps(q)
			}
			if overlapsAny(out, q) != want {
				t.Fatalf("round %d: overlapsAny(%v, %v) = %v, want %v", round, out, q, !want, want)
			}
		}
		for i := 1; i < len(out); i++ {
			if out[i-1].Overlaps(out[i]) {
				t.Fatalf("round %d: merged %v and %v overlap", round, out[i-1], out[i])
			}
		}
	}
}

func covers(ps []netip.Prefix, a netip.Addr) bool {
	for _, p := range ps {
		if p.Contains(a) {
			return true
		}
	}
	return false
}
