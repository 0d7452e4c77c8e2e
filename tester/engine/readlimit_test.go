package engine

import (
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// TestReadLimitCutsTheQuotedRuleToo: a rule the 500 KiB limit cuts is
// quoted as Google reads it, not whole.
func TestReadLimitCutsTheQuotedRuleToo(t *testing.T) {
	head := "User-agent: *\n# " + strings.Repeat("x", syntax.GoogleMaxBytes-len("User-agent: *\n# ")-len("\nDisallow: /abc")) + "\n"
	src := head + "Disallow: /abcdef\n"
	e, _ := Get("google")
	v := e.Compile(syntax.Parse([]byte(src))).Query("x", "/abcxyz")
	if v.Allowed || v.Rule == nil || v.Rule.Text != "Disallow: /abc" {
		t.Fatalf("allowed %v, rule %+v", v.Allowed, v.Rule)
	}
}
