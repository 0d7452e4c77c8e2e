package session

import (
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Watch calls changed (on its own goroutine) soon after the file at path is
// written, replaced, renamed or removed by anyone, this window included:
// the caller compares with File.Stamp (CheckDisk) to know whether it was
// another program. It watches the folder, as an atomic save replaces the
// file's inode; where the system cannot notify (the browser build, a full
// inotify table) it looks every PollEvery instead. Stop ends it.
type Watch struct {
	stop chan struct{}
	once sync.Once
}

// PollEvery is how often a file is looked at when the system cannot notify.
const PollEvery = 2 * time.Second

// settle lets a burst of events (write, chmod, rename of one save) end.
const settle = 150 * time.Millisecond

// WatchFile starts watching path: a change made after it returns is
// reported.
func WatchFile(path string, changed func()) *Watch {
	w := &Watch{stop: make(chan struct{})}
	abs, _ := filepath.Abs(path)
	if target, err := filepath.EvalSymlinks(abs); err == nil {
		abs = target
	}
	n, err := fsnotify.NewWatcher()
	if err == nil {
		if err = n.Add(filepath.Dir(abs)); err != nil {
			n.Close()
		}
	}
	if err != nil {
		go w.poll(abs, statKey(abs), changed)
		return w
	}
	go w.notify(n, abs, changed)
	return w
}

// Stop ends the watch; changed is not called after it returns... except for
// a call already under way.
func (w *Watch) Stop() {
	if w != nil {
		w.once.Do(func() { close(w.stop) })
	}
}

func (w *Watch) notify(n *fsnotify.Watcher, path string, changed func()) {
	defer n.Close()
	var timer <-chan time.Time
	for {
		select {
		case <-w.stop:
			return
		case ev, ok := <-n.Events:
			if !ok {
				return
			}
			if filepath.Clean(ev.Name) == path {
				timer = time.After(settle)
			}
		case _, ok := <-n.Errors:
			if !ok {
				return
			}
			timer = time.After(settle) // events may be lost: look anyway
		case <-timer:
			timer = nil
			changed()
		}
	}
}

// poll looks at path every PollEvery and calls changed when it is no
// longer as last (taken before WatchFile returned).
func (w *Watch) poll(path string, last fileKey, changed func()) {
	t := time.NewTicker(PollEvery)
	defer t.Stop()
	for {
		select {
		case <-w.stop:
			return
		case <-t.C:
			if now := statKey(path); now != last {
				last = now
				changed()
			}
		}
	}
}

type fileKey struct {
	exists bool
	size   int64
	mod    time.Time
}

func statKey(path string) fileKey {
	st, err := os.Stat(path)
	if err != nil {
		return fileKey{}
	}
	return fileKey{true, st.Size(), st.ModTime()}
}
