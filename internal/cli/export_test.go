//go:build !js

package cli

// SetMaxMergedBytes lowers watch --merge's bound on the bytes of the site
// reports it holds, for a test; the returned func puts it back.
func SetMaxMergedBytes(n int64) (restore func()) {
	old := maxMergedBytes
	maxMergedBytes = n
	return func() { maxMergedBytes = old }
}
