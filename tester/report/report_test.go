package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

func verdicts(t *testing.T) []*engine.Verdict {
	t.Helper()
	doc := syntax.Parse([]byte("User-agent: Googlebot\nDisallow: /a<b&c\n\nUser-agent: *\nAllow: /\n"))
	c := engine.GetOrDefault("google").Compile(doc)
	var out []*engine.Verdict
	for _, q := range [][2]string{{"Googlebot", "https://example.com/a<b&c/x"}, {"", "/free"}} {
		v := c.Query(q[0], q[1])
		out = append(out, &v)
	}
	return out
}

// TestJSONLinesAndCSVSayTheSame: each line of the JSON Lines file and each
// record of the CSV file carry the same fields of the same verdict, the
// CSV's columns named as the JSON's keys; URLs keep "<" and "&" as written.
func TestJSONLinesAndCSVSayTheSame(t *testing.T) {
	vs := verdicts(t)
	var jb, cb bytes.Buffer
	if err := WriteJSONLines(&jb, vs); err != nil {
		t.Fatal(err)
	}
	if err := WriteCSV(&cb, vs); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(jb.String(), "/a<b&c/x") {
		t.Errorf("JSON Lines escape the URL: %s", jb.String())
	}
	lines := strings.Split(strings.TrimSpace(jb.String()), "\n")
	recs, err := csv.NewReader(&cb).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != len(vs) || len(recs) != 1+len(vs) {
		t.Fatalf("%d lines and %d records for %d verdicts", len(lines), len(recs)-1, len(vs))
	}
	col := map[string]int{}
	for i, name := range recs[0] {
		col[name] = i
	}
	for i, line := range lines {
		var j map[string]any
		if err := json.Unmarshal([]byte(line), &j); err != nil {
			t.Fatal(err)
		}
		rec := recs[i+1]
		for _, key := range []string{"engine", "agent", "url", "path", "explanation"} {
			if j[key] != rec[col[key]] {
				t.Errorf("verdict %d: JSON %s = %v, CSV %q", i, key, j[key], rec[col[key]])
			}
		}
		if allowed, _ := j["allowed"].(bool); (rec[col["allowed"]] == "true") != allowed {
			t.Errorf("verdict %d: allowed JSON %v, CSV %q", i, j["allowed"], rec[col["allowed"]])
		}
		rule, _ := j["rule"].(map[string]any)
		if rule == nil {
			if rec[col["rule_text"]] != "" {
				t.Errorf("verdict %d: no rule in JSON, %q in CSV", i, rec[col["rule_text"]])
			}
			continue
		}
		if rule["text"] != rec[col["rule_text"]] || rule["why"] != rec[col["rule_why"]] {
			t.Errorf("verdict %d: rule JSON %v, CSV %q %q", i, rule, rec[col["rule_text"]], rec[col["rule_why"]])
		}
	}
	if recs[1][col["allowed"]] != "false" || recs[1][col["rule_text"]] == "" {
		t.Errorf("Googlebot's verdict on /a<b&c/x: %v", recs[1])
	}
}
