package accesslog

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"strings"
)

// hashPath is FNV-1a with a final mix (so every bit depends on every
// byte, which the sketch needs): the same path always gets the same hash,
// so an estimate does not change from one run to the next.
func hashPath(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return h
}

// distinct counts distinct 64-bit hashes in bounded memory: exactly up to
// exactLimit, then with a HyperLogLog sketch of 2^hllBits registers
// (about 1% standard error), so a log with millions of distinct paths costs
// a few kilobytes per crawler.
type distinct struct {
	exact map[uint64]struct{}
	regs  []uint8
}

const (
	exactLimit = 1024
	hllBits    = 14
)

func (d *distinct) add(h uint64) {
	if d.regs == nil {
		if d.exact == nil {
			d.exact = map[uint64]struct{}{}
		}
		d.exact[h] = struct{}{}
		if len(d.exact) <= exactLimit {
			return
		}
		d.regs = make([]uint8, 1<<hllBits)
		for x := range d.exact {
			d.addHLL(x)
		}
		d.exact = nil
		return
	}
	d.addHLL(h)
}

// merge adds the hashes another counter saw.
func (d *distinct) merge(o *distinct) {
	for h := range o.exact {
		d.add(h)
	}
	if o.regs != nil {
		d.union(o.regs)
	}
}

func (d *distinct) addHLL(h uint64) {
	i := h >> (64 - hllBits)
	rank := uint8(bits.LeadingZeros64(h<<hllBits|1<<(hllBits-1)) + 1)
	if rank > d.regs[i] {
		d.regs[i] = rank
	}
}

// Exact reports whether Count is exact.
func (d *distinct) Exact() bool { return d.regs == nil }

// sketchError is the relative standard error of the sketch: 1.04/√m.
var sketchError = 1.04 / math.Sqrt(1<<hllBits)

// DistinctError is one standard error of an estimated DistinctPaths (0
// when it is exact).
func (c *CrawlerStats) DistinctError() int64 {
	if c.Exact {
		return 0
	}
	return int64(math.Ceil(float64(c.DistinctPaths) * sketchError))
}

func (d *distinct) Count() int64 {
	if d.regs == nil {
		return int64(len(d.exact))
	}
	m := float64(len(d.regs))
	sum, zeros := 0.0, 0
	for _, r := range d.regs {
		sum += math.Ldexp(1, -int(r))
		if r == 0 {
			zeros++
		}
	}
	est := 0.7213 / (1 + 1.079/m) * m * m / sum
	if est <= 2.5*m && zeros > 0 {
		est = m * math.Log(m/float64(zeros))
	}
	// Registers at their highest (a summary may say so) estimate more
	// than an int64 holds.
	return int64(min(est, 1<<62) + 0.5)
}

// topCounter keeps the most frequent keys in bounded memory: when it holds
// more than 4×keep keys it drops all but the keep largest (a key dropped
// early and seen again later starts from zero, so the counts of keys beyond
// the top few are lower bounds on a huge log with very many distinct keys).
type topCounter[V any] struct {
	keep  int
	items map[string]*topItem[V]
	// lost is the sum, over the prunes, of the largest count each dropped:
	// a key loses at most that much in one prune (its count then), so no
	// key's count is low by more (0: every count is exact).
	lost    int64
	scratch []*topItem[V] // prune's, kept between prunes
	// slab: a part's counter (newPartTop) takes its items from here, a
	// few allocations per chunk instead of one per path.
	slab []topItem[V]
	part bool // made by newPartTop
}

type topItem[V any] struct {
	Key   string
	Count int64
	Val   V
}

func newTop[V any](keep int) *topCounter[V] {
	return &topCounter[V]{keep: keep, items: map[string]*topItem[V]{}}
}

// unbounded is the keep of a part's counters: they never prune.
const unbounded = math.MaxInt / 8

// newPartTop is a counter for the report of one chunk of lines, which is
// bounded anyway: it keeps every key (so its counts are exact) and is
// merged into a bounded one.
func newPartTop[V any]() *topCounter[V] {
	// The slab is made on the first key and grows from a few items: a
	// chunk may hold thousands of crawler names with a hit or two each.
	return &topCounter[V]{keep: unbounded, items: map[string]*topItem[V]{}, part: true}
}

// add counts key once and returns its item (for the caller's value).
func (t *topCounter[V]) add(key string) *topItem[V] {
	it, ok := t.items[key]
	if !ok {
		if len(t.items) >= 4*t.keep {
			t.prune()
		}
		if t.part {
			if len(t.slab) == cap(t.slab) {
				t.slab = make([]topItem[V], 0, min(max(2*cap(t.slab), 4), 4096))
			}
			t.slab = append(t.slab, topItem[V]{Key: key})
			it = &t.slab[len(t.slab)-1]
		} else {
			it = &topItem[V]{Key: key}
		}
		t.items[key] = it
	}
	it.Count++
	return it
}

// trim cuts a part's counter down to the keep keys a counter of that keep
// holds after a prune, before it is merged: the merge then handles that
// many keys per chunk however many distinct paths the chunk had. What it
// drops counts in lost, as a prune's does.
func (t *topCounter[V]) trim(keep int) {
	if len(t.items) > keep {
		t.pruneTo(keep)
	}
}

// reset empties a part's counter for reuse.
func (t *topCounter[V]) reset() {
	clear(t.items)
	clear(t.slab)
	t.slab = t.slab[:0]
	clear(t.scratch)
	t.scratch = t.scratch[:0]
	t.lost = 0
}

// merge adds o's counts (and what o lost) to t; val, when set, merges the
// value of an item of o into t's item of the same key. Like add, it keeps
// no more than 4×keep keys, but prunes only once o is in, so the result
// does not depend on the order of o's keys.
func (t *topCounter[V]) merge(o *topCounter[V], val func(dst *V, src V)) {
	t.lost += o.lost
	for key, oi := range o.items {
		it := t.items[key]
		if it == nil {
			it = &topItem[V]{Key: key}
			t.items[key] = it
		}
		it.Count += oi.Count
		if val != nil {
			val(&it.Val, oi.Val)
		}
	}
	if len(t.items) > 4*t.keep {
		t.prune()
	}
}

// prune keeps the keep items first by count, then key (the ones sorted
// would list first), found by selection rather than a full sort: it runs
// on the aggregating goroutine every few thousand new keys.
func (t *topCounter[V]) prune() { t.pruneTo(t.keep) }

// pruneTo keeps the keep items first by count, then key.
func (t *topCounter[V]) pruneTo(keep int) {
	all := t.scratch[:0]
	for _, it := range t.items {
		all = append(all, it)
	}
	t.scratch = all
	if len(all) <= keep {
		return
	}
	selectTop(all, keep)
	var most int64
	for _, it := range all[keep:] {
		most = max(most, it.Count)
		delete(t.items, it.Key)
	}
	t.lost += most
	clear(all)
}

// before is the order of sorted: more hits first, then by key.
func before[V any](a, b *topItem[V]) bool {
	if a.Count != b.Count {
		return a.Count > b.Count
	}
	return a.Key < b.Key
}

// selectTop reorders all so that its first k items are the k first in
// before's order (in no particular order among themselves).
func selectTop[V any](all []*topItem[V], k int) {
	lo, hi := 0, len(all)-1
	for lo < hi {
		// Median of three as the pivot, moved to hi.
		mid := lo + (hi-lo)/2
		if before(all[mid], all[lo]) {
			all[mid], all[lo] = all[lo], all[mid]
		}
		if before(all[hi], all[lo]) {
			all[hi], all[lo] = all[lo], all[hi]
		}
		if before(all[mid], all[hi]) {
			all[mid], all[hi] = all[hi], all[mid]
		}
		pivot := all[hi]
		store := lo
		for i := lo; i < hi; i++ {
			if before(all[i], pivot) {
				all[i], all[store] = all[store], all[i]
				store++
			}
		}
		all[store], all[hi] = all[hi], all[store]
		switch {
		case store == k:
			return
		case store < k:
			lo = store + 1
		default:
			hi = store - 1
		}
	}
}

// sorted returns the items by count, then key.
func (t *topCounter[V]) sorted() []*topItem[V] {
	all := make([]*topItem[V], 0, len(t.items))
	for _, it := range t.items {
		all = append(all, it)
	}
	slices.SortFunc(all, func(a, b *topItem[V]) int {
		if a.Count != b.Count {
			return cmp.Compare(b.Count, a.Count)
		}
		return strings.Compare(a.Key, b.Key)
	})
	return all
}

// top returns at most n items by count.
func (t *topCounter[V]) top(n int) []*topItem[V] {
	all := t.sorted()
	if len(all) > n {
		all = all[:n]
	}
	return all
}
