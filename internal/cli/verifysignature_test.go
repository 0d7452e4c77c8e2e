//go:build !js

package cli_test

import (
	"bytes"
	"compress/gzip"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/cli"
	"github.com/robots-studio/robots-studio/tester/accesslog"
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
	log, agent, keyid := signedLog(t)
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

// signedLog is a key directory (a local server the commands fetch from
// for the test's length) and an nginx log of two lines in the signed format
// (botauth.NginxLogFormat): line 1 a GET of /page signed with the
// directory's key, line 2 unsigned.
func signedLog(t *testing.T) (log, agent, keyid string) {
	t.Helper()
	_, priv, _ := ed25519.GenerateKey(nil)
	x := base64.RawURLEncoding.EncodeToString(priv.Public().(ed25519.PublicKey))
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", botauth.MediaType)
		fmt.Fprintf(w, `{"keys":[{"kty":"OKP","crv":"Ed25519","x":%q}]}`, x)
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(cli.SetVerifyClient(srv.Client()))
	agent = "https://" + srv.Listener.Addr().String()
	req, keyid := signedRequest(t, priv, agent, "www.example.org", time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC))
	h := map[string]string{}
	for _, l := range strings.Split(req, "\r\n")[1:] {
		if k, v, ok := strings.Cut(l, ": "); ok {
			h[k] = strings.ReplaceAll(v, `"`, `\x22`)
		}
	}
	log = fmt.Sprintf("203.0.113.7 - - [28/Nov/2026:12:05:00 +0000] \"GET /page HTTP/1.1\" 200 5 \"-\" \"Mozilla/5.0\" \"www.example.org\" \"%s\" \"%s\" \"%s\"\n"+
		"203.0.113.8 - - [28/Nov/2026:12:06:00 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"Mozilla/5.0\" \"www.example.org\" \"-\" \"-\" \"-\"\n",
		h["Signature-Input"], h["Signature"], h["Signature-Agent"])
	return log, agent, keyid
}

// lastSignatures reads the {"signatures": …} object of `logs --json`
// output; nil when there is none.
func lastSignatures(t *testing.T, out string) *cli.JSONSignedRequests {
	t.Helper()
	var found *cli.JSONSignedRequests
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if l == "" {
			continue
		}
		var o map[string]json.RawMessage
		if err := json.Unmarshal([]byte(l), &o); err != nil {
			t.Fatalf("not a JSON object: %q: %v", l, err)
		}
		if found != nil {
			t.Fatalf("an object after the signatures: %s", l)
		}
		if raw, ok := o["signatures"]; ok {
			if string(o["type"]) != `"signatures"` {
				t.Errorf("the signatures object has type %s, want \"signatures\" (crawler objects have none)", o["type"])
			}
			found = &cli.JSONSignedRequests{}
			if err := json.Unmarshal(raw, found); err != nil {
				t.Fatal(err)
			}
		}
	}
	return found
}

// Rule: `logs --json` carries the signature check the text report prints
// (counts, and each signed line's answers) as one last object,
// {"type": "signatures", "signatures": …}, after the crawlers' objects, which stay as they were;
// no such object when no line is signed.
func TestLogsJSONSignatures(t *testing.T) {
	log, agent, keyid := signedLog(t)
	dir := t.TempDir()
	logFile := filepath.Join(dir, "access.log")
	os.WriteFile(logFile, []byte(log+`66.249.66.1 - - [28/Nov/2026:12:07:00 +0000] "GET / HTTP/1.1" 200 5 "-" "Googlebot/2.1" "www.example.org" "-" "-" "-"`+"\n"), 0o644)
	_, out, errOut := runCmd(t, "", "logs", "--json", "--allow-private", logFile)
	sigs := lastSignatures(t, out)
	if sigs == nil {
		t.Fatalf("no signatures object:\n%s%s", out, errOut)
	}
	if !strings.HasPrefix(out, `{"crawler":"Googlebot"`) {
		t.Errorf("the crawler's object does not come first:\n%s", out)
	}
	if sigs.Signed != 1 || sigs.Verified != 1 || sigs.Invalid != 0 || sigs.Unverified != 0 || sigs.NotChecked != 0 || len(sigs.Lines) != 1 {
		t.Fatalf("counts: %+v", sigs)
	}
	l := sigs.Lines[0]
	if l.File != logFile || l.Line != 1 || l.Path != "/page" || l.Address != "203.0.113.7" || l.UserAgent != "Mozilla/5.0" || len(l.Signatures) != 1 {
		t.Fatalf("line: %+v", l)
	}
	if s := l.Signatures[0]; s.Outcome != "verified" || s.Label != "sig1" || s.KeyID != keyid || s.Agent != agent ||
		s.Why != "verified: "+agent+" (key "+keyid+")" || s.Created != "2026-11-28T12:00:00Z" {
		t.Errorf("signature: %+v", s)
	}
	// The answers are the text report's: unverified, and why, without
	// leave to fetch a local directory.
	_, out, _ = runCmd(t, "", "logs", "--json", logFile)
	if sigs = lastSignatures(t, out); sigs == nil || sigs.Unverified != 1 || !strings.HasPrefix(sigs.Lines[0].Signatures[0].Why, "the key directory") {
		t.Errorf("private: %s", out)
	}
	unsigned := filepath.Join(dir, "plain.log")
	os.WriteFile(unsigned, []byte(strings.SplitAfter(log, "\n")[1]), 0o644)
	if _, out, _ := runCmd(t, "", "logs", "--json", unsigned); lastSignatures(t, out) != nil {
		t.Errorf("unsigned log:\n%s", out)
	}
}

// Rule: the signed lines of a log read from standard input (plain or
// gzip-compressed) are checked as a file's are, named "-".
func TestLogsSignaturesOnStdin(t *testing.T) {
	log, agent, keyid := signedLog(t)
	var zipped bytes.Buffer
	zw := gzip.NewWriter(&zipped)
	zw.Write([]byte(log))
	zw.Close()
	for name, in := range map[string]string{"plain": log, "gzip": zipped.String()} {
		_, out, errOut := runCmd(t, in, "logs", "--allow-private", "-")
		if !strings.Contains(out, "signed requests: 1; signatures verified: 1, invalid: 0, unverified: 0") ||
			!strings.Contains(out, "  -:1 /page sig1: verified: "+agent+" (key "+keyid+")") {
			t.Errorf("%s:\n%s%s", name, out, errOut)
		}
		_, out, _ = runCmd(t, in, "logs", "--json", "--allow-private", "-")
		if sigs := lastSignatures(t, out); sigs == nil || sigs.Verified != 1 || sigs.Lines[0].File != "-" || sigs.Lines[0].Line != 1 {
			t.Errorf("%s --json:\n%s", name, out)
		}
	}
}

// Rule: of standard input, at most accesslog.MaxKeptSigned signed lines
// are kept and checked; the ones past it are counted and the report says
// they were not checked.
func TestLogsSignaturesOnStdinBounded(t *testing.T) {
	log, _, _ := signedLog(t)
	signed := strings.SplitAfter(log, "\n")[0]
	in := strings.Repeat(signed, accesslog.MaxKeptSigned+3)
	_, out, errOut := runCmd(t, in, "logs", "--allow-private", "-")
	want := fmt.Sprintf("signed requests: %d; signatures verified: %d, invalid: 0, unverified: 0", accesslog.MaxKeptSigned+3, accesslog.MaxKeptSigned)
	if !strings.Contains(out, want) || !strings.Contains(out, "… and 3 more signed lines from standard input, counted above but not checked: at most 2000 signed lines (4 MiB) of it are kept") {
		t.Fatalf("text:\n%s%s", out[max(0, len(out)-600):], errOut)
	}
	_, out, _ = runCmd(t, in, "logs", "--json", "--allow-private", "-")
	if sigs := lastSignatures(t, out); sigs == nil || sigs.Signed != int64(accesslog.MaxKeptSigned+3) || sigs.NotChecked != 3 || len(sigs.Lines) != accesslog.MaxKeptSigned {
		t.Errorf("--json: %+v", sigs)
	}
}
