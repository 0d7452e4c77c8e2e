package accesslog

import (
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/tester/botauth"
)

// signedLine is an nginx log line (botauth.NginxLogFormat) of a GET signed
// by priv for agent at created, built by hand from RFC 9421 §2.5.
func signedLine(priv ed25519.PrivateKey, agent, host string, created time.Time) string {
	keyid := botauth.Thumbprint(base64.RawURLEncoding.EncodeToString(priv.Public().(ed25519.PublicKey)))
	params := fmt.Sprintf(`("@authority" "signature-agent";key="sig1");created=%d;expires=%d;keyid="%s";tag="web-bot-auth"`,
		created.Unix(), created.Add(time.Hour).Unix(), keyid)
	base := fmt.Sprintf("\"@authority\": %s\n\"signature-agent\";key=\"sig1\": \"%s\"\n\"@signature-params\": %s", host, agent, params)
	sig := base64.StdEncoding.EncodeToString(ed25519.Sign(priv, []byte(base)))
	q := func(s string) string { return strings.ReplaceAll(s, `"`, `\x22`) }
	return fmt.Sprintf(`203.0.113.7 - - [%s] "GET /page HTTP/1.1" 200 5 "-" "Mozilla/5.0" "%s" "%s" "%s" "%s"`,
		created.Add(5*time.Minute).Format("02/Jan/2006:15:04:05 -0700"), host, q("sig1="+params), q("sig1=:"+sig+":"), q(`sig1="`+agent+`"`))
}

// Rule: every signed line of a log is checked at the time it records
// against its agent's key directory (a local server): a good one verifies
// with the agent and key, a changed Host does not and says why, unsigned
// and foreign lines are not counted as signed.
func TestVerifySignaturesInLog(t *testing.T) {
	_, priv, _ := ed25519.GenerateKey(nil)
	x := base64.RawURLEncoding.EncodeToString(priv.Public().(ed25519.PublicKey))
	fetches := 0
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fetches++
		w.Header().Set("Content-Type", botauth.MediaType)
		fmt.Fprintf(w, `{"keys":[{"kty":"OKP","crv":"Ed25519","x":%q}]}`, x)
	}))
	defer srv.Close()
	agent := "https://" + srv.Listener.Addr().String()
	created := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	good := signedLine(priv, agent, "www.example.org", created)
	changed := strings.Replace(good, `"www.example.org"`, `"evil.example.org"`, 1)
	unsigned := `203.0.113.8 - - [28/Nov/2026:12:06:00 +0000] "GET / HTTP/1.1" 200 5 "-" "Mozilla/5.0" "www.example.org" "-" "-" "-"`
	log := filepath.Join(t.TempDir(), "access.log")
	os.WriteFile(log, []byte(good+"\n"+unsigned+"\n"+changed+"\n"+good+"\n"), 0o644)

	v := &botauth.Verifier{Directories: &botauth.Directories{Client: srv.Client(), AllowPrivate: true}}
	rep, err := VerifySignatures(context.Background(), []string{log}, nil, v)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Signed != 3 || rep.Verified != 2 || rep.Invalid != 1 || rep.Unverified != 0 || len(rep.Hits) != 3 {
		t.Fatalf("signed %d verified %d invalid %d unverified %d hits %d", rep.Signed, rep.Verified, rep.Invalid, rep.Unverified, len(rep.Hits))
	}
	if fetches != 1 {
		t.Errorf("the key directory was fetched %d times, want once (cached)", fetches)
	}
	h := rep.Hits[0]
	if h.At.Line != 1 || h.Path != "/page" || h.Verified() == nil || !strings.HasPrefix(h.Verified().Why.String(), "verified: "+agent+" (key ") {
		t.Errorf("line 1: %+v", h)
	}
	if bad := rep.Hits[1]; bad.At.Line != 3 || bad.Verified() != nil || !strings.Contains(bad.Results[0].Why.String(), "does not match key") {
		t.Errorf("line 3: %+v", bad)
	}
	// Without leave to fetch from a local address, nothing verifies and
	// each says why.
	rep, _ = VerifySignatures(context.Background(), []string{log}, nil, &botauth.Verifier{Directories: &botauth.Directories{Client: srv.Client()}})
	if rep.Verified != 0 || rep.Unverified != 3 {
		t.Errorf("private directory: verified %d unverified %d", rep.Verified, rep.Unverified)
	}
	// A missing file is named; the rest are read.
	rep, err = VerifySignatures(context.Background(), []string{filepath.Join(t.TempDir(), "none.log"), log}, nil, v)
	if err == nil || rep.Signed != 3 {
		t.Errorf("missing file: err %v, signed %d", err, rep.Signed)
	}
}
