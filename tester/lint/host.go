package lint

import (
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/tester/msg"
)

var (
	msgHostEmpty    = msg.Def("lint.host.empty", "the value is empty")
	msgHostScheme   = msg.Def("lint.host.scheme", "only `https://` may precede the host name; for http write the host name alone")
	msgHostSlash    = msg.Def("lint.host.slash", "a host name ends before any `/`: no path and no trailing slash")
	msgHostSeveral  = msg.Def("lint.host.several", "one Host line names one host")
	msgHostPort     = msg.Def("lint.host.port", "the port must be a number from 1 to 65535")
	msgHostIP       = msg.Def("lint.host.ip", "an IP address is not a host name")
	msgHostDots     = msg.Def("lint.host.dots", "empty label: the name starts or ends with a dot, or has two dots in a row")
	msgHostChar     = msg.Def("lint.host.char", "`{{.Char}}` is not allowed in a host name (letters, digits, `-` and `.` only)")
	msgHostHyphen   = msg.Def("lint.host.hyphen", "a label starts or ends with `-`")
	msgHostLabelLen = msg.Def("lint.host.label_len", "a label is longer than 63 characters")
	msgHostSingle   = msg.Def("lint.host.single", "a host name needs at least two labels (name.tld)")
	msgHostTLD      = msg.Def("lint.host.tld", "`{{.TLD}}` is not a top-level domain")
)

// countryTLDs are the two-letter top-level domains in use (ISO 3166-1 codes
// and a few exceptions such as uk, eu, su, ac). A two-letter TLD outside this
// list cannot exist; longer TLDs are too many to list and are accepted when
// they are letters only. This is why the seed's `www.mysi.te` is invalid:
// there is no `.te`.
const countryTLDs = "ac ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bm bn bo br bs bt bw by bz " +
	"ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg er es et eu fi fj fk fm fo fr " +
	"ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir is it je jm jo jp " +
	"ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mg mh mk ml mm mn mo mp mq mr ms mt mu " +
	"mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw py qa re ro rs ru rw " +
	"sa sb sc sd se sg sh si sj sk sl sm sn so sr ss st su sv sx sy sz tc td tf tg th tj tk tl tm tn to tr tt tv tw tz " +
	"ua ug uk us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw"

// HostError says why Yandex would ignore value as the argument of a Host
// line, or returns the zero Text when the value is valid: one RFC 952 host
// name (not an IP address) with a known top-level domain and an optional
// port from 1 to 65535, optionally after `https://` (Yandex's form for an
// HTTPS main mirror). The seed's invalid examples are the test vectors.
func HostError(value string) msg.Text {
	v := value
	switch {
	case v == "":
		return msg.New(msgHostEmpty)
	case strings.ContainsAny(v, ", \t;"):
		return msg.New(msgHostSeveral)
	}
	if i := strings.Index(v, "://"); i >= 0 {
		if !strings.EqualFold(v[:i], "https") {
			return msg.New(msgHostScheme)
		}
		v = v[i+3:]
	}
	if strings.ContainsAny(v, "/?#") {
		return msg.New(msgHostSlash)
	}
	if i := strings.LastIndexByte(v, ':'); i >= 0 {
		port, err := strconv.Atoi(v[i+1:])
		if err != nil || port < 1 || port > 65535 || v[i+1] == '+' || v[i+1] == '-' {
			return msg.New(msgHostPort)
		}
		v = v[:i]
	}
	labels := strings.Split(v, ".")
	numeric := true
	for _, l := range labels {
		if l == "" {
			return msg.New(msgHostDots)
		}
		if len(l) > 63 {
			return msg.New(msgHostLabelLen)
		}
		for i := 0; i < len(l); i++ {
			c := l[i]
			switch {
			case '0' <= c && c <= '9':
			case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
				numeric = false
			case c == '-':
				numeric = false
				if i == 0 || i == len(l)-1 {
					return msg.New(msgHostHyphen)
				}
			default:
				return msg.New(msgHostChar, "Char", string(c))
			}
		}
	}
	if numeric {
		return msg.New(msgHostIP)
	}
	if len(labels) < 2 {
		return msg.New(msgHostSingle)
	}
	tld := strings.ToLower(labels[len(labels)-1])
	for i := 0; i < len(tld); i++ {
		if tld[i] < 'a' || tld[i] > 'z' {
			if strings.HasPrefix(tld, "xn--") {
				return msg.Text{}
			}
			return msg.New(msgHostTLD, "TLD", tld)
		}
	}
	if len(tld) == 2 && !isCountryTLD(tld) {
		return msg.New(msgHostTLD, "TLD", tld)
	}
	return msg.Text{}
}

func isCountryTLD(tld string) bool {
	for i := 0; i+2 <= len(countryTLDs); i += 3 {
		if countryTLDs[i:i+2] == tld {
			return true
		}
	}
	return false
}
