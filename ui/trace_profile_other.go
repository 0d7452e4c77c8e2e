//go:build !unix

package ui

// profile: the browser and Windows builds write no profile (no SIGUSR1).
func (t *tracer) profile() {}
