package ui

// traceProfile: the browser build writes no profile.
func (t *tracer) profile() {}
