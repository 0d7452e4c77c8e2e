// Package doccheck holds the tests that keep the documentation true to the
// tree: docs/ARCHITECTURE.md names every package and no path that is gone,
// and every relative link of README.md and docs/*.md leads to a file (and a
// heading) that exists. It has no code of its own.
package doccheck
