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

// Elapsed starts a measure of the work a test does and returns the function
// that ends it: the process's CPU time where the system gives it, else the
// wall time. A time budget checked on CPU time holds on a machine whose
// other programs are busy (wall time there grew four-fold and failed
// FuzzCompileManyGroups at a load of 20); it still catches the quadratic
// cases such budgets are for.
func Elapsed() func() time.Duration {
	if cpu0, ok := ProcessCPU(); ok {
		return func() time.Duration {
			cpu, _ := ProcessCPU()
			return cpu - cpu0
		}
	}
	start := time.Now()
	return func() time.Duration { return time.Since(start) }
}
