package aiaccess

import (
	"testing"

	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/engine"
)

// Rule: a reading whose Info says it reads the full User-Agent (the 1990s
// texts) is asked with a User-Agent that holds its crawler's token as
// typed; every other reading is asked with the token.
func TestFullUserAgentReadingsGetTheAgentAsTyped(t *testing.T) {
	const ua = "Lycos_Spider_(Rex)/1.0 libwww/3.1"
	r := crawlers.Resolve(ua)
	if !r.Matched || r.Token == ua {
		t.Fatalf("the catalogue no longer resolves %q to a token: %+v", ua, r)
	}
	typed := 0
	for _, e := range engine.All() {
		info := e.Info()
		want := r.Token
		if info.ReadsFullUserAgent {
			want = ua
			typed++
		}
		if got := AskedAs(info, r); got != want {
			t.Errorf("%s asked with %q, want %q", info.ID, got, want)
		}
	}
	if typed != 3 {
		t.Errorf("%d readings read the full User-Agent, want the three 1990s texts", typed)
	}
}
