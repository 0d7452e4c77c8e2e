package cli

import (
	"encoding/csv"
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/tester/engine"
)

// CSVHeader names the columns of WriteCSV: the fields of JSONVerdict, the
// group and rule flattened, so a spreadsheet and a JSON reader see the same
// names.
var CSVHeader = []string{"engine", "agent", "url", "path", "allowed", "group_lines", "group_token", "group_how",
	"rule_line", "rule_text", "rule_why", "explanation"}

// WriteJSONLines writes one JSONVerdict per line, as `test --json` prints
// them.
func WriteJSONLines(w io.Writer, verdicts []*engine.Verdict) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, v := range verdicts {
		if err := enc.Encode(ToJSON(v)); err != nil {
			return err
		}
	}
	return nil
}

// WriteCSV writes the verdicts as CSV (RFC 4180) under CSVHeader.
func WriteCSV(w io.Writer, verdicts []*engine.Verdict) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return err
	}
	for _, v := range verdicts {
		j := ToJSON(v)
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
