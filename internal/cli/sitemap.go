//go:build !js

package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/sitemap"
	"github.com/robots-studio/robots-studio/tester/textfile"
)

const (
	sitemapUsage      = "[--robots ROBOTS_FILE] [--agent NAME]... [--engine ID] [--json] [--jobs N] SITEMAP...\n       robots-studio sitemap build [--host URL] [--out DIR] [--robots ROBOTS_FILE [--leave-out]] URLS_FILE"
	sitemapBuildUsage = "[--host URL] [--out DIR] [--robots ROBOTS_FILE [--leave-out]] URLS_FILE"
)

func init() {
	Register(Command{
		Name:    "sitemap",
		Usage:   sitemapUsage,
		Summary: msg.Def("cli.sitemap.summary", "check sitemaps (XML, gzip or text) and test every listed URL against a robots.txt; `sitemap build` writes sitemaps from a list of URLs"),
		Run:     runSitemap,
	})
}

var (
	msgSitemapOutNotDir       = msg.Def("cli.sitemap.out_not_dir", "--out {{.Dir}}: not a folder")
	msgSitemapFlagRobots      = msg.Def("cli.sitemap.flag_robots", "robots.txt to test the listed URLs against; its Sitemap: lines name the sitemaps beside it")
	msgSitemapFlagAgent       = msg.Def("cli.sitemap.flag_agent", "crawler to test for (repeatable; default Googlebot, bingbot, YandexBot)")
	msgSitemapFlagEngine      = msg.Def("cli.sitemap.flag_engine", "read the robots.txt with this engine for every crawler (default: each crawler's own)")
	msgSitemapFlagJSON        = msg.Def("cli.sitemap.flag_json", "one JSON object per finding")
	msgSitemapFlagHost        = msg.Def("cli.sitemap.flag_host", "the site's address (https://www.example.com) that paths in the list are made absolute with")
	msgSitemapFlagOut         = msg.Def("cli.sitemap.flag_out", "folder to write the sitemap files to")
	msgSitemapFlagBuildRobots = msg.Def("cli.sitemap.flag_build_robots", "warn of the URLs this robots.txt blocks for Googlebot, bingbot or YandexBot (each by its own reading)")
	msgSitemapFlagLeaveOut    = msg.Def("cli.sitemap.flag_leave_out", "leave the blocked URLs and rule patterns out of the files")
	msgSitemapNeedFiles       = msg.Def("cli.sitemap.need_files", "sitemap: give SITEMAP files, or --robots with a Sitemap: line that names a file beside it")
	msgSitemapNoFetch         = msg.Def("cli.sitemap.no_fetch", "sitemap: {{.URL}}: fetching from the web is not available in this build; save the sitemap and give its file")
	msgSitemapOneStdin        = msg.Def("cli.sitemap.one_stdin", "sitemap: standard input (-) can be read only once")
	msgSitemapBuildOne        = msg.Def("cli.sitemap.build_one", "sitemap build: give exactly one URLS_FILE")
	msgSitemapBuildHost       = msg.Def("cli.sitemap.build_host", "sitemap build: --host {{.Host}}: give the site's address with its scheme, such as https://www.example.com")
	msgSitemapBuildNone       = msg.Def("cli.sitemap.build_nothing", "sitemap build: nothing written; correct the lines above")
)

// JSONSitemapFinding is the --json form of a sitemap finding.
type JSONSitemapFinding struct {
	Code     string           `json:"code"`
	Severity string           `json:"severity"`
	File     string           `json:"file"`
	Line     int              `json:"line"`
	Col      int              `json:"col"`
	Message  string           `json:"message"`
	URL      string           `json:"url,omitempty"`
	Agent    string           `json:"agent,omitempty"`
	Engine   string           `json:"engine,omitempty"`
	Rule     *JSONSitemapRule `json:"rule,omitempty"`
}

// JSONSitemapRule is the robots.txt rule that blocks a listed URL.
type JSONSitemapRule struct {
	Line int    `json:"line"`
	Text string `json:"text"`
}

func runSitemap(env *Env, args []string) int {
	if len(args) > 0 && args[0] == "build" {
		return runSitemapBuild(env, args[1:])
	}
	fs := NewFlags(env, "sitemap", sitemapUsage)
	robotsFile := fs.String("robots", "", msgSitemapFlagRobots)
	var agents StringList
	fs.Var(&agents, "agent", msgSitemapFlagAgent)
	engineID := fs.String("engine", "", msgSitemapFlagEngine)
	asJSON := fs.Bool("json", false, msgSitemapFlagJSON)
	jobs := JobsFlag(fs)
	files, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	defer LimitCores(*jobs)()
	if *engineID != "" {
		if _, ok := engine.Get(*engineID); !ok {
			return Failf(env, "sitemap: %s", msg.New(msgCatUnknownEngine, "Name", strconv.Quote(*engineID), "Valid", strings.Join(engine.IDs(), ", ")))
		}
	}
	if len(files) == 0 && *robotsFile == "" {
		return Failf(env, "%s", msg.New(msgSitemapNeedFiles))
	}
	job := &sitemap.Job{Workers: Workers(*jobs)}
	if *robotsFile != "" {
		data, code := LoadRobots(env, *robotsFile)
		if code >= 0 {
			return code
		}
		r, err := sitemap.NewRobots(*robotsFile, data, agents, *engineID, nil)
		if err != nil {
			return Failf(env, "sitemap: %v", err)
		}
		job.Robots = r
		if len(files) == 0 {
			for _, sl := range r.Sitemaps {
				if sl.Local != "" {
					files = append(files, sl.Local)
				}
			}
		}
	}
	sources, code := sitemapSources(env, files)
	if code >= 0 {
		return code
	}
	// The reading keeps a few megabytes live and allocates a little per
	// URL (its text, handed on): collect garbage less often, memory stays
	// flat (TestMemoryStaysFlat).
	defer debug.SetGCPercent(debug.SetGCPercent(200))
	robotsFindings, reports, err := job.Run(sources)
	if err != nil {
		return Failf(env, "sitemap: %v", err)
	}
	out := bufio.NewWriter(env.Stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	all := robotsFindings
	for _, rep := range reports {
		all = append(all, rep.Findings...)
	}
	status := ExitOK
	if sitemap.HasError(all) {
		status = ExitFailure
	}
	for i := range all {
		f := &all[i]
		if *asJSON {
			enc.Encode(sitemapFindingJSON(f))
			continue
		}
		fmt.Fprintf(out, "%s:%d:%d: %s: %s [%s]\n", f.File, f.Line, f.Col, f.Severity, oneLine(f.Message.String()), f.Code)
	}
	return status
}

// sitemapSources checks the named files before anything is read: a missing
// file, a folder or a URL is a usage error, not a finding.
func sitemapSources(env *Env, files []string) ([]sitemap.Source, int) {
	var out []sitemap.Source
	stdin := false
	for _, f := range files {
		switch {
		case f == "-":
			if stdin {
				return nil, Failf(env, "%s", msg.New(msgSitemapOneStdin))
			}
			stdin = true
			in := env.Stdin
			out = append(out, sitemap.Source{Name: "-", Open: func() (io.ReadCloser, error) { return io.NopCloser(in), nil }})
			continue
		case strings.Contains(f, "://"):
			return nil, Failf(env, "%s", msg.New(msgSitemapNoFetch, "URL", f))
		}
		// A sitemap may be larger than textfile accepts and gzip-compressed,
		// so it is not loaded here; textfile only words the failure.
		st, err := os.Stat(f)
		if err == nil && !st.IsDir() {
			var fh *os.File
			if fh, err = textfile.OpenStream(f); err == nil {
				fh.Close()
			}
		}
		if err != nil || st.IsDir() {
			if _, lerr := textfile.Load(f, nil); lerr != nil {
				return nil, Failf(env, "%v", lerr)
			}
			return nil, Failf(env, "%v", err)
		}
		out = append(out, sitemap.FileSource(f))
	}
	return out, -1
}

func sitemapFindingJSON(f *sitemap.Finding) JSONSitemapFinding {
	j := JSONSitemapFinding{Code: f.Code, Severity: f.Severity.String(), File: f.File, Line: f.Line, Col: f.Col,
		Message: f.Message.String(), URL: f.URL, Agent: f.Agent, Engine: f.Engine}
	if f.Rule != nil {
		j.Rule = &JSONSitemapRule{Line: f.Rule.Line, Text: f.Rule.Text}
	}
	if f.Agent == "" {
		j.URL = ""
	}
	return j
}

func runSitemapBuild(env *Env, args []string) int {
	fs := NewFlags(env, "sitemap build", sitemapBuildUsage)
	host := fs.String("host", "", msgSitemapFlagHost)
	outDir := fs.String("out", ".", msgSitemapFlagOut)
	robotsFile := fs.String("robots", "", msgSitemapFlagBuildRobots)
	leaveOut := fs.Bool("leave-out", false, msgSitemapFlagLeaveOut)
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 1 {
		return Failf(env, "%s", msg.New(msgSitemapBuildOne))
	}
	if *host != "" && !strings.Contains(*host, "://") {
		return Failf(env, "%s", msg.New(msgSitemapBuildHost, "Host", *host))
	}
	if st, err := os.Stat(*outDir); err != nil || !st.IsDir() {
		return Failf(env, "sitemap build: %s", msg.New(msgSitemapOutNotDir, "Dir", *outDir))
	}
	data, code := LoadRobots(env, pos[0])
	if code >= 0 {
		return code
	}
	entries, findings := sitemap.ParseURLList(bytes.NewReader(data), pos[0], *host)
	for i := range findings {
		f := &findings[i]
		fmt.Fprintf(env.Stderr, "%s:%d:%d: %s: %s [%s]\n", f.File, f.Line, f.Col, f.Severity, oneLine(f.Message.String()), f.Code)
	}
	if sitemap.HasError(findings) {
		fmt.Fprintln(env.Stderr, msg.New(msgSitemapBuildNone))
		return ExitFailure
	}
	// URLs the robots.txt keeps a crawler from, and rule patterns: named
	// with the crawler and the deciding rule; --leave-out drops them.
	var robots *sitemap.Robots
	if *robotsFile != "" {
		text, code := LoadRobots(env, *robotsFile)
		if code >= 0 {
			return code
		}
		var err error
		if robots, err = sitemap.NewRobots(*robotsFile, text, nil, "", nil); err != nil {
			return Failf(env, "sitemap build: %v", err)
		}
	}
	check := sitemap.CheckBuild(entries, robots, pos[0])
	for i := range check.Findings {
		f := &check.Findings[i]
		fmt.Fprintf(env.Stderr, "%s:%d:%d: %s: %s [%s]\n", f.File, f.Line, f.Col, f.Severity, oneLine(f.Message.String()), f.Code)
	}
	if *leaveOut {
		entries = sitemap.Without(entries, check.Out)
		if len(entries) == 0 {
			fmt.Fprintln(env.Stderr, msg.New(msgSitemapBuildNone))
			return ExitFailure
		}
	}
	for _, f := range sitemap.Build(entries, "sitemap", sitemap.DirURL(*host, entries)) {
		p := filepath.Join(*outDir, f.Name)
		if err := textfile.WriteAtomic(p, f.Data); err != nil {
			return Failf(env, "sitemap build: %v", err)
		}
		fmt.Fprintln(env.Stdout, p)
	}
	return ExitOK
}
