//go:build !js

package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/robots-studio/robots-studio/tester/botauth"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/textfile"
)

const verifySignatureUsage = "[--json] [--at TIME] [--allow-private] [--log] FILE"

func init() {
	Register(Command{
		Name:    "verify-signature",
		Usage:   verifySignatureUsage,
		Summary: msg.Def("cli.verify-signature.summary", "check the Web Bot Auth signatures (RFC 9421, Ed25519) of a captured request, or of every signed line of an access log (--log), against the signer's key directory; exit 1 unless every signature verifies"),
		Run:     runVerifySignature,
	})
}

var (
	msgVSBadAt       = msg.Def("cli.verify-signature.bad_at", "--at {{.Value}} is not a time (use 2026-11-28T12:00:00Z)")
	msgVSNotFile     = msg.Def("cli.verify-signature.not_file", "{{.File}} is not a regular file")
	msgVSFlagJSON    = msg.Def("cli.verify-signature.flag_json", "one JSON object per signature")
	msgVSFlagAt      = msg.Def("cli.verify-signature.flag_at", "check a captured request at TIME (2026-11-28T12:00:00Z) instead of now; a log line is checked at the time it records")
	msgVSFlagPrivate = msg.Def("cli.verify-signature.flag_allow_private", "let key directories on loopback or private addresses be fetched")
	msgVSFlagLog     = msg.Def("cli.verify-signature.flag_log", "FILE is an access log in the signed format (see docs/ai.md), not one request")
	msgVSSummary     = msg.Def("cli.verify-signature.log_summary", "lines read: {{.Lines}}; signed: {{.Signed}}; verified: {{.Verified}}; invalid: {{.Invalid}}; unverified: {{.Unverified}}; not in the signed format: {{.Other}}")
	msgVSBadRequest  = msg.Def("cli.verify-signature.bad_request", "{{.File}} is not an HTTP request (a request line, then header lines): {{.Error}}")
	msgVSLongLine    = msg.Def("cli.verify-signature.long_line", "line {{.Line}} is longer than the limit ({{.Max}} B); stopped there")
)

// JSONSignature is one signature's answer in --json.
type JSONSignature struct {
	Line    int      `json:"line,omitempty"`
	Outcome string   `json:"outcome"`
	Label   string   `json:"label"`
	KeyID   string   `json:"keyid"`
	Agent   string   `json:"agent"`
	Crawler string   `json:"crawler"`
	Created string   `json:"created,omitempty"`
	Expires string   `json:"expires,omitempty"`
	Why     string   `json:"why"`
	Notes   []string `json:"notes"`
}

// signatureJSON is r's --json object (line 0: none), here and in logs.
func signatureJSON(line int, r botauth.Result) JSONSignature {
	j := JSONSignature{Line: line, Outcome: r.Outcome.String(), Label: r.Label, KeyID: r.KeyID, Agent: r.Agent,
		Crawler: r.Crawler, Why: r.Why.String(), Notes: []string{}}
	if !r.Created.IsZero() {
		j.Created = r.Created.UTC().Format(time.RFC3339)
		j.Expires = r.Expires.UTC().Format(time.RFC3339)
	}
	for _, n := range r.Notes {
		j.Notes = append(j.Notes, n.String())
	}
	return j
}

func runVerifySignature(env *Env, args []string) int {
	fs := NewFlags(env, "verify-signature", verifySignatureUsage)
	asJSON := fs.Bool("json", false, msgVSFlagJSON)
	atText := fs.String("at", "", msgVSFlagAt)
	allowPrivate := fs.Bool("allow-private", false, msgVSFlagPrivate)
	isLog := fs.Bool("log", false, msgVSFlagLog)
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 1 {
		return Failf(env, "verify-signature: %s\nusage: robots-studio verify-signature %s", msg.New(msgGiveOne, "Arg", "FILE"), verifySignatureUsage)
	}
	v := &botauth.Verifier{Directories: &botauth.Directories{AllowPrivate: *allowPrivate, Client: verifyClient}}
	if *atText != "" {
		at, err := time.Parse(time.RFC3339, *atText)
		if err != nil {
			return Failf(env, "verify-signature: %s", msg.New(msgVSBadAt, "Value", strconv.Quote(*atText)))
		}
		v.Now = func() time.Time { return at }
	}
	out := bufio.NewWriter(env.Stdout)
	defer out.Flush()
	text := terminalSafe{out}
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	allGood := true
	report := func(line int, results []botauth.Result) {
		for _, r := range results {
			if r.Outcome != botauth.Verified {
				allGood = false
			}
			if *asJSON {
				enc.Encode(signatureJSON(line, r))
				continue
			}
			prefix := ""
			if line > 0 {
				prefix = fmt.Sprintf("line %d: ", line)
			}
			if r.Label != "" {
				prefix += r.Label + ": "
			}
			if r.Outcome == botauth.Verified {
				fmt.Fprintf(text, "%s%s\n", prefix, r.Why) // "verified: …" already
			} else {
				fmt.Fprintf(text, "%s%s: %s\n", prefix, r.Outcome.Text(), r.Why)
			}
			for _, n := range r.Notes {
				fmt.Fprintf(text, "  note: %s\n", n)
			}
		}
	}
	ctx := context.Background()

	if !*isLog {
		data, err := textfile.Load(pos[0], env.Stdin)
		if err != nil {
			return Failf(env, "%v", err)
		}
		req, err := http.ReadRequest(bufio.NewReader(bytes.NewReader(data)))
		if err != nil {
			return Failf(env, "%s", msg.New(msgVSBadRequest, "File", pos[0], "Error", err.Error()))
		}
		r := &botauth.Request{Method: req.Method, Authority: req.Host, Path: req.URL.EscapedPath(), Query: req.URL.RawQuery, Header: req.Header}
		if req.URL.Scheme != "" {
			r.Scheme = req.URL.Scheme
		}
		report(0, v.Verify(ctx, r))
		if !allGood {
			return ExitFailure
		}
		return ExitOK
	}

	var in io.Reader = env.Stdin
	if pos[0] != "-" {
		f, err := os.Open(pos[0])
		if err != nil {
			return Failf(env, "%v", err)
		}
		defer f.Close()
		if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
			return Failf(env, "verify-signature: %s", msg.New(msgVSNotFile, "File", pos[0]))
		}
		in = f
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 64<<10), botauth.MaxLogLine)
	var lines, signed, verified, invalid, unverified, other int
	for sc.Scan() {
		lines++
		l, ok := botauth.ParseLogLine(sc.Text())
		if !ok {
			other++
			continue
		}
		if !l.Signed {
			continue
		}
		signed++
		at := l.Time
		v.Now = func() time.Time { return at }
		results := v.Verify(ctx, &l.Request)
		for _, r := range results {
			switch r.Outcome {
			case botauth.Verified:
				verified++
			case botauth.Invalid:
				invalid++
			default:
				unverified++
			}
		}
		report(lines, results)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return Failf(env, "%s", msg.New(msgVSLongLine, "Line", lines+1, "Max", botauth.MaxLogLine))
		}
		return Failf(env, "%v", err)
	}
	if !*asJSON {
		fmt.Fprintln(text, strings.TrimSpace(msg.New(msgVSSummary, "Lines", lines, "Signed", signed, "Verified", verified,
			"Invalid", invalid, "Unverified", unverified, "Other", other).String()))
	}
	if !allGood || signed == 0 {
		return ExitFailure
	}
	return ExitOK
}

// verifyClient is the HTTP client key directories are fetched with; tests
// point it at a local server's certificate.
var verifyClient *http.Client
