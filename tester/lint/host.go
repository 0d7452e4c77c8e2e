package lint

import (
	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/hostname"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// HostError says why Yandex would ignore value as the argument of a Host
// line, or returns the zero Text when the value is valid: one RFC 952 host
// name (not an IP address) with a real top-level domain and an optional
// port from 1 to 65535, optionally after `https://` (Yandex's form for an
// HTTPS main mirror). The rules are the mirror wizard's (tester/mirror), so
// lint, the Yandex engine and the wizard never disagree about a name.
func HostError(value string) msg.Text {
	if p, bad := hostProblem(value); bad {
		return p.Message
	}
	return msg.Text{}
}

func hostProblem(value string) (diag.Diagnostic, bool) {
	n := hostname.ParseName(value, hostname.ModeHostYandex2017)
	if n.Valid() {
		return diag.Diagnostic{}, false
	}
	return n.Problems[0], true
}

// HostFix is the Host value Yandex reads that value evidently means:
// `http://example.com/` is `example.com`, `https://example.com/` is
// `https://example.com` (Yandex's form for an HTTPS main mirror), and
// `www.example.com/` is `www.example.com`. ok is false when value is valid
// already or names no single valid host (an IP address, a path, two names).
func HostFix(value string) (fixed string, ok bool) {
	if _, bad := hostProblem(value); !bad {
		return "", false
	}
	n := hostname.ParseName(value, hostname.ModeInput)
	if !n.Valid() {
		return "", false
	}
	fixed = n.HostValue()
	if _, bad := hostProblem(fixed); bad {
		return "", false
	}
	return fixed, true
}
