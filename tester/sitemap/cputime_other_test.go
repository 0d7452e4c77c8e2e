//go:build !unix

package sitemap

import "time"

// processCPU is not measured here: the benchmarks report no CPU figure.
func processCPU() time.Duration { return 0 }
