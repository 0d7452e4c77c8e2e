package sources

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/robots-studio/robots-studio/tester/catalogue"
)

// changeVersion marks a history file that holds one change; version 1
// files (kept before) hold a whole earlier state.
const changeVersion = 2

// change is one history entry: what a change replaced, so undo can put it
// back; its size follows the change, not the overlay.
type change struct {
	Version int `json:"version"`
	// After is the SHA-256 of the overlay.json the change led to: undo
	// applies the entry only to that state.
	After   string      `json:"after"`
	Updated string      `json:"updated"`
	Entries []entryWas  `json:"entries,omitempty"`
	Lists   []listWas   `json:"lists,omitempty"`
	Ranges  []rangesWas `json:"ranges,omitempty"`
}

// entryWas is an entry as it was before the change; Was nil: there was none.
type entryWas struct {
	Name string             `json:"name"`
	Was  *catalogue.Crawler `json:"was"`
}

type listWas struct {
	List string   `json:"list"`
	Was  []string `json:"was"`
	Had  bool     `json:"had"`
}

type rangesWas struct {
	Key    string  `json:"key"`
	Source string  `json:"source"`
	Was    *Ranges `json:"was"`
}

func (c change) empty() bool {
	return len(c.Entries) == 0 && len(c.Lists) == 0 && len(c.Ranges) == 0
}

func entryKey(c catalogue.Crawler) string { return strings.ToLower(c.Name) }
func rangesKey(r Ranges) string           { return r.Key + "\x00" + r.Source }

func same(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// diffStates is the change from old to next, which leads to the overlay
// whose hash is after.
func diffStates(old, next State, after string) change {
	c := change{Version: changeVersion, After: after, Updated: old.Updated}
	was := map[string]*catalogue.Crawler{}
	for i := range old.Entries {
		was[entryKey(old.Entries[i])] = &old.Entries[i]
	}
	now := map[string]bool{}
	for _, e := range next.Entries {
		k := entryKey(e)
		now[k] = true
		if w, ok := was[k]; !ok {
			c.Entries = append(c.Entries, entryWas{Name: e.Name})
		} else if !same(*w, e) {
			c.Entries = append(c.Entries, entryWas{Name: e.Name, Was: w})
		}
	}
	for k, w := range was {
		if !now[k] {
			c.Entries = append(c.Entries, entryWas{Name: w.Name, Was: w})
		}
	}
	sort.Slice(c.Entries, func(i, j int) bool { return strings.ToLower(c.Entries[i].Name) < strings.ToLower(c.Entries[j].Name) })
	for list, names := range next.Lists {
		if o, had := old.Lists[list]; !had || !same(o, names) {
			c.Lists = append(c.Lists, listWas{List: list, Was: o, Had: had})
		}
	}
	for list, names := range old.Lists {
		if _, has := next.Lists[list]; !has {
			c.Lists = append(c.Lists, listWas{List: list, Was: names, Had: true})
		}
	}
	sort.Slice(c.Lists, func(i, j int) bool { return c.Lists[i].List < c.Lists[j].List })
	oldRanges := map[string]*Ranges{}
	for i := range old.Ranges {
		oldRanges[rangesKey(old.Ranges[i])] = &old.Ranges[i]
	}
	nowRanges := map[string]bool{}
	for _, r := range next.Ranges {
		k := rangesKey(r)
		nowRanges[k] = true
		if w, ok := oldRanges[k]; !ok || !same(*w, r) {
			c.Ranges = append(c.Ranges, rangesWas{Key: r.Key, Source: r.Source, Was: w})
		}
	}
	for _, r := range old.Ranges {
		if !nowRanges[rangesKey(r)] {
			w := r
			c.Ranges = append(c.Ranges, rangesWas{Key: r.Key, Source: r.Source, Was: &w})
		}
	}
	return c
}

// undo puts back in cur what the change replaced.
func (c change) undo(cur State) State {
	out := cloneState(cur)
	out.Updated = c.Updated
	at := map[string]int{}
	for i, e := range out.Entries {
		at[entryKey(e)] = i
	}
	drop := map[int]bool{}
	for _, w := range c.Entries {
		i, ok := at[strings.ToLower(w.Name)]
		switch {
		case w.Was == nil && ok:
			drop[i] = true
		case w.Was != nil && ok:
			out.Entries[i] = *w.Was
		case w.Was != nil:
			at[strings.ToLower(w.Name)] = len(out.Entries)
			out.Entries = append(out.Entries, *w.Was)
		}
	}
	if len(drop) > 0 {
		kept := out.Entries[:0]
		for i, e := range out.Entries {
			if !drop[i] {
				kept = append(kept, e)
			}
		}
		out.Entries = kept
	}
	for _, l := range c.Lists {
		switch {
		case l.Had:
			out.Lists[l.List] = l.Was
		default:
			delete(out.Lists, l.List)
		}
	}
	rat := map[string]int{}
	for i, r := range out.Ranges {
		rat[rangesKey(r)] = i
	}
	rdrop := map[int]bool{}
	for _, w := range c.Ranges {
		i, ok := rat[w.Key+"\x00"+w.Source]
		switch {
		case w.Was == nil && ok:
			rdrop[i] = true
		case w.Was != nil && ok:
			out.Ranges[i] = *w.Was
		case w.Was != nil:
			out.Ranges = append(out.Ranges, *w.Was)
		}
	}
	if len(rdrop) > 0 {
		kept := out.Ranges[:0]
		for i, r := range out.Ranges {
			if !rdrop[i] {
				kept = append(kept, r)
			}
		}
		out.Ranges = kept
	}
	return out
}
