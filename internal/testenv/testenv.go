// Package testenv lets tests that need something outside Go (a server binary,
// root, a display) skip on a developer's machine that lacks it, while the
// project's own test run (`make test`, which installs those things) fails
// instead, so a missing install step cannot hide behind a skip.
//
// Three kinds of skip go around Need on purpose, because a strict run must
// pass without them: a file of ../shared/corpus (corpus.Path; a clone has
// no ../shared, and the repository's own testdata covers what those tests
// prove), a measurement asked for by a variable (make speed-window's
// ROBOTS_STUDIO_WINDOW_SPEED, the sitemap scale benchmark's
// SITEMAP_BENCH_DIR), and the long cases `go test -short` leaves out (make
// test does not pass -short).
package testenv

import (
	"os"
	"testing"
)

// StrictVar is set by `make test`: every Need then fails instead of skipping.
const StrictVar = "ROBOTS_STUDIO_STRICT"

// Strict reports whether this is the project's own test run.
func Strict() bool { return os.Getenv(StrictVar) != "" }

// Need stops the test: with a failure in a strict run, else with a skip.
// why says what is missing and how to get it.
func Need(tb testing.TB, why string) {
	tb.Helper()
	if Strict() {
		tb.Fatalf("%s (a strict run: `make test` installs what its tests need)", why)
	}
	tb.Skip(why)
}
