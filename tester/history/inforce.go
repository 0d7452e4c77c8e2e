package history

import (
	"time"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// DefaultCache is how long a crawler is assumed to go on obeying a
// robots.txt it fetched: RFC 9309 §2.4 asks crawlers not to use a cached
// copy for more than 24 hours.
const DefaultCache = 24 * time.Hour

var (
	msgCacheGoogle = msg.Def("history.cache.google", "Google caches a robots.txt for up to 24 hours (developers.google.com/search/docs/crawling-indexing/robots/robots_txt)")
	msgCacheOther  = msg.Def("history.cache.other", "assumed: at most 24 hours, as RFC 9309 §2.4 asks")
)

// CacheFor is how long crawler may obey a robots.txt after fetching it,
// and where that figure comes from: Google's documentation for a crawler
// read by the Google engine, RFC 9309's limit (an assumption) for others.
func CacheFor(crawler string) (time.Duration, msg.Text) {
	if engine.ForCrawler(crawler).Info().ID == engine.Default {
		return 24 * time.Hour, msg.New(msgCacheGoogle)
	}
	return DefaultCache, msg.New(msgCacheOther)
}

// InForce is what the history says about a moment: the versions a crawler
// could have been obeying then, and whether the history has a hole there.
type InForce struct {
	// Versions are the indices (oldest first) of every version in force at
	// some moment of [t-cache, t]: a crawler that fetched the file then may
	// still obey it at t. Empty when t is before the first version.
	Versions []int
	// Gap: no fetch found the version in force at t within cache before t,
	// and the next version was first found after t: what the server served
	// between the last sighting and t is not known.
	Gap bool
	// Since is the last time the version in force at t was found (the
	// start of the gap).
	Since time.Time
}

// At reads versions (in time order) at t for a crawler caching for cache:
// a log hit at t is a violation only if every version in Versions blocks
// it, and one that a version in the list allows is not.
func At(versions []Version, t time.Time, cache time.Duration) InForce {
	var r InForce
	from := t.Add(-cache)
	for i := range versions {
		start := versions[i].Time
		if start.After(t) {
			break
		}
		// In force until the next version was first found.
		if i+1 < len(versions) && !versions[i+1].Time.After(from) {
			continue
		}
		r.Versions = append(r.Versions, i)
	}
	if n := len(r.Versions); n > 0 {
		last := versions[r.Versions[n-1]]
		seen := last.LastSeen
		if seen.Before(last.Time) {
			seen = last.Time
		}
		if t.Sub(seen) > cache {
			r.Gap, r.Since = true, seen
		}
	}
	return r
}
