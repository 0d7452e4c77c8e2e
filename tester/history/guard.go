package history

import (
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/metatag"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/uri"
)

var (
	msgGuardRoot     = msg.Def("history.guard.root", "{{.Agent}} may not fetch `/`: a file meant for staging would take the whole site out of {{.Who}}")
	msgGuardStar     = msg.Def("history.guard.star", "the `*` group disallows `/`: every crawler not named stays out of the whole site")
	msgGuardWho      = msg.Def("history.guard.search", "this search engine")
	msgGuardMapHost  = msg.Def("history.guard.sitemap_host", "the sitemap {{.URL}} is on {{.Host}}, not on the site {{.Site}}")
	msgGuardMapStage = msg.Def("history.guard.sitemap_staging", "the sitemap {{.URL}} is on a staging or local host ({{.Host}})")
	msgGuardNoindex  = msg.Def("history.guard.noindex", "the home page {{.URL}} is served with X-Robots-Tag: {{.Value}}: search engines drop it from their index")
	msgGuardHomeFail = msg.Def("history.guard.home_failed", "the home page {{.URL}} could not be read for its X-Robots-Tag: {{.Err}}")
)

// GuardFinding is one thing that must never reach a live site.
type GuardFinding struct {
	Code string // production-root, production-star, production-sitemap-host, production-sitemap-staging, production-noindex, production-home-unread
	Line int    // the line of the file it is about; 0 for the home page
	Text msg.Text
}

// GuardOptions say what the live site is.
type GuardOptions struct {
	// Site is the live site (a host or URL), when known: sitemaps on
	// other hosts are reported, and its home page's X-Robots-Tag is read.
	Site string
	// Timeout for reading the home page; 0 = fetch.DefaultTimeout.
	Timeout   time.Duration
	Transport http.RoundTripper
}

// stagingWords mark a host name as a staging, test or local one.
var stagingWords = []string{"staging", "stage", "stg", "dev", "test", "preview", "preprod", "uat", "sandbox", "qa", "local", "localhost", "internal"}

// IsStagingHost reports whether host looks like a staging, test or local
// host: a label such as staging, dev, test, preview or uat, localhost, a
// .local/.test/.internal name or a private or loopback address.
func IsStagingHost(host string) bool {
	h := strings.ToLower(strings.Trim(host, "[]"))
	if ip := net.ParseIP(h); ip != nil {
		return ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast()
	}
	for _, label := range strings.FieldsFunc(h, func(r rune) bool { return r == '.' || r == '-' }) {
		for _, w := range stagingWords {
			if label == w || strings.HasPrefix(label, w) && isDigits(label[len(w):]) {
				return true
			}
		}
	}
	return false
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Production lists what in doc must never reach a live site: `/` closed
// to every crawler or to a major search crawler, a sitemap on another host
// or on a staging host, and (when opts.Site is given) a home page served
// with noindex in X-Robots-Tag.
func Production(ctx context.Context, doc *syntax.Document, opts GuardOptions) []GuardFinding {
	var out []GuardFinding
	if rfc, ok := engine.Get("rfc9309"); ok {
		v := rfc.Compile(doc).Query("RobotsStudioUnnamedBot", "/")
		if !v.Allowed && v.Rule != nil {
			out = append(out, GuardFinding{Code: "production-star", Line: v.Rule.Line, Text: msg.New(msgGuardStar)})
		}
	}
	for _, a := range majors {
		v := engine.ForCrawler(a).Compile(doc).Query(a, "/")
		if !v.Allowed && v.Rule != nil {
			out = append(out, GuardFinding{Code: "production-root", Line: v.Rule.Line, Text: msg.New(msgGuardRoot, "Agent", a, "Who", msg.New(msgGuardWho))})
		}
	}
	siteHost := ""
	var home string
	if opts.Site != "" {
		if t, err := fetch.Resolve(opts.Site); err == nil {
			siteHost = hostOf(t.RobotsURL)
			home = strings.TrimSuffix(t.RobotsURL, "robots.txt")
		}
	}
	for i := range doc.Lines {
		if doc.Lines[i].Kind != syntax.Sitemap {
			continue
		}
		u := doc.Value(i + 1)
		_, rest, ok := uri.CutScheme(u)
		if !ok {
			continue // lint says what is wrong with it
		}
		auth, _ := uri.CutAuthority(rest)
		if at := strings.LastIndexByte(auth, '@'); at >= 0 {
			auth = auth[at+1:]
		}
		host := hostOf("http://" + auth + "/")
		switch {
		case IsStagingHost(host):
			out = append(out, GuardFinding{Code: "production-sitemap-staging", Line: i + 1, Text: msg.New(msgGuardMapStage, "URL", u, "Host", host)})
		case siteHost != "" && !sameSite(host, siteHost):
			out = append(out, GuardFinding{Code: "production-sitemap-host", Line: i + 1, Text: msg.New(msgGuardMapHost, "URL", u, "Host", host, "Site", siteHost)})
		}
	}
	if home != "" {
		if f, ok := homeNoindex(ctx, home, opts); ok {
			out = append(out, f)
		}
	}
	return out
}

// sameSite: the same host, or the www and bare names of one.
func sameSite(a, b string) bool {
	a, b = strings.ToLower(a), strings.ToLower(b)
	return strings.TrimPrefix(a, "www.") == strings.TrimPrefix(b, "www.")
}

// homeNoindex reads the home page's X-Robots-Tag headers (the body is not
// read beyond a little) and reports noindex or none for every crawler or
// a major one.
func homeNoindex(ctx context.Context, home string, opts GuardOptions) (GuardFinding, bool) {
	if opts.Timeout <= 0 {
		opts.Timeout = fetch.DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, opts.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, home, nil)
	if err != nil {
		return GuardFinding{Code: "production-home-unread", Text: msg.New(msgGuardHomeFail, "URL", home, "Err", err.Error())}, true
	}
	req.Header.Set("User-Agent", fetch.DefaultUserAgent)
	tr := opts.Transport
	if tr == nil {
		tr = http.DefaultTransport
	}
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		return GuardFinding{Code: "production-home-unread", Text: msg.New(msgGuardHomeFail, "URL", home, "Err", err.Error())}, true
	}
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	for _, value := range resp.Header.Values("X-Robots-Tag") {
		for _, d := range metatag.ParseHeaderValue(value) {
			if (d.Name == "noindex" || d.Name == "none") && (d.Scope == "robots" || d.Scope == "googlebot" || d.Scope == "bingbot" || d.Scope == "yandex") {
				return GuardFinding{Code: "production-noindex", Text: msg.New(msgGuardNoindex, "URL", home, "Value", value)}, true
			}
		}
	}
	return GuardFinding{}, false
}
