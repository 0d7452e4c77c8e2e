package aiaccess

import (
	"net/netip"
	"sort"
	"strings"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// The server rules refuse by address too where the catalogue's updates
// read the IP ranges an operator publishes for a refused crawler: a
// crawler that changes its User-Agent still comes from them.

// MaxRulePrefixes is the most IP ranges (after merging) the server rules
// list: Apache and Caddy test a request against them one by one. A range
// file that would take the rules past it is left out whole, and named.
const MaxRulePrefixes = 1000

// cloudflareMax is the longest rule expression Cloudflare takes: 4,096
// characters (developers.cloudflare.com/ruleset-engine/rules-language/expressions/,
// "Maximum rule expression length", read 2026-11-29).
const cloudflareMax = 4096

var (
	msgRangesMissing = msg.Def("aiaccess.compile.ranges", "{{.Operator}} publishes the IP ranges of {{.Name}} ({{.Files}}), but the catalogue holds none of them, so the server rules refuse its User-Agent only; `robots-studio crawlers update` (add `--from URL` for a file not among its defaults) or Catalogue › Update… in the window reads them, and the rules then refuse them too")
	msgRangesUsed    = msg.Def("aiaccess.compile.ranges_used", "the server rules also refuse the IP ranges the catalogue's update read: {{.List}}")
	msgRangesKept    = msg.Def("aiaccess.compile.ranges_kept", "IP ranges of {{.Key}} ({{.Source}}) that also serve {{.Kept}}, which the policy lets in, were left out of the server rules: {{.Count}}")
	msgRangesNotOne  = msg.Def("aiaccess.compile.ranges_not_one", "IP ranges of {{.Key}} ({{.Source}}) that are no crawler's own were left out of the server rules: {{.Count}} (such as {{.Example}}: a private, loopback or reserved range, or one wider than /{{.V4}} for IPv4 or /{{.V6}} for IPv6, would turn ordinary visitors away)")
	msgRangesCap     = msg.Def("aiaccess.compile.ranges_cap", "the IP ranges of {{.Key}} ({{.Source}}) were left out: with them the server rules would list more than {{.Max}} ranges")
	msgProxyNginx    = msg.Def("aiaccess.compile.proxy_nginx", "geo tests $remote_addr: behind a CDN or a reverse proxy that is the proxy's address, so first set set_real_ip_from and real_ip_header (ngx_http_realip_module)")
	msgProxyApache   = msg.Def("aiaccess.compile.proxy_apache", "Require ip tests the connection's address (needs mod_authz_host): behind a CDN or a reverse proxy, first set RemoteIPHeader and RemoteIPTrustedProxy (mod_remoteip)")
	msgProxyCaddy    = msg.Def("aiaccess.compile.proxy_caddy", "remote_ip tests the connection's address: behind a CDN or a reverse proxy, set trusted_proxies in the global options and write client_ip instead of remote_ip")
	msgProxyHAProxy  = msg.Def("aiaccess.compile.proxy_haproxy", "src is the connection's address: behind a CDN or another proxy, accept the PROXY protocol (accept-proxy) or test req.hdr_ip(X-Forwarded-For) from trusted proxies only")
)

// The widest prefixes a range file may refuse: operators publish their
// crawlers' addresses in far narrower blocks, and a wider one (a mistake,
// or a file that is not what it says) would refuse a large part of the
// internet.
const (
	widestV4 = 8
	widestV6 = 24
)

// refusable reports whether p may be refused at the server: a public
// unicast block no wider than widestV4 / widestV6 bits. A test that runs
// the servers on loopback swaps it.
var refusable = func(p netip.Prefix) bool {
	a := p.Addr().Unmap()
	if !a.IsGlobalUnicast() || a.IsPrivate() {
		return false
	}
	if a.Is4() {
		return p.Bits() >= widestV4
	}
	return p.Bits() >= widestV6
}

// rangedFile is a range file the rules refuse, with the prefixes of it
// that stay in.
type rangedFile struct {
	r        catalogue.Ranges
	prefixes []netip.Prefix
}

// rangesOf are the stored range files that are c's: under its name, or
// under its operator's for a file that serves all of an operator's
// crawlers (Google's).
func rangesOf(c catalogue.Crawler, all []catalogue.Ranges) []catalogue.Ranges {
	var out []catalogue.Ranges
	for _, r := range all {
		if strings.EqualFold(r.Key, c.Name) || (c.Operator != "" && strings.EqualFold(r.Key, c.Operator)) {
			out = append(out, r)
		}
	}
	return out
}

// refusedRanges is the IP ranges the rules refuse for the crawlers
// refused at the server: each file once; the ranges that also serve a
// crawler the policy lets in left out; files left out whole past
// MaxRulePrefixes. It returns the merged prefixes, the files used and the
// warnings.
func refusedRanges(refused []catalogue.Crawler, p Policy) ([]netip.Prefix, []catalogue.Ranges, []msg.Text) {
	if len(p.Ranges) == 0 {
		return nil, nil, nil
	}
	var files []rangedFile
	seen := map[string]bool{}
	for _, c := range refused {
		for _, r := range rangesOf(c, p.Ranges) {
			if k := r.Key + "\x00" + r.Source; !seen[k] {
				seen[k] = true
				files = append(files, rangedFile{r: r})
			}
		}
	}
	if len(files) == 0 {
		return nil, nil, nil
	}
	// What the crawlers the policy lets in come from, by the first such
	// crawler's name.
	type keptRange struct {
		p    netip.Prefix
		name string
	}
	var kept []keptRange
	keptSeen := map[string]bool{}
	for _, c := range catalogue.All() {
		if c.Historical || c.RobotsTxt == catalogue.TokenOnly || p.Blocks(c) {
			continue
		}
		for _, r := range rangesOf(c, p.Ranges) {
			if k := r.Key + "\x00" + r.Source; !keptSeen[k] {
				keptSeen[k] = true
				for _, s := range r.Prefixes {
					if pp, err := netip.ParsePrefix(s); err == nil {
						kept = append(kept, keptRange{pp, c.Name})
					}
				}
			}
		}
	}
	keptAll := make([]netip.Prefix, len(kept))
	for i, k := range kept {
		keptAll[i] = k.p
	}
	keptSet := merge(keptAll)
	var warnings []msg.Text
	for i := range files {
		f := &files[i]
		dropped, by := 0, ""
		notOne, example := 0, ""
		for _, s := range f.r.Prefixes {
			pp, err := netip.ParsePrefix(s)
			if err != nil {
				continue // ReadRanges kept only valid ones
			}
			if !refusable(pp) {
				if notOne == 0 {
					example = s
				}
				notOne++
				continue
			}
			if !overlapsAny(keptSet, pp) {
				f.prefixes = append(f.prefixes, pp)
				continue
			}
			dropped++
			for _, k := range kept {
				if by == "" && k.p.Overlaps(pp) {
					by = k.name
				}
			}
		}
		if notOne > 0 {
			warnings = append(warnings, msg.New(msgRangesNotOne, "Key", f.r.Key, "Source", f.r.Source, "Count", notOne, "Example", example, "V4", widestV4, "V6", widestV6))
		}
		if dropped > 0 {
			warnings = append(warnings, msg.New(msgRangesKept, "Key", f.r.Key, "Source", f.r.Source, "Kept", by, "Count", dropped))
		}
	}
	// The smaller files first, so a large one left out costs the fewest
	// crawlers their ranges.
	sort.SliceStable(files, func(i, j int) bool { return len(files[i].prefixes) < len(files[j].prefixes) })
	var all []netip.Prefix
	var used []catalogue.Ranges
	for _, f := range files {
		if len(f.prefixes) == 0 {
			continue
		}
		next := merge(append(append([]netip.Prefix(nil), all...), f.prefixes...))
		if len(next) > MaxRulePrefixes {
			warnings = append(warnings, msg.New(msgRangesCap, "Key", f.r.Key, "Source", f.r.Source, "Max", MaxRulePrefixes))
			continue
		}
		all = next
		used = append(used, f.r)
	}
	sort.SliceStable(used, func(i, j int) bool { return used[i].Key < used[j].Key })
	return all, used, warnings
}

// overlapsAny reports whether p shares an address with one of set, which
// merge made: sorted, none overlapping another. Only the prefix that
// starts last at or before p's start can hold p's start, and only the one
// after it can start inside p.
func overlapsAny(set []netip.Prefix, p netip.Prefix) bool {
	p = merge([]netip.Prefix{p})[0] // IPv4-mapped as IPv4, masked
	i := sort.Search(len(set), func(i int) bool { return lessPrefix(p, set[i]) })
	return (i > 0 && set[i-1].Overlaps(p)) || (i < len(set) && set[i].Overlaps(p))
}

// rangesUsed is the sentence naming the files the rules refuse ranges
// from, with the day each was read.
func rangesUsed(used []catalogue.Ranges) msg.Text {
	var parts []string
	for _, r := range used {
		parts = append(parts, r.Key+" ("+r.Source+", "+r.Read+")")
	}
	return msg.New(msgRangesUsed, "List", strings.Join(parts, "; "))
}

// prefixLines is the prefixes as lines of at most n each.
func prefixLines(prefixes []netip.Prefix, n int) [][]string {
	var out [][]string
	for i := 0; i < len(prefixes); i += n {
		var line []string
		for _, p := range prefixes[i:min(i+n, len(prefixes))] {
			line = append(line, p.String())
		}
		out = append(out, line)
	}
	return out
}
