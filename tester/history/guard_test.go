package history

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

func TestProductionGuard(t *testing.T) {
	home := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/" {
			w.Header().Add("X-Robots-Tag", "googlebot: noindex, nofollow")
		}
	}))
	defer home.Close()
	clean := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("X-Robots-Tag", "otherbot: noindex")
	}))
	defer clean.Close()
	for _, c := range []struct {
		rule string
		file string
		site string
		want []string // codes with their lines
	}{
		{"a staging file: `*` closed", "User-agent: *\nDisallow: /\n", "", []string{"production-star:2", "production-root:2", "production-root:2", "production-root:2"}},
		{"Googlebot alone shut out", "User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nDisallow: /tmp/\n", "", []string{"production-root:2"}},
		{"a sitemap on a staging host", "User-agent: *\nDisallow:\nSitemap: https://staging.example.com/sitemap.xml\nSitemap: https://dev2.example.com/s.xml\nSitemap: http://10.0.0.5/s.xml\n", "", []string{"production-sitemap-staging:3", "production-sitemap-staging:4", "production-sitemap-staging:5"}},
		{"a sitemap on another host than the site", "User-agent: *\nDisallow:\nSitemap: https://cdn.other.example/s.xml\n", clean.URL, []string{"production-sitemap-host:3"}},
		{"noindex in the home page's X-Robots-Tag", "User-agent: *\nDisallow:\n", home.URL, []string{"production-noindex:0"}},
		{"noindex for another bot only: nothing", "User-agent: *\nDisallow:\n", clean.URL, nil},
		{"a live file: nothing", "User-agent: *\nDisallow: /admin/\nSitemap: https://example.com/sitemap.xml\n", "", nil},
	} {
		t.Run(c.rule, func(t *testing.T) {
			fs := Production(context.Background(), syntax.Parse([]byte(c.file)), GuardOptions{Site: c.site})
			var got []string
			for _, f := range fs {
				got = append(got, f.Code+":"+itoa(f.Line))
			}
			if strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

func TestSameSite(t *testing.T) {
	if !sameSite("www.example.com", "example.com") || !sameSite("Example.com", "example.com") || sameSite("cdn.example.com", "example.com") {
		t.Error("www and bare names are one site; another subdomain is not")
	}
}

func TestIsStagingHost(t *testing.T) {
	for host, want := range map[string]bool{
		"staging.example.com": true, "example-staging.com": true, "dev.example.com": true, "stage2.shop.example": true,
		"localhost": true, "127.0.0.1": true, "192.168.1.4": true, "[::1]": true, "shop.local": true,
		"example.com": false, "www.example.com": false, "developer.example.com": false, "testimonials.example.com": false, "8.8.8.8": false,
	} {
		if got := IsStagingHost(host); got != want {
			t.Errorf("IsStagingHost(%s) = %v, want %v", host, got, want)
		}
	}
}
