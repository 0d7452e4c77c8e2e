//go:build js

package session

import (
	"os"
	"syscall/js"
	"time"
)

// In the browser a tab holds a Web Lock (navigator.locks) named after its
// lock file for as long as it lives. The browser lets it go when the tab
// closes, crashes or reloads, as the kernel lets a flock go, so the next
// load knows at once that a copy's owner is gone: removing the lock file
// when the page hides often never reached the page's storage, and such a
// copy was offered only once its file had gone stale. Where the API is
// missing (an old browser, a page not served over https or from
// localhost) the file's age tells, as the autosave touches it
// (ownerlock_other.go's rule).
const staleAfter = 5 * AutosaveEvery

// webLockWait is how long lockHeld waits for the browser's answer before
// it goes by the file's age.
const webLockWait = 2 * time.Second

func webLocks() js.Value {
	nav := js.Global().Get("navigator")
	if !nav.Truthy() {
		return js.Undefined()
	}
	return nav.Get("locks")
}

func webLockName(path string) string { return "robots-studio " + path }

func holdLock(path string) (func(), error) {
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		return nil, err
	}
	locks := webLocks()
	if !locks.Truthy() {
		return func() { os.Remove(path) }, nil
	}
	// The lock is held until the promise the callback returns settles:
	// end is that promise's resolve, called on release. A release before
	// the browser granted the lock ends the hold as soon as it is granted.
	var end js.Value
	released := false
	executor := js.FuncOf(func(_ js.Value, a []js.Value) any {
		end = a[0]
		if released {
			end.Invoke()
		}
		return nil
	})
	granted := js.FuncOf(func(js.Value, []js.Value) any {
		return js.Global().Get("Promise").New(executor)
	})
	ignore := js.FuncOf(func(js.Value, []js.Value) any { return nil }) // the page is going: nothing to do
	locks.Call("request", webLockName(path), granted).Call("catch", ignore)
	return func() {
		released = true
		if end.Truthy() {
			end.Invoke()
		}
		os.Remove(path)
	}, nil
}

// lockHeld reports whether a live tab holds the lock at path. It waits for
// a promise, so it must not run inside a JavaScript callback (the window
// asks on its UI goroutine).
func lockHeld(path string) bool {
	if held, ok := webLockHeld(webLockName(path)); ok {
		return held
	}
	st, err := os.Stat(path)
	return err == nil && time.Since(st.ModTime()) < staleAfter
}

// webLockHeld asks the browser whether a tab holds or waits for the lock
// name; ok is false when it cannot tell.
func webLockHeld(name string) (held, ok bool) {
	locks := webLocks()
	if !locks.Truthy() {
		return false, false
	}
	answer := make(chan bool, 2)
	then := js.FuncOf(func(_ js.Value, a []js.Value) any {
		found := false
		for _, list := range []string{"held", "pending"} {
			l := a[0].Get(list)
			for i := 0; l.Truthy() && i < l.Length(); i++ {
				found = found || l.Index(i).Get("name").String() == name
			}
		}
		answer <- found
		return nil
	})
	failed := js.FuncOf(func(js.Value, []js.Value) any {
		close(answer)
		return nil
	})
	locks.Call("query").Call("then", then, failed)
	select {
	case h, open := <-answer:
		then.Release()
		failed.Release()
		return h, open
	case <-time.After(webLockWait):
		return false, false // the callbacks stay: the browser may still call one
	}
}

func beat(path string) {
	now := time.Now()
	os.Chtimes(path, now, now)
}
