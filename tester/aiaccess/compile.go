package aiaccess

import (
	"sort"
	"strings"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// One policy compiled to every place a crawler or a reader looks: the
// robots.txt groups (Build), the Content-Signal and Content-Usage values
// (for robots.txt and as HTTP headers), Bing's robots meta tag and
// X-Robots-Tag, and server and edge rules that refuse by User-Agent the
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
	Rules    []ServerRule
	Warnings []msg.Text
}

var (
	msgBingNoarchive = msg.Def("aiaccess.compile.bing_noarchive", "Bing: noarchive keeps pages out of Copilot (Bing Chat) answers and out of the training of Microsoft's generative models; they stay in Bing search")
	msgBingNocache   = msg.Def("aiaccess.compile.bing_nocache", "Bing: nocache lets Copilot (Bing Chat) answers show only the URL, title and snippet, and only those may be used for training; the pages stay in Bing search")
	msgBingNothing   = msg.Def("aiaccess.compile.bing_nothing", "Bing: the policy lets Copilot (Bing Chat) answers and training use the pages, so no tag is needed")
	msgWhereNginx    = msg.Def("aiaccess.compile.where_nginx", "the map in the http block; the three lines in each server block")
	msgWhereApache   = msg.Def("aiaccess.compile.where_apache", "in the virtual host or .htaccess (needs mod_rewrite)")
	msgWhereCaddy    = msg.Def("aiaccess.compile.where_caddy", "in the site block of the Caddyfile")
	msgWhereHAProxy  = msg.Def("aiaccess.compile.where_haproxy", "in the frontend section")
	msgWhereCF       = msg.Def("aiaccess.compile.where_cloudflare", "Cloudflare dashboard: Security, WAF, custom rule; expression as below, action Block")
	msgPatternUnsafe = msg.Def("aiaccess.compile.pattern_unsafe", "the User-Agent pattern `{{.Pattern}}` of {{.Name}} has characters the server rules do not take; it was left out")
	msgPatternKept   = msg.Def("aiaccess.compile.pattern_kept", "the User-Agent pattern `{{.Pattern}}` of the refused {{.Name}} also matches {{.Kept}}, which the policy lets in; it was left out of the server rules")
	msgServerNote    = msg.Def("aiaccess.compile.server_note", "the server rules answer 403 to these User-Agents everywhere except /robots.txt, so a crawler that reads robots.txt still learns the refusal (a 403 on robots.txt itself would tell RFC 9309 crawlers that everything is allowed)")
	msgRanges        = msg.Def("aiaccess.compile.ranges", "{{.Operator}} publishes the IP ranges of {{.Name}}: {{.Files}}; refusing them too stops a crawler that changes its User-Agent")
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
	for _, c := range s.Plan.Blocked {
		if c.RobotsTxt == catalogue.TokenOnly || (!p.RefuseAtServer && c.RobotsTxt.Stoppable()) {
			continue
		}
		added := false
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
			added = true
		}
		if added {
			s.Refused = append(s.Refused, c)
			if len(c.RangeFiles) > 0 {
				s.Warnings = append(s.Warnings, msg.New(msgRanges, "Operator", c.Operator, "Name", c.Name, "Files", strings.Join(c.RangeFiles, ", ")))
			}
		}
	}
	sort.Slice(s.Patterns, func(i, j int) bool { return strings.ToLower(s.Patterns[i]) < strings.ToLower(s.Patterns[j]) })
	if len(s.Patterns) > 0 {
		s.Rules = serverRules(s.Patterns)
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

func serverRules(patterns []string) []ServerRule {
	re := regex(patterns)
	var cf []string
	for _, p := range patterns {
		cf = append(cf, `lower(http.user_agent) contains "`+strings.ToLower(p)+`"`)
	}
	return []ServerRule{
		{Server: Nginx, Where: msg.New(msgWhereNginx), Text: "map $http_user_agent $robots_studio_refused {\n" +
			"    default 0;\n" +
			"    \"~*" + re + "\" 1;\n" +
			"}\n" +
			"# in each server block:\n" +
			"set $robots_studio_refuse $robots_studio_refused;\n" +
			"if ($uri = /robots.txt) { set $robots_studio_refuse 0; }\n" +
			"if ($robots_studio_refuse) { return 403; }\n"},
		{Server: Apache, Where: msg.New(msgWhereApache), Text: "RewriteEngine On\n" +
			"RewriteCond %{REQUEST_URI} !=/robots.txt\n" +
			"RewriteCond %{HTTP_USER_AGENT} \"" + re + "\" [NC]\n" +
			"RewriteRule ^ - [F]\n"},
		{Server: Caddy, Where: msg.New(msgWhereCaddy), Text: "@robots_studio_refused {\n" +
			"    header_regexp User-Agent \"(?i)" + re + "\"\n" +
			"    not path /robots.txt\n" +
			"}\n" +
			"respond @robots_studio_refused 403\n"},
		{Server: HAProxy, Where: msg.New(msgWhereHAProxy), Text: "acl robots_studio_refused hdr_reg(User-Agent) -i \"" + re + "\"\n" +
			"acl robots_studio_robots_txt path /robots.txt\n" +
			"http-request deny deny_status 403 if robots_studio_refused !robots_studio_robots_txt\n"},
		{Server: Cloudflare, Where: msg.New(msgWhereCF), Text: "(" + strings.Join(cf, " or ") + ") and not http.request.uri.path eq \"/robots.txt\"\n"},
	}
}

// UsageHeader is the Content-Usage HTTP header line the attachment draft
// defines, beside the robots.txt line.
func (s Signals) UsageHeader() string { return "Content-Usage: " + s.ContentUsage }

// SignalHeader is the Content-Signal header line.
func (s Signals) SignalHeader() string { return "Content-Signal: " + s.ContentSignal }
