package ui

import (
	"sync"

	"github.com/robots-studio/robots-studio/tester/lint"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// lintJob runs the linter off the keystroke path: the editor and the tester
// results update at once, and the diagnostics follow from the other core as
// soon as they are ready. Documents are immutable, so the worker reads one
// safely; if the user typed meanwhile, only the newest document is linted.
type lintJob struct {
	mu      sync.Mutex
	pending *syntax.Document
	running bool
	// deliver receives the result on the worker goroutine; it must hand it
	// to the UI goroutine (fyne.Do).
	deliver func(doc *syntax.Document, diags []lint.Diagnostic)
}

// submit asks for doc to be linted, replacing any document still waiting.
func (j *lintJob) submit(doc *syntax.Document) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.pending = doc
	if !j.running {
		j.running = true
		go j.work()
	}
}

func (j *lintJob) work() {
	for {
		j.mu.Lock()
		doc := j.pending
		j.pending = nil
		if doc == nil {
			j.running = false
			j.mu.Unlock()
			return
		}
		j.mu.Unlock()
		j.deliver(doc, lint.Run(doc, lint.Options{}))
	}
}
