package sources

import (
	"encoding/json"
	"io"

	"github.com/robots-studio/robots-studio/tester/catalogue"
)

// Summary is the catalogue in use in numbers.
type Summary struct {
	Date        string // the last update that changed something, else the built-in catalogue's date
	Crawlers    int
	Verified    int // entries whose claims were read in a source
	FromUpdates int // entries an update added or changed
	FromUser    int // the user's own entries
}

// Summarise counts the catalogue in use; st is the overlay it came from.
func Summarise(st State) Summary {
	s := Summary{Date: dateOf(st.Updated)}
	for _, c := range catalogue.All() {
		s.Crawlers++
		if c.Verified() {
			s.Verified++
		}
		switch c.Origin {
		case catalogue.FromUpdate:
			s.FromUpdates++
		case catalogue.FromUser:
			s.FromUser++
		}
	}
	return s
}

// dateOf is the catalogue's date: the last update that changed something,
// or the built-in catalogue's date if that is later.
func dateOf(updated string) string {
	if updated == "" || updated < catalogue.BuiltinDate() {
		return catalogue.BuiltinDate()
	}
	return updated
}

// Date is the catalogue's date as Summarise gives it, read from the head
// of overlay.json only (its "updated" comes before the entries), so what
// shows the date (the window's menu) does not read a large overlay.
func (s Store) Date() string {
	f, err := openStoreFile(s.overlayPath(), maxOverlay)
	if err != nil {
		return dateOf("")
	}
	defer f.Close()
	dec := json.NewDecoder(io.LimitReader(f, 4096))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return dateOf("")
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			break
		}
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			break
		}
		if key == "updated" {
			var day string
			json.Unmarshal(value, &day)
			return dateOf(day)
		}
		if key != "version" {
			break // the entries: no "updated" before them
		}
	}
	return dateOf("")
}
