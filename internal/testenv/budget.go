package testenv

import "time"

// RaceSlowdown is how much slower code runs with the race detector: Go's
// documentation gives 2–20 times; the budgets here take the top of that.
const RaceSlowdown = 20

// Budget is d, a time limit a test sets for work that is linear in its
// input, stretched by RaceSlowdown under -race: the limit still catches a
// quadratic path (which grows far more than twentyfold at the sizes the
// tests use), and no longer fails a correct build for the detector's cost.
func Budget(d time.Duration) time.Duration {
	if Race {
		return d * RaceSlowdown
	}
	return d
}
