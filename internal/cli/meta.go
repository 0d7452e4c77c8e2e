//go:build !js

package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/tester/metatag"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

const metaUsage = "[--engine ID|all] [--json] [--now DATE] CONTENT | --html FILE [--url URL] [--robots ROBOTS_FILE] [--headers FILE]"

func init() {
	Register(Command{
		Name:    "meta",
		Usage:   metaUsage,
		Summary: msg.Def("cli.meta.summary", "validate a robots meta content string, or analyse the robots tags and X-Robots-Tag headers of an HTML page; exit 1 when it has an error"),
		Run:     runMeta,
	})
}

var (
	msgMetaBadNow        = msg.Def("cli.meta.bad_now", "--now {{.Value}} is not a date (use 2025-09-21)")
	msgMetaRobotsURL     = msg.Def("cli.meta.robots_url", "--robots needs --url, the page's address")
	msgMetaHTMLOrContent = msg.Def("cli.meta.html_or_content", "give either --html FILE or a CONTENT string, not both")
	msgMetaFlagEngine    = msg.Def("cli.meta.flag_engine", "engine: {{.IDs}} or all")
	msgMetaFlagJSON      = msg.Def("cli.meta.flag_json", "print the report as JSON")
	msgMetaFlagHTML      = msg.Def("cli.meta.flag_html", "HTML page to analyse (- for standard input)")
	msgMetaFlagURL       = msg.Def("cli.meta.flag_url", "the page's URL, for the robots.txt check")
	msgMetaFlagHeaders   = msg.Def("cli.meta.flag_headers", "response headers of the page (curl -I output)")
	msgMetaFlagRobots    = msg.Def("cli.meta.flag_robots", "robots.txt of the site: say which crawlers it keeps away from the page (they never see its tags); needs --url")
	msgMetaFlagNow       = msg.Def("cli.meta.flag_now", "pretend today is DATE (for unavailable_after; reproducible output)")
	msgMetaContent       = msg.Def("cli.meta.content", "content: {{.Content}}")
	msgMetaPage          = msg.Def("cli.meta.page", "{{.File}}: robots meta tags: {{.Tags}}, X-Robots-Tag headers: {{.Headers}}")
	msgMetaLinks         = msg.Def("cli.meta.links", "links: {{.Total}} (rel=nofollow {{.Nofollow}}, ugc {{.UGC}}, sponsored {{.Sponsored}})")
	msgMetaHistorical    = msg.Def("cli.meta.historical", "historical meta tags:")
	msgMetaPolicy        = msg.Def("cli.meta.policy", "effective policy:")
	msgMetaNoProblems    = msg.Def("cli.meta.no_problems", "no problems found")
	msgMetaUnknownDir    = msg.Def("cli.meta.unknown_directive", "(unknown)")
	msgColCrawler        = msg.Def("meta.col.crawler", "crawler")
	msgColIndex          = msg.Def("meta.col.index", "index")
	msgColFollow         = msg.Def("meta.col.follow", "follow")
	msgColSnippet        = msg.Def("meta.col.snippet", "snippet")
	msgColArchive        = msg.Def("meta.col.archive", "archive")
)

func runMeta(env *Env, args []string) int {
	fs := NewFlags(env, "meta", metaUsage)
	engineIDs := make([]string, len(metatag.Engines))
	for i, e := range metatag.Engines {
		engineIDs[i] = string(e)
	}
	engineID := fs.String("engine", "all", msg.New(msgMetaFlagEngine, "IDs", strings.Join(engineIDs, ", ")).String())
	asJSON := fs.Bool("json", false, msgMetaFlagJSON)
	htmlFile := fs.String("html", "", msgMetaFlagHTML)
	pageURL := fs.String("url", "", msgMetaFlagURL)
	headersFile := fs.String("headers", "", msgMetaFlagHeaders)
	nowText := fs.String("now", "", msgMetaFlagNow)
	robotsFile := fs.String("robots", "", msgMetaFlagRobots)
	rest, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	engines, ok := metatag.ParseEngine(*engineID)
	if !ok {
		return Failf(env, "meta: %s", msg.New(msgCatUnknownEngine, "Name", strconv.Quote(*engineID), "Valid", strings.Join(append(engineIDs, "all"), ", ")))
	}
	opt := metatag.Options{URL: *pageURL, Engines: engines}
	if *nowText != "" {
		t, ok := metatag.ParseDate(*nowText)
		if !ok {
			return Failf(env, "meta: %s", msg.New(msgMetaBadNow, "Value", strconv.Quote(*nowText)))
		}
		opt.Now = t
	}
	if *robotsFile != "" {
		if *pageURL == "" {
			return Failf(env, "meta: %s", msg.New(msgMetaRobotsURL))
		}
		data, code := LoadRobots(env, *robotsFile)
		if code >= 0 {
			return code
		}
		opt.Robots = metatag.RobotsFromDocument(syntax.Parse(data))
	}
	if *headersFile != "" {
		data, code := LoadRobots(env, *headersFile)
		if code >= 0 {
			return code
		}
		opt.Headers = string(data)
	}

	var report metatag.Report
	var title string
	switch {
	case *htmlFile != "" && len(rest) > 0:
		return Failf(env, "meta: %s", msg.New(msgMetaHTMLOrContent))
	case *htmlFile != "":
		data, code := LoadRobots(env, *htmlFile)
		if code >= 0 {
			return code
		}
		report = metatag.AnalyseHTML(data, opt)
		title = *htmlFile
	case len(rest) > 0:
		// Unquoted `meta noindex, nofollow` arrives as two arguments.
		report = metatag.Validate(strings.Join(rest, " "), opt)
		title = "content"
	case *headersFile != "":
		report = metatag.AnalyseHeaders(opt)
		title = *headersFile
	default:
		return UsageError(fs)
	}

	if *asJSON {
		enc := json.NewEncoder(env.Stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(metaJSON(report, engines)); err != nil {
			return Failf(env, "meta: %v", err)
		}
	} else {
		// Buffered: a page can carry tens of thousands of directives.
		out := bufio.NewWriter(env.Stdout)
		printMeta(terminalSafe{out}, report, title, *headersFile, engines)
		out.Flush()
	}
	if report.HasError(engines) {
		return ExitFailure
	}
	return ExitOK
}

// where prints a diagnostic's position the way compilers do: file:line or
// content:1:col.
func where(r metatag.Report, d metatag.Diagnostic, title, headersFile string) string {
	file := title
	if d.Headers && headersFile != "" {
		file = headersFile
	}
	if d.Source >= 0 && d.Source < len(r.Sources) && r.Sources[d.Source].Kind != metatag.FromMeta && !d.Headers {
		if d.Span.Valid() {
			return "content:1:" + strconv.Itoa(d.Span.Start+1)
		}
		return "content"
	}
	if d.Line > 0 {
		return file + ":" + strconv.Itoa(d.Line)
	}
	return file
}

func printMeta(w io.Writer, r metatag.Report, title, headersFile string, engines []metatag.Engine) {
	if r.HTML {
		tags, headers := r.SourceCounts()
		fmt.Fprintln(w, msg.New(msgMetaPage, "File", title, "Tags", tags, "Headers", headers))
	}
	for _, s := range r.Sources {
		switch s.Kind {
		case metatag.FromContent:
			fmt.Fprintln(w, msg.New(msgMetaContent, "Content", printable(s.Content)))
		case metatag.FromMeta:
			fmt.Fprintf(w, "%s:%d: <meta name=%q content=%q>\n", title, s.Line, s.Name, s.Content)
		case metatag.FromHeader:
			if s.Line > 0 {
				fmt.Fprintf(w, "%s:%d: X-Robots-Tag: %s\n", headersFile, s.Line, printable(s.Content))
			} else {
				fmt.Fprintln(w, printable(s.Content))
			}
		}
		for _, d := range s.Directives {
			desc := metatag.Describe(d.Name).String()
			if desc == "" {
				desc = msg.New(msgMetaUnknownDir).String()
			}
			scope := ""
			if s.Kind == metatag.FromHeader && d.Scope != "robots" {
				scope = d.Scope + ": "
			}
			fmt.Fprintf(w, "  %-28s %s\n", printable(scope+d.Raw)+" ", desc)
		}
	}
	if r.HTML {
		fmt.Fprintln(w, msg.New(msgMetaLinks, "Total", r.Links.Total, "Nofollow", r.Links.Nofollow, "UGC", r.Links.UGC, "Sponsored", r.Links.Sponsored))
	}
	if len(r.Historical) > 0 {
		fmt.Fprintln(w, msg.New(msgMetaHistorical))
		for _, h := range r.Historical {
			fmt.Fprintf(w, "  %s:%d: %s=%q\n    %s\n", title, h.Line, h.Name, h.Content, h.Explanation)
		}
	}
	fmt.Fprintln(w)
	if len(r.Diagnostics) == 0 {
		fmt.Fprintln(w, msg.New(msgMetaNoProblems))
	}
	for _, d := range r.Diagnostics {
		fmt.Fprintf(w, "%s: %s", where(r, d, title, headersFile), d.Severity.Label())
		if d.Engines != nil {
			var names []string
			for _, e := range d.Engines {
				if slices.Contains(engines, e) {
					names = append(names, e.Label().String())
				}
			}
			if len(names) < len(metatag.Engines) {
				fmt.Fprintf(w, " [%s]", strings.Join(names, ", "))
			}
		}
		fmt.Fprintf(w, ": %s\n", printable(d.Message.String()))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, msg.New(msgMetaPolicy))
	fmt.Fprintf(w, "  %-16s %-10s %-10s %-22s %s\n", msg.New(msgColCrawler), msg.New(msgColIndex), msg.New(msgColFollow), msg.New(msgColSnippet), msg.New(msgColArchive))
	for _, p := range r.Policies {
		a := p.Answers()
		fmt.Fprintf(w, "  %-16s %-10s %-10s %-22s %s\n", p.Crawler.Label(), a.Index, a.Follow, a.Snippet, a.Archive)
		for _, why := range p.Reasons {
			fmt.Fprintf(w, "      %s\n", why)
		}
	}
}

// metaJSONReport is the --json form of a report.
type metaJSONReport struct {
	OK          bool               `json:"ok"`
	Sources     []metaJSONSource   `json:"sources"`
	Historical  []metaJSONHistoric `json:"historical,omitempty"`
	Links       *metatag.LinkCount `json:"links,omitempty"`
	Noindex     *int               `json:"yandex_noindex_blocks,omitempty"`
	Diagnostics []metaJSONDiag     `json:"diagnostics"`
	Policies    []metaJSONPolicy   `json:"policies"`
}

type metaJSONSource struct {
	Kind       string              `json:"kind"`
	Name       string              `json:"name"`
	Line       int                 `json:"line,omitempty"`
	Content    string              `json:"content"`
	InHead     bool                `json:"in_head"`
	Directives []metaJSONDirective `json:"directives"`
}

type metaJSONDirective struct {
	Name        string `json:"name"`
	Value       string `json:"value,omitempty"`
	Raw         string `json:"raw"`
	Offset      int    `json:"offset"`
	Scope       string `json:"scope"`
	Known       bool   `json:"known"`
	Description string `json:"description,omitempty"`
}

type metaJSONHistoric struct {
	Name        string `json:"name"`
	Content     string `json:"content"`
	Line        int    `json:"line"`
	Explanation string `json:"explanation"`
}

type metaJSONDiag struct {
	Severity string   `json:"severity"`
	Code     string   `json:"code"`
	Engines  []string `json:"engines,omitempty"`
	Source   int      `json:"source"`
	Line     int      `json:"line,omitempty"`
	Offset   int      `json:"offset"`
	Length   int      `json:"length"`
	Message  string   `json:"message"`
}

type metaJSONPolicy struct {
	Crawler          string   `json:"crawler"`
	Engine           string   `json:"engine"`
	Index            bool     `json:"index"`
	Follow           bool     `json:"follow"`
	Snippet          int      `json:"snippet"`
	ImagePreview     string   `json:"image_preview,omitempty"`
	VideoPreview     int      `json:"video_preview"`
	Archive          bool     `json:"archive"`
	Translate        bool     `json:"translate"`
	ImageIndex       bool     `json:"image_index"`
	IndexIfEmbedded  bool     `json:"index_if_embedded"`
	UnavailableAfter string   `json:"unavailable_after,omitempty"`
	Expired          bool     `json:"expired,omitempty"`
	Blocked          bool     `json:"blocked_by_robots_txt,omitempty"`
	BlockedReason    string   `json:"blocked_reason,omitempty"`
	Reasons          []string `json:"reasons"`
}

func metaJSON(r metatag.Report, engines []metatag.Engine) metaJSONReport {
	out := metaJSONReport{OK: !r.HasError(engines), Sources: []metaJSONSource{}, Diagnostics: []metaJSONDiag{}, Policies: []metaJSONPolicy{}}
	for _, s := range r.Sources {
		js := metaJSONSource{Kind: s.Kind.String(), Name: s.Name, Line: s.Line, Content: s.Content, InHead: s.InHead, Directives: []metaJSONDirective{}}
		for _, d := range s.Directives {
			js.Directives = append(js.Directives, metaJSONDirective{Name: d.Name, Value: d.Value, Raw: d.Raw, Offset: d.Offset,
				Scope: d.Scope, Known: metatag.IsDirective(d.Name), Description: metatag.Describe(d.Name).String()})
		}
		out.Sources = append(out.Sources, js)
	}
	for _, h := range r.Historical {
		out.Historical = append(out.Historical, metaJSONHistoric{Name: h.Name, Content: h.Content, Line: h.Line, Explanation: h.Explanation.String()})
	}
	if r.HTML {
		links, blocks := r.Links, r.Noindex.Count+r.Noindex.Unclosed
		out.Links, out.Noindex = &links, &blocks
	}
	for _, d := range r.Diagnostics {
		jd := metaJSONDiag{Severity: d.Severity.String(), Code: d.Code, Source: d.Source, Line: d.Line, Offset: d.Span.Start, Length: d.Span.Len(), Message: d.Message.String()}
		for _, e := range d.Engines {
			jd.Engines = append(jd.Engines, string(e))
		}
		out.Diagnostics = append(out.Diagnostics, jd)
	}
	for _, p := range r.Policies {
		jp := metaJSONPolicy{Crawler: p.Crawler.Name, Engine: string(p.Crawler.Engine), Index: p.Index, Follow: p.Follow,
			Snippet: p.Snippet, ImagePreview: p.ImagePreview, VideoPreview: p.VideoPreview, Archive: p.Archive && !p.ArchiveMoot,
			Translate: p.Translate, ImageIndex: p.ImageIndex, IndexIfEmbedded: p.IndexIfEmbedded,
			UnavailableAfter: p.UnavailableAfter, Expired: p.Expired, Blocked: p.Blocked, BlockedReason: p.BlockedReason, Reasons: []string{}}
		for _, why := range p.Reasons {
			jp.Reasons = append(jp.Reasons, why.String())
		}
		out.Policies = append(out.Policies, jp)
	}
	return out
}
