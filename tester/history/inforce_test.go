package history

import (
	"strings"
	"testing"
	"time"
)

func TestAtNamesEveryVersionACrawlerCouldObey(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	h := time.Hour
	vs := []Version{
		{Time: t0, LastSeen: t0.Add(10 * h)},               // 0: found from 00:00 to 10:00
		{Time: t0.Add(12 * h), LastSeen: t0.Add(12 * h)},   // 1: found once at 12:00
		{Time: t0.Add(100 * h), LastSeen: t0.Add(120 * h)}, // 2
	}
	for _, c := range []struct {
		rule string
		at   time.Duration
		want string
		gap  bool
	}{
		{"before the first version: nothing known", -h, "", false},
		{"inside the first version's sightings", 5 * h, "0", false},
		{"just after a change: the old file may still be cached", 13 * h, "0 1", false},
		{"a day after the change: only the new file", 37 * h, "1", true},
		{"within a day of the last sighting: no gap", 30 * h, "0 1", false},
		{"long after the last sighting, before the next version: a gap", 60 * h, "1", true},
		{"within a day of a change: both", 121 * h, "1 2", false},
		{"more than a day after the change: the new one only", 125 * h, "2", false},
	} {
		r := At(vs, t0.Add(c.at), 24*h)
		var got []string
		for _, i := range r.Versions {
			got = append(got, string(rune('0'+i)))
		}
		if strings.Join(got, " ") != c.want || r.Gap != c.gap {
			t.Errorf("%s: versions %v gap %v, want %q gap %v", c.rule, got, r.Gap, c.want, c.gap)
		}
	}
}

func TestCacheFor(t *testing.T) {
	if d, why := CacheFor("Googlebot"); d != 24*time.Hour || !strings.Contains(why.String(), "developers.google.com") {
		t.Errorf("Googlebot: %v %s", d, why)
	}
	if d, why := CacheFor("bingbot"); d != DefaultCache || !strings.Contains(why.String(), "assumed") {
		t.Errorf("bingbot: %v %s", d, why)
	}
}
