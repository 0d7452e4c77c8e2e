// Command watchsim serves many sites' robots.txt for measuring watch (see
// docs/history.md): it listens on one port of every address, and site i is
// 127.0.(i/250).(i%250+1), a loopback address of its own (Linux routes all
// of 127/8 to this machine). What a site does comes from i: 2% never
// answer, 3% answer 503, 1% 404, 1% break off mid-body, 5% redirect, the
// rest serve a file; GET /__gen?g=N changes 5% of the files. -list N
// writes the sites file for N sites and exits.
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

var gen atomic.Int64

func site(host string) int {
	h, _, _ := net.SplitHostPort(host)
	p := strings.Split(h, ".")
	if len(p) != 4 {
		return -1
	}
	a, _ := strconv.Atoi(p[2])
	b, _ := strconv.Atoi(p[3])
	return a*250 + b - 1
}

func main() {
	addr := flag.String("addr", "0.0.0.0:18080", "where to listen")
	list := flag.Int("list", 0, "print a sites file of this many sites for -addr's port, and exit")
	flag.Parse()
	if *list > 0 {
		_, port, _ := net.SplitHostPort(*addr)
		for i := range *list {
			fmt.Printf("http://127.0.%d.%d:%s/\n", i/250, i%250+1, port)
		}
		return
	}
	var hits atomic.Int64
	http.HandleFunc("/__gen", func(w http.ResponseWriter, r *http.Request) {
		g, _ := strconv.Atoi(r.URL.Query().Get("g"))
		gen.Store(int64(g))
		fmt.Fprintln(w, "gen", g, "hits", hits.Load())
	})
	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		i := site(r.Host)
		if i < 0 {
			i = site(r.Context().Value(http.LocalAddrContextKey).(net.Addr).String())
		}
		g := gen.Load()
		switch {
		case i%50 == 7: // 2% slow: never answer within any budget
			select {
			case <-r.Context().Done():
			case <-time.After(60 * time.Second):
			}
			return
		case i%33 == 5: // 3% server errors
			http.Error(w, "down", http.StatusServiceUnavailable)
			return
		case i%100 == 11: // 1% no file
			http.NotFound(w, r)
			return
		case i%100 == 13: // 1% a body broken off
			w.Header().Set("Content-Length", "1000")
			w.Write([]byte("User-agent: *\nDisall"))
			if hj, ok := w.(http.Hijacker); ok {
				c, _, _ := hj.Hijack()
				c.Close()
			}
			return
		case i%20 == 3 && r.URL.Path == "/robots.txt": // 5% redirect to another path
			http.Redirect(w, r, "/real/robots.txt", http.StatusMovedPermanently)
			return
		case r.URL.Path != "/robots.txt" && r.URL.Path != "/real/robots.txt":
			http.NotFound(w, r)
			return
		}
		v := 0
		if i%20 == 9 { // 5% change with each generation
			v = int(g)
		}
		body := fmt.Sprintf("# site %d\nUser-agent: *\nDisallow: /private/\nDisallow: /tmp/\n\nUser-agent: GPTBot\nDisallow: /\n\nSitemap: http://127.0.0.1/sitemap%d.xml\n", i, i%7)
		if v%2 == 1 {
			body = fmt.Sprintf("# site %d\nUser-agent: *\nDisallow: /\n\nSitemap: http://127.0.0.1/sitemap%d.xml\n", i, i%7)
		}
		etag := fmt.Sprintf(`"%d-%d"`, i, v)
		w.Header().Set("ETag", etag)
		if r.Header.Get("If-None-Match") == etag {
			w.WriteHeader(304)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		w.Write([]byte(body))
	})
	srv := &http.Server{Addr: *addr, ReadHeaderTimeout: 5 * time.Second}
	fmt.Println(srv.ListenAndServe())
}
