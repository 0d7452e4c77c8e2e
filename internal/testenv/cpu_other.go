//go:build !unix

package testenv

import "time"

// ProcessCPU is not measured on this system: false, and callers fall back
// to the wall clock (see Elapsed).
func ProcessCPU() (time.Duration, bool) { return 0, false }
