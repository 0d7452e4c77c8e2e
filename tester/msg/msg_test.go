package msg

import "testing"

// TestOneIsTheSingularFallback: without a translator, a Count of 1 takes
// the text registered with One, any other count the text of Def; a key
// without One keeps Def's text for 1 too.
func TestOneIsTheSingularFallback(t *testing.T) {
	key := Def("test.msg.lines", "{{.Count}} lines end")
	One(key, "{{.Count}} line ends")
	plain := Def("test.msg.plain", "{{.Count}} items")
	for _, c := range []struct {
		text Text
		want string
	}{
		{New(key, "Count", 1), "1 line ends"},
		{New(key, "Count", 2), "2 lines end"},
		{New(key, "Count", int64(1)), "1 line ends"},
		{New(plain, "Count", 1), "1 items"},
	} {
		if got := c.text.String(); got != c.want {
			t.Errorf("%v: %q, want %q", c.text, got, c.want)
		}
	}
}
