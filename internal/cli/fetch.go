package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/textfile"
)

const fetchUsage = "[--agent NAME] [--timeout DUR] [--json] [-o FILE] URL"

var (
	msgFetchOneSite    = msg.Def("live.cli.one_site", "give exactly one host or URL")
	msgTimeoutPositive = msg.Def("live.cli.timeout_positive", "--timeout must be positive")
	msgFetchHop        = msg.Def("live.cli.hop", "{{.N}}. {{.URL}}  {{.Status}}{{if .Location}} → {{.Location}}{{end}}")
	msgFetchNoReply    = msg.Def("live.cli.no_reply", "no answer")
	msgBytes           = msg.Def("live.banner.bytes", "{{.Count}} bytes")
	msgHops            = msg.Def("live.banner.hops", "{{.Count}} redirects")
	msgFetchFinal      = msg.Def("live.cli.final", "status {{.Status}}, {{.Bytes}}, {{.Type}}, {{.Time}}")
	msgFetchWarn       = msg.Def("live.cli.warning", "warning: {{.Text}}")
	msgFetchNote       = msg.Def("live.cli.note", "note: {{.Text}}")
	msgFetchStops      = msg.Def("live.cli.stops_at", "stops reading at byte {{.At}} (line {{.Line}})")
	msgFetchVariant    = msg.Def("live.cli.variants", "separate files for the same site: {{.List}}")
	msgFetchSaved      = msg.Def("live.cli.saved", "saved {{.Bytes}} to {{.File}}")
	msgFetchNoSave     = msg.Def("live.cli.not_saved", "nothing saved to {{.File}}: the server gave no robots.txt")
)

func init() {
	Register(Command{
		Name:    "fetch",
		Usage:   fetchUsage,
		Summary: msg.Def("live.cli.fetch_summary", "fetch a site's robots.txt as crawlers do: every redirect, the status, the bytes read, warnings, and what each engine concludes"),
		Run:     runFetch,
	})
}

// JSONFetch is the --json form of a fetch: exactly these fields.
type JSONFetch struct {
	URL         string      `json:"url"`
	Hops        []JSONHop   `json:"hops"`
	Status      int         `json:"status"`
	Bytes       int         `json:"bytes"`
	TruncatedAt *int        `json:"truncated_at"`
	ContentType string      `json:"content_type"`
	Warnings    []string    `json:"warnings"`
	Outcomes    JSONOutcome `json:"outcomes"`
}

// JSONHop is one request of the redirect chain.
type JSONHop struct {
	URL      string `json:"url"`
	Status   int    `json:"status"`
	Location string `json:"location"`
}

// JSONOutcome maps engine id to outcome, written in engine order.
type JSONOutcome []fetch.Outcome

// MarshalJSON writes {"google":"use-file",…} in the engines' order.
func (o JSONOutcome) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, x := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(x.Engine)
		v, _ := json.Marshal(string(x.Outcome))
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// FetchJSON converts a fetch result to its --json form.
func FetchJSON(r *fetch.Result) JSONFetch {
	j := JSONFetch{URL: r.Target.RobotsURL, Hops: []JSONHop{}, Status: r.Status, Bytes: len(r.Body),
		ContentType: r.ContentType, Warnings: []string{}, Outcomes: r.Outcomes}
	for _, h := range r.Hops {
		j.Hops = append(j.Hops, JSONHop{URL: h.URL, Status: h.Status, Location: h.Location})
	}
	if at := r.TruncatedAt(); at >= 0 {
		j.TruncatedAt = &at
	}
	if r.Unreachable {
		j.Warnings = append(j.Warnings, r.Failure.String())
	}
	for _, w := range r.Warnings {
		j.Warnings = append(j.Warnings, w.String())
	}
	return j
}

func runFetch(env *Env, args []string) int {
	fs := NewFlags(env, "fetch", fetchUsage)
	agent := fs.String("agent", fetch.DefaultUserAgent, msg.Def("live.cli.flag_agent", "the User-Agent header to send"))
	timeout := fs.Duration("timeout", fetch.DefaultTimeout, msg.Def("live.cli.flag_timeout", "give up after this long (every redirect and the body)"))
	asJSON := fs.Bool("json", false, msg.Def("live.cli.flag_json", "print one JSON object"))
	out := fs.String("o", "", msg.Def("live.cli.flag_o", "save the body, byte for byte, to FILE"))
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 1 {
		return Failf(env, "fetch: %s\nusage: robots-studio fetch %s", msg.New(msgFetchOneSite), fetchUsage)
	}
	if *timeout <= 0 {
		return Failf(env, "fetch: %s", msg.New(msgTimeoutPositive))
	}
	res, err := fetch.Get(context.Background(), pos[0], fetch.Options{Timeout: *timeout, UserAgent: *agent})
	if err != nil {
		return Failf(env, "fetch: %v", err)
	}
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	if *asJSON {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		enc.Encode(FetchJSON(res))
	} else {
		writeFetch(terminalSafe{w}, res)
	}
	if *out != "" {
		if !res.OK() {
			fmt.Fprintf(env.Stderr, "robots-studio: %s\n", msg.New(msgFetchNoSave, "File", *out))
		} else if err := textfile.WriteAtomic(*out, res.Body); err != nil {
			w.Flush()
			return Failf(env, "fetch: %v", err)
		} else {
			fmt.Fprintf(env.Stderr, "robots-studio: %s\n", msg.New(msgFetchSaved, "Bytes", msg.New(msgBytes, "Count", len(res.Body)), "File", *out))
		}
	}
	if !res.OK() {
		return ExitFailure
	}
	return ExitOK
}

// writeFetch prints the hops, the final answer, warnings and notes, and one
// line per engine.
func writeFetch(w io.Writer, r *fetch.Result) {
	fmt.Fprintln(w, r.Target.RobotsURL)
	for i, h := range r.Hops {
		status := any(h.Status)
		if h.Status == 0 {
			status = msg.New(msgFetchNoReply)
		}
		fmt.Fprintf(w, "  %s\n", msg.New(msgFetchHop, "N", i+1, "URL", h.URL, "Status", status, "Location", h.Location))
	}
	if r.Unreachable {
		fmt.Fprintf(w, "%s\n", msg.New(msgFetchFailed, "URL", r.FinalURL(), "Why", r.Failure))
	} else {
		ctype := r.ContentType
		if ctype == "" {
			ctype = "-"
		}
		fmt.Fprintf(w, "%s\n", msg.New(msgFetchFinal, "Status", r.Status, "Bytes", msg.New(msgBytes, "Count", len(r.Body)), "Type", ctype, "Time", r.Elapsed.Round(time.Millisecond)))
	}
	for _, t := range r.Warnings {
		fmt.Fprintln(w, msg.New(msgFetchWarn, "Text", t))
	}
	for _, t := range r.Notes {
		fmt.Fprintln(w, msg.New(msgFetchNote, "Text", t))
	}
	for _, o := range r.Outcomes {
		line := fmt.Sprintf("%-12s %-12s %s", o.Engine, o.Outcome, o.Why)
		if o.TruncatedAt >= 0 {
			line += "; " + msg.New(msgFetchStops, "At", o.TruncatedAt, "Line", o.TruncatedLine).String()
		}
		fmt.Fprintln(w, line)
	}
	if len(r.Target.Variants) > 0 {
		list := ""
		for i, v := range r.Target.Variants {
			if i > 0 {
				list += ", "
			}
			list += v
		}
		fmt.Fprintln(w, msg.New(msgFetchVariant, "List", list))
	}
}
