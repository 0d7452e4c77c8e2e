package mirror

import (
	"bytes"
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/hostname"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// goldenPlan is the scenario of the golden files: an HTTPS main name, its
// bare and http twins, a second port and an IDN name.
func goldenPlan(t testing.TB, opt Options) *Plan {
	t.Helper()
	robots := []byte("User-agent: *\nDisallow: /cgi-bin\n\nUser-agent: Googlebot\nDisallow: /tmp\n")
	var mirrors []hostname.Name
	for _, s := range []string{"http://www.example.ru", "example.ru", "https://example.ru", "www.example.ru:8080", "главное-зеркало.рф"} {
		mirrors = append(mirrors, mustName(t, s))
	}
	p, err := NewPlan(robots, mustName(t, "https://www.example.ru"), mirrors, opt)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func render(snippets []Snippet) string {
	var b strings.Builder
	for _, s := range snippets {
		b.WriteString("### " + s.Title.String() + " — " + s.Where.String() + "\n")
		b.WriteString(s.Text)
	}
	return b.String()
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	corpus.Golden(t, filepath.Join("testdata", name), got, *update)
}

func TestGoldenConfigs(t *testing.T) {
	p := goldenPlan(t, Options{})
	golden(t, "nginx-serve.golden", render(p.Serve(Nginx)))
	golden(t, "nginx-redirect.golden", render(p.Redirect(Nginx)))
	golden(t, "apache-serve.golden", render(p.Serve(Apache)))
	golden(t, "apache-ssi.golden", render(p.Serve(ApacheSSI)))
	golden(t, "apache-redirect.golden", render(p.Redirect(Apache)))
	golden(t, "canonical.golden", render([]Snippet{p.Canonical("/news/?a=1&b=2")}))
	golden(t, "robots.diff.golden", p.Diff())
	enc := goldenPlan(t, Options{EncodingDirs: []string{"/dos", "/mac", "/koi"}})
	golden(t, "encoding-dirs.diff.golden", enc.Diff())
}

// TestApacheSchemeCondition: the HTTPS test appears only when a mirror
// differs in scheme, and points the right way.
func TestApacheSchemeCondition(t *testing.T) {
	cases := []struct {
		name, main, mirror, want, wantNot string
	}{
		{"http main, http mirror: host only", "www.example.ru", "example.ru", "!^www\\.example\\.ru(:80)?$ [NC]\n", "HTTPS"},
		{"https main, http mirror: redirect plain http", "https://www.example.ru", "http://www.example.ru", "RewriteCond %{HTTPS} !=on\n", ""},
		{"http main, https mirror: redirect https", "www.example.ru", "https://www.example.ru", "RewriteCond %{HTTPS} =on\n", ""},
		{"main on a non-default port needs it in Host", "www.example.ru:8080", "www.example.ru", "!^www\\.example\\.ru:8080$", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := NewPlan(nil, mustName(t, c.main), []hostname.Name{mustName(t, c.mirror)}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			got := p.Redirect(Apache)[0].Text
			if !strings.Contains(got, c.want) || c.wantNot != "" && strings.Contains(got, c.wantNot) {
				t.Errorf("got\n%s\nwant it to contain %q and not %q", got, c.want, c.wantNot)
			}
		})
	}
}

func TestNewPlanRefuses(t *testing.T) {
	main := mustName(t, "www.example.ru")
	cases := []struct {
		name    string
		main    hostname.Name
		mirrors []hostname.Name
		opt     Options
		want    string
	}{
		{"no main name yet: asked for, not called invalid", hostname.ParseName("", hostname.ModeInput), nil, Options{}, "write the site's main name first"},
		{"invalid main", hostname.ParseName("www.my_host.ru", hostname.ModeInput), nil, Options{}, "underscore"},
		{"invalid mirror", main, []hostname.Name{hostname.ParseName("213.180.194.129", hostname.ModeInput)}, Options{}, "IP address"},
		{"mirror equal to main (default port)", main, []hostname.Name{mustName(t, "www.example.ru:80")}, Options{}, "main mirror itself"},
		{"mirror listed twice", main, []hostname.Name{mustName(t, "example.ru"), mustName(t, "EXAMPLE.ru")}, Options{}, "twice"},
		{"encoding directory without slash", main, nil, Options{EncodingDirs: []string{"koi"}}, "start with /"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewPlan(nil, c.main, c.mirrors, c.opt)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want it to mention %q", err, c.want)
			}
		})
	}
}

func TestSSIKeepsCRLF(t *testing.T) {
	p, err := NewPlan([]byte("User-agent: *\r\nDisallow: /a\r\n"), mustName(t, "example.ru"), []hostname.Name{mustName(t, "www.example.ru")}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	file := p.Serve(ApacheSSI)[1].Text
	if bytes.Count([]byte(file), []byte("\n")) != bytes.Count([]byte(file), []byte("\r\n")) {
		t.Errorf("SSI robots.txt mixes line endings:\n%q", file)
	}
}

func TestReadersAndAdvice(t *testing.T) {
	rows := Readers()
	if len(rows) != 4 {
		t.Fatalf("%d readers", len(rows))
	}
	if !strings.Contains(rows[1].Host.String(), "never") {
		t.Errorf("Google's Host cell should say it never read Host: %q", rows[1].Host)
	}
	if !strings.Contains(rows[0].Host.String(), "2018") {
		t.Errorf("Yandex's Host cell should name 2018: %q", rows[0].Host)
	}
	if !strings.Contains(Advice().String(), "301") {
		t.Error("advice without the 301")
	}
}

func TestCheck(t *testing.T) {
	p := goldenPlan(t, Options{EncodingDirs: []string{"/koi"}})
	// A tiny stand-in for the engines: blocked when a Disallow value of the
	// served file is a prefix of the path.
	test := func(robots []byte, crawler, path string) (bool, string) {
		for _, line := range strings.Split(string(robots), "\n") {
			if v, ok := strings.CutPrefix(line, "Disallow: "); ok && v != "" && strings.HasPrefix(path, v) {
				return false, line
			}
		}
		return true, "no rule"
	}
	paths := p.DefaultPaths()
	if strings.Join(paths, " ") != "/ /cgi-bin /koi/" {
		t.Errorf("default paths %v", paths)
	}
	rows := p.Check(PerHost, []string{"YandexBot"}, paths, test)
	if len(rows) != 6*len(paths) {
		t.Fatalf("%d rows, want %d", len(rows), 6*len(paths))
	}
	for _, r := range rows {
		wantAllowed := r.Main && r.Path == "/"
		if r.Allowed != wantAllowed {
			t.Errorf("%s %s: allowed %v, want %v (%s)", r.Host, r.Path, r.Allowed, wantAllowed, r.Why)
		}
	}
	rows = p.Check(Redirect, []string{"YandexBot"}, []string{"/"}, test)
	for _, r := range rows {
		if !r.Allowed {
			t.Errorf("redirect strategy: %s / blocked; mirrors read the main file", r.Host)
		}
	}
}
