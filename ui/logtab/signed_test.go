package logtab

import (
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

// TestSignedHitsShown: a log whose lines record Web Bot Auth signatures
// shows each signed line with "verified: <agent> (key …)" or why not, and
// the counts in the status line; the key directory is a local server.
func TestSignedHitsShown(t *testing.T) {
	_, priv, _ := ed25519.GenerateKey(nil)
	x := base64.RawURLEncoding.EncodeToString(priv.Public().(ed25519.PublicKey))
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", botauth.MediaType)
		fmt.Fprintf(w, `{"keys":[{"kty":"OKP","crv":"Ed25519","x":%q}]}`, x)
	}))
	defer srv.Close()
	agent := "https://" + srv.Listener.Addr().String()
	good := signedLine(priv, agent, "www.example.org", time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC))
	changed := strings.Replace(good, `"www.example.org"`, `"evil.example.org"`, 1)
	log := filepath.Join(t.TempDir(), "signed.log")
	os.WriteFile(log, []byte(good+"\n"+changed+"\n"), 0o644)

	tab, _ := newTestTab(t)
	tab.sigDirs = &botauth.Directories{Client: srv.Client(), AllowPrivate: true}
	run(t, tab, log)
	if !strings.Contains(tab.status.Text, "Signed requests: 2; signatures verified: 1, invalid: 1, unverified: 0.") {
		t.Errorf("status = %q", tab.status.Text)
	}
	if !tab.signed.scroll.Visible() || len(tab.signed.rows) != 2 {
		t.Fatalf("signed list shown %v, rows %q", tab.signed.scroll.Visible(), tab.signed.rows)
	}
	if r := tab.signed.rows[0]; !strings.HasPrefix(r, "signed.log:1  203.0.113.7 /page") || !strings.Contains(r, "✔ verified: "+agent+" (key ") {
		t.Errorf("row 1: %q", r)
	}
	if r := tab.signed.rows[1]; !strings.Contains(r, "✖ invalid: the signature does not match key") {
		t.Errorf("row 2: %q", r)
	}

	// A log without signatures shows no list and says nothing of them.
	run(t, tab, filepath.Join("testdata", "combined.log"))
	if tab.signed.scroll.Visible() || strings.Contains(tab.status.Text, "Signed") {
		t.Errorf("unsigned log: list shown %v, status %q", tab.signed.scroll.Visible(), tab.status.Text)
	}
}
