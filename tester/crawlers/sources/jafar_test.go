package sources

import (
	"strings"
	"testing"
)

// Rule: a JAFAR file (draft-illyes-webbotauth-jafar-00) is read like the
// operators' files; a prefix object with both or neither prefix is
// ignored; a newer major formatVersion is refused, a newer minor one read.
func TestJAFAR(t *testing.T) {
	file := `{"formatVersion": "1.3", "synctoken": "abc", "creationTime": "2026-11-28T00:00:00Z", "notes": "x",
		"prefixes": [{"ipv4Prefix": "66.249.64.0/20"}, {"ipv6Prefix": "2001:4860:4000::/36"},
		{"ipv4Prefix": "192.0.2.0/24", "ipv6Prefix": "2001:db8::/32"}, {"comment": "neither"}, {"ipv4Prefix": "198.51.100.0/24", "unknownField": 1}]}`
	r, err := ReadRanges([]byte(file), "https://example.com/gptbot.json", "2026-11-28")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(r.Prefixes, " "); got != "198.51.100.0/24 2001:4860:4000::/36 66.249.64.0/20" {
		t.Errorf("prefixes %q", got)
	}
	if r.Created != "2026-11-28T00:00:00Z" || r.Key != "GPTBot" {
		t.Errorf("%+v", r)
	}
	_, err = ReadRanges([]byte(strings.Replace(file, `"1.3"`, `"2.0"`, 1)), "https://example.com/gptbot.json", "2026-11-28")
	if err == nil || !strings.Contains(err.Error(), "formatVersion 2.0") {
		t.Errorf("major 2: %v", err)
	}
}

// Rule: whose ranges a file holds comes from its name, else from the URL
// the catalogue lists under a crawler or an operator (Anthropic publishes
// bots.json, a name that names no one), else it is refused.
func TestRangeFileOwner(t *testing.T) {
	file := `{"prefixes": [{"ipv4Prefix": "192.0.2.0/24"}]}`
	for _, c := range []struct{ rule, where, key string }{
		{"a name operators publish", "https://openai.com/gptbot.json", "GPTBot"},
		{"a URL the catalogue lists under an operator", "https://claude.com/crawling/bots.json", "Anthropic"},
		{"a crawler's name the catalogue knows", "/tmp/amazonbot.json", "Amazonbot"},
		{"the same name elsewhere is nobody's", "https://example.com/crawling/bots.json", ""},
	} {
		r, err := ReadRanges([]byte(file), c.where, "2026-11-29")
		if c.key == "" {
			if err == nil || !strings.Contains(err.Error(), "cannot tell whose") {
				t.Errorf("%s: %s read as %q (%v)", c.rule, c.where, r.Key, err)
			}
			continue
		}
		if err != nil || r.Key != c.key {
			t.Errorf("%s: %s read as %q (%v), want %q", c.rule, c.where, r.Key, err, c.key)
		}
	}
}
