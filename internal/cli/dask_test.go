//go:build !js

package cli_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/cli"
	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/internal/testenv"
)

// asCLI makes this test binary act as robots-studio (TestMain): the Dask
// workers run it as the command line, with no build step.
const asCLI = "ROBOTS_STUDIO_TEST_AS_CLI"

// pythonWith returns a python3 that can import module (the one on PATH,
// else Debian's /usr/bin/python3), or stops the test (a failure in a
// strict run).
func pythonWith(t *testing.T, module, pkg string) string {
	t.Helper()
	for _, py := range []string{"python3", "/usr/bin/python3"} {
		if exec.Command(py, "-c", "import "+module).Run() == nil {
			return py
		}
	}
	testenv.Need(t, "python3 cannot import "+module+": apt-get install "+pkg)
	return ""
}

// TestLogsMergeOnDask: a LocalCluster of 2 worker processes maps `logs
// --partial` over 8 shards of a generated log (build/scale/dask_logs.py,
// the recipe of docs/scale.md), merges the summaries, and the report
// equals one `logs` pass over the shards (every additive figure and the
// distinct-path estimates exactly, top paths within their bound).
func TestLogsMergeOnDask(t *testing.T) {
	py := pythonWith(t, "distributed", "python3-distributed")
	if testing.Short() {
		t.Skip("starts a Dask cluster")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	shards := bigLogShards(t, dir, 8<<20, 8)
	args := []string{"../../build/scale/dask_logs.py", "--workers", "2", "--binary", exe, "--out", dir, "--json",
		"--logs=" + strings.Join(bigLogFlags, " ")}
	cmd := exec.Command(py, append(args, shards...)...)
	cmd.Env = append(os.Environ(), asCLI+"=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	merged, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != cli.ExitFailure) {
		t.Fatalf("dask_logs.py: %v\n%s", err, stderr.String())
	}
	t.Logf("on Dask in %v; %s", time.Since(start).Round(time.Millisecond), lastLine(stderr.String()))
	_, whole, _ := runCmd(t, "", append(append([]string{"logs", "--json"}, bigLogFlags...), shards...)...)
	compareMerged(t, whole, string(merged))
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// TestWatchMergeOnDask: build/scale/dask_watch.py runs `watch --shard i/3
// --json` as three tasks on a LocalCluster of 2 worker processes and merges
// the reports; after the fleet changed, the merge reports the same sites,
// changes, counts and exit status as one watch over a storage that saw the
// same first state.
func TestWatchMergeOnDask(t *testing.T) {
	py := pythonWith(t, "distributed", "python3-distributed")
	if testing.Short() {
		t.Skip("starts a Dask cluster")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	f := newFleet(t)
	whole, sharded := t.TempDir(), t.TempDir()
	for _, dir := range []string{whole, sharded} {
		t.Setenv(session.StorageEnv, dir)
		if code, _, errOut := runCmd(t, "", "watch", "--budget", watchShardBudget, f.list); code != cli.ExitOK {
			t.Fatalf("first watch: exit %d: %s", code, errOut)
		}
	}
	f.change()
	t.Setenv(session.StorageEnv, whole)
	code, out, _ := runCmd(t, "", "watch", "--json", "--budget", watchShardBudget, f.list)
	one := readWatchRun(t, code, out)

	t.Setenv(session.StorageEnv, sharded) // the workers' environment
	dir := t.TempDir()
	cmd := exec.Command(py, "../../build/scale/dask_watch.py", "--workers", "2", "--shards", "3", "--binary", exe,
		"--out", dir, "--json", "--watch=--budget "+watchShardBudget, f.list)
	cmd.Env = append(os.Environ(), asCLI+"=1", "PYTHONDONTWRITEBYTECODE=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	start := time.Now()
	merged, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != cli.ExitFailure) {
		t.Fatalf("dask_watch.py: %v\n%s", err, stderr.String())
	}
	t.Logf("on Dask in %v; %s", time.Since(start).Round(time.Millisecond), lastLine(stderr.String()))
	code = cli.ExitOK
	if err != nil {
		code = cli.ExitFailure
	}
	if got := readWatchRun(t, code, string(merged)); !reflect.DeepEqual(one, got) {
		t.Errorf("one watch and 3 shards on Dask differ\none:  %+v\ndask: %+v", one, got)
	}
	if one.Code != cli.ExitFailure {
		t.Errorf("the changes reached no --fail-on: %+v", one)
	}
	if reports, _ := filepath.Glob(filepath.Join(dir, "shard-*.json")); len(reports) != 3 {
		t.Errorf("%d shard reports kept in --out, want 3: %v", len(reports), reports)
	}
}
