package aiaccess

import (
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
)

// AskedAs is the agent QueryResolved asks an engine with: the crawler's
// token for a full User-Agent of a catalogue crawler, except under the
// 1990s readings, which get the User-Agent as typed. Batch callers ask
// c.Query(AskedAs(id, r), url) once per distinct value instead of resolving
// on every query.
func AskedAs(engineID string, r crawlers.Resolution) string {
	if !r.Matched || readsFullUserAgent[engine.BaseID(engineID)] {
		return r.Agent
	}
	return r.Token
}
