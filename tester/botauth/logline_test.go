package botauth

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/testenv"
)

// logQuote writes v as a server writes a header into a quoted log field:
// nginx escapes `"` and `\` as \x22 and \x5C, Apache as \" and \\.
func logQuote(v string, nginx bool) string {
	if v == "" {
		return `"-"`
	}
	if nginx {
		v = strings.NewReplacer(`\`, `\x5C`, `"`, `\x22`).Replace(v)
	} else {
		v = strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v)
	}
	return `"` + v + `"`
}

// Rule: a line of the signed log format, as nginx and as Apache escape it,
// gives back the request that was signed, and it verifies at the time the
// line records (not the time the log is read).
func TestSignedLogLine(t *testing.T) {
	s := newSigner(t)
	agent, dirs := directoryServer(t, serveKeys(`{"keys":[`+s.jwk()+`]}`))
	at := time.Date(2026, 11, 28, 9, 30, 0, 0, time.UTC)
	r := s.sign(t, agent, "www.example.org", "/blog/post", at.Add(-time.Minute), at.Add(5*time.Minute))
	for _, nginx := range []bool{true, false} {
		line := fmt.Sprintf(`203.0.113.7 - - [28/Nov/2026:10:30:00 +0100] "GET /blog/post?x=1 HTTP/1.1" 200 512 "-" %s %s %s %s %s`,
			logQuote("Mozilla/5.0 (compatible; Test)", nginx), logQuote("www.example.org", nginx),
			logQuote(r.Header["Signature-Input"][0], nginx), logQuote(r.Header["Signature"][0], nginx),
			logQuote(r.Header["Signature-Agent"][0], nginx))
		l, ok := ParseLogLine(line)
		if !ok || !l.Signed {
			t.Fatalf("nginx=%v: not read: %q", nginx, line)
		}
		if l.Request.Path != "/blog/post" || l.Request.Query != "x=1" || l.Request.Authority != "www.example.org" || !l.Time.Equal(at) {
			t.Fatalf("nginx=%v: %+v", nginx, l)
		}
		v := &Verifier{Directories: dirs, Now: func() time.Time { return l.Time }}
		res := v.Verify(context.Background(), &l.Request)
		if res[0].Outcome != Verified {
			t.Fatalf("nginx=%v: %v %s", nginx, res[0].Outcome, res[0].Why)
		}
	}
	if _, ok := ParseLogLine(`203.0.113.7 - - [28/Nov/2026:10:30:00 +0100] "GET / HTTP/1.1" 200 512 "-" "UA"`); ok {
		t.Error("a combined line without the signature fields is taken for the signed format")
	}
}

// Rule: the log_format lines the docs give are accepted by the servers.
func TestLogFormatsAcceptedByServers(t *testing.T) {
	t.Run("nginx", func(t *testing.T) {
		bin := testenv.Tool(t, "nginx")
		tmp := t.TempDir()
		conf := fmt.Sprintf("error_log %[1]s/error.log;\npid %[1]s/nginx.pid;\nevents {}\nhttp {\n    client_body_temp_path %[1]s/body;\n    proxy_temp_path %[1]s/proxy;\n    fastcgi_temp_path %[1]s/fastcgi;\n    uwsgi_temp_path %[1]s/uwsgi;\n    scgi_temp_path %[1]s/scgi;\n    %[2]s\n    access_log %[1]s/access.log signed;\n}\n", tmp, NginxLogFormat)
		path := filepath.Join(tmp, "nginx.conf")
		os.WriteFile(path, []byte(conf), 0o644)
		if out, err := exec.Command(bin, "-t", "-q", "-p", tmp, "-e", filepath.Join(tmp, "error.log"), "-c", path).CombinedOutput(); err != nil {
			t.Fatalf("nginx -t: %v\n%s", err, out)
		}
	})
	t.Run("apache", func(t *testing.T) {
		bin := testenv.Tool(t, "apache2ctl", "apachectl", "httpd")
		modules := "/usr/lib/apache2/modules"
		if _, err := os.Stat(filepath.Join(modules, "mod_log_config.so")); err != nil {
			if _, err := os.Stat(filepath.Join(modules, "mod_mpm_event.so")); err != nil {
				testenv.Need(t, "Apache modules not found in "+modules)
			}
		}
		tmp := t.TempDir()
		load := ""
		if _, err := os.Stat(filepath.Join(modules, "mod_log_config.so")); err == nil {
			load = fmt.Sprintf("LoadModule log_config_module %s/mod_log_config.so\n", modules)
		}
		conf := fmt.Sprintf("DefaultRuntimeDir %[1]s\nPidFile %[1]s/apache2.pid\nErrorLog %[1]s/error.log\nMutex file:%[1]s default\nLoadModule mpm_event_module %[2]s/mod_mpm_event.so\nLoadModule authz_core_module %[2]s/mod_authz_core.so\n%[3]sServerName localhost\nListen 127.0.0.1:18081\n%[4]s\nCustomLog %[1]s/access.log signed\n", tmp, modules, load, ApacheLogFormat)
		path := filepath.Join(tmp, "apache2.conf")
		os.WriteFile(path, []byte(conf), 0o644)
		if out, err := exec.Command(bin, "-t", "-f", path).CombinedOutput(); err != nil {
			t.Fatalf("apache -t: %v\n%s", err, out)
		}
	})
}
