package accesslog

import (
	"bytes"
	"context"
	"io"
	"time"

	"github.com/robots-studio/robots-studio/tester/botauth"
)

// Signed requests in a log: a line in the format botauth.NginxLogFormat and
// botauth.ApacheLogFormat describe (the combined format, then Host,
// Signature-Input, Signature and Signature-Agent) is checked with
// botauth's verifier, at the time the line records. The logs command and
// the window's Logs tab both read them through VerifySignatures.

// MaxSignedHits is how many signed lines a SignatureReport keeps with their
// answers; the counts go on past it.
const MaxSignedHits = 2000

// SignedHit is one signed line and the answer for each of its signatures.
type SignedHit struct {
	At      LineRef
	Address string
	Path    string
	UA      string
	Results []botauth.Result
}

// Verified is the first verified result, or nil.
func (h SignedHit) Verified() *botauth.Result {
	for i := range h.Results {
		if h.Results[i].Outcome == botauth.Verified {
			return &h.Results[i]
		}
	}
	return nil
}

// SignatureReport counts the signed lines and their signatures' outcomes.
type SignatureReport struct {
	Signed     int64 // lines that recorded Signature-Input and Signature
	Verified   int64 // signatures that verified
	Invalid    int64
	Unverified int64
	Hits       []SignedHit // the first MaxSignedHits signed lines
	Dropped    int64       // signed lines past MaxSignedHits
}

// VerifySignatures reads the files (as Analyze does: "-" is stdin, gzip is
// undone, every line bounded) and checks each signed line with v. Key
// directories are fetched and cached by v.Directories with its limits. A
// file that cannot be read is left out; the error names it, and the lines
// read before it count.
func VerifySignatures(ctx context.Context, names []string, stdin io.Reader, v *botauth.Verifier) (*SignatureReport, error) {
	rep := &SignatureReport{}
	r := &Reader{Names: names, Stdin: stdin}
	defer r.close()
	var firstErr error
	for {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		c, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			// That file is done (unreadable, broken, or in no format the
			// reader knows); the next one is read.
			r.close()
			r.file++
			continue
		}
		c.Lines(func(n int, line []byte) {
			// A signature's value is ":base64:" after its label: a line
			// without "=:" has none, and is not parsed further.
			if !bytes.Contains(line, []byte("=:")) {
				return
			}
			l, ok := botauth.ParseLogLine(string(line))
			if !ok || !l.Signed {
				return
			}
			rep.Signed++
			at := l.Time
			check := *v
			check.Now = func() time.Time { return at }
			results := check.Verify(ctx, &l.Request)
			for _, res := range results {
				switch res.Outcome {
				case botauth.Verified:
					rep.Verified++
				case botauth.Invalid:
					rep.Invalid++
				default:
					rep.Unverified++
				}
			}
			if len(rep.Hits) >= MaxSignedHits {
				rep.Dropped++
				return
			}
			rep.Hits = append(rep.Hits, SignedHit{At: LineRef{File: c.File, Line: n}, Address: l.Address,
				Path: l.Request.Path, UA: l.UserAgent, Results: results})
		})
		c.Release()
	}
	return rep, firstErr
}
