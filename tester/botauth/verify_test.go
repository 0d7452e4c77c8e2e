package botauth

import (
	"context"
	"crypto/ed25519"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// RFC 9421 Appendix B.1.4, "Example Ed25519 Test Key" (test-key-ed25519).
const (
	rfcPublicPEM = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAJrQLj5P/89iXES9+vFgrIy29clF9CC/oPPsw3c5D0bs=
-----END PUBLIC KEY-----`
	rfcPrivatePEM = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEIJ+DYvh6SEqVTm50DFtMDoQikTmiCqirVv9mWG9qfSnF
-----END PRIVATE KEY-----`
)

func rfcKeys(t *testing.T) (ed25519.PublicKey, ed25519.PrivateKey) {
	t.Helper()
	b, _ := pem.Decode([]byte(rfcPublicPEM))
	pub, err := x509.ParsePKIXPublicKey(b.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	b, _ = pem.Decode([]byte(rfcPrivatePEM))
	priv, err := x509.ParsePKCS8PrivateKey(b.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	return pub.(ed25519.PublicKey), priv.(ed25519.PrivateKey)
}

// The parts of RFC 9421's test-request (Appendix B.2) that B.2.6 covers, as
// its signature base prints them, and its Signature-Input and Signature
// (RFC 8792 wrapping undone).
func rfcB26() *Request {
	return &Request{
		Method: "POST", Authority: "example.com", Path: "/foo",
		Header: http.Header{
			"Host":            {"example.com"},
			"Date":            {"Tue, 20 Apr 2021 02:07:55 GMT"},
			"Content-Type":    {"application/json"},
			"Content-Length":  {"18"},
			"Signature-Input": {`sig-b26=("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"`},
			"Signature":       {"sig-b26=:wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==:"},
		},
	}
}

// The signature base RFC 9421 B.2.6 prints (its RFC 8792 wrapping undone).
const rfcB26Base = `"date": Tue, 20 Apr 2021 02:07:55 GMT
"@method": POST
"@path": /foo
"@authority": example.com
"content-type": application/json
"content-length": 18
"@signature-params": ("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519"`

// Rule: the base is RFC 9421 §2.5's, byte for byte, and the RFC's own
// Ed25519 signature verifies with its own key (B.1.4, B.2.6).
func TestRFC9421Ed25519Vector(t *testing.T) {
	pub, priv := rfcKeys(t)
	if !pub.Equal(priv.Public()) {
		t.Fatal("the B.1.4 private key does not belong to its public key")
	}
	r := rfcB26()
	inputs, err := parseDictionary(r.Header["Signature-Input"][0])
	if err != nil {
		t.Fatal(err)
	}
	base, why := signatureBase(r, inputs[0])
	if why != nil {
		t.Fatal(why.String())
	}
	if string(base) != rfcB26Base {
		t.Fatalf("base:\n%s\nwant:\n%s", base, rfcB26Base)
	}
	// Ed25519 is deterministic: the key signs the base into the RFC's bytes.
	want, _ := base64.StdEncoding.DecodeString("wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==")
	if got := ed25519.Sign(priv, base); string(got) != string(want) {
		t.Fatal("signing the base does not give the RFC's signature")
	}
	if ok, why := VerifyKey(r, "sig-b26", pub); !ok || why != nil {
		t.Fatalf("the RFC's signature does not verify: %v", why)
	}
	// One changed covered field and it no longer does.
	r.Header["Content-Type"] = []string{"text/plain"}
	if ok, _ := VerifyKey(r, "sig-b26", pub); ok {
		t.Fatal("a changed content-type still verifies")
	}
}

// Rule: the test vectors of draft-meunier-webbotauth-httpsig-protocol
// (§ Test Vectors, EdDSA), dictionary and legacy Signature-Agent, verify with
// the key fetched from a directory (served here by a local server), and
// only because the test key is let in.
func TestDraftVectorsWithDirectory(t *testing.T) {
	_, priv := rfcKeys(t)
	x := encodeX(priv.Public().(ed25519.PublicKey))
	if Thumbprint(x) != rfcTestKey {
		t.Fatalf("thumbprint %s, the draft's keyid is %s", Thumbprint(x), rfcTestKey)
	}
	var hits atomic.Int32
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		if r.URL.Path != WellKnownPath || r.Host != "signature-agent.test" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", MediaType)
		fmt.Fprintf(w, `{"keys":[{"kty":"OKP","crv":"Ed25519","kid":%q,"x":%q,"use":"sig"}]}`, rfcTestKey, x)
	}))
	defer srv.Close()
	// signature-agent.test resolves to the local server (the draft's
	// vectors name that host); its certificate is for example.com.
	tr := srv.Client().Transport.(*http.Transport).Clone()
	tr.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, srv.Listener.Addr().String())
	}
	tr.TLSClientConfig = &tls.Config{RootCAs: tr.TLSClientConfig.RootCAs, ServerName: "example.com"}
	dirs := &Directories{Client: &http.Client{Transport: tr}, AllowPrivate: true}

	dict := &Request{Method: "GET", Authority: "example.com", Path: "/", Header: http.Header{
		"Signature-Agent": {`agent2="https://signature-agent.test"`},
		"Signature-Input": {`sig2=("@authority" "signature-agent";key="agent2");created=1735689600;keyid="poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U";alg="ed25519";expires=4889289600;nonce="n9p433xm+NJ3ph3upfBIGmsuwHw387YV7Q/F+6BSpGCVjYCqQw6rznNA8PVVLySrAWsv0hQtFioQb6E1YsauiA==";tag="web-bot-auth"`},
		"Signature":       {`sig2=:RdNFx5Bj6au3YgAMQL/RzmUlZE8QZLIaXGRpw985hWnwPfMxT228NMk6ehRS1PSl4e8PhbNZACSanGdhEwYCCg==:`},
	}}
	legacy := &Request{Method: "GET", Authority: "example.com", Path: "/", Header: http.Header{
		"Signature-Agent": {`"https://signature-agent.test"`},
		"Signature-Input": {`sig2=("@authority" "signature-agent");created=1735689600;keyid="poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U";alg="ed25519";expires=1735693200;nonce="e8N7S2MFd/qrd6T2R3tdfAuuANngKI7LFtKYI/vowzk4lAZYadIX6wW25MwG7DCT9RUKAJ0qVkU0mEeLElW1qg==";tag="web-bot-auth"`},
		"Signature":       {`sig2=:jdq0SqOwHdyHr9+r5jw3iYZH6aNGKijYp/EstF4RQTQdi5N5YYKrD+mCT1HA1nZDsi6nJKuHxUi/5Syp3rLWBA==:`},
	}}
	at := time.Unix(1735689700, 0)
	v := &Verifier{Directories: dirs, Now: func() time.Time { return at }, AcceptTestKeys: true}
	for name, r := range map[string]*Request{"dictionary": dict, "legacy": legacy} {
		res := v.Verify(context.Background(), r)
		if len(res) != 1 || res[0].Outcome != Verified {
			t.Fatalf("%s: %v %s", name, res[0].Outcome, res[0].Why)
		}
		if want := "verified: https://signature-agent.test (key " + rfcTestKey + ")"; res[0].Why.String() != want {
			t.Errorf("%s: %q, want %q", name, res[0].Why, want)
		}
	}
	if hits.Load() != 1 {
		t.Errorf("directory fetched %d times for one agent; the cache should answer the second", hits.Load())
	}
	// Without AcceptTestKeys the published test key is refused.
	strict := &Verifier{Directories: dirs, Now: v.Now}
	if res := strict.Verify(context.Background(), dict); res[0].Outcome != Invalid || !strings.Contains(res[0].Why.String(), "test key") {
		t.Errorf("test key accepted: %v %s", res[0].Outcome, res[0].Why)
	}
}

// signer is a crawler of the tests: its own key, its own directory.
type signer struct {
	priv  ed25519.PrivateKey
	keyid string
}

func newSigner(t *testing.T) signer {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	return signer{priv: priv, keyid: Thumbprint(encodeX(pub))}
}

func (s signer) jwk() string {
	x := encodeX(s.priv.Public().(ed25519.PublicKey))
	return fmt.Sprintf(`{"kty":"OKP","crv":"Ed25519","kid":%q,"x":%q}`, s.keyid, x)
}

// sign makes a signed GET of path on host from agent, created and expiring
// at the times given.
func (s signer) sign(t *testing.T, agent, host, path string, created, expires time.Time) *Request {
	t.Helper()
	r := &Request{Method: "GET", Authority: host, Path: path, Header: http.Header{
		"Signature-Agent": {`sig1="` + agent + `"`},
		"Signature-Input": {fmt.Sprintf(`sig1=("@authority" "@path" "signature-agent";key="sig1");created=%d;expires=%d;keyid=%q;tag="web-bot-auth"`,
			created.Unix(), expires.Unix(), s.keyid)},
	}}
	in, err := parseDictionary(r.Header["Signature-Input"][0])
	if err != nil {
		t.Fatal(err)
	}
	base, why := signatureBase(r, in[0])
	if why != nil {
		t.Fatal(why.String())
	}
	r.Header["Signature"] = []string{"sig1=:" + base64.StdEncoding.EncodeToString(ed25519.Sign(s.priv, base)) + ":"}
	return r
}

// directoryServer serves handler on a local TLS server; the agent is its
// origin.
func directoryServer(t *testing.T, handler http.HandlerFunc) (agent string, dirs *Directories) {
	t.Helper()
	srv := httptest.NewTLSServer(handler)
	t.Cleanup(srv.Close)
	return "https://" + srv.Listener.Addr().String(), &Directories{Client: srv.Client(), AllowPrivate: true}
}

func serveKeys(body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != WellKnownPath {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", MediaType)
		fmt.Fprint(w, body)
	}
}

// Rule: each way a signed request can fail says exactly why, with the outcome
// the draft's guidance names (invalid or unverified).
func TestWhyNotVerified(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	good := newSigner(t)
	other := newSigner(t)
	keys := `{"keys":[` + good.jwk() + `]}`
	type tc struct {
		name    string
		handler http.HandlerFunc
		request func(agent string) *Request
		outcome Outcome
		why     string
	}
	fresh := func(agent string) *Request {
		return good.sign(t, agent, "example.org", "/page", now.Add(-time.Minute), now.Add(time.Hour))
	}
	cases := []tc{
		{"a fresh signature verifies", serveKeys(keys), fresh, Verified, "verified: https://127.0.0.1"},
		{"expired", serveKeys(keys), func(agent string) *Request {
			return good.sign(t, agent, "example.org", "/page", now.Add(-2*time.Hour), now.Add(-time.Hour))
		}, Invalid, "the signature expired at 2026-11-28T11:00:00Z"},
		{"created in the future", serveKeys(keys), func(agent string) *Request {
			return good.sign(t, agent, "example.org", "/page", now.Add(time.Hour), now.Add(2*time.Hour))
		}, Invalid, "dated in the future"},
		{"wrong key: signed by a key the directory does not list", serveKeys(keys), func(agent string) *Request {
			return other.sign(t, agent, "example.org", "/page", now.Add(-time.Minute), now.Add(time.Hour))
		}, Unverified, "has no key " + other.keyid},
		{"wrong key: another key signed under the listed keyid", serveKeys(keys), func(agent string) *Request {
			r := other.sign(t, agent, "example.org", "/page", now.Add(-time.Minute), now.Add(time.Hour))
			// the same request re-labelled with the good keyid: the base
			// changes, and the signature was another key's anyway
			forged := good.sign(t, agent, "example.org", "/page", now.Add(-time.Minute), now.Add(time.Hour))
			forged.Header["Signature"] = r.Header["Signature"]
			return forged
		}, Invalid, "does not match key " + good.keyid},
		{"changed covered header (the path)", serveKeys(keys), func(agent string) *Request {
			r := fresh(agent)
			r.Path = "/other"
			return r
		}, Invalid, "does not match"},
		{"changed Signature-Agent (same origin, other text)", serveKeys(keys), func(agent string) *Request {
			r := fresh(agent)
			r.Header["Signature-Agent"] = []string{`sig1="` + agent + `/"`}
			return r
		}, Invalid, "does not match"},
		{"not a Web Bot Auth tag", serveKeys(keys), func(agent string) *Request {
			r := fresh(agent)
			r.Header["Signature-Input"] = []string{strings.Replace(r.Header["Signature-Input"][0], `tag="web-bot-auth"`, `tag="other"`, 1)}
			return r
		}, Invalid, "not a Web Bot Auth signature"},
		{"no expires", serveKeys(keys), func(agent string) *Request {
			r := fresh(agent)
			in := r.Header["Signature-Input"][0]
			i := strings.Index(in, ";expires=")
			j := strings.Index(in[i+1:], ";") + i + 1
			r.Header["Signature-Input"] = []string{in[:i] + in[j:]}
			return r
		}, Invalid, "no `expires` time"},
		{"redirecting directory", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "https://elsewhere.example/keys", http.StatusFound)
		}, fresh, Unverified, "redirects (HTTP 302 to https://elsewhere.example/keys)"},
		{"directory answers 404", func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) }, fresh, Unverified, "answered HTTP 404"},
		{"directory served as application/json", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, keys)
		}, fresh, Unverified, "is served as `application/json`"},
		{"huge directory", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", MediaType)
			fmt.Fprint(w, `{"keys":[`+good.jwk())
			pad := strings.Repeat(" ", 4096)
			for i := 0; i < 1024; i++ { // 4 MiB of padding, cut at 64 KiB
				if _, err := fmt.Fprint(w, pad); err != nil {
					return
				}
			}
			fmt.Fprint(w, `]}`)
		}, fresh, Unverified, "is larger than the limit (65536 B)"},
		{"hostile directory: too many keys", serveKeys(`{"keys":[` + strings.Repeat(`{"kty":"OKP"},`, MaxKeys) + good.jwk() + `]}`),
			fresh, Unverified, "lists too many keys (65)"},
		{"hostile directory: not JSON", serveKeys(`<html>keys</html>`), fresh, Unverified, "is not a JSON Web Key Set"},
		{"hostile directory: kid that is not the thumbprint", serveKeys(`{"keys":[` + strings.Replace(good.jwk(), good.keyid, other.keyid, 1) + `]}`),
			fresh, Unverified, "has no key " + good.keyid},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			agent, dirs := directoryServer(t, c.handler)
			v := &Verifier{Directories: dirs, Now: func() time.Time { return now }}
			res := v.Verify(context.Background(), c.request(agent))
			if len(res) != 1 {
				t.Fatalf("%d results", len(res))
			}
			if res[0].Outcome != c.outcome || !strings.Contains(res[0].Why.String(), c.why) {
				t.Fatalf("%v: %s\nwant %v: …%s…", res[0].Outcome, res[0].Why, c.outcome, c.why)
			}
		})
	}
}

// Rule: a directory on a loopback or private address is not fetched unless
// the caller allows it (the draft's SSRF advice).
func TestPrivateDirectoryRefused(t *testing.T) {
	s := newSigner(t)
	agent, dirs := directoryServer(t, serveKeys(`{"keys":[`+s.jwk()+`]}`))
	dirs.AllowPrivate = false
	now := time.Now()
	v := &Verifier{Directories: dirs}
	res := v.Verify(context.Background(), s.sign(t, agent, "example.org", "/", now, now.Add(time.Hour)))
	if res[0].Outcome != Unverified || !strings.Contains(res[0].Why.String(), "private, loopback") {
		t.Fatalf("%v: %s", res[0].Outcome, res[0].Why)
	}
}

// Rule: a failed refetch keeps the keys of the last good fetch (a directory
// that fails to resolve is not evidence), and says so.
func TestStaleDirectoryKept(t *testing.T) {
	s := newSigner(t)
	var down atomic.Bool
	ok := serveKeys(`{"keys":[` + s.jwk() + `]}`)
	agent, dirs := directoryServer(t, func(w http.ResponseWriter, r *http.Request) {
		if down.Load() {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Cache-Control", "max-age=60")
		ok(w, r)
	})
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	dirs.Now = func() time.Time { return now }
	v := &Verifier{Directories: dirs, Now: func() time.Time { return now }}
	r := s.sign(t, agent, "example.org", "/", now, now.Add(3*time.Hour))
	if res := v.Verify(context.Background(), r); res[0].Outcome != Verified {
		t.Fatalf("first: %v %s", res[0].Outcome, res[0].Why)
	}
	down.Store(true)
	now = now.Add(2 * time.Minute) // past max-age
	res := v.Verify(context.Background(), r)
	if res[0].Outcome != Verified {
		t.Fatalf("after the directory went down: %v %s", res[0].Outcome, res[0].Why)
	}
	found := false
	for _, n := range res[0].Notes {
		found = found || strings.Contains(n.String(), "could not be fetched again")
	}
	if !found {
		t.Errorf("no note says the stale keys were used: %v", res[0].Notes)
	}
}

// Rule: the documented Signature-Agent of OpenAI's agent is named as the
// catalogue's crawler.
func TestCrawlerOfChatGPT(t *testing.T) {
	if c, ok := CrawlerOf("https://chatgpt.com"); !ok || c != "ChatGPT Agent (OpenAI)" {
		t.Fatalf("%q %v", c, ok)
	}
	if _, ok := CrawlerOf("https://chatgpt.com.evil.example"); ok {
		t.Fatal("a look-alike origin is taken for ChatGPT Agent")
	}
}

// Rule: unsigned and malformed requests get a reason, never a panic.
func TestMalformedHeaders(t *testing.T) {
	v := &Verifier{Directories: &Directories{}}
	for name, h := range map[string]http.Header{
		"unsigned":           {},
		"input not a dict":   {"Signature-Input": {`((("`}, "Signature": {`a=:AA==:`}},
		"signature missing":  {"Signature-Input": {`a=("@authority");tag="web-bot-auth"`}, "Signature": {`b=:AA==:`}},
		"component not text": {"Signature-Input": {`a=(1 2);tag="web-bot-auth";keyid="k";created=1;expires=2`}, "Signature": {`a=:AA==:`}},
		"binary in string":   {"Signature-Input": {"a=(\"@auth\x01\")"}, "Signature": {`a=:AA==:`}},
	} {
		res := v.Verify(context.Background(), &Request{Method: "GET", Authority: "x", Header: h})
		if len(res) == 0 || res[0].Outcome == Verified || res[0].Why.String() == "" {
			t.Errorf("%s: %+v", name, res)
		}
	}
}

// TestOrigin: a Signature-Agent names an https origin and nothing more; it
// is kept as uri.AbsoluteURL.Origin writes it, so one directory is cached
// once however its origin is written.
func TestOrigin(t *testing.T) {
	for _, c := range []struct {
		rule, agent, want string
	}{
		{"an https origin", "https://bot.example", "https://bot.example"},
		{"case and the default port set aside", "HTTPS://Bot.Example:443/", "https://bot.example"},
		{"another port stays", "https://bot.example:8443", "https://bot.example:8443"},
		{"http is refused", "http://bot.example", ""},
		{"a path is refused", "https://bot.example/keys", ""},
		{"a query is refused", "https://bot.example/?a", ""},
		{"a fragment is refused", "https://bot.example#a", ""},
		{"user info is refused", "https://u@bot.example", ""},
		{"a port of letters is refused", "https://bot.example:x", ""},
		{"no host", "https://", ""},
	} {
		got, why := Origin(c.agent)
		if got != c.want || (why == nil) != (c.want != "") {
			t.Errorf("%s: Origin(%q) = %q, %v; want %q", c.rule, c.agent, got, why, c.want)
		}
	}
}
