package uri

import "testing"

// FuzzCutSameAuthority: when u starts with the authority written in first,
// SplitAbsolute(u) gives the scheme, host and port of first and the Rest
// CutSameAuthority returns; when SplitAbsolute gives u first's authority
// as written, CutSameAuthority says so.
func FuzzCutSameAuthority(f *testing.F) {
	f.Add("https://www.example.com/a", "https://www.example.com/b?c")
	f.Add("https://www.example.com/a", "https://www.example.com.evil/b")
	f.Add("https://www.example.com/a", "https://www.example.com:8080/b")
	f.Add("HTTP://User@Example.COM:80?x", "HTTP://User@Example.COM:80#y")
	f.Add("http://a:b@c/", "http://a:b@c")
	f.Add("http://a.b", "http://a.b@c/")
	f.Fuzz(func(t *testing.T, first, u string) {
		a, ok := SplitAbsolute(first)
		if !ok {
			return
		}
		written := a.Authority(first)
		b, bok := SplitAbsolute(u)
		rest, same := CutSameAuthority(u, written)
		if same {
			if !bok || b.Scheme != a.Scheme || b.Host != a.Host || b.Port != a.Port || b.Rest != rest {
				t.Fatalf("CutSameAuthority(%q, %q) = %q, but SplitAbsolute gives %+v (%v) against %+v", u, written, rest, b, bok, a)
			}
			return
		}
		if bok && b.Authority(u) == written {
			t.Fatalf("CutSameAuthority(%q, %q) missed the same authority", u, written)
		}
	})
}

func TestCutSameAuthority(t *testing.T) {
	for _, c := range []struct {
		rule, u, written, rest string
		ok                     bool
	}{
		{"a path follows", "https://a.example/x", "https://a.example", "/x", true},
		{"a query follows", "https://a.example?q", "https://a.example", "?q", true},
		{"a fragment follows", "https://a.example#f", "https://a.example", "#f", true},
		{"nothing follows", "https://a.example", "https://a.example", "", true},
		{"a longer host", "https://a.example.org/x", "https://a.example", "", false},
		{"a port follows", "https://a.example:81/x", "https://a.example", "", false},
		{"user info follows", "https://a.example@b.example/", "https://a.example", "", false},
		{"another start", "http://a.example/", "https://a.example", "", false},
		{"no written authority", "https://a.example/", "", "", false},
	} {
		rest, ok := CutSameAuthority(c.u, c.written)
		if rest != c.rest || ok != c.ok {
			t.Errorf("%s: CutSameAuthority(%q, %q) = %q, %v; want %q, %v", c.rule, c.u, c.written, rest, ok, c.rest, c.ok)
		}
	}
}
