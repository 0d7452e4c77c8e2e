// Command gendoc writes docs/lint.md from the lint rule table:
//
//	go generate ./tester/lint
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/robots-studio/robots-studio/tester/lint"
	"github.com/robots-studio/robots-studio/tester/textfile"
)

func main() {
	out := flag.String("o", "docs/lint.md", "file to write")
	flag.Parse()
	if err := textfile.WriteAtomic(*out, lint.Markdown()); err != nil {
		fmt.Fprintln(os.Stderr, "gendoc:", err)
		os.Exit(1)
	}
}
