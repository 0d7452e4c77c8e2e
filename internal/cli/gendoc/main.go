// Command gendoc writes docs/cli.md from the command registry:
//
//	go generate ./internal/cli
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/robots-studio/robots-studio/internal/cli"
	"github.com/robots-studio/robots-studio/tester/textfile"
)

func main() {
	out := flag.String("o", "docs/cli.md", "file to write")
	flag.Parse()
	if err := textfile.WriteAtomic(*out, cli.Reference()); err != nil {
		fmt.Fprintln(os.Stderr, "gendoc:", err)
		os.Exit(1)
	}
}
