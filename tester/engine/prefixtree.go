package engine

import "strings"

// prefixTree indexes a rule set's patterns by their literal prefix (the
// part before the first `*`) in a radix tree: one walk down a path's bytes
// reaches every pattern whose literal prefix the path starts with, however
// many rules the set has, where the reference matcher (longestCompiled.match)
// tries each rule of a bucket. Judges use it; the judge tests hold it to
// match.
type prefixTree struct {
	nodes   []ptNode
	entries []ptEntry
}

// ptNode is one node: the bytes its edge adds to its parent's prefix, its
// children by their label's first byte, and the patterns whose literal
// prefix ends here.
type ptNode struct {
	label string
	first string  // first[k] is the first byte of kids[k]'s label
	kids  []int32 // node indices
	ends  []int32 // entry indices
	// byByte, for a node with many children, is the child of each
	// first byte (its node index, 0 for none: the root is nobody's child).
	byByte *[256]int32
}

// wideNode is how many children a node has before best looks them up in a
// table rather than a loop.
const wideNode = 6

// ptEntry is one pattern: a rule's, or the index.html reading of an Allow
// (offered as a rule of its own: when the rule itself matches, it scores
// higher, so the winner is the same as match's).
type ptEntry struct {
	pat   *pattern
	r     *compiledRule // what the Decision names
	score int
}

// beats orders matches as the longest-match family decides: the higher
// score, then Allow, then the earlier line.
func (e *ptEntry) beats(o *ptEntry) bool {
	if e.score != o.score {
		return e.score > o.score
	}
	if e.r.Allow != o.r.Allow {
		return e.r.Allow
	}
	return e.r.Line < o.r.Line
}

// newPrefixTree indexes the (compiled) rules idx of c.
func newPrefixTree(c *longestCompiled, idx []int32) *prefixTree {
	t := &prefixTree{nodes: []ptNode{{}}}
	add := func(r *compiledRule) {
		t.entries = append(t.entries, ptEntry{pat: &r.pat, r: r, score: r.Score})
		t.insert(r.pat.lit, int32(len(t.entries)-1))
	}
	for _, i := range idx {
		r := &c.table.rules[i]
		add(r)
		if r.fallback != nil {
			add(r.fallback)
		}
	}
	for n := range t.nodes {
		if nd := &t.nodes[n]; len(nd.kids) > wideNode {
			nd.byByte = new([256]int32)
			for k, kid := range nd.kids {
				nd.byByte[nd.first[k]] = kid
			}
		}
	}
	return t
}

// insert adds entry under lit, splitting an edge where lit leaves it.
func (t *prefixTree) insert(lit string, entry int32) {
	n, pos := int32(0), 0
	for pos < len(lit) {
		k := strings.IndexByte(t.nodes[n].first, lit[pos])
		if k < 0 {
			t.nodes = append(t.nodes, ptNode{label: lit[pos:], ends: []int32{entry}})
			t.nodes[n].first += lit[pos : pos+1]
			t.nodes[n].kids = append(t.nodes[n].kids, int32(len(t.nodes)-1))
			return
		}
		c := t.nodes[n].kids[k]
		label := t.nodes[c].label
		common := 0
		for common < len(label) && pos+common < len(lit) && label[common] == lit[pos+common] {
			common++
		}
		if common < len(label) {
			// lit leaves the edge (or ends) inside it: a node where it does.
			t.nodes = append(t.nodes, ptNode{label: label[:common], first: label[common : common+1], kids: []int32{c}})
			mid := int32(len(t.nodes) - 1)
			t.nodes[c].label = label[common:]
			t.nodes[n].kids[k] = mid
			c = mid
		}
		n, pos = c, pos+common
	}
	t.nodes[n].ends = append(t.nodes[n].ends, entry)
}

// best is the winning pattern for path (nil when none matches).
func (t *prefixTree) best(path string) *ptEntry {
	var win *ptEntry
	n, pos := &t.nodes[0], 0
	for {
		for _, i := range n.ends {
			// The walk has matched e's literal prefix (pos bytes); a
			// pattern without `*` is that prefix, with `$` or not.
			e := &t.entries[i]
			if win != nil && !e.beats(win) {
				continue
			}
			if p := e.pat; p.wild && p.matchAfterLit(path) || !p.wild && (!p.anchorEnd || len(path) == pos) {
				win = e
			}
		}
		if pos == len(path) {
			return win
		}
		// Plain loops: nodes have few children and labels are short,
		// where strings.IndexByte and HasPrefix cost more in the call.
		b, kid := path[pos], int32(0)
		if n.byByte != nil {
			kid = n.byByte[b]
		} else {
			for j := 0; j < len(n.first); j++ {
				if n.first[j] == b {
					kid = n.kids[j]
					break
				}
			}
		}
		if kid == 0 {
			return win
		}
		n = &t.nodes[kid]
		label := n.label
		if len(path)-pos < len(label) {
			return win
		}
		for j := 1; j < len(label); j++ { // label[0] is b
			if path[pos+j] != label[j] {
				return win
			}
		}
		pos += len(label)
	}
}
