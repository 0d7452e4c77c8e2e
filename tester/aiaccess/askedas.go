package aiaccess

import "github.com/robots-studio/robots-studio/tester/crawlers"

// AskedAs is the agent QueryResolved asks an engine with: the crawler's
// token for a full User-Agent of a catalogue crawler, except under the
// 1990s readings when it holds the token (asksTyped). Batch callers ask
// c.Query(AskedAs(id, r), url) once per distinct value instead of resolving
// on every query.
func AskedAs(engineID string, r crawlers.Resolution) string {
	if asksTyped(engineID, r) {
		return r.Agent
	}
	return r.Token
}
