// Package report writes the tester's verdicts as files: JSON Lines, one
// object per verdict (what `robots-studio test --json` prints), and CSV
// with the same fields flattened (the window's Copy and Export). The
// command line and the window both write through it, so a file from either
// reads alike.
package report

import (
	"encoding/csv"
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/tester/engine"
)

// Verdict is the JSON form of a verdict: exactly these fields.
type Verdict struct {
	Engine      string `json:"engine"`
	Agent       string `json:"agent"`
	URL         string `json:"url"`
	Path        string `json:"path"`
	Allowed     bool   `json:"allowed"`
	Group       *Group `json:"group"`
	Rule        *Rule  `json:"rule"`
	Explanation string `json:"explanation"`
}

// Group is the group part of Verdict.
type Group struct {
	Lines []int  `json:"lines"`
	Token string `json:"token"`
	How   string `json:"how"`
}

// Rule is the rule part of Verdict.
type Rule struct {
	Line  int    `json:"line"`
	Text  string `json:"text"`
	Score int    `json:"score"`
	Why   string `json:"why"`
}

// Of is v in its JSON form.
func Of(v *engine.Verdict) Verdict {
	j := Verdict{Engine: v.Engine, Agent: v.Agent, URL: v.URL, Path: v.Path, Allowed: v.Allowed, Explanation: v.ExplainAll()}
	if v.Group != nil {
		j.Group = &Group{Lines: v.Group.Lines, Token: v.Group.Token, How: string(v.Group.How)}
	}
	if v.Rule != nil {
		j.Rule = &Rule{Line: v.Rule.Line, Text: v.Rule.Text, Score: v.Rule.Score, Why: string(v.Why)}
	}
	return j
}

// JSONLines writes verdicts one JSON object a line, as they come.
type JSONLines struct{ enc *json.Encoder }

// NewJSONLines writes to w.
func NewJSONLines(w io.Writer) *JSONLines {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // "<" and "&" in URLs stay as written
	return &JSONLines{enc}
}

// Write writes v's line.
func (j *JSONLines) Write(v *engine.Verdict) error { return j.enc.Encode(Of(v)) }

// WriteJSONLines writes one line per verdict.
func WriteJSONLines(w io.Writer, verdicts []*engine.Verdict) error {
	j := NewJSONLines(w)
	for _, v := range verdicts {
		if err := j.Write(v); err != nil {
			return err
		}
	}
	return nil
}

// CSVHeader names the columns of WriteCSV: the fields of Verdict, the group
// and rule flattened, so a spreadsheet and a JSON reader see the same names.
var CSVHeader = []string{"engine", "agent", "url", "path", "allowed", "group_lines", "group_token", "group_how",
	"rule_line", "rule_text", "rule_why", "explanation"}

// WriteCSV writes the verdicts as CSV (RFC 4180) under CSVHeader.
func WriteCSV(w io.Writer, verdicts []*engine.Verdict) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return err
	}
	for _, v := range verdicts {
		j := Of(v)
		rec := []string{j.Engine, j.Agent, j.URL, j.Path, strconv.FormatBool(j.Allowed), "", "", "", "", "", "", j.Explanation}
		if g := j.Group; g != nil {
			lines := make([]string, len(g.Lines))
			for i, l := range g.Lines {
				lines[i] = strconv.Itoa(l)
			}
			rec[5], rec[6], rec[7] = strings.Join(lines, " "), g.Token, g.How
		}
		if r := j.Rule; r != nil {
			rec[8], rec[9], rec[10] = strconv.Itoa(r.Line), r.Text, r.Why
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
