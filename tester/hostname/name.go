// Package hostname checks and normalises the host names a robots.txt names:
// Yandex's Host directive (under the rules of its 1990s help text and of its
// 2017 form), the mirrors the wizard compares, and IDN names with their
// punycode. The Yandex engine, lint and the mirror wizard share it.
package hostname

import (
	"net"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/net/publicsuffix"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/uri"
)

// Mode says which rules a host name is checked against.
type Mode uint8

// Modes of ParseName.
const (
	// ModeInput is a name typed into the wizard or given to the command line:
	// an http:// or https:// scheme and a final "/" (a URL pasted from the
	// address bar) are accepted and noted; Unicode (IDN) names are welcome.
	ModeInput Mode = iota
	// ModeHostClassic is the value of a Host line as Yandex's help of the 2000s
	// defines it: one host name with an optional port, nothing else.
	ModeHostClassic
	// ModeHostYandex2017 is the value of a Host line as Yandex read it from
	// 2017 until it dropped Host in 2018: also "https://name" for a site
	// served over HTTPS.
	ModeHostYandex2017
)

// Problem codes: the Code of a Name's Problems, stable for JSON, tests and
// scripts.
const (
	CodeEmpty          = "empty"
	CodeSeveral        = "several-names"
	CodeScheme         = "scheme"
	CodeSchemeHTTP     = "scheme-http"
	CodePath           = "path"
	CodeIP             = "ip-address"
	CodePortEmpty      = "port-empty"
	CodePortSyntax     = "port-syntax"
	CodePortRange      = "port-range"
	CodeLeadingDot     = "leading-dot"
	CodeTrailingDot    = "trailing-dot"
	CodeEmptyLabel     = "empty-label"
	CodeUnderscore     = "underscore"
	CodeBadChar        = "bad-char"
	CodeLeadingHyphen  = "leading-hyphen"
	CodeTrailingHyphen = "trailing-hyphen"
	CodeLabelLong      = "label-too-long"
	CodeNameLong       = "name-too-long"
	CodeBadIDN         = "bad-idn"
	CodeUnicodeInHost  = "unicode-in-host"
	CodeSingleLabel    = "single-label"
	CodeNumericTLD     = "numeric-tld"
	CodeUnknownTLD     = "unknown-tld"
)

var (
	msgEmpty          = msg.Def("mirror.name.empty", "the name is empty")
	msgSeveral        = msg.Def("mirror.name.several", "\"{{.Sep}}\" separates several names; one Host value names exactly one host")
	msgScheme         = msg.Def("mirror.name.scheme", "{{.Scheme}}:// is not part of a host name; a Host line with a scheme is ignored")
	msgSchemeHTTP     = msg.Def("mirror.name.scheme_http", "Yandex accepted only https:// in front of a Host value; for an http site write the name alone")
	msgSchemeOther    = msg.Def("mirror.name.scheme_other", "{{.Scheme}}:// is not crawled: only http:// and https:// sites have a robots.txt")
	msgPath           = msg.Def("mirror.name.path", "{{.Path}} is a path; a host name ends before the first /")
	msgIP             = msg.Def("mirror.name.ip", "{{.Host}} is an IP address; a mirror must be a host name")
	msgPortEmpty      = msg.Def("mirror.name.port_empty", "nothing follows the colon: write a port or remove the colon")
	msgPortSyntax     = msg.Def("mirror.name.port_syntax", "port {{.Port}} is not a number")
	msgPortRange      = msg.Def("mirror.name.port_range", "port {{.Port}} is outside 1–65535")
	msgLeadingDot     = msg.Def("mirror.name.leading_dot", "the name starts with a dot")
	msgTrailingDot    = msg.Def("mirror.name.trailing_dot", "the name ends with a dot; the Host rules do not accept the root dot of a fully qualified name")
	msgEmptyLabel     = msg.Def("mirror.name.empty_label", "two dots in a row leave an empty label")
	msgUnderscore     = msg.Def("mirror.name.underscore", "label {{.Label}} contains an underscore; host names (RFC 952/1123) allow only letters, digits and hyphens")
	msgBadChar        = msg.Def("mirror.name.bad_char", "label {{.Label}} contains {{.Char}}; host names (RFC 952/1123) allow only letters, digits and hyphens")
	msgLeadingHyphen  = msg.Def("mirror.name.leading_hyphen", "label {{.Label}} starts with a hyphen (RFC 952/1123)")
	msgTrailingHyphen = msg.Def("mirror.name.trailing_hyphen", "label {{.Label}} ends with a hyphen (RFC 952/1123)")
	msgLabelLong      = msg.Def("mirror.name.label_long", "label {{.Label}} is {{.Len}} bytes long; a label has at most 63")
	msgNameLong       = msg.Def("mirror.name.name_long", "the name is {{.Len}} bytes long; a host name has at most 253")
	msgBadIDN         = msg.Def("mirror.name.bad_idn", "label {{.Label}} is not a valid internationalised name ({{.Err}})")
	msgUnicodeInHost  = msg.Def("mirror.name.unicode_in_host", "Yandex wants IDN names in punycode inside robots.txt: write {{.ASCII}}")
	msgSingleLabel    = msg.Def("mirror.name.single_label", "{{.Host}} has no dot; crawlers only visit names under a public top-level domain")
	msgNumericTLD     = msg.Def("mirror.name.numeric_tld", "the last label {{.Label}} is all digits; no top-level domain is numeric (RFC 1123 2.1)")
	msgUnknownTLD     = msg.Def("mirror.name.unknown_tld", ".{{.TLD}} is not a top-level domain (it is not in the ICANN part of the Public Suffix List), so no crawler can resolve this name")

	msgNoteScheme     = msg.Def("mirror.note.scheme", "this name is served over {{.Scheme}}")
	msgNoteSlash      = msg.Def("mirror.note.slash", "the final / was dropped")
	msgNoteDefaultPt  = msg.Def("mirror.note.default_port", "{{.Port}} is the default port of {{.Scheme}}: {{.Host}} and {{.Host}}:{{.Port}} are the same mirror")
	msgNoteIDN        = msg.Def("mirror.note.idn", "internationalised name {{.Unicode}}: robots.txt and server configs use its punycode {{.ASCII}}")
	msgNoteLowerCase  = msg.Def("mirror.note.lower_case", "host names ignore case: written as {{.ASCII}}")
	msgNoteHTTPSValue = msg.Def("mirror.note.https_value", "https:// in a Host value is Yandex's 2017 form; older readers of Host ignore the line")
)

// Name is a parsed host name with an optional scheme and port.
type Name struct {
	Input    string            // what the user wrote
	Scheme   string            // "http", "https" or "" when none was written
	ASCII    string            // the lower-case host name, IDN labels in punycode ("xn--…")
	Unicode  string            // the same name for display (IDN labels decoded)
	Port     int               // 0 when no port was written
	Problems []diag.Diagnostic // why the name is refused (errors about the whole Input); empty when it is valid
	Notes    []msg.Text        // facts worth telling that do not refuse the name
}

// Valid reports whether the name has no problem.
func (n Name) Valid() bool { return len(n.Problems) == 0 }

// IDN reports whether the name has internationalised labels.
func (n Name) IDN() bool { return n.ASCII != n.Unicode }

// EffectiveScheme is the scheme, http when none was written.
func (n Name) EffectiveScheme() string {
	if n.Scheme == "" {
		return "http"
	}
	return n.Scheme
}

// EffectivePort is the port, or the default port of the scheme.
func (n Name) EffectivePort() int {
	if n.Port != 0 {
		return n.Port
	}
	return DefaultPort(n.EffectiveScheme())
}

func DefaultPort(scheme string) int {
	if scheme == "https" {
		return 443
	}
	return 80
}

// Authority is host[:port] in ASCII, with the port only when it is not the
// scheme's default (www.myhost.ru:80 and www.myhost.ru are one mirror).
func (n Name) Authority() string {
	if p := n.EffectivePort(); p != DefaultPort(n.EffectiveScheme()) {
		return n.ASCII + ":" + strconv.Itoa(p)
	}
	return n.ASCII
}

// Origin is scheme://authority: what robots.txt is scoped to.
func (n Name) Origin() string { return n.EffectiveScheme() + "://" + n.Authority() }

// Display is the name as shown to the user: scheme (when written), Unicode
// host and non-default port.
func (n Name) Display() string {
	s := n.Unicode
	if p := n.EffectivePort(); p != DefaultPort(n.EffectiveScheme()) {
		s += ":" + strconv.Itoa(p)
	}
	if n.Scheme != "" {
		s = n.Scheme + "://" + s
	}
	return s
}

// HostValue is what to write after "Host:": the authority, prefixed with
// https:// for an HTTPS site (Yandex's 2017 form).
func (n Name) HostValue() string {
	if n.EffectiveScheme() == "https" {
		return "https://" + n.Authority()
	}
	return n.Authority()
}

// SameMirror reports whether n and o name the same origin.
func (n Name) SameMirror(o Name) bool { return n.Origin() == o.Origin() }

// idnProfile is IDNA2008 lookup with STD3 rules and DNS lengths enforced.
var idnProfile = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.ValidateLabels(true),
	idna.StrictDomainName(true), idna.VerifyDNSLength(true))

// ParseName parses and validates s under the rules of mode. It never fails:
// a refused name carries its Problems (the first one is the main reason).
func ParseName(s string, mode Mode) Name {
	n := Name{Input: s}
	rest := strings.TrimSpace(s)
	if rest == "" {
		n.problem(CodeEmpty, msg.New(msgEmpty))
		return n
	}
	if i := strings.IndexAny(rest, ", ;\t"); i >= 0 {
		sep := rest[i : i+1]
		if sep == " " || sep == "\t" {
			sep = "␣"
		}
		n.problem(CodeSeveral, msg.New(msgSeveral, "Sep", sep))
		return n
	}
	if scheme, after, ok := uri.CutScheme(rest); ok {
		rest = after
		n.parseScheme(strings.ToLower(scheme), mode)
	}
	if host, path := uri.CutAuthority(rest); path != "" {
		rest = host
		if mode == ModeInput && path == "/" {
			n.Notes = append(n.Notes, msg.New(msgNoteSlash))
		} else {
			n.problem(CodePath, msg.New(msgPath, "Path", path))
		}
	}
	host, ok := n.splitPort(rest)
	if !ok {
		return n
	}
	if ip := strings.Trim(host, "[]"); net.ParseIP(ip) != nil {
		n.problem(CodeIP, msg.New(msgIP, "Host", ip))
		return n
	}
	n.parseHost(host, mode)
	if n.Port != 0 && n.Port == DefaultPort(n.EffectiveScheme()) && n.Valid() {
		n.Notes = append(n.Notes, msg.New(msgNoteDefaultPt, "Port", n.Port, "Scheme", n.EffectiveScheme(), "Host", n.Unicode))
	}
	return n
}

func (n *Name) problem(code string, t msg.Text) {
	n.Problems = append(n.Problems, diag.Diagnostic{Code: code, Severity: diag.Error, Span: diag.NoSpan, Message: t})
}

func (n *Name) parseScheme(scheme string, mode Mode) {
	web := scheme == "http" || scheme == "https"
	switch {
	case mode == ModeInput && web:
		n.Scheme = scheme
		n.Notes = append(n.Notes, msg.New(msgNoteScheme, "Scheme", scheme))
	case mode == ModeInput:
		n.problem(CodeScheme, msg.New(msgSchemeOther, "Scheme", scheme))
	case mode == ModeHostYandex2017 && scheme == "https":
		n.Scheme = scheme
		n.Notes = append(n.Notes, msg.New(msgNoteHTTPSValue))
	case mode == ModeHostYandex2017 && scheme == "http":
		n.problem(CodeSchemeHTTP, msg.New(msgSchemeHTTP))
	default:
		n.problem(CodeScheme, msg.New(msgScheme, "Scheme", scheme))
	}
}

// splitPort separates host and port; ok is false when nothing more can be
// checked (a bare IPv6 address).
func (n *Name) splitPort(hostport string) (host string, ok bool) {
	if strings.HasPrefix(hostport, "[") {
		if end := strings.Index(hostport, "]"); end > 0 {
			n.problem(CodeIP, msg.New(msgIP, "Host", hostport[1:end]))
			return "", false
		}
	}
	if strings.Count(hostport, ":") > 1 {
		if net.ParseIP(hostport) != nil {
			n.problem(CodeIP, msg.New(msgIP, "Host", hostport))
			return "", false
		}
	}
	i := strings.LastIndex(hostport, ":")
	if i < 0 {
		return hostport, true
	}
	host, port := hostport[:i], hostport[i+1:]
	switch {
	case port == "":
		n.problem(CodePortEmpty, msg.New(msgPortEmpty))
	case strings.Trim(port, "0123456789") != "":
		n.problem(CodePortSyntax, msg.New(msgPortSyntax, "Port", port))
	default:
		v, err := strconv.Atoi(port)
		if err != nil || v < 1 || v > 65535 {
			n.problem(CodePortRange, msg.New(msgPortRange, "Port", port))
		} else {
			n.Port = v
		}
	}
	return host, true
}

// dotLike are the characters IDNA treats as label separators.
var dotLike = strings.NewReplacer("\u3002", ".", "\uff0e", ".", "\uff61", ".")

func (n *Name) parseHost(host string, mode Mode) {
	host = dotLike.Replace(host)
	if strings.HasPrefix(host, ".") {
		n.problem(CodeLeadingDot, msg.New(msgLeadingDot))
	}
	if strings.HasSuffix(host, ".") && len(host) > 1 {
		n.problem(CodeTrailingDot, msg.New(msgTrailingDot))
	}
	labels := strings.Split(strings.Trim(host, "."), ".")
	asciiLabels := make([]string, 0, len(labels))
	uniLabels := make([]string, 0, len(labels))
	emptyReported := false
	for _, label := range labels {
		if label == "" {
			if !emptyReported {
				n.problem(CodeEmptyLabel, msg.New(msgEmptyLabel))
				emptyReported = true
			}
			continue
		}
		a, u, ok := n.checkLabel(label)
		if !ok {
			continue
		}
		asciiLabels = append(asciiLabels, a)
		uniLabels = append(uniLabels, u)
	}
	n.ASCII = strings.Join(asciiLabels, ".")
	n.Unicode = strings.Join(uniLabels, ".")
	if !n.Valid() {
		return
	}
	if len(n.ASCII) > 253 {
		n.problem(CodeNameLong, msg.New(msgNameLong, "Len", len(n.ASCII)))
	}
	last := asciiLabels[len(asciiLabels)-1]
	switch {
	case len(asciiLabels) == 1:
		n.problem(CodeSingleLabel, msg.New(msgSingleLabel, "Host", n.Unicode))
	case strings.Trim(last, "0123456789") == "":
		n.problem(CodeNumericTLD, msg.New(msgNumericTLD, "Label", last))
	default:
		// A rule like "*.ck" only matches below the TLD, so ask about a child.
		if _, icann := publicsuffix.PublicSuffix("example." + last); !icann {
			n.problem(CodeUnknownTLD, msg.New(msgUnknownTLD, "TLD", uniLabels[len(uniLabels)-1]))
		}
	}
	if !n.Valid() {
		return
	}
	if n.IDN() {
		n.Notes = append(n.Notes, msg.New(msgNoteIDN, "Unicode", n.Unicode, "ASCII", n.ASCII))
		if mode != ModeInput && !isASCII(host) {
			n.problem(CodeUnicodeInHost, msg.New(msgUnicodeInHost, "ASCII", n.ASCII))
		}
	} else if n.ASCII != host {
		n.Notes = append(n.Notes, msg.New(msgNoteLowerCase, "ASCII", n.ASCII))
	}
}

// checkLabel validates one label and returns its ASCII and Unicode forms.
func (n *Name) checkLabel(label string) (ascii, unicode string, ok bool) {
	if strings.Contains(label, "_") {
		n.problem(CodeUnderscore, msg.New(msgUnderscore, "Label", label))
		return "", "", false
	}
	if !utf8.ValidString(label) {
		n.problem(CodeBadChar, msg.New(msgBadChar, "Label", strconv.Quote(label), "Char", "invalid UTF-8"))
		return "", "", false
	}
	if !isASCII(label) {
		a, err := idnProfile.ToASCII(label)
		if err != nil {
			n.problem(CodeBadIDN, msg.New(msgBadIDN, "Label", label, "Err", idnReason(err)))
			return "", "", false
		}
		u, _ := idnProfile.ToUnicode(a)
		return a, u, true
	}
	for i := 0; i < len(label); i++ {
		c := label[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			r, _ := utf8.DecodeRuneInString(label[i:])
			n.problem(CodeBadChar, msg.New(msgBadChar, "Label", label, "Char", strconv.QuoteRune(r)))
			return "", "", false
		}
	}
	switch {
	case label[0] == '-':
		n.problem(CodeLeadingHyphen, msg.New(msgLeadingHyphen, "Label", label))
		return "", "", false
	case label[len(label)-1] == '-':
		n.problem(CodeTrailingHyphen, msg.New(msgTrailingHyphen, "Label", label))
		return "", "", false
	case len(label) > 63:
		n.problem(CodeLabelLong, msg.New(msgLabelLong, "Label", label, "Len", len(label)))
		return "", "", false
	}
	lower := strings.ToLower(label)
	if strings.HasPrefix(lower, "xn--") {
		u, err := idnProfile.ToUnicode(lower)
		if err != nil {
			n.problem(CodeBadIDN, msg.New(msgBadIDN, "Label", label, "Err", idnReason(err)))
			return "", "", false
		}
		return lower, u, true
	}
	return lower, lower, true
}

// idnReason strips the package prefix from an idna error.
func idnReason(err error) string {
	return strings.TrimPrefix(err.Error(), "idna: ")
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
