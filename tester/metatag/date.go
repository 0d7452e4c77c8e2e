package metatag

import (
	"fmt"
	"strings"
	"time"
)

// zoneOffsets are the abbreviations people write in unavailable_after dates.
// Go's time package does not know their offsets, so they become numbers first.
var zoneOffsets = map[string]int{
	"UT": 0, "UTC": 0, "GMT": 0, "Z": 0,
	"EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
	"BST": 1, "CET": 1, "CEST": 2, "EET": 2, "EEST": 3, "MSK": 3,
}

// dateLayouts: ISO 8601, RFC 822/1123 and RFC 850 shapes (Google accepts
// "widely adopted formats", naming those three [V]); numeric zones only,
// abbreviations are converted before parsing; a missing zone means UTC.
var dateLayouts = []string{
	"2006-01-02",
	"2006-01-02T15:04:05Z07:00",
	"2006-01-02T15:04Z07:00",
	"2006-01-02T15:04:05",
	"2006-01-02T15:04",
	"2006-01-02 15:04:05Z07:00",
	"2006-01-02 15:04:05 -0700",
	"2006-01-02 15:04:05",
	"2006-01-02 15:04",
	"2 Jan 2006 15:04:05 -0700",
	"2 Jan 2006 15:04 -0700",
	"2 Jan 2006 15:04:05",
	"2 Jan 2006 15:04",
	"2 Jan 2006",
	"Mon, 2 Jan 2006 15:04:05 -0700",
	"Mon, 2 Jan 2006 15:04 -0700",
	"Mon, 2 Jan 2006 15:04:05",
	"Mon, 2 Jan 2006",
	"2 Jan 06 15:04:05 -0700",
	"2 Jan 06 15:04 -0700",
	"Mon, 2 Jan 06 15:04:05 -0700",
	"Monday, 02-Jan-06 15:04:05 -0700",
	"Monday, 02-Jan-2006 15:04:05 -0700",
	"Mon, 02-Jan-06 15:04:05 -0700",
	"02-Jan-2006 15:04:05 -0700",
	"02-Jan-2006",
	"Mon Jan _2 15:04:05 2006",
	"January 2, 2006",
	"2 January 2006",
}

// ParseDate reads an unavailable_after value. It returns the instant and
// whether the text is a date in one of the accepted formats.
func ParseDate(s string) (time.Time, bool) {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" || len(s) > 64 {
		return time.Time{}, false
	}
	if i := strings.LastIndexByte(s, ' '); i > 0 {
		if off, ok := zoneOffsets[strings.ToUpper(s[i+1:])]; ok {
			s = s[:i] + " " + numericZone(off)
		}
	}
	for _, layout := range dateLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

func numericZone(hours int) string {
	sign := "+"
	if hours < 0 {
		sign, hours = "-", -hours
	}
	return fmt.Sprintf("%s%02d00", sign, hours)
}
