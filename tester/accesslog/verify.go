package accesslog

import (
	"github.com/robots-studio/robots-studio/tester/catalogue"

	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/robots-studio/robots-studio/tester/crawlers"

	"github.com/robots-studio/robots-studio/tester/msg"
)

// Verification says whether a hit's claimed crawler identity was checked.
type Verification uint8

// Outcomes of checking a claimed identity.
const (
	Unverified Verification = iota // nothing to check it against
	Verified                       // the address is the operator's
	Failed                         // the address is not the operator's: someone borrows the name
)

var (
	msgVerified   = msg.Def("logtab.verified", "verified")
	msgFailed     = msg.Def("logtab.failed", "failed")
	msgUnverified = msg.Def("logtab.unverified", "unverified")
)

// Text is v in the user's language (String is the JSON word).
func (v Verification) Text() msg.Text {
	switch v {
	case Verified:
		return msg.New(msgVerified)
	case Failed:
		return msg.New(msgFailed)
	}
	return msg.New(msgUnverified)
}

func (v Verification) String() string {
	switch v {
	case Verified:
		return "verified"
	case Failed:
		return "failed"
	}
	return "unverified"
}

// Resolver is the part of net.Resolver reverse-DNS checking needs; tests
// give a fake.
type Resolver interface {
	LookupAddr(ctx context.Context, addr string) ([]string, error)
	LookupHost(ctx context.Context, host string) ([]string, error)
}

// Verifier checks claimed identities against IP ranges and, when a Resolver
// is set, reverse DNS confirmed by a forward lookup. It is safe for
// concurrent use and remembers each (crawler, address) it checked.
type Verifier struct {
	ranges   map[string][]netip.Prefix // lower-case crawler name, token or operator → ranges
	unnamed  []netip.Prefix            // ranges that name no crawler
	Resolver Resolver
	Timeout  time.Duration // per DNS lookup; 0 means 5 seconds

	mu    sync.Mutex
	cache map[string]Verification
}

// Active reports whether the verifier can check anything.
func (v *Verifier) Active() bool {
	return v != nil && (len(v.ranges) > 0 || len(v.unnamed) > 0 || v.Resolver != nil)
}

// Fingerprint names what the verifier checks against by content: the
// SHA-256 of its ranges (sorted, whatever files or formats they came
// from) and whether reverse DNS is on; "" when it checks nothing. Shards
// verified against different ranges are not merged (see Merge).
func (v *Verifier) Fingerprint() string {
	if !v.Active() {
		return ""
	}
	var lines []string
	for name, ps := range v.ranges {
		for _, p := range ps {
			lines = append(lines, name+" "+p.String())
		}
	}
	for _, p := range v.unnamed {
		lines = append(lines, " "+p.String())
	}
	slices.Sort(lines)
	lines = slices.Compact(lines)
	if v.Resolver != nil {
		lines = append(lines, "+dns")
	}
	sum := sha256.Sum256([]byte(strings.Join(lines, "\n")))
	return hex.EncodeToString(sum[:])
}

// Verify checks that ip may send requests as id.
func (v *Verifier) Verify(id *Identity, ip string) Verification {
	if !v.Active() || !id.IsCrawler() {
		return Unverified
	}
	key := id.Name + "\x00" + ip
	v.mu.Lock()
	r, ok := v.cache[key]
	v.mu.Unlock()
	if ok {
		return r
	}
	r = v.check(id, ip)
	v.mu.Lock()
	if v.cache == nil || len(v.cache) > 1<<16 {
		v.cache = map[string]Verification{}
	}
	v.cache[key] = r
	v.mu.Unlock()
	return r
}

func (v *Verifier) check(id *Identity, ip string) Verification {
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		addr = netip.Addr{}
	}
	if own := v.rangesFor(id); len(own) > 0 {
		if addr.IsValid() && contains(own, addr) {
			return Verified
		}
		return Failed
	}
	if v.Resolver != nil && id.Entry != nil {
		// the reverse-DNS domains the catalogue gives for it (its
		// operator's "verify our crawler" page)
		if domains := catalogue.HowToVerify(*id.Entry).RDNS; len(domains) > 0 {
			if addr.IsValid() && v.reverseDNS(addr.String(), domains) {
				return Verified
			}
			return Failed
		}
	}
	if addr.IsValid() && contains(v.unnamed, addr) {
		return Verified
	}
	return Unverified
}

func (v *Verifier) rangesFor(id *Identity) []netip.Prefix {
	var out []netip.Prefix
	keys := []string{id.Name, id.Token}
	if id.Entry != nil {
		keys = append(keys, id.Entry.Operator)
	}
	seen := map[string]bool{}
	for _, k := range keys {
		k = strings.ToLower(k)
		if !seen[k] {
			seen[k] = true
			out = append(out, v.ranges[k]...)
		}
	}
	return out
}

// reverseDNS: the address's PTR name ends in one of the operator's domains,
// and that name resolves back to the address.
func (v *Verifier) reverseDNS(ip string, domains []string) bool {
	timeout := v.Timeout
	if timeout == 0 {
		timeout = 5 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	names, err := v.Resolver.LookupAddr(ctx, ip)
	if err != nil {
		return false
	}
	for _, n := range names {
		n = strings.ToLower(strings.TrimSuffix(n, "."))
		ok := false
		for _, d := range domains {
			if n == d || strings.HasSuffix(n, "."+d) {
				ok = true
			}
		}
		if !ok {
			continue
		}
		addrs, err := v.Resolver.LookupHost(ctx, n)
		if err != nil {
			continue
		}
		for _, a := range addrs {
			if pa, err := netip.ParseAddr(a); err == nil && pa.String() == ip {
				return true
			}
		}
	}
	return false
}

func contains(ps []netip.Prefix, a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range ps {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// LoadRanges adds the IP ranges of a file: JSON in the form operators
// publish ({"prefixes":[{"ipv4Prefix":"66.249.64.0/27"},{"ipv6Prefix":…}]}),
// JSON mapping crawler names to ranges ({"Googlebot":["66.249.64.0/19"]}),
// or text with one range per line, optionally after a crawler name
// ("Googlebot 66.249.64.0/19"; "#" starts a comment). Ranges that name no
// crawler belong to the crawler the file is named after (googlebot.json),
// and then to every crawler of its operator; when the file name names none,
// an address inside them verifies any crawler.
func (v *Verifier) LoadRanges(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	owner := ""
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	if c, _, ok := crawlers.Match(base); ok {
		owner = c.Operator
	}
	named, unnamed, err := parseRanges(data)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if v.ranges == nil {
		v.ranges = map[string][]netip.Prefix{}
	}
	for k, ps := range named {
		v.ranges[strings.ToLower(k)] = append(v.ranges[strings.ToLower(k)], ps...)
	}
	if owner != "" {
		v.ranges[strings.ToLower(owner)] = append(v.ranges[strings.ToLower(owner)], unnamed...)
	} else {
		v.unnamed = append(v.unnamed, unnamed...)
	}
	return nil
}

func parseRanges(data []byte) (named map[string][]netip.Prefix, unnamed []netip.Prefix, err error) {
	named = map[string][]netip.Prefix{}
	trimmed := bytes.TrimSpace(data)
	if bytes.HasPrefix(trimmed, []byte("{")) {
		var published struct {
			Prefixes []struct {
				V4 string `json:"ipv4Prefix"`
				V6 string `json:"ipv6Prefix"`
			} `json:"prefixes"`
		}
		if err := json.Unmarshal(trimmed, &published); err == nil && len(published.Prefixes) > 0 {
			for _, p := range published.Prefixes {
				for _, s := range []string{p.V4, p.V6} {
					if s == "" {
						continue
					}
					pp, err := parsePrefix(s)
					if err != nil {
						return nil, nil, err
					}
					unnamed = append(unnamed, pp)
				}
			}
			return named, unnamed, nil
		}
		var byName map[string][]string
		if err := json.Unmarshal(trimmed, &byName); err != nil {
			return nil, nil, fmt.Errorf("not a list of IP ranges: %v", err)
		}
		for name, list := range byName {
			for _, s := range list {
				pp, err := parsePrefix(s)
				if err != nil {
					return nil, nil, err
				}
				named[name] = append(named[name], pp)
			}
		}
		return named, nil, nil
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		words := strings.Fields(line)
		if len(words) == 0 {
			continue
		}
		name := ""
		if _, err := parsePrefix(words[0]); err != nil && len(words) > 1 {
			name, words = words[0], words[1:]
		}
		for _, w := range words {
			pp, err := parsePrefix(w)
			if err != nil {
				return nil, nil, fmt.Errorf("line %d: %w", n, err)
			}
			if name == "" {
				unnamed = append(unnamed, pp)
			} else {
				named[name] = append(named[name], pp)
			}
		}
	}
	return named, unnamed, sc.Err()
}

// parsePrefix reads "66.249.64.0/19", "2001:4860:4801::/48" or one address.
func parsePrefix(s string) (netip.Prefix, error) {
	s = strings.TrimSpace(s)
	if strings.Contains(s, "/") {
		p, err := netip.ParsePrefix(s)
		if err != nil {
			return netip.Prefix{}, fmt.Errorf("%q is not an IP range", s)
		}
		return p.Masked(), nil
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Prefix{}, fmt.Errorf("%q is not an IP address or range", s)
	}
	return netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()), nil
}
