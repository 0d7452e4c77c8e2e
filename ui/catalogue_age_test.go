package ui

import (
	"testing"
	"time"
	_ "time/tzdata" // Europe/Warsaw on any machine

	"github.com/robots-studio/robots-studio/tester/crawlers/sources"
)

// TestCatalogueDaysAreCalendarDays: the catalogue's age is counted in
// calendar days in the zone the update wrote its day in, whatever the hour
// and the zone (read as UTC midnight, a day written in Chatham, UTC+13:45,
// was a day younger after local midnight: the menu said 44 days where 45
// had passed), and a daylight-saving change does not lose a day.
func TestCatalogueDaysAreCalendarDays(t *testing.T) {
	chatham := time.FixedZone("Chatham", 13*3600+45*60)
	warsaw, err := time.LoadLocation("Europe/Warsaw")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		rule string
		day  string
		now  time.Time
		want int
	}{
		{"written today, just after local midnight east of UTC", "2026-11-28", time.Date(2026, 11, 28, 0, 4, 0, 0, chatham), 0},
		{"45 days later, just after local midnight east of UTC", "2026-11-28", time.Date(2027, 1, 12, 0, 4, 0, 0, chatham), 45},
		{"45 days later, late in the evening west of UTC", "2026-11-27", time.Date(2027, 1, 11, 23, 50, 0, 0, time.FixedZone("Hawaii", -10*3600)), 45},
		{"across the spring clock change (a 23-hour day)", "2026-03-01", time.Date(2026, 4, 15, 0, 30, 0, 0, warsaw), 45},
		{"across the autumn clock change (a 25-hour day)", "2026-10-01", time.Date(2026, 11, 15, 23, 30, 0, 0, warsaw), 45},
		{"no day recorded", "", time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC), 0},
	} {
		if got := catalogueDays(sources.Summary{Date: c.day}, c.now); got != c.want {
			t.Errorf("%s: %s at %v is %d days old, want %d", c.rule, c.day, c.now, got, c.want)
		}
	}
}
