// Package loggen writes big, realistic combined-format access logs for
// benchmarks: it replays sample logs over and over, shifting the time and
// varying the paths and the agents, so the verdict cache sees the mix of
// repeated and new paths a real site has. The output is deterministic.
package loggen

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/robots-studio/robots-studio/tester/accesslog"
	"github.com/robots-studio/robots-studio/tester/catalogue"
)

type line struct {
	host, method, target, proto, referer, ua string
	status                                   int
	unix                                     int64
}

// Write writes at least size bytes of combined-format log built from the
// sample logs (whole files; those in no built-in format are skipped) and
// returns how many it wrote.
func Write(w io.Writer, size int64, samples ...[]byte) (int64, error) {
	var src []line
	for _, s := range samples {
		s = bytes.TrimPrefix(s, []byte("\xef\xbb\xbf"))
		f, err := accesslog.Detect(s)
		if err != nil {
			continue // not in a built-in format: nothing to replay
		}
		var h accesslog.Hit
		for _, l := range bytes.Split(s, []byte("\n")) {
			if !f.Parse(bytes.TrimRight(l, "\r"), &h) || len(h.Target) == 0 || !h.Time.Valid {
				continue
			}
			src = append(src, line{host: string(h.Host), method: string(h.Method), target: string(h.Target), proto: "HTTP/1.1",
				ua: string(h.UA), status: h.Status, unix: h.Time.Unix, referer: "-"})
		}
	}
	if len(src) == 0 {
		return 0, fmt.Errorf("loggen: no usable lines in the samples")
	}
	// Crawler User-Agents from the catalogue's real samples, to mix in.
	var bots []string
	for _, c := range catalogue.All() {
		if len(c.Samples) > 0 && !c.Historical && len(bots) < 40 {
			bots = append(bots, c.Samples[0])
		}
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	var n int64
	rng := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return rng
	}
	var buf []byte
	base := src[0].unix
	for pass := int64(0); n < size; pass++ {
		shift := pass * 4 * 24 * 3600
		for i := range src {
			if n >= size {
				break
			}
			l := &src[i]
			r := next()
			target := l.target
			switch r % 8 {
			case 0, 1: // a page the site has many of: new ids keep coming
				target += "?page=" + strconv.FormatUint(r>>8%5000, 10)
			case 2:
				target += "?p=" + strconv.FormatInt(pass%50, 10)
			}
			ua := l.ua
			if r>>20%4 == 0 && len(bots) > 0 {
				ua = bots[r>>24%uint64(len(bots))]
			}
			t := time.Unix(l.unix-base+base+shift, 0).UTC()
			buf = buf[:0]
			buf = append(buf, l.host...)
			buf = append(buf, " - - ["...)
			buf = t.AppendFormat(buf, "02/Jan/2006:15:04:05 -0700")
			buf = append(buf, "] \""...)
			buf = append(buf, l.method...)
			buf = append(buf, ' ')
			buf = append(buf, target...)
			buf = append(buf, ' ')
			buf = append(buf, l.proto...)
			buf = append(buf, "\" "...)
			buf = strconv.AppendInt(buf, int64(l.status), 10)
			buf = append(buf, " 1024 \""...)
			buf = append(buf, l.referer...)
			buf = append(buf, "\" \""...)
			buf = append(buf, ua...)
			buf = append(buf, "\"\n"...)
			k, err := bw.Write(buf)
			n += int64(k)
			if err != nil {
				return n, err
			}
		}
	}
	return n, bw.Flush()
}
