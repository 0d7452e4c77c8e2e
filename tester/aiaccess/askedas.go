package aiaccess

import (
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
)

// AskedAs is the agent QueryResolved asks an engine with: the crawler's
// token for a full User-Agent of a catalogue crawler, except under the
// readings that read the full User-Agent when it holds the token
// (asksTyped). Batch callers ask c.Query(AskedAs(e.Info(), r), url) once
// per distinct value instead of resolving on every query.
func AskedAs(info engine.Info, r crawlers.Resolution) string {
	if asksTyped(info, r) {
		return r.Agent
	}
	return r.Token
}
