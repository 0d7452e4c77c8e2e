// Command genlog writes a big combined-format access log for the logs
// benchmark: `genlog SIZE_MB SAMPLE.log... > /tmp/big.log`. Write it
// outside the repository; it is never committed.
package main

import (
	"fmt"
	"os"
	"strconv"

	"github.com/robots-studio/robots-studio/internal/loggen"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: genlog SIZE_MB SAMPLE.log... > OUT.log")
		os.Exit(2)
	}
	mb, err := strconv.Atoi(os.Args[1])
	if err != nil || mb <= 0 {
		fmt.Fprintln(os.Stderr, "genlog: SIZE_MB must be a positive number")
		os.Exit(2)
	}
	var samples [][]byte
	for _, p := range os.Args[2:] {
		data, err := os.ReadFile(p)
		if err != nil {
			fmt.Fprintln(os.Stderr, "genlog:", err)
			os.Exit(2)
		}
		samples = append(samples, data)
	}
	if _, err := loggen.Write(os.Stdout, int64(mb)<<20, samples...); err != nil {
		fmt.Fprintln(os.Stderr, "genlog:", err)
		os.Exit(2)
	}
}
