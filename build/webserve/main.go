// Command webserve serves a static folder, such as the browser build in
// dist/web, at the root and under a sub-path at once, to show that the page
// works from any place on any static host:
//
//	go run ./build/webserve [-addr 127.0.0.1:8080] [-sub /some/sub/path/] DIR
//
// It sends files as they are: robots-studio.wasm.gz goes out as
// application/gzip without Content-Encoding, as most static hosts would, and
// the page unpacks it itself.
package main

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// types are the MIME types some systems' tables lack or get wrong.
var types = map[string]string{
	".wasm":        "application/wasm",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".html":        "text/html; charset=utf-8",
	".webmanifest": "application/manifest+json",
	".json":        "application/json",
	".gz":          "application/gzip",
	".png":         "image/png",
	".svg":         "image/svg+xml",
	".txt":         "text/plain; charset=utf-8",
}

// handler serves dir at / and at sub (which must start and end with "/").
func handler(dir, sub string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	typed := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if t, ok := types[strings.ToLower(path.Ext(r.URL.Path))]; ok {
			w.Header().Set("Content-Type", t)
		}
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
	mux := http.NewServeMux()
	mux.Handle("/", typed)
	if sub != "/" {
		mux.Handle(sub, http.StripPrefix(strings.TrimSuffix(sub, "/"), typed))
	}
	return mux
}

func cleanSub(s string) string {
	s = path.Clean("/" + s)
	if s != "/" {
		s += "/"
	}
	return s
}

func run() error {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	sub := flag.String("sub", "/some/sub/path/", "also serve the folder under this path")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: webserve [-addr host:port] [-sub /path/] DIR")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	dir := flag.Arg(0)
	st, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("cannot serve %s: %w", dir, err)
	}
	if !st.IsDir() {
		return fmt.Errorf("cannot serve %s: not a folder", dir)
	}
	if _, err := os.Stat(filepath.Join(dir, "index.html")); errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(os.Stderr, "webserve: note: %s has no index.html (build it with build/web.sh %s)\n", dir, dir)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("cannot listen on %s: %w", *addr, err)
	}
	s := cleanSub(*sub)
	fmt.Printf("Serving %s at http://%s/\n", dir, ln.Addr())
	if s != "/" {
		fmt.Printf("     and at http://%s%s\n", ln.Addr(), s)
	}
	fmt.Println("Press Ctrl+C to stop.")
	return http.Serve(ln, handler(dir, s))
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "webserve:", err)
		os.Exit(1)
	}
}
