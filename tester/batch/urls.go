package batch

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"unsafe"

	"github.com/robots-studio/robots-studio/internal/textfile"
	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/uri"
)

// Lines reads r as blocks of whole lines (about size bytes each), each block
// one string so its lines cost no allocation. The last line may lack "\n".
// Each block is read into a buffer of its own that is not written again
// until the block is handed back with Reuse, so it becomes the string
// without a copy.
type Lines struct {
	r     io.Reader
	size  int
	carry []byte
	done  bool
	free  chan []byte // buffers handed back by Reuse
	// Name is the input's name for errors; lines is how many whole lines
	// came before the block being read.
	Name  string
	lines int
}

// NewLines reads r in blocks of about size bytes (0 means 1 MiB).
func NewLines(r io.Reader, size int) *Lines {
	if size <= 0 {
		size = 1 << 20
	}
	return &Lines{r: r, size: size, free: make(chan []byte, 16)}
}

// Reuse hands back a block Next returned, when no one will read it (or a
// string cut from it) again: Next may read the next blocks into its
// buffer, so memory stays a few blocks however long the input. It is safe
// to call from any goroutine.
func (l *Lines) Reuse(block string) {
	if len(block) == 0 {
		return
	}
	// Every buffer holds at least size bytes (see Next).
	select {
	case l.free <- unsafe.Slice(unsafe.StringData(block), l.size)[:0]:
	default:
	}
}

// Next returns the next block, or io.EOF.
func (l *Lines) Next() (string, error) {
	if l.done {
		return "", io.EOF
	}
	var buf []byte
	select {
	case buf = <-l.free:
	default:
	}
	if cap(buf) < len(l.carry)+l.size/2 {
		buf = make([]byte, 0, len(l.carry)+l.size)
	}
	buf = buf[:len(l.carry)]
	copy(buf, l.carry)
	l.carry = l.carry[:0]
	for {
		n, err := io.ReadFull(l.r, buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			l.done = true
			if len(buf) == 0 {
				return "", io.EOF
			}
			return unsafe.String(&buf[0], len(buf)), nil
		}
		if err != nil {
			return "", err
		}
		if cut := bytes.LastIndexByte(buf, '\n') + 1; cut > 0 {
			l.carry = append(l.carry, buf[cut:]...)
			l.lines += bytes.Count(buf[:cut], []byte{'\n'})
			return unsafe.String(&buf[0], cut), nil
		}
		if len(buf) > textfile.MaxLine {
			// The same limit as every other line reader (textfile.Lines).
			return "", textfile.LineTooLong(l.Name, l.lines+1)
		}
		// A line longer than the block: grow and read on.
		grown := make([]byte, len(buf), 2*cap(buf))
		copy(grown, buf)
		buf = grown
	}
}

// Count is the total of a --count run; TimedOut are the queries that hit a
// time limit (engine.WithTimeout), counted neither allowed nor blocked.
type Count struct{ Allowed, Blocked, TimedOut int }

// CountURLs answers every (agent, URL, engine) of `robots-studio test
// --count`: the URLs given as arguments, then those read from r (one per
// line, blank lines skipped; r may be nil), the way the test command asks
// (aiaccess.QueryResolved: a full User-Agent of a catalogue crawler is asked
// with the token it obeys). compile, when not nil, compiles doc for each
// engine (see Evaluator.Compile). workers goroutines answer (0: Workers()).
func CountURLs(ctx context.Context, engs []engine.Engine, doc *syntax.Document, agents, urls []string, r io.Reader,
	compile func(engine.Engine, *syntax.Document) engine.Compiled, workers int) (Count, error) {
	// Each agent is asked as QueryResolved would ask it, decided once per
	// (engine, agent) instead of on every query; the verdict's Allowed is
	// the same.
	askAs := make(map[string][]string, len(agents))
	for _, a := range agents {
		r := crawlers.Resolve(a)
		for _, e := range engs {
			askAs[a] = append(askAs[a], aiaccess.AskedAs(e.Info().ID, r))
		}
	}
	ev := New(nil, doc)
	ev.Compile = compile
	if workers <= 0 {
		workers = Workers()
	}
	// One Judge per (agent, engine), shared by the workers. No verdict
	// cache: a Judge decides a path in less time than a cache lookup
	// takes on a list of mostly distinct URLs.
	judges := make(map[string][]engine.Judge, len(agents))
	for _, a := range agents {
		for i, e := range engs {
			judges[a] = append(judges[a], engine.JudgeFor(ev.Compiled(e.Info().ID)[0], askAs[a][i]))
		}
	}
	count := func(n *Count, judges []engine.Judge, url string) {
		// The verdict rests on the path alone: "https://host/p" is asked
		// as "/p".
		if url == "" || url[0] != '/' {
			if p := uri.PathOf(url); len(p) < 2 || p[1] != '/' {
				url = p
			}
		}
		for _, judge := range judges {
			switch d := judge(url); {
			case d.Reason == engine.ReasonTimeout:
				n.TimedOut++
			case d.Allowed:
				n.Allowed++
			default:
				n.Blocked++
			}
		}
	}
	// Blocks of a quarter MiB: enough lines per hand-over, and the last
	// blocks leave no core idle for long.
	lines := NewLines(r, 256<<10)
	countBlock := func(_ int, block string) Count {
		var n Count
		for _, agent := range agents {
			jj := judges[agent]
			for rest := block; rest != ""; {
				line := rest
				if i := strings.IndexByte(rest, '\n'); i >= 0 {
					line, rest = rest[:i], rest[i+1:]
				} else {
					rest = ""
				}
				for len(line) > 0 && line[len(line)-1] == '\r' {
					line = line[:len(line)-1]
				}
				// Blank lines are skipped; a line that starts with a
				// printable ASCII character is not blank.
				if len(line) > 0 && (line[0] > ' ' && line[0] < 0x80 || strings.TrimSpace(line) != "") {
					count(&n, jj, line)
				}
			}
		}
		// The Judges keep no reference to a URL once they have answered.
		lines.Reuse(block)
		return n
	}
	var total Count
	for _, agent := range agents {
		for _, url := range urls {
			count(&total, judges[agent], url)
		}
	}
	add := func(n Count) error {
		total.Allowed += n.Allowed
		total.Blocked += n.Blocked
		total.TimedOut += n.TimedOut
		return nil
	}
	if r == nil {
		return total, nil
	}
	err := Run(ctx, workers, lines.Next, countBlock, add)
	return total, err
}
