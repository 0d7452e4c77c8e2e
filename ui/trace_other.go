//go:build !linux

package ui

import "time"

// threadCPU is not measured outside Linux (the speed trace writes 0).
func threadCPU() time.Duration { return 0 }
