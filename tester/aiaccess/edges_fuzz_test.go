package aiaccess

import "testing"

// FuzzReadEdge: any config text, for any server, is read or noted, never a
// panic.
func FuzzReadEdge(f *testing.F) {
	f.Add("if ($http_user_agent ~* \"(a|b)\") { return 403; }\nmap $http_user_agent $x {\n ~*c 1;\n}\nif ($x) { return 403; }\n")
	f.Add("RewriteCond %{HTTP_USER_AGENT} (a|b) [NC]\nRewriteRule ^ - [F]\nBrowserMatch x y\nRequire not env y\n")
	f.Add("@m {\nheader User-Agent *x*\n}\nrespond @m 403\nacl a hdr_reg(User-Agent) -i \"x\"\nhttp-request deny if a\n")
	f.Add(`(lower(http.user_agent) contains "x\"") or http.user_agent matches "("`)
	f.Fuzz(func(t *testing.T, config string) {
		for _, s := range Servers {
			ReadEdge(s, []byte(config))
		}
	})
}
