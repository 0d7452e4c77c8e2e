package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

var (
	msgFetched     = msg.Def("live.cli.fetched", "fetched {{.URL}}: {{.Status}}, {{.Bytes}}, {{.Hops}}")
	msgFetchFailed = msg.Def("live.cli.fetch_failed", "fetched {{.URL}}: no answer ({{.Why}})")
	msgApplies     = msg.Def("live.cli.applies", "{{.Engine}}: {{.Outcome}}: {{.Why}}")
	msgWordUseFile = msg.Def("live.outcome.use_file", "uses the file")
	msgWordAllow   = msg.Def("live.outcome.allow_all", "as if there were no robots.txt: everything allowed")
	msgWordBlock   = msg.Def("live.outcome.disallow_all", "crawls nothing")
	msgWordFail    = msg.Def("live.outcome.fail", "an error: the crawler's own code decides (counted here as crawling nothing)")
	msgWordFollow  = msg.Def("live.outcome.follow", "not resolved (counted here as crawling nothing)")
)

// remote is a ROBOTS_FILE given as an http(s) URL, fetched the way crawlers
// fetch it.
type remote struct {
	res *fetch.Result
}

// fetchTimeout is how long a ROBOTS_FILE URL may take.
var fetchTimeout = fetch.DefaultTimeout

// loadRemote fetches a ROBOTS_FILE URL, says on stderr what came back and
// what each engine concludes, and returns the body when the answer was a
// 2xx (an empty file otherwise; Compile then applies each engine's outcome).
func loadRemote(env *Env, url string) ([]byte, *remote, int) {
	res, err := fetch.Get(context.Background(), url, fetch.Options{Timeout: fetchTimeout})
	if err != nil {
		return nil, nil, Failf(env, "%v", err)
	}
	writeFetchSummary(env.Stderr, res)
	if !res.OK() {
		return nil, &remote{res}, -1
	}
	return res.Body, &remote{res}, -1
}

// writeFetchSummary prints the fetch in a few lines prefixed like every
// message of the command line.
func writeFetchSummary(w io.Writer, res *fetch.Result) {
	if res.Unreachable {
		fmt.Fprintf(w, "robots-studio: %s\n", msg.New(msgFetchFailed, "URL", res.FinalURL(), "Why", res.Failure))
	} else {
		fmt.Fprintf(w, "robots-studio: %s\n", msg.New(msgFetched, "URL", res.FinalURL(), "Status", res.Status, "Bytes", msg.New(msgBytes, "Count", len(res.Body)), "Hops", msg.New(msgHops, "Count", len(res.Hops)-1)))
	}
	for _, o := range res.Outcomes {
		fmt.Fprintf(w, "robots-studio: %s\n", msg.New(msgApplies, "Engine", o.Engine, "Outcome", OutcomeWord(o.Outcome), "Why", o.Why))
	}
}

// OutcomeWord is a short phrase for an outcome.
func OutcomeWord(o engine.FetchOutcome) msg.Text {
	switch o {
	case engine.FetchUseFile:
		return msg.New(msgWordUseFile)
	case engine.FetchAllowAll:
		return msg.New(msgWordAllow)
	case engine.FetchDisallowAll:
		return msg.New(msgWordBlock)
	case engine.FetchFail:
		return msg.New(msgWordFail)
	}
	return msg.New(msgWordFollow)
}

// Compile compiles doc for e, applying the fetch outcome when the
// ROBOTS_FILE was a URL.
func (env *Env) Compile(e engine.Engine, doc *syntax.Document) engine.Compiled {
	return e.Compile(env.docFor(e.Info().ID, doc))
}

// docFor is the document engine id obeys: doc, or what the fetch outcome
// makes of it when the ROBOTS_FILE was a URL.
func (env *Env) docFor(id string, doc *syntax.Document) *syntax.Document {
	if env.remote == nil {
		return doc
	}
	return env.remote.res.DocFor(id, doc)
}
