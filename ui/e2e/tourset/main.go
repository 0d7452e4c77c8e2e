// Command tourset writes the files the window's tour (ui/e2e/tour.sh, make
// tour) opens: linkedin's robots.txt with a test set beside it of 20
// crawlers × 60 URLs of one host, and a second copy whose paths mix URLs of
// two hosts with bare paths, as a webmaster pastes them.
//
//	tourset SRC_ROBOTS DIR
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/robots-studio/robots-studio/internal/loggen"
	"github.com/robots-studio/robots-studio/tester/testset"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: tourset SRC_ROBOTS DIR")
		os.Exit(2)
	}
	if err := write(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "tourset:", err)
		os.Exit(1)
	}
}

func write(src, dir string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	one := filepath.Join(dir, "linkedin", "robots.txt")
	mixed := filepath.Join(dir, "mixed", "robots.txt")
	for _, f := range []string{one, mixed} {
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(f, data, 0o644); err != nil {
			return err
		}
	}
	if err := testset.Save(testset.PathFor(one), loggen.TestSet(data, 20, 60, "https://www.linkedin.com")); err != nil {
		return err
	}
	set := loggen.TestSet(data, 6, 12, "https://www.linkedin.com")
	for i := range set.Paths {
		switch i % 4 {
		case 1:
			set.Paths[i] = "https://de.linkedin.com" + set.Paths[i][len("https://www.linkedin.com"):]
		case 3:
			set.Paths[i] = set.Paths[i][len("https://www.linkedin.com"):]
		}
	}
	return testset.Save(testset.PathFor(mixed), set)
}
