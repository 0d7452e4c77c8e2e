package cli_test

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

	"github.com/robots-studio/robots-studio/internal/cli"
	"github.com/robots-studio/robots-studio/tester/botauth"
)

// signedRequest is a captured GET signed by priv for agent, built by hand
// from RFC 9421 §2.5 (an oracle independent of tester/botauth's builder).
func signedRequest(t *testing.T, priv ed25519.PrivateKey, agent, host string, created time.Time) (request string, keyid string) {
	t.Helper()
	keyid = botauth.Thumbprint(base64.RawURLEncoding.EncodeToString(priv.Public().(ed25519.PublicKey)))
	params := fmt.Sprintf(`("@authority" "signature-agent";key="sig1");created=%d;expires=%d;keyid="%s";tag="web-bot-auth"`,
		created.Unix(), created.Add(time.Hour).Unix(), keyid)
	base := fmt.Sprintf("\"@authority\": %s\n\"signature-agent\";key=\"sig1\": \"%s\"\n\"@signature-params\": %s", host, agent, params)
	sig := base64.StdEncoding.EncodeToString(ed25519.Sign(priv, []byte(base)))
	request = fmt.Sprintf("GET /page HTTP/1.1\r\nHost: %s\r\nSignature-Agent: sig1=\"%s\"\r\nSignature-Input: sig1=%s\r\nSignature: sig1=:%s:\r\n\r\n",
		host, agent, params, sig)
	return request, keyid
}

// Rule: verify-signature says "verified" for a request signed with the key
// its agent's directory lists, exactly why not for a changed one, and reads
// a log in the signed format.
func TestVerifySignatureCommand(t *testing.T) {
	_, priv, _ := ed25519.GenerateKey(nil)
	x := base64.RawURLEncoding.EncodeToString(priv.Public().(ed25519.PublicKey))
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", botauth.MediaType)
		fmt.Fprintf(w, `{"keys":[{"kty":"OKP","crv":"Ed25519","x":%q}]}`, x)
	}))
	defer srv.Close()
	defer cli.SetVerifyClient(srv.Client())()
	agent := "https://" + srv.Listener.Addr().String()
	created := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	req, keyid := signedRequest(t, priv, agent, "www.example.org", created)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.http")
	os.WriteFile(good, []byte(req), 0o644)
	bad := filepath.Join(dir, "bad.http")
	os.WriteFile(bad, []byte(strings.Replace(req, "Host: www.example.org", "Host: evil.example.org", 1)), 0o644)

	code, out, errOut := runCmd(t, "", "verify-signature", "--allow-private", "--at", "2026-11-28T12:10:00Z", good)
	if code != cli.ExitOK || !strings.Contains(out, "sig1: verified: "+agent+" (key "+keyid+")") {
		t.Fatalf("good: %d\n%s%s", code, out, errOut)
	}
	code, out, _ = runCmd(t, "", "verify-signature", "--allow-private", "--at", "2026-11-28T12:10:00Z", bad)
	if code != cli.ExitFailure || !strings.Contains(out, "invalid: the signature does not match key "+keyid) {
		t.Fatalf("bad: %d\n%s", code, out)
	}
	code, out, _ = runCmd(t, "", "verify-signature", "--allow-private", "--at", "2026-11-28T14:00:00Z", good)
	if code != cli.ExitFailure || !strings.Contains(out, "the signature expired at 2026-11-28T13:00:00Z") {
		t.Fatalf("late: %d\n%s", code, out)
	}
	// Without --allow-private the local directory is not fetched.
	code, out, _ = runCmd(t, "", "verify-signature", "--at", "2026-11-28T12:10:00Z", good)
	if code != cli.ExitFailure || !strings.Contains(out, "unverified: the key directory") {
		t.Fatalf("private: %d\n%s", code, out)
	}

	// The same request as an nginx log line (\x22 for each quote).
	h := map[string]string{}
	for _, l := range strings.Split(req, "\r\n")[1:] {
		if k, v, ok := strings.Cut(l, ": "); ok {
			h[k] = strings.ReplaceAll(v, `"`, `\x22`)
		}
	}
	log := fmt.Sprintf("203.0.113.7 - - [28/Nov/2026:12:05:00 +0000] \"GET /page HTTP/1.1\" 200 5 \"-\" \"Mozilla/5.0\" \"www.example.org\" \"%s\" \"%s\" \"%s\"\n"+
		"203.0.113.8 - - [28/Nov/2026:12:06:00 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"Mozilla/5.0\" \"www.example.org\" \"-\" \"-\" \"-\"\n"+
		"not a log line\n", h["Signature-Input"], h["Signature"], h["Signature-Agent"])
	logFile := filepath.Join(dir, "access.log")
	os.WriteFile(logFile, []byte(log), 0o644)
	code, out, errOut = runCmd(t, "", "verify-signature", "--allow-private", "--log", logFile)
	if code != cli.ExitOK || !strings.Contains(out, "line 1: sig1: verified") || !strings.Contains(out, "lines read: 3; signed: 1; verified: 1; invalid: 0; unverified: 0; not in the signed format: 1") {
		t.Fatalf("log: %d\n%s%s", code, out, errOut)
	}
	code, out, _ = runCmd(t, "", "verify-signature", "--allow-private", "--json", "--log", logFile)
	if code != cli.ExitOK || !strings.Contains(out, `"outcome":"verified"`) || !strings.Contains(out, `"line":1`) {
		t.Fatalf("json: %d\n%s", code, out)
	}
	// Not a request at all.
	junk := filepath.Join(dir, "junk.txt")
	os.WriteFile(junk, []byte("hello\n"), 0o644)
	if code, _, errOut := runCmd(t, "", "verify-signature", junk); code != cli.ExitUsage || !strings.Contains(errOut, "is not an HTTP request") {
		t.Fatalf("junk: %d %s", code, errOut)
	}
}

// Rule: `logs` checks the signatures its log lines recorded, with the same
// answers as verify-signature --log, and says nothing of them in a log
// without any.
func TestLogsVerifiesSignatures(t *testing.T) {
	_, priv, _ := ed25519.GenerateKey(nil)
	x := base64.RawURLEncoding.EncodeToString(priv.Public().(ed25519.PublicKey))
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", botauth.MediaType)
		fmt.Fprintf(w, `{"keys":[{"kty":"OKP","crv":"Ed25519","x":%q}]}`, x)
	}))
	defer srv.Close()
	defer cli.SetVerifyClient(srv.Client())()
	agent := "https://" + srv.Listener.Addr().String()
	req, keyid := signedRequest(t, priv, agent, "www.example.org", time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC))
	h := map[string]string{}
	for _, l := range strings.Split(req, "\r\n")[1:] {
		if k, v, ok := strings.Cut(l, ": "); ok {
			h[k] = strings.ReplaceAll(v, `"`, `\x22`)
		}
	}
	log := fmt.Sprintf("203.0.113.7 - - [28/Nov/2026:12:05:00 +0000] \"GET /page HTTP/1.1\" 200 5 \"-\" \"Mozilla/5.0\" \"www.example.org\" \"%s\" \"%s\" \"%s\"\n"+
		"203.0.113.8 - - [28/Nov/2026:12:06:00 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"Mozilla/5.0\" \"www.example.org\" \"-\" \"-\" \"-\"\n",
		h["Signature-Input"], h["Signature"], h["Signature-Agent"])
	logFile := filepath.Join(t.TempDir(), "access.log")
	os.WriteFile(logFile, []byte(log), 0o644)
	_, out, errOut := runCmd(t, "", "logs", "--allow-private", logFile)
	if !strings.Contains(out, "signed requests: 1; signatures verified: 1, invalid: 0, unverified: 0") ||
		!strings.Contains(out, logFile+":1 /page sig1: verified: "+agent+" (key "+keyid+")") {
		t.Fatalf("logs:\n%s%s", out, errOut)
	}
	// Without leave to fetch a local directory: unverified, and why.
	_, out, _ = runCmd(t, "", "logs", logFile)
	if !strings.Contains(out, "signatures verified: 0, invalid: 0, unverified: 1") || !strings.Contains(out, "sig1: unverified: the key directory") {
		t.Fatalf("private:\n%s", out)
	}
	unsigned := filepath.Join(t.TempDir(), "plain.log")
	os.WriteFile(unsigned, []byte(strings.SplitAfter(log, "\n")[1]), 0o644)
	if _, out, _ := runCmd(t, "", "logs", unsigned); strings.Contains(out, "signed requests") {
		t.Fatalf("unsigned log:\n%s", out)
	}
}
