// Package mirror is the logic of the mirror/Host wizard: a site reachable under
// several host names (www and bare domain, old domains, other ports, the
// encodings of "Russian Apache", IDN names) should be indexed under one.
//
// It validates host names the way Yandex's Host directive wanted them (RFC 952/
// 1123 labels, no IP address, port 1–65535, a real top-level domain), analyses
// the Host lines a robots.txt already has, computes the byte-range edits that
// place a Host line the compatible way (inside the group, right after the
// Disallow lines), and writes what each mirror should serve: a per-host
// robots.txt with Apache or nginx configs, 301 redirects and the canonical tag.
//
// The package is pure Go (no Fyne); the wizard window (ui/hostwizard) and the
// command line (robots-studio host) are thin layers over it. Every robots.txt
// fact comes from tester/syntax: nothing here parses robots.txt text itself.
package mirror
