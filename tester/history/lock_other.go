//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package history

import "sync"

// Where flock is missing (Windows, the browser), the lock excludes the
// goroutines of this process only: two programs writing one history at the
// same moment can lose the later one's version record (never a body).
var (
	locksMu sync.Mutex
	locks   = map[string]*sync.RWMutex{}
)

func lockFile(path string, exclusive bool) (func(), error) {
	locksMu.Lock()
	l, ok := locks[path]
	if !ok {
		l = &sync.RWMutex{}
		locks[path] = l
	}
	locksMu.Unlock()
	if exclusive {
		l.Lock()
		return l.Unlock, nil
	}
	l.RLock()
	return l.RUnlock, nil
}
