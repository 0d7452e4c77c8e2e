package mirror

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/hostname"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// Tester answers whether crawler may fetch path on a host that serves robots.
// The window plugs in the readings the user chose (engine.Get(id).Compile(doc).Query);
// why is the engine's explanation sentence.
type Tester func(robots []byte, crawler, path string) (allowed bool, why string)

// Strategy is how the mirrors are set up for the Check step.
type Strategy uint8

// Strategies. The zero value is the one to recommend today: Yandex has
// picked the main mirror from 301 redirects since 2018 (Yandex Webmaster
// help, "Site mirrors"), and Google treats a redirect as a strong canonical
// signal (Google Search Central, "Redirects and Google Search").
const (
	// Redirect: every mirror answers 301; a crawler fetching the mirror's
	// robots.txt follows the redirect and reads the main name's file.
	Redirect Strategy = iota
	// PerHost, the classic set-up: the main name serves the planned
	// document, every mirror its own robots.txt with Disallow: /. A crawler
	// that may not fetch a mirror's pages never sees their redirects or
	// canonical links, so this hides the 301s from Google.
	PerHost
)

// CheckRow is one verdict of the Check step.
type CheckRow struct {
	Host    string   // the name as displayed
	Main    bool     // the main mirror
	Served  msg.Text // which robots.txt that name serves
	Crawler string
	Path    string
	Allowed bool
	Why     string
}

var (
	msgServedMain     = msg.Def("mirror.served.main", "the planned robots.txt")
	msgServedMirror   = msg.Def("mirror.served.mirror", "robots.txt with Disallow: /")
	msgServedRedirect = msg.Def("mirror.served.redirect", "301 to the main name, whose robots.txt applies")
)

// DefaultCrawlers are the crawlers the Check step starts with: the two that
// matter for mirrors today, Bing, and a 1990s robot.
var DefaultCrawlers = []string{"YandexBot", "Googlebot", "bingbot", "StackRambler"}

// DefaultPaths are a few paths worth checking: the home page, a path the
// document disallows for every robot, and the encoding directories.
func (p *Plan) DefaultPaths() []string {
	paths := []string{"/"}
	for _, g := range p.Change.Groups {
		grp := &p.Analysis.Groups[g]
		for _, d := range grp.Disallows {
			if strings.HasPrefix(d, "/") && d != "/" && !strings.ContainsAny(d, "*$") {
				paths = append(paths, d)
				break
			}
		}
		if len(paths) > 1 {
			break
		}
	}
	for _, d := range p.Options.EncodingDirs {
		if !contains(paths, d+"/") {
			paths = append(paths, d+"/")
		}
	}
	return paths
}

// Check asks test, for the main name and each mirror × crawler × path, what
// the crawler may fetch when the names are set up with strategy s.
func (p *Plan) Check(s Strategy, crawlers, paths []string, test Tester) []CheckRow {
	var rows []CheckRow
	names := append([]hostname.Name{p.Main}, p.Mirrors...)
	mirrorFile := p.MirrorRobots()
	for i, n := range names {
		robots, served := p.After, msg.New(msgServedMain)
		if i > 0 {
			if s == Redirect {
				served = msg.New(msgServedRedirect)
			} else {
				robots, served = mirrorFile, msg.New(msgServedMirror)
			}
		}
		for _, c := range crawlers {
			for _, path := range paths {
				ok, why := test(robots, c, path)
				rows = append(rows, CheckRow{Host: n.Display(), Main: i == 0, Served: served, Crawler: c, Path: path, Allowed: ok, Why: why})
			}
		}
	}
	return rows
}
