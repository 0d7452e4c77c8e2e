package aiaccess

import "net/netip"

// RefuseAnyPrefix lets the rules refuse any range (loopback too) until
// the returned function puts the check back: the tests that run the
// servers ask them from 127.0.0.1.
func RefuseAnyPrefix() (restore func()) {
	was := refusable
	refusable = func(netip.Prefix) bool { return true }
	return func() { refusable = was }
}
