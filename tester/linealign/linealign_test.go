package linealign

import (
	"reflect"
	"testing"
)

func TestAlign(t *testing.T) {
	cases := []struct {
		rule     string
		a, b     []string
		cells    int
		want     []int
		complete bool
	}{
		{"identical texts pair every line", []string{"x", "y"}, []string{"x", "y"}, 100, []int{0, 1}, true},
		{"a changed middle line is unpaired, head and tail kept", []string{"a", "b", "c"}, []string{"a", "X", "c"}, 100, []int{0, -1, 2}, true},
		{"an inserted line shifts the pairs after it", []string{"a", "c"}, []string{"a", "b", "c"}, 100, []int{0, 2}, true},
		{"a moved line is paired once, by the longest common subsequence", []string{"m", "a", "b", "c"}, []string{"a", "b", "c", "m"}, 100, []int{-1, 0, 1, 2}, true},
		{"lines in the middle past maxCells are left unpaired", []string{"h", "p", "q", "t"}, []string{"h", "q", "p", "t"}, 3, []int{0, -1, -1, 3}, false},
		{"an empty side pairs nothing", nil, []string{"a"}, 100, []int{}, true},
	}
	for _, c := range cases {
		got, complete := Align(c.a, c.b, c.cells)
		if !reflect.DeepEqual(got, c.want) || complete != c.complete {
			t.Errorf("%s: Align(%q, %q) = %v, %v; want %v, %v", c.rule, c.a, c.b, got, complete, c.want, c.complete)
		}
	}
}
