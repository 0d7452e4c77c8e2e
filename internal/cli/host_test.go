package cli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runHostCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	return runCmd(t, stdin, append([]string{"host"}, args...)...)
}

func TestHostCommand(t *testing.T) {
	robots := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(robots, []byte("Host: https://old.example.ru\r\n\r\nUser-agent: *\r\nDisallow: /cgi-bin\r\nCrawl-delay: 2\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name     string
		args     []string
		code     int
		contains []string
		stderr   string
	}{
		{name: "valid names exit 0 and show the Host value",
			args: []string{"www.myhost.ru", "https://www.myhost.ru:8443"}, code: 0,
			contains: []string{"www.myhost.ru: valid: http://www.myhost.ru, Host: www.myhost.ru", "Host: https://www.myhost.ru:8443"}},
		{name: "one invalid name makes exit 1, with its reason",
			args: []string{"www.myhost.ru", "www.my_host.ru"}, code: 1,
			contains: []string{"www.my_host.ru: invalid: label my_host contains an underscore"}},
		{name: "IDN shown with its punycode",
			args: []string{"главное-зеркало.рф"}, code: 0,
			contains: []string{"xn----7sbbgdobp2adirnh0a.xn--p1ai", "internationalised name главное-зеркало.рф"}},
		{name: "the classic rules refuse a scheme in a Host value",
			args: []string{"--as", "classic", "http://www.myhost.ru"}, code: 1,
			contains: []string{"http:// is not part of a host name"}},
		{name: "www.mysi.te: unknown top-level domain",
			args: []string{"www.mysi.te"}, code: 1, contains: []string{".te is not a top-level domain"}},
		{name: "no names is a usage error", args: nil, code: 2, stderr: "give host names"},
		{name: "unknown --as is a usage error", args: []string{"--as", "bing", "a.ru"}, code: 2, stderr: "--as"},
		{name: "plan: Host line, per-host and redirect configs for both servers",
			args: []string{"--main", "https://www.example.ru", "--mirror", "example.ru", "--mirror", "www.example.ru:8080"}, code: 0,
			contains: []string{"Host: https://www.example.ru\n", "map \"$scheme://$host:$server_port\"", "RewriteRule ^/?robots\\.txt$ /robots-mirror.txt",
				"return 301 https://www.example.ru$request_uri;", "RewriteRule ^ https://www.example.ru%{REQUEST_URI} [R=301,L]",
				`<link rel="canonical" href="https://www.example.ru/">`, "never read"}},
		{name: "plan with a robots file: analysis, CRLF-preserving diff, removal reason",
			args: []string{"--main", "https://www.example.ru", "--mirror", "example.ru", "--robots", robots, "--server", "nginx", "--encoding-dir", "/koi"}, code: 0,
			contains: []string{"Line 1 stands before the first User-agent line", "-Host: https://old.example.ru", "+Disallow: /koi\r\n+Host: https://www.example.ru\r\n",
				"names another mirror"}},
		{name: "apache-ssi prints the SSI robots.txt",
			args: []string{"--main", "www.example.ru", "--mirror", "example.ru", "--server", "apache-ssi"}, code: 0,
			contains: []string{"<!--#if expr=", "SetOutputFilter INCLUDES", "<!--#endif -->"}},
		{name: "plan with an invalid mirror exits 1",
			args: []string{"--main", "www.example.ru", "--mirror", "213.180.194.129"}, code: 1, stderr: "IP address"},
		{name: "unknown server is a usage error",
			args: []string{"--main", "www.example.ru", "--server", "iis"}, code: 2, stderr: "--server"},
		{name: "missing robots file is a usage error",
			args: []string{"--main", "www.example.ru", "--robots", filepath.Join(t.TempDir(), "none.txt")}, code: 2, stderr: "does not exist"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runHostCmd(t, "", c.args...)
			if code != c.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, c.code, out, errOut)
			}
			for _, s := range c.contains {
				if !strings.Contains(out, s) {
					t.Errorf("stdout lacks %q:\n%s", s, out)
				}
			}
			if c.stderr != "" && !strings.Contains(errOut, c.stderr) {
				t.Errorf("stderr lacks %q: %s", c.stderr, errOut)
			}
		})
	}
}

func TestHostCommandCRLFDiff(t *testing.T) {
	robots := filepath.Join(t.TempDir(), "robots.txt")
	os.WriteFile(robots, []byte("User-agent: *\r\nDisallow: /a\r\n"), 0o644)
	code, out, _ := runHostCmd(t, "", "--main", "example.ru", "--robots", robots, "--server", "nginx")
	if code != 0 || !strings.Contains(out, "+Host: example.ru\r\n") {
		t.Errorf("exit %d; the diff should show the new line with the file's CRLF:\n%q", code, out)
	}
}

func TestHostCommandJSON(t *testing.T) {
	code, out, _ := runHostCmd(t, "", "--json", "www.myhost.ru:8080", "www.myhost-.ru")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	var got []struct {
		Input     string `json:"input"`
		Valid     bool   `json:"valid"`
		Port      int    `json:"port"`
		HostValue string `json:"host_value"`
		Problems  []struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"problems"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(got) != 2 || !got[0].Valid || got[0].Port != 8080 || got[0].HostValue != "www.myhost.ru:8080" {
		t.Errorf("first entry %+v", got)
	}
	if got[1].Valid || len(got[1].Problems) == 0 || got[1].Problems[0].Code != "trailing-hyphen" {
		t.Errorf("second entry %+v", got[1])
	}
}
