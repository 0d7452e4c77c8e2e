package mirror

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/testenv"
)

// These tests hand the generated configs to the real servers' syntax checks.
// `make test` installs nginx and apache2 (Debian packages) and fails when
// they are missing; a plain `go test` elsewhere skips.

func lookBinary(t *testing.T, names ...string) string {
	t.Helper()
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
		for _, dir := range []string{"/usr/sbin", "/sbin"} {
			if p := filepath.Join(dir, n); isExecutable(p) {
				return p
			}
		}
	}
	testenv.Need(t, strings.Join(names, "/")+" not installed: cannot run its config test (apt-get install nginx apache2)")
	return ""
}

func isExecutable(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode()&0o111 != 0
}

// writeSelfSigned writes CertDir/name/{fullchain,privkey}.pem for every name
// an ssl_certificate line of conf expects.
func writeSelfSigned(t *testing.T, certDir, conf string) {
	t.Helper()
	re := regexp.MustCompile(regexp.QuoteMeta(certDir) + `/([^/]+)/fullchain\.pem`)
	for _, m := range re.FindAllStringSubmatch(conf, -1) {
		key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		tmpl := &x509.Certificate{
			SerialNumber: big.NewInt(1),
			Subject:      pkix.Name{CommonName: m[1]},
			DNSNames:     []string{m[1]},
			NotBefore:    time.Now().Add(-time.Hour),
			NotAfter:     time.Now().Add(time.Hour),
		}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
		if err != nil {
			t.Fatal(err)
		}
		keyDER, err := x509.MarshalECPrivateKey(key)
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(certDir, m[1])
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, "fullchain.pem"), pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o644)
		os.WriteFile(filepath.Join(dir, "privkey.pem"), pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600)
	}
}

func runCheck(t *testing.T, bin string, args ...string) {
	t.Helper()
	out, err := exec.Command(bin, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", bin, strings.Join(args, " "), err, out)
	}
}

func TestNginxAcceptsGeneratedConfig(t *testing.T) {
	bin := lookBinary(t, "nginx")
	tmp := t.TempDir()
	saved := CertDir
	CertDir = filepath.Join(tmp, "certs")
	defer func() { CertDir = saved }()

	p := goldenPlan(t, Options{})
	serve := p.Serve(Nginx)
	redirect := p.Redirect(Nginx)[0].Text
	writeSelfSigned(t, CertDir, redirect)
	conf := fmt.Sprintf(`error_log %[1]s/error.log;
pid %[1]s/nginx.pid;
events {}
http {
    access_log off;
    client_body_temp_path %[1]s/body;
    proxy_temp_path %[1]s/proxy;
    fastcgi_temp_path %[1]s/fastcgi;
    uwsgi_temp_path %[1]s/uwsgi;
    scgi_temp_path %[1]s/scgi;
%[2]s
%[3]s
    server {
        listen 8443 ssl;
        server_name www.example.ru;
        ssl_certificate     %[5]s/example.ru/fullchain.pem;
        ssl_certificate_key %[5]s/example.ru/privkey.pem;
        root %[1]s;
%[4]s
    }
}
`, tmp, serve[0].Text, redirect, serve[1].Text, CertDir)
	path := filepath.Join(tmp, "nginx.conf")
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	runCheck(t, bin, "-t", "-q", "-p", tmp, "-e", filepath.Join(tmp, "error.log"), "-c", path)
}

func TestApacheAcceptsGeneratedConfig(t *testing.T) {
	bin := lookBinary(t, "apache2ctl", "apachectl", "httpd")
	modules := "/usr/lib/apache2/modules"
	if _, err := os.Stat(filepath.Join(modules, "mod_rewrite.so")); err != nil {
		testenv.Need(t, fmt.Sprintf("Apache modules not found in %s: %v", modules, err))
	}
	tmp := t.TempDir()
	p := goldenPlan(t, Options{})
	var parts []string
	for _, s := range p.Serve(Apache) {
		if s.Lang == "apache" {
			parts = append(parts, s.Text)
		}
	}
	parts = append(parts, p.Redirect(Apache)[0].Text)
	for _, s := range p.Serve(ApacheSSI) {
		if s.Lang == "apache" {
			parts = append(parts, s.Text)
		}
	}
	conf := fmt.Sprintf(`DefaultRuntimeDir %[1]s
PidFile %[1]s/apache2.pid
ErrorLog %[1]s/error.log
Mutex file:%[1]s default
LoadModule mpm_event_module %[2]s/mod_mpm_event.so
LoadModule authz_core_module %[2]s/mod_authz_core.so
LoadModule rewrite_module %[2]s/mod_rewrite.so
LoadModule include_module %[2]s/mod_include.so
ServerName localhost
Listen 127.0.0.1:18080
<VirtualHost *:18080>
    ServerName www.example.ru
    ServerAlias example.ru
    DocumentRoot %[1]s
%[3]s
</VirtualHost>
`, tmp, modules, strings.Join(parts, "\n"))
	path := filepath.Join(tmp, "apache2.conf")
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	runCheck(t, bin, "-t", "-f", path)
}
