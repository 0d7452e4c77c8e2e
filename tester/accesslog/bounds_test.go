package accesslog

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"testing"
)

// TestTimelineAcrossCenturies: hits dated anywhere from the year 1000 to
// 9999 give each crawler a timeline of at most maxBuckets buckets (the
// bucket width grows past a year), in one pass and in chunks. Before, the
// widest bucket was a year: 9,000 years made 9,000 buckets, and every new
// one rebuilt every timeline.
func TestTimelineAcrossCenturies(t *testing.T) {
	var log bytes.Buffer
	months := []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
	for i := 0; i < 6000; i++ {
		year := 1000 + (i*7919)%9000
		fmt.Fprintf(&log, "66.249.66.1 - - [%02d/%s/%04d:08:00:01 +0000] \"GET /p%d HTTP/1.1\" 200 1 \"-\" \"Googlebot/2.1\"\n",
			1+i%28, months[i%12], year, i%50)
	}
	for _, chunk := range []int{0, 16 << 10} {
		rep, err := Analyze(context.Background(), Options{Names: []string{"-"}, Stdin: bytes.NewReader(log.Bytes()), Workers: 2, chunkSize: chunk})
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Crawlers) != 1 || rep.Crawlers[0].Hits != 6000 {
			t.Fatalf("chunk %d: %d rows", chunk, len(rep.Crawlers))
		}
		tl := rep.Crawlers[0].Timeline
		var hits int64
		for _, b := range tl {
			hits += b.Hits
		}
		if len(tl) > maxBuckets || hits != 6000 {
			t.Errorf("chunk %d: %d buckets of %d s holding %d hits; at most %d buckets", chunk, len(tl), rep.BucketSeconds, hits, maxBuckets)
		}
	}
}

// TestEndlessBotNamesCostLittle: 12,000 made-up bot names, one line each,
// allocate a few dozen megabytes in all, not tens of kilobytes per name
// (a verdict cache and a row with its lists for each): past 256 crawlers a
// worker's cache makes one-slot tables it does not keep, and once the
// report has its 500 unknown-bot rows the workers count every other name
// into "other bots" at once. The report is the one the merge alone gives
// (the whole log as one chunk), whatever the chunks and workers.
func TestEndlessBotNamesCostLittle(t *testing.T) {
	var log bytes.Buffer
	const names = 12000
	line := func(i int, name string) {
		fmt.Fprintf(&log, "1.2.3.%d - - [03/Feb/2025:08:%02d:01 +0000] \"GET /p%d HTTP/1.1\" 200 1 \"-\" \"%s/1.0\"\n", i%250, i%60, i%7, name)
	}
	// 100 names, browsers to the end of the first 128 KiB chunk, then in
	// the next chunk 600 new names (the chunk's first 400 get rows, the
	// rest wait for the merge of the first chunk, then count in "other
	// bots") and the first 100 names again (their rows are kept), and so
	// on.
	for i := 0; i < names; i++ {
		switch {
		case i < 100 || i >= 2000 && i%1000 < 100:
			line(i, fmt.Sprintf("Early%dbot", i%100))
		case i < 1400:
			line(i, "Mozilla/5.0")
		default:
			line(i, fmt.Sprintf("Made%dbot", i))
		}
	}
	summary := func(chunk, workers int) string {
		o := Options{Names: []string{"-"}, Stdin: bytes.NewReader(log.Bytes()), Workers: workers, chunkSize: chunk}
		rep, err := Analyze(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Crawlers) != maxUnknownBots+1 || row(t, rep, "Early7bot", Unverified).Hits != 11 {
			t.Fatalf("%d rows", len(rep.Crawlers))
		}
		var b bytes.Buffer
		WriteSummary(&b, rep.Summary(o, nil))
		return b.String()
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	small := summary(128<<10, 2)
	runtime.ReadMemStats(&after)
	if mb := (after.TotalAlloc - before.TotalAlloc) >> 20; mb > 80 {
		t.Errorf("%d names allocated %d MB", names, mb)
	}
	if one := summary(64<<20, 1); one != small {
		t.Error("128 KiB chunks on 2 workers and one chunk give different reports")
	}
	foldEarly = false
	defer func() { foldEarly = true }()
	for _, chunk := range []int{32 << 10, 128 << 10, 64 << 20} {
		if merged := summary(chunk, 2); merged != small {
			t.Errorf("chunks of %d bytes: the workers' folding and the merge's give different reports", chunk)
		}
	}
}
