package aiaccess_test

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/testenv"
	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/crawlers/sources"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// The server rules with the IP ranges operators publish, as a catalogue
// update keeps them (read here by the update's own reader from the
// operators' files in tester/crawlers/sources/testdata).

// publishedRanges reads range files of tester/crawlers/sources/testdata as
// an update does.
func publishedRanges(t *testing.T, names ...string) []catalogue.Ranges {
	t.Helper()
	var out []catalogue.Ranges
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join("..", "crawlers", "sources", "testdata", n))
		if err != nil {
			t.Fatal(err)
		}
		r, err := sources.ReadRanges(data, "https://operator.example/"+n, "2026-11-29")
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		out = append(out, r)
	}
	return out
}

// Rule: the nginx and Apache rules pass the servers' own syntax checks,
// by User-Agent alone and with IP ranges (IPv4 and IPv6), and the
// exemption of /robots.txt is in each server's rule.
func TestServerRulesAcceptedByServers(t *testing.T) {
	for _, c := range []struct {
		name   string
		ranges []catalogue.Ranges
	}{
		{"user-agents", nil},
		{"user-agents and ranges", publishedRanges(t, "gptbot.json", "ccbot.json", "chatgpt-user.json")},
	} {
		s := aiaccess.Compile(syntax.Parse(nil), aiaccess.Policy{Stance: aiaccess.NoAI, RefuseAtServer: true, Ranges: c.ranges})
		if len(s.Rules) != len(aiaccess.Servers) {
			t.Fatalf("%s: %d rules", c.name, len(s.Rules))
		}
		for _, r := range s.Rules {
			if !strings.Contains(r.Text, "/robots.txt") {
				t.Errorf("%s: %s: no /robots.txt exemption:\n%s", c.name, r.Server, r.Text)
			}
		}
		if c.ranges != nil && (len(s.Prefixes) == 0 || !strings.Contains(s.Rules[0].Text, "2600:1f28:365:8000::/56")) {
			t.Fatalf("%s: the nginx rule lacks CCBot's IPv6 range:\n%s", c.name, s.Rules[0].Text)
		}
		t.Run(c.name+"/nginx", func(t *testing.T) { nginxAccepts(t, s.Rules[0].Text) })
		t.Run(c.name+"/apache", func(t *testing.T) { apacheAccepts(t, s.Rules[1].Text) })
	}
}

// nginxAccepts checks rule with nginx -t: the part above "# in each server
// block:" in the http block, the rest in a server block.
func nginxAccepts(t *testing.T, rule string) {
	bin := testenv.Tool(t, "nginx")
	tmp, path, conf := nginxConf(t, rule, 18082)
	if out, err := exec.Command(bin, "-t", "-q", "-p", tmp, "-e", filepath.Join(tmp, "error.log"), "-c", path).CombinedOutput(); err != nil {
		t.Fatalf("nginx -t: %v\n%s\n%s", err, out, conf)
	}
}

// nginxConf writes a whole nginx.conf around rule, listening on port,
// every location answering 200; it returns the folder, the file and its
// text.
func nginxConf(t *testing.T, rule string, port int) (tmp, path, conf string) {
	tmp = t.TempDir()
	httpPart, serverPart, _ := strings.Cut(rule, "# in each server block:\n")
	conf = fmt.Sprintf("error_log %[1]s/error.log;\npid %[1]s/nginx.pid;\nevents {}\nhttp {\n    access_log off;\n    client_body_temp_path %[1]s/body;\n    proxy_temp_path %[1]s/proxy;\n    fastcgi_temp_path %[1]s/fastcgi;\n    uwsgi_temp_path %[1]s/uwsgi;\n    scgi_temp_path %[1]s/scgi;\n%[2]s\n    server {\n        listen 127.0.0.1:%[4]d;\n        root %[1]s;\n%[3]s\n        location / { return 200 \"ok\\n\"; }\n    }\n}\n", tmp, httpPart, serverPart, port)
	path = filepath.Join(tmp, "nginx.conf")
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	return tmp, path, conf
}

// apacheAccepts checks rule with apachectl -t inside a virtual host, with
// the modules the rule's Where names.
func apacheAccepts(t *testing.T, rule string) {
	bin := testenv.Tool(t, "apache2ctl", "apachectl", "httpd")
	path, conf := apacheConf(t, rule, 18083)
	if out, err := exec.Command(bin, "-t", "-f", path).CombinedOutput(); err != nil {
		t.Fatalf("apache -t: %v\n%s\n%s", err, out, conf)
	}
}

// apacheConf writes a whole configuration around rule in a virtual host on
// port, whose folder everyone may read but whose file "secret" nobody may
// (a rule in force before the refusal); it returns the file and its text.
func apacheConf(t *testing.T, rule string, port int) (path, conf string) {
	modules := "/usr/lib/apache2/modules"
	if _, err := os.Stat(filepath.Join(modules, "mod_rewrite.so")); err != nil {
		testenv.Need(t, "Apache modules not found in "+modules)
	}
	tmp := t.TempDir()
	// Apache started as root serves as another user: the folder must be
	// readable to it.
	os.Chmod(filepath.Dir(tmp), 0o755)
	os.Chmod(tmp, 0o755)
	if err := os.WriteFile(filepath.Join(tmp, "secret"), []byte("secret\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	conf = fmt.Sprintf("DefaultRuntimeDir %[1]s\nPidFile %[1]s/apache2.pid\nErrorLog %[1]s/error.log\nMutex file:%[1]s default\nLoadModule mpm_event_module %[2]s/mod_mpm_event.so\nLoadModule authz_core_module %[2]s/mod_authz_core.so\nLoadModule authz_host_module %[2]s/mod_authz_host.so\nLoadModule rewrite_module %[2]s/mod_rewrite.so\nServerName localhost\nListen 127.0.0.1:%[4]d\n<Directory />\n    Require all granted\n</Directory>\n<Files \"secret\">\n    Require all denied\n</Files>\n<VirtualHost *:%[4]d>\n    DocumentRoot %[1]s\n%[3]s</VirtualHost>\n", tmp, modules, rule, port)
	path = filepath.Join(tmp, "apache2.conf")
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, conf
}

// Rule: the rules refuse every address of the refused crawlers' range
// files, and none of a file that also serves a crawler the policy lets
// in (Google's ranges serve Googlebot): that file is named in a warning.
// A refused crawler whose operator publishes ranges the catalogue lacks
// gets the warning that says how to read them.
func TestServerRulesRefuseStoredRanges(t *testing.T) {
	ranges := publishedRanges(t, "gptbot.json", "ccbot.json", "googlebot.json")
	s := aiaccess.Compile(syntax.Parse(nil), aiaccess.Policy{Stance: aiaccess.NoAI, RefuseAtServer: true, Ranges: ranges})
	for _, r := range ranges {
		for _, p := range r.Prefixes {
			a := netip.MustParsePrefix(p).Addr()
			got := refusedBy(s.Prefixes, a)
			if want := r.Key != "Google"; got != want {
				t.Errorf("%s's %s: refused %v, want %v", r.Key, p, got, want)
			}
		}
	}
	warned := strings.Join(warningsOf(s), "\n")
	if !strings.Contains(warned, "googlebot.json") || !strings.Contains(warned, "Googlebot, which the policy lets in") {
		t.Errorf("no warning that Google's ranges were left out for Googlebot:\n%s", warned)
	}
	if !strings.Contains(warned, "OAI-SearchBot (https://openai.com/searchbot.json), but the catalogue holds none") ||
		!strings.Contains(warned, "robots-studio crawlers update") {
		t.Errorf("no warning saying how to read OAI-SearchBot's ranges:\n%s", warned)
	}
	if strings.Contains(warned, "of GPTBot (") {
		t.Errorf("GPTBot's ranges are read, yet a warning says they are missing:\n%s", warned)
	}
	if note := s.RangesNote.String(); !strings.Contains(note, "GPTBot (https://operator.example/gptbot.json, 2026-11-29)") || strings.Contains(note, "Google") {
		t.Errorf("the note on the ranges used: %q", note)
	}
	for _, r := range s.Rules {
		if !strings.Contains(r.Text, "20.171.206.0/23") { // two of GPTBot's /24s, merged
			t.Errorf("%s: GPTBot's merged range is not in the rule:\n%s", r.Server, r.Text)
		}
	}
	// Without ranges in the store, the same policy refuses by User-Agent
	// only and says so for GPTBot too.
	none := aiaccess.Compile(syntax.Parse(nil), aiaccess.Policy{Stance: aiaccess.NoAI, RefuseAtServer: true})
	if len(none.Prefixes) > 0 || !strings.Contains(strings.Join(warningsOf(none), "\n"), "IP ranges of GPTBot (https://openai.com/gptbot.json), but the catalogue holds none") {
		t.Errorf("without ranges: %d prefixes, warnings\n%s", len(none.Prefixes), strings.Join(warningsOf(none), "\n"))
	}
}

// Rule: past MaxRulePrefixes a range file is left out whole and named;
// the smaller files stay in.
func TestServerRulesCapRanges(t *testing.T) {
	big := catalogue.Ranges{Key: "Bytespider", Source: "https://operator.example/bytespider.json", Read: "2026-11-29"}
	for i := 0; i <= aiaccess.MaxRulePrefixes; i++ {
		// every other /32: no two join
		big.Prefixes = append(big.Prefixes, netip.AddrFrom4([4]byte{45, byte(i >> 7), byte(i << 1), 1}).String()+"/32")
	}
	ranges := append(publishedRanges(t, "gptbot.json"), big)
	s := aiaccess.Compile(syntax.Parse(nil), aiaccess.Policy{Stance: aiaccess.NoAI, RefuseAtServer: true, Ranges: ranges})
	if !refusedBy(s.Prefixes, netip.MustParseAddr("20.171.206.1")) || refusedBy(s.Prefixes, netip.MustParseAddr("45.0.0.1")) {
		t.Errorf("GPTBot's ranges should stay and Bytespider's go: %d prefixes", len(s.Prefixes))
	}
	if w := strings.Join(warningsOf(s), "\n"); !strings.Contains(w, "IP ranges of Bytespider (https://operator.example/bytespider.json) were left out") {
		t.Errorf("no warning names the file left out:\n%s", w)
	}
	// Cloudflare: every range in some expression, none past 4,096 characters.
	cf := s.Rules[len(s.Rules)-1]
	for _, e := range strings.Split(strings.TrimSpace(cf.Text), "\n\n") {
		if len(e) > 4096 {
			t.Errorf("a Cloudflare expression of %d characters", len(e))
		}
	}
	for _, p := range s.Prefixes {
		if !strings.Contains(cf.Text, p.String()) {
			t.Errorf("Cloudflare lacks %s", p)
		}
	}
}

// Rule: with ranges refused, each server's rule says what its address
// test sees behind a proxy; the Cloudflare rule, which sees the visitor,
// does not.
func TestServerRulesProxyNotes(t *testing.T) {
	s := aiaccess.Compile(syntax.Parse(nil), aiaccess.Policy{Stance: aiaccess.NoAI, RefuseAtServer: true, Ranges: publishedRanges(t, "gptbot.json")})
	for _, r := range s.Rules {
		if got := len(r.Notes) > 0; got != (r.Server != aiaccess.Cloudflare) {
			t.Errorf("%s: notes %v", r.Server, r.Notes)
		}
	}
}

func refusedBy(ps []netip.Prefix, a netip.Addr) bool {
	for _, p := range ps {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

func warningsOf(s aiaccess.Signals) []string {
	var out []string
	for _, w := range s.Warnings {
		out = append(out, w.String())
	}
	return out
}

// Rule: the nginx and Apache rules, run, refuse a refused crawler's
// address everywhere but /robots.txt, let other addresses in, still refuse
// its User-Agent from anywhere, and (Apache) keep a denial already in
// force: the refusal adds to the access rules, it does not replace them.
func TestServerRulesRefuseAddressesLive(t *testing.T) {
	t.Cleanup(aiaccess.RefuseAnyPrefix())
	ranges := []catalogue.Ranges{{Key: "Bytespider", Source: "https://operator.example/bytespider.json", Read: "2026-11-29", Prefixes: []string{"127.0.0.1/32", "::1/128"}}}
	s := aiaccess.Compile(syntax.Parse(nil), aiaccess.Policy{Stance: aiaccess.NoAI, Ranges: ranges})
	if len(s.Rules) != len(aiaccess.Servers) {
		t.Fatalf("%d rules", len(s.Rules))
	}
	type ask struct {
		from, path, ua string
		refused        bool
	}
	asks := []ask{
		{"127.0.0.1", "/page", "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0", true},
		{"127.0.0.1", "/robots.txt", "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0", false},
		{"127.0.0.2", "/page", "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0", false},
		{"127.0.0.2", "/page", "Mozilla/5.0 (compatible; Bytespider; spider-feedback@bytedance.com)", true},
	}
	t.Run("nginx", func(t *testing.T) {
		bin := testenv.Tool(t, "nginx")
		port := freePort(t)
		tmp, path, conf := nginxConf(t, s.Rules[0].Text, port)
		serve(t, port, exec.Command(bin, "-p", tmp, "-e", filepath.Join(tmp, "error.log"), "-c", path, "-g", "daemon off; master_process off;"), conf)
		for _, a := range asks {
			if got := status(t, a.from, port, a.path, a.ua); (got == 403) != a.refused {
				t.Errorf("from %s, %s as %q: %d, refused want %v", a.from, a.path, a.ua, got, a.refused)
			}
		}
	})
	t.Run("apache", func(t *testing.T) {
		bin := testenv.Tool(t, "apache2", "httpd")
		port := freePort(t)
		path, conf := apacheConf(t, s.Rules[1].Text, port)
		serve(t, port, exec.Command(bin, "-X", "-f", path), conf)
		for _, a := range append(asks, ask{"127.0.0.2", "/secret", "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0", true}) {
			if got := status(t, a.from, port, a.path, a.ua); (got == 403) != a.refused {
				t.Errorf("from %s, %s as %q: %d, refused want %v", a.from, a.path, a.ua, got, a.refused)
			}
		}
	})
}

// freePort is a loopback port nothing listens on now.
func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// serve starts cmd, a server in the foreground, ends it when the test
// ends, and returns once port accepts connections (or fails the test when
// the server stops first or takes more than ten seconds).
func serve(t *testing.T, port int, cmd *exec.Cmd, conf string) {
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-done
	})
	deadline := time.After(10 * time.Second)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			c.Close()
			return
		}
		select {
		case err := <-done:
			done <- err
			t.Fatalf("the server stopped: %v\n%s\n%s", err, out.String(), conf)
		case <-deadline:
			t.Fatalf("the server does not listen on %d:\n%s", port, out.String())
		case <-tick.C:
		}
	}
}

// status is the status of GET path on the loopback port, asked from the
// address from with User-Agent ua.
func status(t *testing.T, from string, port int, path, ua string) int {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true}}
	req, _ := http.NewRequest("GET", fmt.Sprintf("http://127.0.0.1:%d%s", port, path), nil)
	req.Header.Set("User-Agent", ua)
	resp, err := client.Do(req)
	if err != nil {
		if from != "127.0.0.1" {
			testenv.Need(t, "no loopback address "+from+" to ask from: "+err.Error())
		}
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// BenchmarkCompileWithRanges: the policy the window compiles on every
// change, with every operator file of the fixtures in the store (about
// 1,500 ranges, Google's left out for Googlebot).
func BenchmarkCompileWithRanges(b *testing.B) {
	t := &testing.T{}
	ranges := publishedRanges(t, "googlebot.json", "special-crawlers.json", "user-triggered-fetchers.json", "bingbot.json",
		"gptbot.json", "searchbot.json", "chatgpt-user.json", "perplexitybot.json", "applebot.json", "ccbot.json")
	doc := syntax.Parse([]byte("User-agent: *\nDisallow: /admin/\n"))
	p := aiaccess.Policy{Stance: aiaccess.NoAI, RefuseAtServer: true, Ranges: ranges}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		aiaccess.Compile(doc, p)
	}
}

// BenchmarkCompileWithoutRanges is the same policy by User-Agent alone.
func BenchmarkCompileWithoutRanges(b *testing.B) {
	doc := syntax.Parse([]byte("User-agent: *\nDisallow: /admin/\n"))
	p := aiaccess.Policy{Stance: aiaccess.NoAI, RefuseAtServer: true}
	for i := 0; i < b.N; i++ {
		aiaccess.Compile(doc, p)
	}
}

// Rule: a range that cannot be one crawler's own — private, loopback,
// reserved, or wider than /8 (IPv4) or /24 (IPv6) — is never refused, and
// the output says so: a file listing 0.0.0.0/0 would otherwise turn every
// visitor away.
func TestServerRulesRefuseOnlyPublicNarrowRanges(t *testing.T) {
	for _, c := range []struct {
		rule   string
		prefix string
		kept   bool
	}{
		{"a public IPv4 block", "20.15.240.64/28", true},
		{"a public IPv6 block", "2600:1f28:365:80b0::/60", true},
		{"/8 is the widest IPv4 block", "20.0.0.0/8", true},
		{"the whole IPv4 internet", "0.0.0.0/0", false},
		{"wider than /8", "16.0.0.0/4", false},
		{"the whole IPv6 internet", "::/0", false},
		{"wider than /24", "2600::/16", false},
		{"private", "10.1.0.0/16", false},
		{"loopback", "127.0.0.1/32", false},
		{"IPv6 unique local", "fd00::/8", false},
	} {
		ranges := []catalogue.Ranges{{Key: "Bytespider", Source: "https://operator.example/bytespider.json", Read: "2026-11-29", Prefixes: []string{c.prefix}}}
		s := aiaccess.Compile(syntax.Parse(nil), aiaccess.Policy{Stance: aiaccess.NoAI, Ranges: ranges})
		nginx := ""
		for _, r := range s.Rules {
			if r.Server == aiaccess.Nginx {
				nginx = r.Text
			}
		}
		said := ""
		for _, w := range s.Warnings {
			said += w.String() + "\n"
		}
		if got := strings.Contains(nginx, c.prefix); got != c.kept {
			t.Errorf("%s: %s in the nginx rule %v, want %v", c.rule, c.prefix, got, c.kept)
		}
		if warned := strings.Contains(said, c.prefix); warned == c.kept {
			t.Errorf("%s: a warning naming %s %v, want %v:\n%s", c.rule, c.prefix, warned, !c.kept, said)
		}
	}
}
