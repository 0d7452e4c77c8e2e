package botauth

import (
	"context"
	"crypto/ed25519"
	"net/http"
	"testing"
	"time"
)

// FuzzVerify: any three header values give an answer, never a panic, and no
// fetch (the agent's directory is never reached: an unknown key stays
// unverified through a verifier whose fetches are refused).
func FuzzVerify(f *testing.F) {
	f.Add(`sig1=("@authority" "signature-agent";key="sig1");created=1;expires=2;keyid="k";tag="web-bot-auth"`, `sig1=:AAAA:`, `sig1="https://a.example"`)
	f.Add(`sig-b26=("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"`,
		`sig-b26=:wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==:`, `"https://x"`)
	f.Add(`a=(`, `a=:`, `"`)
	f.Fuzz(func(t *testing.T, input, sig, agent string) {
		v := &Verifier{Directories: &Directories{Client: &http.Client{Transport: refuseAll{}}},
			Keys: map[string]ed25519.PublicKey{"k": make(ed25519.PublicKey, ed25519.PublicKeySize)},
			Now:  func() time.Time { return time.Unix(1, 0) }}
		r := &Request{Method: "GET", Authority: "example.com", Path: "/", Header: http.Header{
			"Signature-Input": {input}, "Signature": {sig}, "Signature-Agent": {agent}, "Date": {"x"}}}
		for _, res := range v.Verify(context.Background(), r) {
			if res.Why.Key == "" {
				t.Fatalf("no reason: %+v", res)
			}
		}
	})
}

type refuseAll struct{}

func (refuseAll) RoundTrip(*http.Request) (*http.Response, error) { return nil, http.ErrNotSupported }

// FuzzParseLogLine: any line is read or refused, never a panic.
func FuzzParseLogLine(f *testing.F) {
	f.Add(`1.2.3.4 - - [28/Nov/2026:10:30:00 +0100] "GET /a?b HTTP/1.1" 200 5 "-" "UA" "h" "\x22a\x22" "\"b\"" "-"`)
	f.Add(`"[`)
	f.Fuzz(func(t *testing.T, line string) {
		ParseLogLine(line)
	})
}
