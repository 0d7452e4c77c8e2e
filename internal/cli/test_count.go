package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"time"

	"github.com/robots-studio/robots-studio/tester/batch"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/textfile"
)

// runCountURLs is `test --count --urls FILE`: the URLs are streamed through
// the engines' Judges on all cores (batch.CountURLs) instead of being read
// into memory first.
func runCountURLs(env *Env, enginesOf func(agent string) []engine.Engine, agents, pos []string, urlsFile string, timeout time.Duration, workers int) int {
	var r io.Reader
	if urlsFile == "-" {
		if pos[0] == "-" {
			return Failf(env, "test: %s", msg.New(msgTestStdinTwice))
		}
		r = env.Stdin
	} else {
		f, err := textfile.OpenStream(urlsFile)
		if err != nil {
			return Failf(env, "test: %v", err)
		}
		defer f.Close()
		r = f
	}
	data, code := LoadRobots(env, pos[0])
	if code >= 0 {
		return code
	}
	// A short run that allocates a little per URL: collect garbage less
	// often (the live heap is a few megabytes).
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	compile := func(e engine.Engine, doc *syntax.Document) engine.Compiled {
		return engine.WithTimeout(env.Compile(e, doc), timeout)
	}
	n, err := batch.CountURLsEach(context.Background(), enginesOf, syntax.Parse(data), agents, pos[1:], r, compile, workers)
	if err != nil {
		var fe *textfile.Error
		if errors.As(err, &fe) {
			return Failf(env, "test: --urls %s: %s", urlsFile, fe.Text)
		}
		return Failf(env, "test: --urls %s: %v", urlsFile, err)
	}
	if n.Allowed+n.Blocked+n.TimedOut == 0 {
		return Failf(env, "test: %s", msg.New(msgTestNoURL))
	}
	if n.TimedOut > 0 {
		fmt.Fprintf(env.Stdout, "%d allowed, %d blocked, %d timed out\n", n.Allowed, n.Blocked, n.TimedOut)
		return ExitTimeout
	}
	fmt.Fprintf(env.Stdout, "%d allowed, %d blocked\n", n.Allowed, n.Blocked)
	return ExitOK
}
