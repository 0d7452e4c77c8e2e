package sitemap

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/robots-studio/robots-studio/tester/msg"
)

// BuildEntry is one URL for the builder, with its optional columns.
type BuildEntry struct {
	Loc        string
	LastMod    string
	ChangeFreq string
	Priority   string
	Line       int // line of the list it came from
}

// BuiltFile is one file the builder wrote (in memory).
type BuiltFile struct {
	Name string
	Data []byte
}

var (
	msgListRelative = msg.Def("sitemap.build.relative", "`{{.URL}}` is a path: give the site's address (--host https://www.example.com) to make it a full URL")
	msgListNotURL   = msg.Def("sitemap.build.not_url", "`{{.URL}}` is neither a full URL nor a path starting with /")
	msgListColumn   = msg.Def("sitemap.build.column", "`{{.Value}}` is not a date (YYYY-MM-DD), a change frequency (daily…) or a priority (0.0–1.0)")
	msgListDup      = msg.Def("sitemap.build.duplicate", "{{.URL}} is already listed at line {{.Line}}; it is written once")
	msgListHost     = msg.Def("sitemap.build.host", "`{{.Host}}` is not a site address such as https://www.example.com")
	msgListEmpty    = msg.Def("sitemap.build.empty", "the list has no URLs")
)

// ParseURLList reads a URL list for the builder: one URL or path a line,
// optionally followed (after a tab or spaces) by a lastmod date, a change
// frequency and a priority in any order; blank lines and lines starting
// with # are skipped. Paths are made absolute with host. Problems come back
// as findings with the list's line; the entries are those that are usable.
func ParseURLList(r io.Reader, file, host string) ([]BuildEntry, []Finding) {
	var out []BuildEntry
	var fs []Finding
	add := func(code string, line int, text msg.Text) {
		fs = append(fs, Finding{Diagnostic: newDiag(code, text), File: file, Line: line, Col: 1})
	}
	host = strings.TrimRight(host, "/")
	if host != "" && !isAbsolute(host) {
		add(CodeNotAbsolute, 0, msg.New(msgListHost, "Host", clip(host)))
		return nil, fs
	}
	// The sitemap will be on the site's host (or, without one, on the
	// first URL's): a URL of another host is refused with the reason the
	// Check gives for it (SM011), so the file built is one Check accepts.
	own, _, _ := splitURL(host)
	first := ""
	seen := map[string]int{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var fields []string
		if strings.Contains(line, "\t") {
			fields = strings.Split(line, "\t")
		} else {
			// Without tabs, the trailing words that read as columns are
			// columns; the rest is the URL, spaces and all.
			words := strings.Fields(line)
			k := len(words)
			for k > 1 && isColumn(words[k-1]) {
				k--
			}
			fields = append([]string{strings.Join(words[:k], " ")}, words[k:]...)
		}
		e := BuildEntry{Loc: strings.TrimSpace(fields[0]), Line: n}
		ok := true
		for _, c := range fields[1:] {
			c = strings.TrimSpace(c)
			switch {
			case c == "":
			case checkW3C(c) != w3cBad:
				e.LastMod = c
			case isChangefreq(strings.ToLower(c)):
				e.ChangeFreq = strings.ToLower(c)
			case validPriority(c):
				e.Priority = c
			default:
				add(CodeLastmod, n, msg.New(msgListColumn, "Value", clip(c)))
				ok = false
			}
		}
		switch {
		case strings.HasPrefix(e.Loc, "/") && host != "":
			e.Loc = host + e.Loc
		case strings.HasPrefix(e.Loc, "/"):
			add(CodeNotAbsolute, n, msg.New(msgListRelative, "URL", clip(e.Loc)))
			continue
		case !isAbsolute(e.Loc):
			add(CodeNotAbsolute, n, msg.New(msgListNotURL, "URL", clip(e.Loc)))
			continue
		}
		if !ok {
			continue
		}
		if h, _, split := splitURL(e.Loc); split {
			switch {
			case own != "" && h != own:
				add(CodeOtherHost, n, msg.New(msgOtherHost, "URL", clip(e.Loc), "Host", h, "Own", own))
				continue
			case own == "" && first == "":
				first = h
			case own == "" && h != first:
				add(CodeOtherHost, n, msg.New(msgOtherHostF, "URL", clip(e.Loc), "Host", h, "Own", first))
				continue
			}
		}
		e.Loc = EncodeURL(e.Loc)
		if first, dup := seen[e.Loc]; dup {
			add(CodeDuplicate, n, msg.New(msgListDup, "URL", clip(e.Loc), "Line", first))
			continue
		}
		seen[e.Loc] = n
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		add(CodeMalformed, 0, msg.New(msgMalformed, "Error", err.Error()))
	}
	if len(out) == 0 && len(fs) == 0 {
		add(CodeEmpty, 0, msg.New(msgListEmpty))
	}
	return out, fs
}

func isColumn(c string) bool {
	return checkW3C(c) != w3cBad || isChangefreq(strings.ToLower(c)) || validPriority(c)
}

// xmlEscaper writes the five characters XML reserves as entities.
var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "'", "&apos;", "\"", "&quot;")

const (
	xmlHead    = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	urlsetOpen = "<urlset xmlns=\"" + Namespace + "\">\n"
	urlsetEnd  = "</urlset>\n"
)

// Build writes entries as sitemaps: one file named base+".xml" when they
// fit (50,000 URLs, 50 MB), else base-1.xml, base-2.xml… and base.xml as
// the index listing them at dirURL (the address of the folder they will be
// served from, ending in /).
func Build(entries []BuildEntry, base, dirURL string) []BuiltFile {
	var parts []BuiltFile
	var buf bytes.Buffer
	count := 0
	flush := func() {
		buf.WriteString(urlsetEnd)
		parts = append(parts, BuiltFile{Data: append([]byte(nil), buf.Bytes()...)})
		buf.Reset()
		count = 0
	}
	var one bytes.Buffer
	for _, e := range entries {
		one.Reset()
		writeURL(&one, e)
		if count > 0 && (count == MaxURLs || buf.Len()+one.Len()+len(urlsetEnd) > MaxBytes) {
			flush()
		}
		if count == 0 {
			buf.WriteString(xmlHead)
			buf.WriteString(urlsetOpen)
		}
		buf.Write(one.Bytes())
		count++
	}
	if count > 0 || len(parts) == 0 {
		if count == 0 {
			buf.WriteString(xmlHead)
			buf.WriteString(urlsetOpen)
		}
		flush()
	}
	if len(parts) == 1 {
		parts[0].Name = base + ".xml"
		return parts
	}
	var idx bytes.Buffer
	idx.WriteString(xmlHead)
	idx.WriteString("<sitemapindex xmlns=\"" + Namespace + "\">\n")
	for i := range parts {
		parts[i].Name = fmt.Sprintf("%s-%d.xml", base, i+1)
		fmt.Fprintf(&idx, "  <sitemap>\n    <loc>%s</loc>\n  </sitemap>\n", xmlEscaper.Replace(EncodeURL(dirURL+parts[i].Name)))
	}
	idx.WriteString("</sitemapindex>\n")
	return append(parts, BuiltFile{Name: base + ".xml", Data: idx.Bytes()})
}

func writeURL(b *bytes.Buffer, e BuildEntry) {
	b.WriteString("  <url>\n    <loc>")
	b.WriteString(xmlEscaper.Replace(EncodeURL(e.Loc)))
	b.WriteString("</loc>\n")
	if e.LastMod != "" {
		b.WriteString("    <lastmod>" + xmlEscaper.Replace(e.LastMod) + "</lastmod>\n")
	}
	if e.ChangeFreq != "" {
		b.WriteString("    <changefreq>" + e.ChangeFreq + "</changefreq>\n")
	}
	if e.Priority != "" {
		b.WriteString("    <priority>" + e.Priority + "</priority>\n")
	}
	b.WriteString("  </url>\n")
}

// DirURL is the folder address a built index refers to its parts by: host
// (when given) or the first entry's scheme and host, with a final /.
func DirURL(host string, entries []BuildEntry) string {
	if host != "" {
		return strings.TrimRight(host, "/") + "/"
	}
	if len(entries) > 0 {
		if h, _, ok := splitURL(entries[0].Loc); ok {
			return h + "/"
		}
	}
	return "/"
}

// BuildCheck is what a list for the builder holds that a sitemap should
// not: URLs the robots.txt keeps a crawler from (each crawler with the
// rule that decided: SM101) and rule patterns taken for addresses (a `*`,
// or a `$` at the end: SM106).
type BuildCheck struct {
	Findings []Finding
	// Out are the lines of the entries a finding concerns, which the
	// builder offers to leave out.
	Out map[int]bool
}

// CheckBuild checks entries (from file) against r, when r is not nil,
// and for patterns.
func CheckBuild(entries []BuildEntry, r *Robots, file string) BuildCheck {
	c := BuildCheck{Out: map[int]bool{}}
	for _, e := range entries {
		path := e.Loc
		if _, rest, ok := splitURL(e.Loc); ok {
			path = rest
		}
		if ch := patternChar(path); ch != "" {
			c.Findings = append(c.Findings, Finding{Diagnostic: newDiag(CodePattern, msg.New(msgPattern, "URL", clip(e.Loc), "Char", ch)),
				File: file, Line: e.Line, Col: 1, URL: e.Loc})
			c.Out[e.Line] = true
		}
		if r == nil {
			continue
		}
		if fs := r.Test(file, Entry{Loc: e.Loc, Line: e.Line, Col: 1, Off: -1}); len(fs) > 0 { // a list's line: no offset kept
			c.Findings = append(c.Findings, fs...)
			c.Out[e.Line] = true
		}
	}
	return c
}

// patternChar is the wildcard a path holds as a rule would ("*", or "$" at
// its end), or "".
func patternChar(path string) string {
	switch {
	case strings.Contains(path, "*"):
		return "*"
	case strings.HasSuffix(path, "$"):
		return "$"
	}
	return ""
}

// Without is entries less those on the lines out names.
func Without(entries []BuildEntry, out map[int]bool) []BuildEntry {
	kept := make([]BuildEntry, 0, len(entries))
	for _, e := range entries {
		if !out[e.Line] {
			kept = append(kept, e)
		}
	}
	return kept
}
