// Package timeline is the history of robots.txt as a row of points a
// teacher can click: each point names the reading (engine) it stands for
// and carries a short note; picking a point switches the tester to that
// reading.
package timeline

import "fyne.io/fyne/v2/lang"

// Point is one step in the history of the standard.
type Point struct {
	Label  func() string // short label on the line ("1994")
	Title  func() string // one line: what happened
	Note   func() string // one paragraph: what changed and why it matters
	Source string        // a public source the note rests on
	Engine string        // the engine ID of the reading it stands for
}

// Points lists the history in order, oldest first.
func Points() []Point {
	return []Point{
		{
			Label: func() string { return lang.X("timeline.1994.label", "1994") },
			Title: func() string { return lang.X("timeline.1994.title", "1994 — A Standard for Robot Exclusion") },
			Note: func() string {
				return lang.X("timeline.1994.note", "Robot authors and webmasters on the robots mailing list agreed on one plain text file at the root of a site. A record names robots in User-agent lines and lists path prefixes in Disallow lines; a blank line ends the record; * stands for every robot no other record names. There is no Allow: a robot stays out of every path that begins with a listed prefix. Nothing enforces it — it is a request that polite robots honour.")
			},
			Source: "robotstxt.org/orig.html",
			Engine: "original1994",
		},
		{
			Label: func() string { return lang.X("timeline.draft.label", "1996 draft") },
			Title: func() string { return lang.X("timeline.draft.title", "1996 — M. Koster's Internet-Draft") },
			Note: func() string {
				return lang.X("timeline.draft.note", "The Internet-Draft \"A Method for Web Robots Control\" tried to make the 1994 text an RFC. It added Allow lines and a clear order: the robot reads the rules of its record from the top and the first rule that matches the path decides. It also said how %-escapes compare and that /robots.txt itself is always allowed. The draft expired and never became a standard, but many robots followed it.")
			},
			Source: "draft-koster-robots-00 (1996)",
			Engine: "draft1996",
		},
		{
			Label: func() string { return lang.X("timeline.lycos.label", "1996 Lycos") },
			Title: func() string { return lang.X("timeline.lycos.title", "1996 — The Lycos revision") },
			Note: func() string {
				return lang.X("timeline.lycos.note", "\"Robot Exclusion Standard Revisited\" by C. Kollar, J. R. R. Leavitt and M. Mauldin wrote the rules down as a grammar. One User-agent line may name several robots and one Disallow line may list several path prefixes, separated by spaces; a robot matches a name found anywhere in its User-Agent, and a record that names it beats the * record. There is still no Allow.")
			},
			Source: "Kollar, Leavitt, Mauldin: Robot Exclusion Standard Revisited (1996)",
			Engine: "lycos1996",
		},
		{
			Label: func() string { return lang.X("timeline.agree.label", "2006–2008") },
			Title: func() string { return lang.X("timeline.agree.title", "2006–2008 — The big engines agree") },
			Note: func() string {
				return lang.X("timeline.agree.note", "Google, Yahoo and Microsoft first agreed on the Sitemaps protocol (sitemaps.org, 2006; the Sitemap line in robots.txt, 2007) and in June 2008 published together which robots.txt features they all support: Allow, * for any run of characters, $ for the end of the URL, and Sitemap. The longest matching rule decides, whatever its place in the file. Bing, Microsoft's engine since 2009, reads the file this way.")
			},
			Source: "Google Webmaster Central Blog, 2008-06; sitemaps.org",
			Engine: "bing",
		},
		{
			Label: func() string { return lang.X("timeline.host.label", "Host → 2018") },
			Title: func() string { return lang.X("timeline.host.title", "Yandex's Host line, retired in 2018") },
			Note: func() string {
				return lang.X("timeline.host.note", "Yandex read its own Host line: it named the main mirror of a site, and the other host names serving the file were treated as closed. In 2018 Yandex stopped reading Host and Crawl-delay: a 301 redirect from each mirror to the main host is the way to say which one is main. Yandex still sorts rules by length, so the longest match wins, and reads Clean-param.")
			},
			Source: "Yandex Webmaster help (robots.txt, Host, Crawl-delay)",
			Engine: "yandex",
		},
		{
			Label: func() string { return lang.X("timeline.google.label", "2019") },
			Title: func() string { return lang.X("timeline.google.title", "2019 — Google publishes its parser") },
			Note: func() string {
				return lang.X("timeline.google.note", "Google released the C++ library Googlebot uses to read robots.txt as open source and sent the protocol to the IETF as an Internet-Draft. The code settled questions the old texts left open: typos such as \"dissallow\" are accepted, groups that name the same robot are merged, a robot falls back to * only when no group names it. From 1 September 2019 Google no longer obeys Noindex lines in robots.txt.")
			},
			Source: "github.com/google/robotstxt; Google Search Central blog, 2019-07",
			Engine: "google",
		},
		{
			Label: func() string { return lang.X("timeline.rfc.label", "2022 RFC 9309") },
			Title: func() string { return lang.X("timeline.rfc.title", "2022 — RFC 9309, the Robots Exclusion Protocol") },
			Note: func() string {
				return lang.X("timeline.rfc.note", "Twenty-eight years after the first text, the protocol became an IETF standard. RFC 9309 defines groups (blank lines do not end them), merging of groups for the same robot, the longest match with Allow winning a tie, %-encoding, /robots.txt always allowed, and what a crawler does when the file answers 4xx (allow all) or 5xx (disallow all). Crawlers must read at least 500 KiB.")
			},
			Source: "RFC 9309 (rfc-editor.org/rfc/rfc9309)",
			Engine: "rfc9309",
		},
	}
}
