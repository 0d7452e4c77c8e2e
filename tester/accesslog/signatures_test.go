package accesslog

import (
	"bytes"
	"compress/gzip"
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

// keyServer is a key directory (a local TLS server) listing priv's key, and
// a verifier that may fetch it; agent is its origin.
func keyServer(t *testing.T) (priv ed25519.PrivateKey, agent string, v *botauth.Verifier) {
	t.Helper()
	_, priv, _ = ed25519.GenerateKey(nil)
	x := base64.RawURLEncoding.EncodeToString(priv.Public().(ed25519.PublicKey))
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", botauth.MediaType)
		fmt.Fprintf(w, `{"keys":[{"kty":"OKP","crv":"Ed25519","x":%q}]}`, x)
	}))
	t.Cleanup(srv.Close)
	return priv, "https://" + srv.Listener.Addr().String(), &botauth.Verifier{Directories: &botauth.Directories{Client: srv.Client(), AllowPrivate: true}}
}

// Rule: standard input is read once, by Analyze; the signed lines it reads
// there (gzip-compressed too, across chunks and workers, in log order) are
// kept and checked in the place of "-", beside the files named with it.
func TestVerifySignaturesOfStdin(t *testing.T) {
	priv, agent, v := keyServer(t)
	created := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	good := signedLine(priv, agent, "www.example.org", created)
	changed := strings.Replace(good, `"www.example.org"`, `"evil.example.org"`, 1)
	unsigned := `203.0.113.8 - - [28/Nov/2026:12:06:00 +0000] "GET /?a=:b HTTP/1.1" 200 5 "-" "Mozilla/5.0" "www.example.org" "-" "-" "-"`
	var zipped bytes.Buffer
	zw := gzip.NewWriter(&zipped)
	zw.Write([]byte(good + "\n" + unsigned + "\n" + changed + "\n" + unsigned + "\n" + good + "\n"))
	zw.Close()
	file := filepath.Join(t.TempDir(), "access.log")
	os.WriteFile(file, []byte(unsigned+"\n"+good+"\n"), 0o644)

	kept := &SignedLines{}
	names := []string{file, "-"}
	_, err := Analyze(context.Background(), Options{Names: names, Stdin: bytes.NewReader(zipped.Bytes()), Signed: kept,
		Workers: 3, chunkSize: 300})
	if err != nil {
		t.Fatal(err)
	}
	if kept.Kept() != 3 || kept.Over() != 0 {
		t.Fatalf("kept %d, over %d; want 3, 0", kept.Kept(), kept.Over())
	}
	rep, err := VerifySignatures(context.Background(), names, kept, v)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Signed != 4 || rep.Verified != 3 || rep.Invalid != 1 || rep.Unchecked != 0 || len(rep.Hits) != 4 {
		t.Fatalf("signed %d verified %d invalid %d unchecked %d hits %d", rep.Signed, rep.Verified, rep.Invalid, rep.Unchecked, len(rep.Hits))
	}
	var at []LineRef
	for _, h := range rep.Hits {
		at = append(at, h.At)
	}
	if want := []LineRef{{0, 2}, {1, 1}, {1, 3}, {1, 5}}; fmt.Sprint(at) != fmt.Sprint(want) {
		t.Errorf("lines %v, want %v", at, want)
	}
	if rep.Hits[2].Verified() != nil || rep.Hits[3].Verified() == nil || rep.Hits[3].Path != "/page" {
		t.Errorf("stdin's answers: %+v", rep.Hits[1:])
	}
	// Nothing kept: standard input is named as unread, the file is read.
	rep, err = VerifySignatures(context.Background(), names, nil, v)
	if err == nil || !strings.Contains(err.Error(), "no standard input") || rep.Signed != 1 {
		t.Errorf("nothing kept: err %v, signed %d", err, rep.Signed)
	}
}

// Rule: what Analyze keeps of standard input's signed lines is bounded, in
// lines (MaxKeptSigned) and in bytes (MaxKeptSignedBytes); the signed lines
// past the bounds are counted as signed and unchecked, never dropped
// silently.
func TestVerifySignaturesOfStdinBounded(t *testing.T) {
	priv, agent, v := keyServer(t)
	good := signedLine(priv, agent, "www.example.org", time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC))
	for _, tc := range []struct {
		rule string
		line string
		n    int
	}{
		{"at most MaxKeptSigned lines", good, MaxKeptSigned + 7},
		// The path is not covered by the signature: each line still
		// verifies, and 100 of them are 5 MB.
		{"at most MaxKeptSignedBytes bytes", strings.Replace(good, "GET /page ", "GET /"+strings.Repeat("p", 50<<10)+" ", 1), 100},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			log := strings.Repeat(tc.line+"\n", tc.n)
			kept := &SignedLines{}
			if _, err := Analyze(context.Background(), Options{Names: []string{"-"}, Stdin: strings.NewReader(log), Signed: kept, Workers: 2}); err != nil {
				t.Fatal(err)
			}
			want := min(MaxKeptSigned, MaxKeptSignedBytes/len(tc.line))
			if kept.Kept() != want || kept.Over() != int64(tc.n-want) {
				t.Fatalf("kept %d, over %d; want %d, %d", kept.Kept(), kept.Over(), want, tc.n-want)
			}
			rep, err := VerifySignatures(context.Background(), []string{"-"}, kept, v)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Signed != int64(tc.n) || rep.Verified != int64(want) || rep.Unchecked != int64(tc.n-want) || len(rep.Hits) != want {
				t.Errorf("signed %d verified %d unchecked %d hits %d", rep.Signed, rep.Verified, rep.Unchecked, len(rep.Hits))
			}
		})
	}
}
