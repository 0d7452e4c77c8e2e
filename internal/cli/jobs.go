package cli

import (
	"flag"

	"github.com/robots-studio/robots-studio/tester/batch"
	"github.com/robots-studio/robots-studio/tester/msg"
)

var msgFlagJobs = msg.Def("perf.flag.jobs", "how many cores to use (0: all; GOMAXPROCS limits them too); the output is the same for any number")

// JobsFlag adds --jobs N to a command that spreads its work over the
// cores. Read it with Workers.
func JobsFlag(fs *flag.FlagSet) *int {
	return fs.Int("jobs", 0, msg.New(msgFlagJobs).String())
}

// Workers is how many goroutines --jobs n asks for: n, or one per core
// when n is 0 or less.
func Workers(n int) int {
	if n <= 0 {
		return batch.Workers()
	}
	return n
}
