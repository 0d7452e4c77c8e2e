package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/history"
	"github.com/robots-studio/robots-studio/tester/lint"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/textfile"
)

var (
	msgOneArg           = msg.Def("cli.one_arg", "give exactly one {{.Arg}}")
	msgCheckFlagEngine  = msg.Def("lint.check.flag_engine", "report only what matters to this engine; repeat for several, or all (default: {{.Default}})")
	msgCheckFlagHistory = msg.Def("lint.check.flag_history", "also report what matters only to the other readings ({{.Others}}) (as --engine all)")
	msgCheckFixStdin    = msg.Def("lint.check.fix_stdin", "--fix needs a file, not standard input")
	msgCheckFixURL      = msg.Def("lint.check.fix_url", "--fix needs a local file, not a URL: save the site's file first (robots-studio fetch -o FILE URL)")
)

const checkUsage = "[--engine ID|all]... [--history] [--each] [--json] [--fix] [--production [--site URL]] ROBOTS_FILE"

func init() {
	Register(Command{
		Name:    "check",
		Usage:   checkUsage,
		Summary: msg.Def("lint.check.summary", "lint a robots.txt for the crawlers of today (Google, Yandex, Bing, RFC 9309): every mistake with its lines, the crawlers it matters for and a fix; --history adds the 1994/1996 readings and the libraries; --fix applies the safe fixes"),
		Run:     runCheck,
	})
}

// JSONDiagnostic is the --json form of a diagnostic.
type JSONDiagnostic struct {
	Code     string   `json:"code"`
	Severity string   `json:"severity"`
	Line     int      `json:"line"`
	Col      int      `json:"col"`
	EndLine  int      `json:"end_line"`
	EndCol   int      `json:"end_col"`
	Message  string   `json:"message"`
	Engines  []string `json:"engines"`
	Fix      *JSONFix `json:"fix"`
	// Lines lists every line of a finding repeated on several lines (one
	// entry otherwise); Count is how many findings it stands for.
	Lines []int `json:"lines"`
	Count int   `json:"count"`
}

// JSONFix is the fix part of JSONDiagnostic; edits are byte ranges of the file.
type JSONFix struct {
	Title   string     `json:"title"`
	Safe    bool       `json:"safe"`
	Engines []string   `json:"engines"`
	Edits   []JSONEdit `json:"edits"`
}

// JSONEdit replaces bytes [start, end) of the file with text.
type JSONEdit struct {
	Start int    `json:"start"`
	End   int    `json:"end"`
	Text  string `json:"text"`
}

// DiagnosticJSON converts a diagnostic of doc to its --json form: the
// span's ends as lines and columns (doc.Position).
func DiagnosticJSON(doc *syntax.Document, d *lint.Diagnostic) JSONDiagnostic {
	from, to := doc.Position(d.Span.Start), doc.Position(d.Span.End)
	j := JSONDiagnostic{Code: d.Code, Severity: d.Severity.String(), Line: from.Line, Col: from.Col, EndLine: to.Line,
		EndCol: to.Col, Message: d.Message.String(), Engines: d.Engines, Lines: d.Lines(doc), Count: max(1, len(d.Members))}
	if j.Engines == nil {
		j.Engines = []string{}
	}
	if f := d.Fix; f != nil {
		j.Fix = &JSONFix{Title: f.Title.String(), Safe: f.Safe, Engines: f.Engines, Edits: []JSONEdit{}}
		if j.Fix.Engines == nil {
			j.Fix.Engines = []string{}
		}
		for _, e := range f.Edits {
			j.Fix.Edits = append(j.Fix.Edits, JSONEdit{Start: e.Start, End: e.End, Text: string(e.Text)})
		}
	}
	return j
}

func runCheck(env *Env, args []string) int {
	fs := NewFlags(env, "check", checkUsage)
	var engines StringList
	fs.Var(&engines, "engine", msg.New(msgCheckFlagEngine, "Default", strings.Join(lint.DefaultEngines, ", ")).String())
	oldReadings := fs.Bool("history", false, msg.New(msgCheckFlagHistory, "Others", strings.Join(otherReadings(), ", ")).String())
	each := fs.Bool("each", false, msg.Def("lint.check.flag_each", "one diagnostic per line, repeated findings not grouped"))
	asJSON := fs.Bool("json", false, msg.Def("lint.check.flag_json", "one JSON object per diagnostic"))
	fix := fs.Bool("fix", false, msg.Def("lint.check.flag_fix", "apply the safe fixes to ROBOTS_FILE (atomically) and report what changed"))
	production := fs.Bool("production", false, msg.Def("lint.check.flag_production", "also fail on what must never reach a live site: / closed to every crawler or a major search crawler, a sitemap on a staging or another host, noindex in the home page's X-Robots-Tag (of --site, or of ROBOTS_FILE's site when it is a URL)"))
	site := fs.String("site", "", msg.Def("lint.check.flag_site", "with --production: the live site (host or URL) the file is for"))
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 1 {
		return Failf(env, "check: %s\nusage: robots-studio check %s", msg.New(msgOneArg, "Arg", "ROBOTS_FILE"), checkUsage)
	}
	path := pos[0]
	opts := lint.Options{FileName: path}
	if path == "-" {
		opts.FileName = ""
	}
	known := lint.EngineIDs()
	for _, id := range engines {
		if id == "all" {
			opts.Engines = known
			break
		}
		if !contains(known, id) {
			return Failf(env, "check: %s", msg.New(msgTestUnknownEngine, "Name", strconv.Quote(id), "Valid", strings.Join(known, ", ")))
		}
		opts.Engines = append(opts.Engines, id)
	}
	if *oldReadings {
		opts.Engines = known
	}
	if *fix && path == "-" {
		return Failf(env, "check: %s", msg.New(msgCheckFixStdin))
	}
	if *fix && fetch.IsURL(path) {
		return Failf(env, "check: %s", msg.New(msgCheckFixURL))
	}
	var data []byte
	var stamp textfile.Stamp
	if *fix {
		// The stamp of what was read: the fixed text replaces the file only
		// if no other program changed it meanwhile (a logger appending).
		var err error
		if data, stamp, err = textfile.LoadStamped(path); err != nil {
			return Failf(env, "%v", err)
		}
	} else {
		var code int
		if data, code = LoadRobots(env, path); code >= 0 {
			return code
		}
	}
	out := bufio.NewWriter(env.Stdout)
	defer out.Flush()
	if *fix {
		// The "fixed:" lines are held back until the file is written: a
		// failed save must not report fixes that never reached the disk.
		var report bytes.Buffer
		fixed, changed, err := applySafeFixes(&report, path, data, opts)
		if err != nil {
			return Failf(env, "check: %v", err)
		}
		if changed {
			if err := textfile.WriteAtomicIf(path, fixed, stamp); err != nil {
				return Failf(env, "check: %v", err)
			}
		}
		report.WriteTo(out)
		data = fixed
	}
	doc := syntax.Parse(data)
	diags := lint.Run(doc, opts)
	if !*each {
		diags = lint.Group(doc, diags)
	}
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	status := ExitOK
	for i := range diags {
		d := &diags[i]
		if d.Severity == diag.Error {
			status = ExitFailure
		}
		if *asJSON {
			enc.Encode(DiagnosticJSON(doc, d))
			continue
		}
		writeDiagnostic(out, path, doc.Position(d.Span.Start), d)
	}
	if *production {
		where := *site
		if where == "" && fetch.IsURL(path) {
			where = path
		}
		for _, f := range history.Production(context.Background(), doc, history.GuardOptions{Site: where}) {
			status = ExitFailure
			if *asJSON {
				j := JSONDiagnostic{Code: f.Code, Severity: diag.Error.String(), Line: f.Line, Col: 1, EndLine: f.Line, EndCol: 1,
					Message: f.Text.String(), Engines: []string{}, Lines: []int{f.Line}, Count: 1}
				enc.Encode(j)
				continue
			}
			if f.Line == 0 { // the home page, not a line
				fmt.Fprintf(out, "%s: %s: %s [%s]\n", printable(path), diag.Error, oneLine(f.Text.String()), f.Code)
				continue
			}
			fmt.Fprintf(out, "%s:%d:%d: %s: %s [%s]\n", printable(path), f.Line, 1, diag.Error, oneLine(f.Text.String()), f.Code)
		}
	}
	return status
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// writeDiagnostic prints FILE:LINE:COL: severity: message [CODE], the
// diagnostic standing at.
func writeDiagnostic(w io.Writer, path string, at diag.Pos, d *lint.Diagnostic) {
	fmt.Fprintf(w, "%s:%d:%d: %s: %s [%s]\n", printable(path), at.Line, at.Col, d.Severity, oneLine(d.Message.String()), d.Code)
}

// oneLine makes a message safe for one line of text output.
func oneLine(s string) string { return printable(strings.ReplaceAll(s, "\n", " ")) }

// applySafeFixes applies the safe fixes (lint.ApplySafe) and prints each
// one as FILE:LINE:COL: fixed: …
func applySafeFixes(w io.Writer, path string, data []byte, opts lint.Options) ([]byte, bool, error) {
	out, applied, err := lint.ApplySafe(data, opts)
	for i := range applied {
		d := &applied[i]
		at := d.Doc.Position(d.Span.Start)
		fmt.Fprintf(w, "%s:%d:%d: fixed: %s [%s]\n", printable(path), at.Line, at.Col, oneLine(d.Fix.Title.String()), d.Code)
	}
	return out, len(applied) > 0, err
}

// otherReadings are the readings --history adds to the default ones: every
// engine lint knows that lint.DefaultEngines leaves out, in the engines'
// order.
func otherReadings() []string {
	var out []string
	for _, id := range lint.EngineIDs() {
		if !contains(lint.DefaultEngines, id) {
			out = append(out, id)
		}
	}
	return out
}
