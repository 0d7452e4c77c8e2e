package sources

import "github.com/robots-studio/robots-studio/assets/catalogue"

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
	s := Summary{Date: st.Updated}
	if s.Date == "" || s.Date < catalogue.BuiltinDate() {
		s.Date = catalogue.BuiltinDate()
	}
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
