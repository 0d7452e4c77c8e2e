package accesslog

import (
	"time"

	"github.com/robots-studio/robots-studio/tester/batch"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/history"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// History is a site's robots.txt over time, for judging each hit by the
// file that was live when it came (issue 38, part 3) instead of by one
// file: Options.History.
type History struct {
	Versions []history.Version  // oldest first, as history.Store.Versions gives them
	Docs     []*syntax.Document // each version as a crawler reads it (NewHistory)
	// AsOfNow judges every hit by the newest version, as if it had always
	// been in force (what a single robots.txt gives).
	AsOfNow bool
}

// NewHistory reads versions (oldest first) with their bodies (nil for a
// version that is no file). A version that was no file counts as the
// answer it was, read as the default engine reads it (fetch.Result.DocFor):
// a 4xx allows everything, a 5xx or no answer disallows everything.
func NewHistory(versions []history.Version, bodies [][]byte) *History {
	h := &History{Versions: versions}
	for i := range versions {
		body := bodies[i]
		h.Docs = append(h.Docs, versions[i].Result(body).DocFor(engine.Default, syntax.Parse(body)))
	}
	return h
}

// LoadHistory reads the versions of site kept in st, with their bodies;
// nil, nil when none is kept.
func LoadHistory(st history.Store, site string) (*History, error) {
	versions, err := st.Versions(site)
	if err != nil || len(versions) == 0 {
		return nil, nil
	}
	bodies := make([][]byte, len(versions))
	for i := range versions {
		if versions[i].OK() {
			if bodies[i], err = st.Body(versions[i]); err != nil {
				return nil, err
			}
		}
	}
	return NewHistory(versions, bodies), nil
}

// judgement is what the history says of one hit.
type judgement struct {
	res     batch.Result // the deciding reading: allowed if any version in force allows
	version int          // 1-based number of the deciding version; 0: none in force (before the history)
	gap     bool         // the history has a hole at the hit's time
}

// judge reads the hit at t by the versions in force for a crawler that
// caches its robots.txt for cache: the hit is disallowed only when every
// version it could have obeyed disallows it, and the newest of those
// decides. results are the batch's answers, the versions' from off on.
func (h *History) judge(results []batch.Result, off int, t time.Time, valid bool, cache time.Duration) judgement {
	n := len(h.Versions)
	if h.AsOfNow || !valid {
		return judgement{res: results[off+n-1], version: n}
	}
	in := history.At(h.Versions, t, cache)
	if len(in.Versions) == 0 {
		return judgement{res: batch.Result{Allowed: true}}
	}
	newest := in.Versions[len(in.Versions)-1]
	j := judgement{res: results[off+newest], version: newest + 1, gap: in.Gap}
	for _, i := range in.Versions {
		if r := results[off+i]; r.Allowed {
			j.res, j.version = r, i+1
			break
		}
	}
	return j
}
