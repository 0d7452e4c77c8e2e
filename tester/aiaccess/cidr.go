package aiaccess

import (
	"net/netip"
	"sort"
)

// merge is prefixes as few as cover the same addresses: each masked
// (an IPv4-mapped IPv6 address counts as IPv4), those inside another
// dropped, and two halves of one prefix joined into it, again and again.
// IPv4 comes before IPv6, each by address.
func merge(prefixes []netip.Prefix) []netip.Prefix {
	in := make([]netip.Prefix, 0, len(prefixes))
	for _, p := range prefixes {
		if !p.IsValid() {
			continue
		}
		if a := p.Addr(); a.Is4In6() {
			bits := p.Bits() - 96
			if bits < 0 {
				bits = 0
			}
			p = netip.PrefixFrom(a.Unmap(), bits)
		}
		in = append(in, p.Masked())
	}
	sort.Slice(in, func(i, j int) bool { return lessPrefix(in[i], in[j]) })
	out := in[:0]
	for _, p := range in {
		if n := len(out); n > 0 && out[n-1].Overlaps(p) {
			// Sorted by address, then wider first: an overlap is p
			// inside the last one kept.
			continue
		}
		out = append(out, p)
		for n := len(out); n >= 2; n = len(out) {
			a, b := out[n-2], out[n-1]
			if a.Bits() != b.Bits() || a.Bits() == 0 || a.Addr().Is4() != b.Addr().Is4() {
				break
			}
			parent := netip.PrefixFrom(a.Addr(), a.Bits()-1).Masked()
			if parent != netip.PrefixFrom(b.Addr(), b.Bits()-1).Masked() {
				break
			}
			out = append(out[:n-2], parent)
		}
	}
	return out
}

// lessPrefix orders IPv4 before IPv6, then by address, then wider first.
func lessPrefix(a, b netip.Prefix) bool {
	if a.Addr().Is4() != b.Addr().Is4() {
		return a.Addr().Is4()
	}
	if c := a.Addr().Compare(b.Addr()); c != 0 {
		return c < 0
	}
	return a.Bits() < b.Bits()
}
