package engine

import (
	"runtime"
	"strings"
	"time"

	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/uri"
)

var (
	msgBadURL  = msg.Def("engine.note.bad_url", "{{.URL}} is not a URL or path (no path could be found in it), so it was read as /")
	msgTimeout = msg.Def("engine.explain.timeout", "no answer: this reading took longer than {{.Limit}} and was stopped")
)

// BadURLNote says when a URL has no path a reader could find and was read
// as "/" only for want of one (`::::`, `%zz`, `http://`, `#frag`): the
// verdict is then about "/", which the user did not ask for.
func BadURLNote(url string) (msg.Text, bool) {
	if url == "" || strings.HasPrefix(url, "/") && !strings.HasPrefix(url, "//") || uri.PathOf(url) != "/" {
		return msg.Text{}, false
	}
	rest, netPath := strings.CutPrefix(url, "//")
	if !netPath {
		scheme, after, ok := uri.CutScheme(url)
		if !ok || scheme == "" || strings.ContainsAny(scheme, "/?;#") {
			return msg.New(msgBadURL, "URL", url), true
		}
		rest = after
	}
	host, _ := uri.CutAuthority(rest)
	host, _, _ = strings.Cut(host, ";") // Google's reading: params start at ';' too
	if host == "" || strings.Trim(host, ":") == "" {
		return msg.New(msgBadURL, "URL", url), true
	}
	return msg.Text{}, false
}

// withURLNote adds BadURLNote to a verdict.
func withURLNote(v Verdict) Verdict {
	if n, ok := BadURLNote(v.URL); ok {
		v.Notes = append(v.Notes, n)
	}
	return v
}

// TimedOut reports whether v is WithTimeout's answer for a query that took
// too long.
func (v *Verdict) TimedOut() bool { return v.Reason == ReasonTimeout }

// longInput is the crawler or URL length from which any engine's query is
// treated as possibly slow: this project's engines are linear, but a long
// input times many rules is still work.
const longInput = 256

// MayBeSlow reports whether a query could take long enough to need a time
// limit: always for an engine with SlowQueries, and for a long crawler name
// or URL. Other queries take microseconds and run without the overhead of a
// goroutine hand-off (about a third more per keystroke in the window, and
// ten times more per URL in a streamed list).
func MayBeSlow(c Compiled, agent, url string) bool {
	return len(url) > longInput || len(agent) > longInput || c.Engine().Info().SlowQueries
}

// WithTimeout wraps c so that a query taking longer than limit gives up and
// returns a verdict with ReasonTimeout (not allowed, no group, no rule) at
// once. Some readings (temoto's regular expressions on a long path full of
// `*`) can take tens of seconds, and a command must not hang on them.
//
// Only queries that MayBeSlow are timed; an abandoned one finishes on its
// own goroutine. At most one query per
// CPU (two at least) runs at a time, abandoned ones included, and the limit
// counts from the call: a list of slow URLs cannot pile up goroutines that
// all burn CPU, and a fast query after one slow one is still answered.
func WithTimeout(c Compiled, limit time.Duration) Compiled {
	if limit <= 0 {
		return c
	}
	return &timeLimited{Compiled: c, limit: limit, slots: make(chan struct{}, max(2, runtime.NumCPU()))}
}

type timeLimited struct {
	Compiled
	limit time.Duration
	slots chan struct{} // one token per running query
}

func (t *timeLimited) Query(agent, url string) Verdict {
	if !MayBeSlow(t.Compiled, agent, url) {
		return t.Compiled.Query(agent, url)
	}
	timer := time.NewTimer(t.limit)
	defer timer.Stop()
	select {
	case t.slots <- struct{}{}:
		answer := make(chan Verdict, 1)
		// An abandoned query runs on after this returns: it reads copies,
		// not the caller's memory (a batch reuses its lines).
		agent, url := strings.Clone(agent), strings.Clone(url)
		go func() {
			defer func() { <-t.slots }()
			answer <- t.Compiled.Query(agent, url)
		}()
		select {
		case v := <-answer:
			return v
		case <-timer.C:
		}
	case <-timer.C:
	}
	v := Verdict{Engine: t.Engine().Info().ID, Agent: agent, URL: url, Path: uri.PathOf(url), Reason: ReasonTimeout}
	v.Error = msg.New(msgTimeout, "Limit", t.limit.String())
	return v
}
