// Command temotocount is the yardstick for `robots-studio test --count
// --urls`: the same job (count the URLs of a file that one agent may and may
// not fetch) done the way a Go program would do it with
// github.com/temoto/robotstxt. The process benchmark in tester/batch runs
// both binaries on the same input.
package main

import (
	"bufio"
	"fmt"
	"net/url" // the yardstick reads URLs as a temoto/robotstxt user would, with net/url
	"os"
	"strings"

	"github.com/temoto/robotstxt"
)

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: temotocount AGENT ROBOTS_FILE URLS_FILE")
		os.Exit(2)
	}
	data, err := os.ReadFile(os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	robots, err := robotstxt.FromBytes(data)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	group := robots.FindGroup(os.Args[1])
	f, err := os.Open(os.Args[3])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	defer f.Close()
	allowed, blocked := 0, 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		path := line
		if u, err := url.Parse(line); err == nil && u.Host != "" {
			path = u.RequestURI()
		}
		if group.Test(path) {
			allowed++
		} else {
			blocked++
		}
	}
	fmt.Printf("%d allowed, %d blocked\n", allowed, blocked)
}
