package latest

import (
	"sync"
	"testing"
)

// TestOnlyTheNewestWaitingInputIsWorkedOn: inputs submitted while one runs
// replace each other; the last one is always worked on.
func TestOnlyTheNewestWaitingInputIsWorkedOn(t *testing.T) {
	started, release := make(chan struct{}), make(chan struct{})
	var mu sync.Mutex
	var worked, delivered []int
	w := &Worker[int, int]{
		Work: func(in int) int {
			if in == 1 {
				close(started)
				<-release // hold the first run until the others are queued
			}
			mu.Lock()
			worked = append(worked, in)
			mu.Unlock()
			return in * 10
		},
		Deliver: func(in, out int) {
			mu.Lock()
			delivered = append(delivered, out)
			mu.Unlock()
		},
	}
	w.Submit(1)
	<-started
	for i := 2; i <= 5; i++ {
		w.Submit(i)
	}
	close(release)
	w.Wait()
	if len(worked) != 2 || worked[0] != 1 || worked[1] != 5 {
		t.Fatalf("worked on %v, want [1 5]", worked)
	}
	if len(delivered) != 2 || delivered[1] != 50 {
		t.Fatalf("delivered %v", delivered)
	}
	if w.Busy() {
		t.Fatal("busy after Wait")
	}
}

func TestHandCarriesDelivery(t *testing.T) {
	handed := 0
	w := &Worker[string, int]{
		Work:    func(s string) int { return len(s) },
		Deliver: func(string, int) {},
		Hand:    func(f func()) { handed++; f() },
	}
	w.Submit("abc")
	w.Wait()
	if handed != 1 {
		t.Fatalf("Hand called %d times", handed)
	}
}

func TestInlineRunsOnTheCaller(t *testing.T) {
	got := 0
	w := &Worker[int, int]{Work: func(i int) int { return i + 1 }, Deliver: func(_, out int) { got = out }, Inline: true,
		Hand: func(func()) { t.Fatal("Inline must not hand over") }}
	w.Submit(41)
	if got != 42 || w.Busy() {
		t.Fatalf("got %d, busy %v", got, w.Busy())
	}
}

// TestAPanicInWorkDoesNotEndTheProgram: Work panics on one input; Failed is
// told, and the next input is worked on as usual.
func TestAPanicInWorkDoesNotEndTheProgram(t *testing.T) {
	var mu sync.Mutex
	var failed []any
	var delivered []int
	w := &Worker[int, int]{
		Work: func(in int) int {
			if in == 1 {
				var none []int
				_ = none[in] // out of range: a runtime panic
			}
			return in
		},
		Deliver: func(in, out int) { mu.Lock(); delivered = append(delivered, out); mu.Unlock() },
		Failed:  func(in int, v any) { mu.Lock(); failed = append(failed, v); mu.Unlock() },
	}
	w.Submit(1)
	w.Wait()
	w.Submit(2)
	w.Wait()
	mu.Lock()
	defer mu.Unlock()
	if len(failed) != 1 || len(delivered) != 1 || delivered[0] != 2 {
		t.Fatalf("failed %v, delivered %v", failed, delivered)
	}
}
