package testerpane

import (
	"slices"

	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
)

// readings is the reading of the results: one engine for every crawler,
// or each crawler's own (OwnReading), and the engines there are.
type readings struct {
	*paneState
	cols *engineColumns // compare's columns: the engines in view with compare

	engines  []engine.Engine   // every engine, in their Order
	engineID string            // an engine id or OwnReading
	own      map[string]string // crawler → its own engine, for OwnReading
}

// readingIndex is id's place among the select's options.
func (rd *readings) readingIndex(id string) int {
	if id == OwnReading {
		return 0
	}
	if i := rd.engineIndex(id); i >= 0 {
		return i + 1
	}
	return -1
}

// engineFor is the engine that answers for crawler without compare.
func (rd *readings) engineFor(crawler string) string {
	if rd.engineID != OwnReading {
		return rd.engineID
	}
	if id, ok := rd.own[crawler]; ok {
		return id
	}
	id := engine.ForCrawler(crawlers.Resolve(crawler).Token).Info().ID
	rd.own[crawler] = id
	return id
}

func (rd *readings) engineIndex(id string) int {
	for i, e := range rd.engines {
		if e.Info().ID == id {
			return i
		}
	}
	return -1
}

// enginesInView are the engines whose verdicts are on screen.
func (rd *readings) enginesInView() []string {
	if rd.compare {
		return rd.cols.compareEngines()
	}
	if rd.engineID != OwnReading {
		return []string{rd.engineID}
	}
	var ids []string
	for _, c := range rd.set.Crawlers {
		if c == "" {
			continue
		}
		if id := rd.engineFor(c); !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	return ids
}
