package lint

import (
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Messages name engines as users know them ("Google, RFC 9309"), never by
// their ids ("google, rfc9309"); a code comes with its rule's title.
func TestMessagesNameEnginesByDisplayName(t *testing.T) {
	doc := syntax.Parse([]byte("User-agent: *\nDisallow: /page\nAllow: /page\n"))
	found := false
	for _, d := range Run(doc, Options{}) {
		if d.Code != "RS019" {
			continue
		}
		s := d.Message.String()
		if strings.Contains(s, "never decides for") {
			found = true
			if strings.Contains(s, "google") || strings.Contains(s, "rfc9309") || !strings.Contains(s, "Google") || !strings.Contains(s, "RFC 9309") {
				t.Errorf("RS019 message names engines by id: %q", s)
			}
		}
	}
	if !found {
		t.Fatal("no RS019 finding naming engines")
	}
	if got := CodeText("RS019"); !strings.HasPrefix(got, "RS019: ") || len(got) < 12 {
		t.Errorf("CodeText(RS019) = %q", got)
	}
	if got := CodeText("RS999"); got != "RS999" {
		t.Errorf("CodeText of an unknown code = %q", got)
	}
}
