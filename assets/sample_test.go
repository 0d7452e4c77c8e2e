package assets

import (
	"strings"
	"testing"
)

// TestSamplesHaveTheSameRules: the translated samples differ from the English
// one only in comments, so the sample's test set means the same in each.
func TestSamplesHaveTheSameRules(t *testing.T) {
	rules := func(b []byte) string {
		var out []string
		for _, l := range strings.Split(string(b), "\n") {
			if !strings.HasPrefix(l, "#") {
				out = append(out, l)
			}
		}
		return strings.Join(out, "\n")
	}
	en := rules(Sample("en"))
	for _, l := range []string{"ru", "pl"} {
		if got := rules(Sample(l)); got != en {
			t.Errorf("%s sample rules differ:\n%s\nvs\n%s", l, got, en)
		}
	}
	if string(Sample("de")) != string(SampleRobots) {
		t.Error("an untranslated language gets the English sample")
	}
}
