package batch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// TestRunKeepsOrder: results come out in job order although later jobs
// finish first.
func TestRunKeepsOrder(t *testing.T) {
	n := 0
	next := func() (int, error) {
		if n == 50 {
			return 0, io.EOF
		}
		n++
		return n, nil
	}
	work := func(_ int, j int) int {
		time.Sleep(time.Duration(50-j) * 50 * time.Microsecond)
		return j * j
	}
	var got []int
	err := Run(context.Background(), 4, next, work, func(r int) error { got = append(got, r); return nil })
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range got {
		if r != (i+1)*(i+1) {
			t.Fatalf("result %d = %d", i, r)
		}
	}
	if len(got) != 50 {
		t.Fatalf("%d results", len(got))
	}
}

// TestRunStops: an error from the input, from the output, or a cancelled
// context ends the run with that error, and no goroutine is left waiting.
func TestRunStops(t *testing.T) {
	boom := errors.New("boom")
	endless := func() (int, error) { return 1, nil }
	id := func(_ int, j int) int { return j }
	t.Run("input error", func(t *testing.T) {
		k := 0
		next := func() (int, error) {
			k++
			if k == 10 {
				return 0, boom
			}
			return k, nil
		}
		emitted := 0
		err := Run(context.Background(), 2, next, id, func(int) error { emitted++; return nil })
		if !errors.Is(err, boom) || emitted != 9 {
			t.Errorf("err %v, %d emitted", err, emitted)
		}
	})
	t.Run("output error", func(t *testing.T) {
		emitted := 0
		err := Run(context.Background(), 2, endless, id, func(int) error {
			emitted++
			if emitted == 5 {
				return boom
			}
			return nil
		})
		if !errors.Is(err, boom) || emitted != 5 {
			t.Errorf("err %v, %d emitted", err, emitted)
		}
	})
	t.Run("cancelled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		emitted := 0
		err := Run(ctx, 2, endless, id, func(int) error {
			emitted++
			if emitted == 3 {
				cancel()
			}
			return nil
		})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("err %v", err)
		}
	})
}

// TestRunCatchesPanics: a panic in a worker, in the input or in the output
// ends the run with a *PanicError (the process goes on); a panic in the
// input, like a read error, keeps the jobs read before it; a job whose
// work panicked is not emitted, nor any after it.
func TestRunCatchesPanics(t *testing.T) {
	id := func(_ int, j int) int { return j }
	counter := func(limit int) func() (int, error) {
		k := 0
		return func() (int, error) {
			if k == limit {
				return 0, io.EOF
			}
			k++
			return k, nil
		}
	}
	var pe *PanicError
	t.Run("worker", func(t *testing.T) {
		var got []int
		err := Run(context.Background(), 3, counter(100), func(_ int, j int) int {
			if j == 40 {
				var s []int
				_ = s[j] // an index out of range, as a real bug would
			}
			return j
		}, func(r int) error { got = append(got, r); return nil })
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), "index out of range") || len(pe.Stack) == 0 {
			t.Fatalf("err %v", err)
		}
		if len(got) > 39 || slices.Contains(got, 40) {
			t.Errorf("emitted %v", got)
		}
	})
	t.Run("input", func(t *testing.T) {
		k := 0
		next := func() (int, error) {
			k++
			if k == 10 {
				panic("reader broke")
			}
			return k, nil
		}
		emitted := 0
		err := Run(context.Background(), 2, next, id, func(int) error { emitted++; return nil })
		if !errors.As(err, &pe) || pe.Value != "reader broke" || emitted != 9 {
			t.Errorf("err %v, %d emitted", err, emitted)
		}
	})
	t.Run("output", func(t *testing.T) {
		err := Run(context.Background(), 2, counter(100), id, func(r int) error {
			if r == 5 {
				panic("writer broke")
			}
			return nil
		})
		if !errors.As(err, &pe) || pe.Value != "writer broke" {
			t.Errorf("err %v", err)
		}
	})
}

const robots = "User-agent: *\nDisallow: /private/\nAllow: /private/open\n\nUser-agent: Googlebot\nDisallow: /nogoogle\n\nUser-agent: Yandex\nDisallow: /tmp/\n"

// TestCacheAnswersAsTheEngine: a cached answer, and one given after the
// table gave up caching, are both the engine's own verdict.
func TestCacheAnswersAsTheEngine(t *testing.T) {
	doc := syntax.Parse([]byte(robots))
	ev := New(nil, doc)
	ev.Slots = 4 // tiny: slots are reused all the time
	c := ev.NewCache()
	paths := []string{"/", "/private/x", "/private/open", "/nogoogle", "/tmp/a", "https://h/private/x?y", "/nogoogle"}
	for _, id := range engine.IDs() {
		e, _ := engine.Get(id)
		comp := e.Compile(doc)
		for round := 0; round < 3*sampleSize/len(paths); round++ {
			for _, p := range paths {
				a := c.Get(id, "Googlebot", p)
				v := comp.Query("Googlebot", p)
				if a.Results[0].Allowed != v.Allowed || a.Results[0].Rule != v.Rule && (a.Results[0].Rule == nil || v.Rule == nil || a.Results[0].Rule.Line != v.Rule.Line) {
					t.Fatalf("%s %s: cache says %+v, engine %v %+v", id, p, a.Results[0], v.Allowed, v.Rule)
				}
				if a.URL != p {
					t.Fatalf("answer for %q is for %q", p, a.URL)
				}
			}
		}
	}
	tb := c.Table("google", "Googlebot")
	b := tb.GetBytes([]byte("/nogoogle"))
	if b.Results[0].Allowed {
		t.Error("GetBytes: /nogoogle allowed for Googlebot")
	}
}

// TestCacheKeepsBoundedTables: a cache asked for endless crawler names
// keeps maxTables tables; the tables past them (one slot, not kept) answer
// as the engine does.
func TestCacheKeepsBoundedTables(t *testing.T) {
	doc := syntax.Parse([]byte(robots + "\nUser-agent: Made999bot\nDisallow: /made\n"))
	c := New(nil, doc).NewCache()
	for i := 0; i < 1000; i++ {
		c.Table("rfc9309", fmt.Sprintf("Made%dbot", i)).Get("/")
	}
	if len(c.tables) != maxTables {
		t.Errorf("%d tables kept, want %d", len(c.tables), maxTables)
	}
	late := c.Table("rfc9309", "Made999bot")
	for _, p := range []string{"/made", "/made", "/private/x", "/"} {
		want, _ := engine.Get("rfc9309")
		v := want.Compile(doc).Query("Made999bot", p)
		if got := late.Get(p); got.Results[0].Allowed != v.Allowed {
			t.Errorf("%s: a table past the limit says allowed=%v, the engine %v", p, got.Results[0].Allowed, v.Allowed)
		}
	}
}

// TestCacheGivesUpOnDistinctURLs: a table whose URLs never repeat stops
// storing them; one whose URLs repeat keeps caching.
func TestCacheGivesUpOnDistinctURLs(t *testing.T) {
	ev := New(nil, syntax.Parse([]byte(robots)))
	c := ev.NewCache()
	distinct := c.Table("google", "a")
	repeated := c.Table("google", "b")
	for i := 0; i < 2*sampleSize; i++ {
		distinct.Get(fmt.Sprintf("/p/%d", i))
		repeated.Get(fmt.Sprintf("/p/%d", i%10))
	}
	if !distinct.bypass || repeated.bypass {
		t.Errorf("bypass: distinct %v repeated %v", distinct.bypass, repeated.bypass)
	}
}

// TestCountURLsMatchesOneByOne: the parallel count equals asking
// each (agent, URL, engine) in turn the way the test command does.
func TestCountURLsMatchesOneByOne(t *testing.T) {
	doc := syntax.Parse([]byte(robots))
	agents := []string{"Googlebot", "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", "other"}
	var b strings.Builder
	var urls []string
	for i := 0; i < 30000; i++ {
		u := []string{"/private/x", "/private/open", "/nogoogle", "/tmp/" + fmt.Sprint(i%7), "https://example.org/p/" + fmt.Sprint(i)}[i%5]
		urls = append(urls, u)
		b.WriteString(u)
		b.WriteString([]string{"\n", "\r\n", "\n\n"}[i%3])
	}
	engs := engine.All()
	got, err := CountURLs(context.Background(), engs, doc, agents, []string{"/private/y"}, strings.NewReader(b.String()), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	// The same through a time limit that is never reached (temoto's
	// queries run on goroutines of their own).
	limited := func(e engine.Engine, d *syntax.Document) engine.Compiled {
		return engine.WithTimeout(e.Compile(d), time.Minute)
	}
	gotLimited, err := CountURLs(context.Background(), engs, doc, agents, []string{"/private/y"}, strings.NewReader(b.String()), limited, 0)
	if err != nil {
		t.Fatal(err)
	}
	if gotLimited != got {
		t.Errorf("with a time limit %+v, without %+v", gotLimited, got)
	}
	var want Count
	compiled := make([]engine.Compiled, len(engs))
	for i, e := range engs {
		compiled[i] = e.Compile(doc)
	}
	for _, a := range agents {
		r := crawlers.Resolve(a)
		for _, u := range append([]string{"/private/y"}, urls...) {
			for _, c := range compiled {
				if aiaccess.QueryResolved(c, r, u).Allowed {
					want.Allowed++
				} else {
					want.Blocked++
				}
			}
		}
	}
	if got != want {
		t.Errorf("CountURLs = %+v, one by one %+v", got, want)
	}
}

// TestLinesLongerThanABlock: a line longer than the block size comes out
// whole.
func TestLinesLongerThanABlock(t *testing.T) {
	long := "/" + strings.Repeat("a", 100)
	l := NewLines(strings.NewReader("/x\n"+long+"\n/y"), 8)
	var all []string
	for {
		b, err := l.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, strings.Split(strings.TrimSuffix(b, "\n"), "\n")...)
	}
	if strings.Join(all, "|") != "/x|"+long+"|/y" {
		t.Errorf("lines = %q", all)
	}
}

// TestLinesReuse: blocks handed back with Reuse are read into again, and
// every block still comes out whole and in order.
func TestLinesReuse(t *testing.T) {
	var in strings.Builder
	for i := 0; i < 5000; i++ {
		fmt.Fprintf(&in, "/p/%d%s\n", i, strings.Repeat("x", i%40))
	}
	l := NewLines(strings.NewReader(in.String()), 512)
	var out strings.Builder
	seen := map[*byte]bool{}
	reused := false
	for {
		b, err := l.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		p := unsafe.StringData(b)
		reused = reused || seen[p]
		seen[p] = true
		out.WriteString(b)
		l.Reuse(b)
	}
	if out.String() != in.String() {
		t.Error("the blocks do not add up to the input")
	}
	if !reused {
		t.Error("no buffer was read into again")
	}
}
