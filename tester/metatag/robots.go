package metatag

import (
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// RobotsFromDocument answers "does this robots.txt keep crawler away from
// url?" with the engine that reads robots.txt for that crawler, compiling
// each engine once.
func RobotsFromDocument(doc *syntax.Document) RobotsCheck {
	compiled := map[string]engine.Compiled{}
	return func(crawler, url string) (bool, string) {
		e := engine.ForCrawler(crawler)
		c, ok := compiled[e.Info().ID]
		if !ok {
			c = e.Compile(doc)
			compiled[e.Info().ID] = c
		}
		v := c.Query(crawler, url)
		return v.Allowed, v.ExplainAll()
	}
}
