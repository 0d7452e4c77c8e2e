package mirror

import (
	"fmt"
	"html"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/tester/hostname"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// Server is a web server the wizard writes configuration for.
type Server string

// Servers and their styles.
const (
	Apache    Server = "apache"     // mod_rewrite (virtual host or .htaccess)
	ApacheSSI Server = "apache-ssi" // a server-side include in robots.txt, the classic method
	Nginx     Server = "nginx"
)

// Servers lists every Server in the order the wizard offers them.
var Servers = []Server{Nginx, Apache, ApacheSSI}

// Snippet is one piece of configuration or file content and where it goes.
type Snippet struct {
	Title msg.Text // what it is
	Where msg.Text // where to put it
	Lang  string   // "nginx", "apache", "robots", "html": for highlighting and tests
	Text  string
}

var (
	msgSnipMap         = msg.Def("mirror.snippet.nginx_map", "nginx: which names get the mirror robots.txt")
	msgSnipLocation    = msg.Def("mirror.snippet.nginx_location", "nginx: serve robots.txt per host")
	msgSnipRedirect    = msg.Def("mirror.snippet.redirect", "{{.Server}}: 301 redirect to the main mirror")
	msgSnipRewrite     = msg.Def("mirror.snippet.apache_rewrite", "Apache: serve robots-mirror.txt to every other name (mod_rewrite)")
	msgSnipMirrorFile  = msg.Def("mirror.snippet.mirror_file", "robots.txt for every other name")
	msgSnipSSIConf     = msg.Def("mirror.snippet.ssi_conf", "Apache: process robots.txt as a server-side include")
	msgSnipSSIFile     = msg.Def("mirror.snippet.ssi_file", "robots.txt with a server-side include: one file, a different answer per host")
	msgSnipCanonical   = msg.Def("mirror.snippet.canonical", "canonical link on every page, and as an HTTP header for non-HTML files")
	msgWhereHTTP       = msg.Def("mirror.where.nginx_http", "inside http { }, once")
	msgWhereServer     = msg.Def("mirror.where.nginx_server", "inside every server { } that answers for these names")
	msgWhereHTTPBlocks = msg.Def("mirror.where.nginx_http_servers", "inside http { }: new server blocks that answer only for the mirrors")
	msgWhereVhost      = msg.Def("mirror.where.apache_vhost", "inside the <VirtualHost> of every name, or in .htaccess at the site root")
	msgWhereMirrorFile = msg.Def("mirror.where.mirror_file", "save as robots-mirror.txt next to robots.txt")
	msgWhereRoot       = msg.Def("mirror.where.robots_root", "save as robots.txt at the site root, instead of the plain file")
	msgWhereHead       = msg.Def("mirror.where.html_head", "in the <head> of each page of the main mirror, with that page's own path")
)

// Serve is the configuration that gives every other name its own robots.txt
// (Disallow: /) while the main name keeps the document.
func (p *Plan) Serve(s Server) []Snippet {
	switch s {
	case Nginx:
		return p.nginxServe()
	case ApacheSSI:
		return p.apacheSSI()
	}
	return p.apacheServe()
}

// Redirect is the configuration that sends every other name to the main
// mirror with a 301: what Yandex asks for since 2018 and Google prefers.
func (p *Plan) Redirect(s Server) []Snippet {
	if s == Nginx {
		return []Snippet{{Title: msg.New(msgSnipRedirect, "Server", "nginx"), Where: msg.New(msgWhereHTTPBlocks), Lang: "nginx", Text: p.nginxRedirect()}}
	}
	return []Snippet{{Title: msg.New(msgSnipRedirect, "Server", "Apache"), Where: msg.New(msgWhereVhost), Lang: "apache", Text: p.apacheRedirect()}}
}

// mirrorList names the mirrors for a config comment.
func (p *Plan) mirrorList() string {
	if len(p.Mirrors) == 0 {
		return "(none listed)"
	}
	names := make([]string, len(p.Mirrors))
	for i, m := range p.Mirrors {
		names[i] = m.Origin()
		if m.IDN() {
			names[i] += " (" + m.Unicode + ")"
		}
	}
	return strings.Join(names, ", ")
}

// nginxKey is the map key of a name: scheme, host and listening port.
func nginxKey(n hostname.Name) string {
	return fmt.Sprintf("%q", n.EffectiveScheme()+"://"+n.ASCII+":"+strconv.Itoa(n.EffectivePort()))
}

func (p *Plan) nginxServe() []Snippet {
	var m strings.Builder
	fmt.Fprintf(&m, "# Robots Studio: every name except %s gets a robots.txt with \"Disallow: /\".\n", p.Main.Origin())
	fmt.Fprintf(&m, "# Mirrors: %s\n", p.mirrorList())
	m.WriteString("map \"$scheme://$host:$server_port\" $robots_studio_mirror {\n")
	fmt.Fprintf(&m, "    default 1;\n    %s 0;\n}\n", nginxKey(p.Main))
	loc := "location = /robots.txt {\n" +
		"    default_type text/plain;\n" +
		"    if ($robots_studio_mirror) {\n" +
		"        return 200 \"" + strings.ReplaceAll(nginxEscape(mirrorRobots(p.Main, "\n")), "\n", "\\n") + "\";\n" +
		"    }\n" +
		"}\n"
	return []Snippet{
		{Title: msg.New(msgSnipMap), Where: msg.New(msgWhereHTTP), Lang: "nginx", Text: m.String()},
		{Title: msg.New(msgSnipLocation), Where: msg.New(msgWhereServer), Lang: "nginx", Text: loc},
	}
}

// nginxEscape escapes a string for a double-quoted nginx argument.
func nginxEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)
}

// CertDir is where the generated nginx configs expect TLS certificates
// (certbot's layout: CertDir/NAME/fullchain.pem and privkey.pem).
var CertDir = "/etc/letsencrypt/live"

func (p *Plan) nginxRedirect() string {
	type listener struct {
		scheme string
		port   int
	}
	groups := map[listener][]string{}
	var order []listener
	for _, m := range p.Mirrors {
		k := listener{m.EffectiveScheme(), m.EffectivePort()}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], m.ASCII)
	}
	sort.SliceStable(order, func(i, j int) bool {
		if order[i].scheme != order[j].scheme {
			return order[i].scheme < order[j].scheme
		}
		return order[i].port < order[j].port
	})
	var b strings.Builder
	fmt.Fprintf(&b, "# Robots Studio: 301 from every mirror to %s\n", p.Main.Origin())
	if len(order) == 0 {
		b.WriteString("# No mirror listed: nothing to redirect.\n")
	}
	for _, k := range order {
		names := groups[k]
		b.WriteString("server {\n")
		if k.scheme == "https" {
			fmt.Fprintf(&b, "    listen %d ssl;\n", k.port)
		} else {
			fmt.Fprintf(&b, "    listen %d;\n", k.port)
		}
		fmt.Fprintf(&b, "    server_name %s;\n", strings.Join(names, " "))
		if k.scheme == "https" {
			fmt.Fprintf(&b, "    ssl_certificate     %s/%s/fullchain.pem;\n", CertDir, names[0])
			fmt.Fprintf(&b, "    ssl_certificate_key %s/%s/privkey.pem;\n", CertDir, names[0])
		}
		fmt.Fprintf(&b, "    return 301 %s$request_uri;\n", p.Main.Origin())
		b.WriteString("}\n")
	}
	return b.String()
}

// apacheHostRegex matches HTTP_HOST of the main mirror, with its default port
// optional (clients may send it).
func apacheHostRegex(n hostname.Name) string {
	re := "^" + regexp.QuoteMeta(n.ASCII)
	if n.EffectivePort() == hostname.DefaultPort(n.EffectiveScheme()) {
		re += "(:" + strconv.Itoa(n.EffectivePort()) + ")?"
	} else {
		re += ":" + strconv.Itoa(n.EffectivePort())
	}
	return re + "$"
}

// apacheNotMain is the mod_rewrite condition block "this request is not for
// the main mirror". The scheme is tested only when a listed mirror differs in
// scheme, so a plain http site does not start redirecting https requests.
func (p *Plan) apacheNotMain() string {
	schemeMatters := false
	for _, m := range p.Mirrors {
		if m.EffectiveScheme() != p.Main.EffectiveScheme() {
			schemeMatters = true
		}
	}
	host := "RewriteCond %{HTTP_HOST} !" + apacheHostRegex(p.Main) + " [NC"
	if !schemeMatters {
		return host + "]\n"
	}
	cond := "=on"
	if p.Main.EffectiveScheme() == "https" {
		cond = "!=on"
	}
	return host + ",OR]\nRewriteCond %{HTTPS} " + cond + "\n"
}

func (p *Plan) apacheRedirect() string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Robots Studio: 301 from every other name to %s\n", p.Main.Origin())
	fmt.Fprintf(&b, "# Mirrors: %s\n", p.mirrorList())
	b.WriteString("RewriteEngine On\n")
	b.WriteString(p.apacheNotMain())
	fmt.Fprintf(&b, "RewriteRule ^ %s%%{REQUEST_URI} [R=301,L]\n", p.Main.Origin())
	return b.String()
}

func (p *Plan) apacheServe() []Snippet {
	var b strings.Builder
	fmt.Fprintf(&b, "# Robots Studio: every name except %s gets robots-mirror.txt as its robots.txt.\n", p.Main.Origin())
	fmt.Fprintf(&b, "# Mirrors: %s\n", p.mirrorList())
	b.WriteString("RewriteEngine On\n")
	b.WriteString(p.apacheNotMain())
	b.WriteString("RewriteRule ^/?robots\\.txt$ /robots-mirror.txt [PT,L]\n")
	return []Snippet{
		{Title: msg.New(msgSnipRewrite), Where: msg.New(msgWhereVhost), Lang: "apache", Text: b.String()},
		{Title: msg.New(msgSnipMirrorFile), Where: msg.New(msgWhereMirrorFile), Lang: "robots", Text: string(p.MirrorRobots())},
	}
}

func (p *Plan) apacheSSI() []Snippet {
	conf := "# Robots Studio: robots.txt answers per host through mod_include.\n" +
		"<Files \"robots.txt\">\n" +
		"    Options +Includes\n" +
		"    SetOutputFilter INCLUDES\n" +
		"</Files>\n"
	cond := "%{HTTP_HOST} =~ /" + apacheHostRegex(p.Main) + "/i"
	if p.Main.EffectiveScheme() == "https" {
		cond += " && %{HTTPS} == 'on'"
	} else {
		cond += " && %{HTTPS} != 'on'"
	}
	eol := p.eol()
	main := strings.TrimRight(string(p.After), "\r\n")
	file := "<!--#if expr=\"" + cond + "\" -->" + eol +
		main + eol +
		"<!--#else -->" + eol +
		mirrorRobots(p.Main, eol) +
		"<!--#endif -->" + eol
	return []Snippet{
		{Title: msg.New(msgSnipSSIConf), Where: msg.New(msgWhereVhost), Lang: "apache", Text: conf},
		{Title: msg.New(msgSnipSSIFile), Where: msg.New(msgWhereRoot), Lang: "robots", Text: file},
	}
}

// Canonical is the <link rel="canonical"> of the page at path on the main
// mirror, and the same as an HTTP Link header.
func (p *Plan) Canonical(path string) Snippet {
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	url := p.Main.Origin() + path
	text := `<link rel="canonical" href="` + html.EscapeString(url) + "\">\n" +
		"Link: <" + url + ">; rel=\"canonical\"\n"
	return Snippet{Title: msg.New(msgSnipCanonical), Where: msg.New(msgWhereHead), Lang: "html", Text: text}
}
