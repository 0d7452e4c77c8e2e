package accesslog

import (
	"bytes"
	"context"
	"fmt"
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
