package sources

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/robots-studio/robots-studio/tester/accesslog"
	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// The store in use: the program opens it once at start (Open), and the log
// readers take its IP ranges from it.
var (
	inUseMu sync.Mutex
	inUse   *Store
)

// Open makes the overlay in storage/catalogue the one in use: the catalogue
// every caller sees includes its entries, and logs use its IP ranges. A
// broken overlay leaves the built-in catalogue in use and is reported.
func Open(storage string) (Store, error) {
	if storage == "" {
		inUseMu.Lock()
		inUse = nil
		inUseMu.Unlock()
		return Store{}, catalogue.Use(nil)
	}
	s := Store{Dir: filepath.Join(storage, "catalogue")}
	inUseMu.Lock()
	inUse = &s
	inUseMu.Unlock()
	return s, s.Apply()
}

// OpenLazy is Open without reading the overlay now: it is read when the
// catalogue is first consulted, so a command that never asks about a
// crawler starts as fast with a large overlay as with none. A damaged
// overlay is passed to broken (if not nil) when it is read, and the
// built-in catalogue is used.
func OpenLazy(storage string, broken func(error)) Store {
	if storage == "" {
		Open("")
		return Store{}
	}
	s := Store{Dir: filepath.Join(storage, "catalogue")}
	inUseMu.Lock()
	inUse = &s
	inUseMu.Unlock()
	catalogue.UseLoader(func() []catalogue.Crawler {
		st, err := s.Load()
		for i := 0; err == nil && i < len(st.Entries); i++ {
			err = catalogue.Check(st.Entries[i])
		}
		if err != nil {
			if broken != nil {
				broken(err)
			}
			return nil
		}
		return st.Entries
	})
	return s
}

// InUse is the store Open opened (ok false before).
func InUse() (Store, bool) {
	inUseMu.Lock()
	defer inUseMu.Unlock()
	if inUse == nil {
		return Store{}, false
	}
	return *inUse, true
}

var msgRangesUsed = msg.Def("catalogue.ranges.used", "IP ranges from the catalogue's update: {{.List}}")

// RangeVerifier is a verifier loaded with the IP ranges updates saved, and
// a sentence naming each range file with the day it was read; nil and ""
// when no update read any.
func RangeVerifier() (*accesslog.Verifier, string) {
	s, ok := InUse()
	if !ok {
		return nil, ""
	}
	files := s.RangeFiles()
	if len(files) == 0 {
		return nil, ""
	}
	v := &accesslog.Verifier{}
	var parts []string
	for _, f := range files {
		if v.LoadRanges(f.Path) != nil {
			continue // a file damaged since: the others still count
		}
		parts = append(parts, f.Key+" ("+f.Source+", "+f.Read+")")
	}
	if len(parts) == 0 {
		return nil, ""
	}
	return v, msg.New(msgRangesUsed, "List", strings.Join(parts, "; ")).String()
}

// Verifier is RangeVerifier without the sentence, for a caller that shows
// none (the Logs tab).
func Verifier() *accesslog.Verifier {
	v, _ := RangeVerifier()
	return v
}

// InUseRanges are the IP range files updates saved in the store in use,
// for the AI policy's server rules; none when no store is open, no update
// read any, or the overlay cannot be read. The window asks on every change
// to the policy: the overlay is read again only when its file changed.
func InUseRanges() []Ranges {
	s, ok := InUse()
	if !ok {
		return nil
	}
	fi, err := os.Stat(s.overlayPath())
	if err != nil {
		return nil
	}
	key := rangesKeyOf{s.overlayPath(), fi.ModTime(), fi.Size()}
	rangesMemo.Lock()
	defer rangesMemo.Unlock()
	if rangesMemo.key == key {
		return rangesMemo.ranges
	}
	st, err := s.Load()
	if err != nil {
		return nil
	}
	rangesMemo.key, rangesMemo.ranges = key, st.Ranges
	return st.Ranges
}

// rangesKeyOf is the overlay file as InUseRanges last read it.
type rangesKeyOf struct {
	path string
	mod  time.Time
	size int64
}

var rangesMemo struct {
	sync.Mutex
	key    rangesKeyOf
	ranges []Ranges
}

// forgetRanges makes InUseRanges read the overlay again: this process is
// writing it, and a new file of the same size within the file system's
// time resolution would look unchanged.
func forgetRanges() {
	rangesMemo.Lock()
	rangesMemo.key = rangesKeyOf{}
	rangesMemo.ranges = nil
	rangesMemo.Unlock()
}
