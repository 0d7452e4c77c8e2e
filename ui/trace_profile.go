//go:build unix

package ui

import (
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"

	"fyne.io/fyne/v2"
)

// profile writes a CPU profile of the whole app to the file named by
// ROBOTS_STUDIO_CPUPROFILE, from the start of the speed trace until the
// process gets SIGUSR1 (release/windowtest sends it after typing); the
// trace says {"ev":"profile"} when the file is complete.
func (t *tracer) profile() {
	path := os.Getenv("ROBOTS_STUDIO_CPUPROFILE")
	if path == "" {
		return
	}
	f, err := os.Create(path)
	if err != nil {
		fyne.LogError("cpu profile", err)
		return
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fyne.LogError("cpu profile", err)
		return
	}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGUSR1)
	go func() {
		<-stop
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fyne.LogError("cpu profile", err)
		}
		fyne.Do(func() { t.write(traceEvent{Ev: "profile", Name: path}) })
	}()
}
