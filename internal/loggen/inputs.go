package loggen

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// WriteURLs writes n URLs and paths that look like traffic to the site of
// doc, one a line: half are the file's own rule paths (so many match), the
// rest pages with ids and queries; a third are absolute URLs on host
// (https://www.linkedin.com for the benchmarks).
func WriteURLs(w io.Writer, doc *syntax.Document, host string, n int) error {
	var rules []string
	for i := range doc.Lines {
		l := &doc.Lines[i]
		if l.Kind.IsRule() && !l.Value.Empty() {
			rules = append(rules, strings.TrimSuffix(strings.ReplaceAll(doc.Text(l.Value), "*", "x"), "$"))
		}
	}
	if len(rules) == 0 {
		rules = []string{"/"}
	}
	words := []string{"jobs", "in", "company", "school", "feed", "pulse", "learning", "search", "profile", "posts", "groups"}
	bw := bufio.NewWriterSize(w, 1<<20)
	x := uint64(7)
	for i := 0; i < n; i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		var p string
		switch r := x % 10; {
		case r < 5:
			p = rules[x>>8%uint64(len(rules))]
		case r < 8:
			p = fmt.Sprintf("/%s/%d", words[x>>8%uint64(len(words))], x>>16%50000)
		default:
			p = fmt.Sprintf("/%s/%s?trk=%d", words[x>>8%uint64(len(words))], words[x>>12%uint64(len(words))], x>>16%999)
		}
		if i%3 == 0 {
			p = host + p
		}
		bw.WriteString(p)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// SitemapSections mix paths linkedin.robots.txt allows with ones it blocks
// for some crawlers.
var SitemapSections = []string{"in", "company", "pulse", "jobs/view", "feed/update", "groups", "school", "learning",
	"posts", "showcase", "events", "directory/people", "answers", "jobs-guest", "legal", "help"}

// WriteSitemap writes a urlset of n entries of about 100 bytes each
// (50,000 ≈ 5 MB) on https://www.linkedin.com, one <url> a line.
func WriteSitemap(w io.Writer, n int) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	bw.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	freqs := []string{"daily", "weekly", "monthly"}
	for i := 0; i < n; i++ {
		fmt.Fprintf(bw, "<url><loc>https://www.linkedin.com/%s/item-%d</loc><lastmod>2024-%02d-%02d</lastmod><changefreq>%s</changefreq></url>\n",
			SitemapSections[i%len(SitemapSections)], i, 1+i%12, 1+i%28, freqs[i%3])
	}
	bw.WriteString("</urlset>\n")
	return bw.Flush()
}
