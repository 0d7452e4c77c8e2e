package cli_test

import (
	"bytes"
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/cli"
	"github.com/robots-studio/robots-studio/internal/corpus"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// runCmd runs a subcommand in-process with stdin and returns its exit code
// and output.
func runCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = cli.Run(args, cli.Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut})
	return code, out.String(), errOut.String()
}

// golden compares got with testdata/PATH, or rewrites it with -update.
func golden(t *testing.T, path, got string) {
	t.Helper()
	corpus.Golden(t, filepath.Join("testdata", path), got, *update)
}
