package cli

import (
	"bufio"
	"errors"
	"flag"
	"io"
	"runtime"
	"strings"

	"github.com/robots-studio/robots-studio/tester/batch"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/textfile"
)

var msgFlagJobs = msg.Def("perf.flag.jobs", "how many cores to use (0: all; GOMAXPROCS limits them too); the output is the same for any number")

// JobsFlag adds --jobs N to a command that spreads its work over the
// cores. Read it with Workers. Its usage is the message key, rendered only
// when the help is printed (printUsage).
func JobsFlag(fs *flag.FlagSet) *int {
	return fs.Int("jobs", 0, msgFlagJobs)
}

// Workers is how many goroutines --jobs n asks for: n, or one per core
// when n is 0 or less.
func Workers(n int) int {
	if n <= 0 {
		return batch.Workers()
	}
	return n
}

// LimitCores makes --jobs n (n > 0) a limit on the cores the whole process
// uses, not only on its workers: GOMAXPROCS becomes n while the command
// runs, so the reader, the goroutine that puts the results in order and
// the garbage collector share those n cores too, and `--jobs 1` is the
// one-core time. It never raises GOMAXPROCS. Call the returned function
// when the command is over (tests run commands in one process).
func LimitCores(n int) (restore func()) {
	prev := runtime.GOMAXPROCS(0)
	if n <= 0 || n >= prev {
		return func() {}
	}
	runtime.GOMAXPROCS(n)
	return func() { runtime.GOMAXPROCS(prev) }
}

// blockBytes bounds the bytes of URLs in one block of lineBlocks, so the
// blocks in flight stay a few megabytes however long the lines.
const blockBytes = 1 << 20

// lineBlocks reads the non-blank lines of path ("-" = stdin) in blocks of
// size lines (or blockBytes) as they come, for batch.Run: next returns
// io.EOF after the last block; wait, called once Run is over, drains the
// reader and returns its error. Lines go to the workers in blocks because
// one URL is about a microsecond of work, too little to hand over on its
// own. A line longer than batch.MaxURL is an error that names it.
func lineBlocks(env *Env, path string, size int) (next func() ([]string, error), wait func() error) {
	blocks := make(chan []string, 8)
	var readErr error
	go func() {
		defer close(blocks)
		cur := make([]string, 0, size)
		bytes := 0
		var err error
		if perr := batch.Catch(func() {
			err = urlLines(path, env.Stdin, func(line string) error {
				if strings.TrimSpace(line) == "" {
					return nil
				}
				bytes += len(line)
				if cur = append(cur, line); len(cur) == size || bytes >= blockBytes {
					blocks <- cur
					cur = make([]string, 0, size)
					bytes = 0
				}
				return nil
			})
		}); perr != nil {
			err = perr
		}
		readErr = err
		if len(cur) > 0 {
			blocks <- cur
		}
	}()
	next = func() ([]string, error) {
		if b, ok := <-blocks; ok {
			return b, nil
		}
		return nil, io.EOF
	}
	wait = func() error {
		for range blocks { // the reader stops only at the end of its input
		}
		return readErr
	}
	return next, wait
}

// urlLines is textfile.Lines for a list of URLs: a line longer than
// batch.MaxURL stops it with an error that names the line.
func urlLines(path string, stdin io.Reader, fn func(line string) error) error {
	n := 0
	err := textfile.Lines(path, stdin, func(line string) error {
		n++
		if len(line) > batch.MaxURL {
			return batch.URLTooLong(path, n)
		}
		return fn(line)
	})
	if errors.Is(err, bufio.ErrTooLong) {
		// past the reader's own limit (1 MiB): the same words as a line
		// past MaxURL
		return batch.URLTooLong(path, n+1)
	}
	return err
}
