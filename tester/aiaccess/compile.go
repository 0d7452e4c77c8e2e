package aiaccess

import (
	"net/netip"
	"sort"
	"strings"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// One policy compiled to every place a crawler or a reader looks: the
// robots.txt groups (Build), the Content-Signal and Content-Usage values
// (for robots.txt and as HTTP headers), Bing's robots meta tag and
// X-Robots-Tag, and server and edge rules that refuse by User-Agent, and by
// the IP ranges the operators publish where an update read them, the
// crawlers robots.txt cannot stop.

// Server is a web server or edge the rules are written for.
type Server string

// Servers.
const (
	Nginx      Server = "nginx"
	Apache     Server = "apache"
	Caddy      Server = "caddy"
	HAProxy    Server = "haproxy"
	Cloudflare Server = "cloudflare"
)

// Servers lists them in output order.
var Servers = []Server{Nginx, Apache, Caddy, HAProxy, Cloudflare}

// ServerRule is one server's rule, ready to paste.
type ServerRule struct {
	Server Server
	Where  msg.Text // where it goes ("in the http block, and in each server block")
	Text   string
	// Notes are this server's own: what its address test sees behind a
	// proxy, what its limits left out.
	Notes []msg.Text
}

// Signals is a compiled policy.
type Signals struct {
	Plan          Plan   // the robots.txt edits (Build)
	Robots        []byte // the robots.txt with the edits applied
	ContentSignal string // "search=yes, ai-input=yes, ai-train=no"
	ContentUsage  string // "train-ai=n, search=y"
	// BingMeta is the robots meta tag for Bing's AI answers and training,
	// "" when the policy asks nothing of them; XRobotsTag the same as a
	// header value.
	BingMeta   string
	XRobotsTag string
	BingWhy    msg.Text
	// Refused are the crawlers the server rules refuse, with the
	// User-Agent patterns that match them.
	Refused  []catalogue.Crawler
	Patterns []string
	// Prefixes are the IP ranges the server rules refuse (merged), from
	// the range files RangeFiles; RangesNote names them with the day each
	// was read.
	Prefixes   []netip.Prefix
	RangeFiles []catalogue.Ranges
	RangesNote msg.Text
	Rules      []ServerRule
	Warnings   []msg.Text
}

var (
	msgBingNoarchive = msg.Def("aiaccess.compile.bing_noarchive", "Bing: noarchive keeps pages out of Copilot (Bing Chat) answers and out of the training of Microsoft's generative models; they stay in Bing search")
	msgBingNocache   = msg.Def("aiaccess.compile.bing_nocache", "Bing: nocache lets Copilot (Bing Chat) answers show only the URL, title and snippet, and only those may be used for training; the pages stay in Bing search")
	msgBingNothing   = msg.Def("aiaccess.compile.bing_nothing", "Bing: the policy lets Copilot (Bing Chat) answers and training use the pages, so no tag is needed")
	msgWhereNginx    = msg.Def("aiaccess.compile.where_nginx", "the map in the http block; the three lines in each server block")
	msgWhereNginxIP  = msg.Def("aiaccess.compile.where_nginx_ranges", "the map and geo blocks in the http block; the lines after “# in each server block” in each server block")
	msgWhereApache   = msg.Def("aiaccess.compile.where_apache", "in the virtual host or .htaccess (needs mod_rewrite)")
	msgWhereApacheIP = msg.Def("aiaccess.compile.where_apache_ranges", "in the virtual host (needs mod_rewrite, mod_authz_core and mod_authz_host); in .htaccess only where the folder has `AllowOverride All`, which `<If>`, `Require` and `AuthMerging` need: elsewhere Apache answers every request there with 500")
	msgWhereCaddy    = msg.Def("aiaccess.compile.where_caddy", "in the site block of the Caddyfile")
	msgWhereHAProxy  = msg.Def("aiaccess.compile.where_haproxy", "in the frontend section")
	msgWhereCF       = msg.Def("aiaccess.compile.where_cloudflare", "Cloudflare dashboard: Security, WAF, custom rule; expression as below, action Block")
	msgWhereCFMany   = msg.Def("aiaccess.compile.where_cloudflare_many", "Cloudflare dashboard: Security, WAF, custom rules; Cloudflare takes at most 4,096 characters in one expression, so each paragraph below is a rule of its own (rules in all: {{.Count}}; the Free plan allows 5), action Block")
	msgPatternUnsafe = msg.Def("aiaccess.compile.pattern_unsafe", "the User-Agent pattern `{{.Pattern}}` of {{.Name}} has characters the server rules do not take; it was left out")
	msgPatternKept   = msg.Def("aiaccess.compile.pattern_kept", "the User-Agent pattern `{{.Pattern}}` of the refused {{.Name}} also matches {{.Kept}}, which the policy lets in; it was left out of the server rules")
	msgServerNote    = msg.Def("aiaccess.compile.server_note", "the server rules answer 403 to these User-Agents (and to the IP ranges they list) everywhere except /robots.txt, so a crawler that reads robots.txt still learns the refusal (a 403 on robots.txt itself would tell RFC 9309 crawlers that everything is allowed)")
)

// Compile compiles p for doc.
func Compile(doc *syntax.Document, p Policy) Signals {
	s := Signals{Plan: Build(doc, p)}
	if out, err := syntax.ApplyEdits(doc.Src, s.Plan.Edits); err == nil {
		s.Robots = out
	}
	s.ContentSignal, s.ContentUsage = p.signals()
	s.Warnings = append(s.Warnings, s.Plan.Warnings...)

	// Bing: NOARCHIVE keeps content out of the answers and the training;
	// NOCACHE keeps only URL, title and snippet; with both, Bing reads
	// NOCACHE, so one is written, never both.
	_, inputNo, trainNo := p.refusals()
	switch {
	case inputNo:
		s.BingMeta, s.XRobotsTag, s.BingWhy = `<meta name="robots" content="noarchive">`, "noarchive", msg.New(msgBingNoarchive)
	case trainNo:
		s.BingMeta, s.XRobotsTag, s.BingWhy = `<meta name="robots" content="nocache">`, "nocache", msg.New(msgBingNocache)
	default:
		s.BingWhy = msg.New(msgBingNothing)
	}

	// The server rules: refused crawlers that send requests and that
	// robots.txt cannot stop, or every refused one when asked.
	seen := map[string]bool{}
	patterned := map[string]bool{} // refused by a User-Agent pattern
	for _, c := range s.Plan.Blocked {
		if c.RobotsTxt == catalogue.TokenOnly || (!p.RefuseAtServer && c.RobotsTxt.Stoppable()) {
			continue
		}
		added := len(rangesOf(c, p.Ranges)) > 0 // refused by address alone if it must
		for _, pat := range c.UAPatterns {
			if !safePattern(pat) {
				s.Warnings = append(s.Warnings, msg.New(msgPatternUnsafe, "Pattern", pat, "Name", c.Name))
				continue
			}
			if kept := keptMatch(pat, p); kept != "" {
				s.Warnings = append(s.Warnings, msg.New(msgPatternKept, "Pattern", pat, "Name", c.Name, "Kept", kept))
				continue
			}
			if key := strings.ToLower(pat); !seen[key] {
				seen[key] = true
				s.Patterns = append(s.Patterns, pat)
			}
			added, patterned[c.Name] = true, true
		}
		if added {
			s.Refused = append(s.Refused, c)
			if files := catalogue.HowToVerify(c).Ranges; len(files) > 0 && len(rangesOf(c, p.Ranges)) == 0 {
				s.Warnings = append(s.Warnings, msg.New(msgRangesMissing, "Operator", c.Operator, "Name", c.Name, "Files", strings.Join(files, ", ")))
			}
		}
	}
	sort.Slice(s.Patterns, func(i, j int) bool { return strings.ToLower(s.Patterns[i]) < strings.ToLower(s.Patterns[j]) })
	var warnings []msg.Text
	s.Prefixes, s.RangeFiles, warnings = refusedRanges(s.Refused, p)
	s.Warnings = append(s.Warnings, warnings...)
	// A crawler refused by address alone whose ranges all stayed out is
	// not refused at all.
	kept := s.Refused[:0]
	for _, c := range s.Refused {
		if patterned[c.Name] || len(rangesOf(c, s.RangeFiles)) > 0 {
			kept = append(kept, c)
		}
	}
	s.Refused = kept
	if len(s.RangeFiles) > 0 {
		s.RangesNote = rangesUsed(s.RangeFiles)
	}
	if len(s.Patterns) > 0 || len(s.Prefixes) > 0 {
		s.Rules = serverRules(s.Patterns, s.Prefixes)
		s.Warnings = append(s.Warnings, msg.New(msgServerNote))
	}
	return s
}

// refusals is what the policy refuses by use: search, AI input (answers
// that quote the site, agents), AI training.
func (p Policy) refusals() (searchNo, inputNo, trainNo bool) {
	switch p.Stance {
	case SearchNoTraining:
		trainNo = true
	case NoAI:
		trainNo, inputNo = true, true
	case Custom:
		trainNo = p.Block[catalogue.AITraining]
		inputNo = p.Block[catalogue.AISearch] || p.Block[catalogue.AIAssistant]
		searchNo = p.Block[catalogue.Search]
	}
	return
}

// safePattern is a pattern every server's syntax takes as it is: letters,
// digits, space and . _ + / ( ) -, starting with a letter or digit.
func safePattern(p string) bool {
	if p == "" || len(p) > 100 {
		return false
	}
	for i := 0; i < len(p); i++ {
		c := p[i]
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if i > 0 && !ok {
			ok = strings.IndexByte(" ._+/()-", c) >= 0
		}
		if !ok {
			return false
		}
	}
	return true
}

// keptMatch is the first crawler the policy lets in whose name, token or
// sample User-Agent the refusing pattern would match.
func keptMatch(pat string, p Policy) string {
	lp := strings.ToLower(pat)
	for _, c := range catalogue.All() {
		if c.Historical || p.Blocks(c) {
			continue
		}
		for _, ua := range append(append([]string{}, c.Samples...), c.Tokens...) {
			if strings.Contains(strings.ToLower(ua), lp) {
				return c.Name
			}
		}
	}
	return ""
}

// regex is the patterns as one case-insensitive-ready alternation whose
// only special characters are ( | ): every other special character is
// inside a one-character class, which needs no escaping in any of the
// servers' quoting rules.
func regex(patterns []string) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, p := range patterns {
		if i > 0 {
			b.WriteByte('|')
		}
		for j := 0; j < len(p); j++ {
			switch c := p[j]; c {
			case '.', '+', '(', ')':
				b.WriteByte('[')
				b.WriteByte(c)
				b.WriteByte(']')
			default:
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte(')')
	return b.String()
}

func serverRules(patterns []string, prefixes []netip.Prefix) []ServerRule {
	re := regex(patterns)
	rules := []ServerRule{nginxRule(re, prefixes), apacheRule(re, prefixes), caddyRule(re, prefixes), haproxyRule(re, prefixes), cloudflareRule(patterns, prefixes)}
	return rules
}

// perLine is how many IP ranges one line of a rule lists.
const perLine = 8

func nginxRule(re string, prefixes []netip.Prefix) ServerRule {
	var b strings.Builder
	if re != "()" {
		b.WriteString("map $http_user_agent $robots_studio_refused {\n    default 0;\n    \"~*" + re + "\" 1;\n}\n")
	}
	r := ServerRule{Server: Nginx, Where: msg.New(msgWhereNginx)}
	if len(prefixes) > 0 {
		b.WriteString("geo $robots_studio_refused_ip {\n    default 0;\n")
		for _, p := range prefixes {
			b.WriteString("    " + p.String() + " 1;\n")
		}
		b.WriteString("}\n")
		r.Where, r.Notes = msg.New(msgWhereNginxIP), []msg.Text{msg.New(msgProxyNginx)}
	}
	b.WriteString("# in each server block:\n")
	if re != "()" {
		b.WriteString("set $robots_studio_refuse $robots_studio_refused;\n")
	} else {
		b.WriteString("set $robots_studio_refuse 0;\n")
	}
	if len(prefixes) > 0 {
		b.WriteString("if ($robots_studio_refused_ip) { set $robots_studio_refuse 1; }\n")
	}
	b.WriteString("if ($uri = /robots.txt) { set $robots_studio_refuse 0; }\n" +
		"if ($robots_studio_refuse) { return 403; }\n")
	r.Text = b.String()
	return r
}

func apacheRule(re string, prefixes []netip.Prefix) ServerRule {
	var b strings.Builder
	if re != "()" {
		b.WriteString("RewriteEngine On\n" +
			"RewriteCond %{REQUEST_URI} !=/robots.txt\n" +
			"RewriteCond %{HTTP_USER_AGENT} \"" + re + "\" [NC]\n" +
			"RewriteRule ^ - [F]\n")
	}
	if len(prefixes) == 0 {
		return ServerRule{Server: Apache, Where: msg.New(msgWhereApache), Text: b.String()}
	}
	// AuthMerging And: the refusal adds to the access rules already in
	// force (a denied folder stays denied) instead of replacing them.
	b.WriteString("<If \"%{REQUEST_URI} != '/robots.txt'\">\n" +
		"    AuthMerging And\n" +
		"    <RequireAll>\n" +
		"        Require all granted\n")
	for _, line := range prefixLines(prefixes, perLine) {
		b.WriteString("        Require not ip " + strings.Join(line, " ") + "\n")
	}
	b.WriteString("    </RequireAll>\n</If>\n")
	return ServerRule{Server: Apache, Where: msg.New(msgWhereApacheIP), Text: b.String(), Notes: []msg.Text{msg.New(msgProxyApache)}}
}

func caddyRule(re string, prefixes []netip.Prefix) ServerRule {
	var b strings.Builder
	if re != "()" {
		b.WriteString("@robots_studio_refused {\n" +
			"    header_regexp User-Agent \"(?i)" + re + "\"\n" +
			"    not path /robots.txt\n" +
			"}\n" +
			"respond @robots_studio_refused 403\n")
	}
	r := ServerRule{Server: Caddy, Where: msg.New(msgWhereCaddy)}
	if len(prefixes) > 0 {
		b.WriteString("@robots_studio_refused_ip {\n")
		for _, line := range prefixLines(prefixes, perLine) {
			b.WriteString("    remote_ip " + strings.Join(line, " ") + "\n")
		}
		b.WriteString("    not path /robots.txt\n}\nrespond @robots_studio_refused_ip 403\n")
		r.Notes = []msg.Text{msg.New(msgProxyCaddy)}
	}
	r.Text = b.String()
	return r
}

func haproxyRule(re string, prefixes []netip.Prefix) ServerRule {
	var b strings.Builder
	b.WriteString("acl robots_studio_robots_txt path /robots.txt\n")
	if re != "()" {
		b.WriteString("acl robots_studio_refused hdr_reg(User-Agent) -i \"" + re + "\"\n" +
			"http-request deny deny_status 403 if robots_studio_refused !robots_studio_robots_txt\n")
	}
	r := ServerRule{Server: HAProxy, Where: msg.New(msgWhereHAProxy)}
	if len(prefixes) > 0 {
		// Lines that declare one ACL name are ORed.
		for _, line := range prefixLines(prefixes, perLine) {
			b.WriteString("acl robots_studio_refused_ip src " + strings.Join(line, " ") + "\n")
		}
		b.WriteString("http-request deny deny_status 403 if robots_studio_refused_ip !robots_studio_robots_txt\n")
		r.Notes = []msg.Text{msg.New(msgProxyHAProxy)}
	}
	r.Text = b.String()
	return r
}

// cloudflareRule is the expressions of Cloudflare custom rules, one a
// paragraph: the User-Agents, then the IP ranges, each cut where one more
// term would take it past cloudflareMax characters.
func cloudflareRule(patterns []string, prefixes []netip.Prefix) ServerRule {
	const tail = ") and not http.request.uri.path eq \"/robots.txt\""
	var exprs []string
	var cur []string
	size := 0
	flush := func() {
		if len(cur) > 0 {
			exprs = append(exprs, "("+strings.Join(cur, " or ")+tail)
			cur, size = nil, 0
		}
	}
	room := cloudflareMax - 1 - len(tail)
	for _, p := range patterns {
		t := `lower(http.user_agent) contains "` + strings.ToLower(p) + `"`
		if size > 0 && size+len(" or ")+len(t) > room {
			flush()
		}
		if size > 0 {
			size += len(" or ")
		}
		cur, size = append(cur, t), size+len(t)
	}
	flush()
	var ips []string
	ipSize := len("ip.src in {}")
	for _, p := range prefixes {
		t := p.String()
		if len(ips) > 0 && ipSize+1+len(t) > room {
			cur = []string{"ip.src in {" + strings.Join(ips, " ") + "}"}
			flush()
			ips, ipSize = nil, len("ip.src in {}")
		}
		if len(ips) > 0 {
			ipSize++
		}
		ips, ipSize = append(ips, t), ipSize+len(t)
	}
	if len(ips) > 0 {
		cur = []string{"ip.src in {" + strings.Join(ips, " ") + "}"}
		flush()
	}
	r := ServerRule{Server: Cloudflare, Where: msg.New(msgWhereCF), Text: strings.Join(exprs, "\n\n") + "\n"}
	if len(exprs) > 1 {
		r.Where = msg.New(msgWhereCFMany, "Count", len(exprs))
	}
	return r
}

// UsageHeader is the Content-Usage HTTP header line the attachment draft
// defines, beside the robots.txt line.
func (s Signals) UsageHeader() string { return "Content-Usage: " + s.ContentUsage }

// SignalHeader is the Content-Signal header line.
func (s Signals) SignalHeader() string { return "Content-Signal: " + s.ContentSignal }
