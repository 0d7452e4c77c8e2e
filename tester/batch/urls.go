package batch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"unsafe"

	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/textfile"
	"github.com/robots-studio/robots-studio/tester/uri"
)

// MaxURL is the longest line a URL list may hold: no server takes a
// longer URL (most refuse one over 8 KiB), and a list of long lines must
// not take gigabytes in the blocks in flight. A longer line is refused
// with URLTooLong, naming it.
const MaxURL = 64 << 10

var msgURLTooLong = msg.Def("batch.url_too_long", "line {{.Line}} is longer than 64 KiB: no URL is that long (most servers refuse one over 8 KiB); shorten or remove it")

// URLTooLong is the error for line n of a URL list being longer than
// MaxURL; name, when not "", is the list's, put before it.
func URLTooLong(name string, n int) error {
	err := msg.Error(msgURLTooLong, "Line", n)
	if name != "" {
		return fmt.Errorf("%s: %w", name, err)
	}
	return err
}

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
	// URLs: the lines are URLs, at most MaxURL bytes each (else
	// textfile.MaxLine).
	URLs bool
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

// max is the longest line Lines takes: MaxLine, or MaxURL with URLs.
func (l *Lines) max() int {
	if l.URLs {
		return MaxURL
	}
	return textfile.MaxLine
}

func (l *Lines) tooLong(n int) error {
	if l.URLs {
		return URLTooLong(l.Name, n)
	}
	// The same limit as every other line reader (textfile.Lines).
	return textfile.LineTooLong(l.Name, n)
}

// longLine finds the first line of block (whole lines, after l.lines)
// longer than l.max(): its number, and false.
func (l *Lines) longLine(block []byte) (int, bool) {
	most := l.max()
	if len(block) <= most {
		return 0, true
	}
	for n := l.lines + 1; len(block) > 0; n++ {
		i := bytes.IndexByte(block, '\n')
		if i < 0 {
			i = len(block)
		}
		if i > most {
			return n, false
		}
		block = block[min(i+1, len(block)):]
	}
	return 0, true
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
			if n, ok := l.longLine(buf); !ok {
				return "", l.tooLong(n)
			}
			return unsafe.String(&buf[0], len(buf)), nil
		}
		if err != nil {
			return "", err
		}
		if cut := bytes.LastIndexByte(buf, '\n') + 1; cut > 0 {
			if n, ok := l.longLine(buf[:cut]); !ok {
				return "", l.tooLong(n)
			}
			l.carry = append(l.carry, buf[cut:]...)
			l.lines += bytes.Count(buf[:cut], []byte{'\n'})
			return unsafe.String(&buf[0], cut), nil
		}
		if len(buf) > l.max() {
			return "", l.tooLong(l.lines + 1)
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
	return CountURLsEach(ctx, func(string) []engine.Engine { return engs }, doc, agents, urls, r, compile, workers)
}

// CountURLsEach is CountURLs with each agent's own engines (enginesOf):
// `test --count --engine own` reads each crawler by its own reading.
func CountURLsEach(ctx context.Context, enginesOf func(agent string) []engine.Engine, doc *syntax.Document, agents, urls []string, r io.Reader,
	compile func(engine.Engine, *syntax.Document) engine.Compiled, workers int) (Count, error) {
	// Each agent is asked as QueryResolved would ask it, decided once per
	// (engine, agent) instead of on every query; the verdict's Allowed is
	// the same.
	askAs := make(map[string][]string, len(agents))
	engsOf := make(map[string][]engine.Engine, len(agents))
	for _, a := range agents {
		r := crawlers.Resolve(a)
		engsOf[a] = enginesOf(a)
		for _, e := range engsOf[a] {
			askAs[a] = append(askAs[a], aiaccess.AskedAs(e.Info(), r))
		}
	}
	if workers <= 0 {
		workers = Workers()
	}
	ev := New(nil, doc) // each engine compiled once, by id (an own reading's too)
	ev.Compile = compile
	// One Judge per (agent, engine), shared by the workers. No verdict
	// cache: a Judge decides a path in less time than a cache lookup
	// takes on a list of mostly distinct URLs.
	judges := make(map[string][]engine.Judge, len(agents))
	for _, a := range agents {
		for i, e := range engsOf[a] {
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
	lines.URLs = true
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
