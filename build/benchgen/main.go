// Command benchgen writes the inputs of build/bench.sh to standard output:
//
//	benchgen urls N ROBOTS_FILE   N URLs of the site of ROBOTS_FILE (linkedin)
//	benchgen sitemap N            a urlset of N URLs on www.linkedin.com
//
// (the access logs come from internal/loggen/genlog). Write them outside
// the repository; they are never committed.
package main

import (
	"fmt"
	"os"
	"strconv"

	"github.com/robots-studio/robots-studio/internal/loggen"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

func main() {
	if len(os.Args) < 3 {
		usage()
	}
	n, err := strconv.Atoi(os.Args[2])
	if err != nil || n <= 0 {
		usage()
	}
	switch {
	case os.Args[1] == "urls" && len(os.Args) == 4:
		data, rerr := os.ReadFile(os.Args[3])
		if rerr != nil {
			fail(rerr)
		}
		err = loggen.WriteURLs(os.Stdout, syntax.Parse(data), "https://www.linkedin.com", n)
	case os.Args[1] == "sitemap" && len(os.Args) == 3:
		err = loggen.WriteSitemap(os.Stdout, n)
	default:
		usage()
	}
	if err != nil {
		fail(err)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: benchgen urls N ROBOTS_FILE | benchgen sitemap N")
	os.Exit(2)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "benchgen:", err)
	os.Exit(2)
}
