package accesslog

import (
	"bytes"
	"context"
	"io"
	"sync"
	"sync/atomic"
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

// Standard input can be read only once, by Analyze: it keeps the signed
// lines it reads there (Options.Signed) for VerifySignatures, at most
// MaxKeptSigned lines and MaxKeptSignedBytes bytes of them; the signed
// lines past either are counted, not checked.
const (
	MaxKeptSigned      = MaxSignedHits
	MaxKeptSignedBytes = 4 << 20
)

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
	Dropped    int64       // signed lines past MaxSignedHits (checked and counted, not listed)
	// Unchecked are the signed lines of standard input past what Analyze
	// keeps of them (SignedLines): counted in Signed, not checked.
	Unchecked int64
}

// SignedLines are the signed lines Analyze read from standard input, kept
// for VerifySignatures (Options.Signed). The zero value is ready; it keeps
// at most MaxKeptSigned lines and MaxKeptSignedBytes bytes of line.
type SignedLines struct {
	mu    sync.Mutex
	lines []keptLine
	bytes int
	over  int64       // signed lines past the limits
	full  atomic.Bool // no more is kept: the workers only count
}

type keptLine struct {
	line int // its number in standard input
	req  botauth.LogLine
	size int // the line's length
}

// Kept is how many signed lines are kept.
func (k *SignedLines) Kept() int { k.mu.Lock(); defer k.mu.Unlock(); return len(k.lines) }

// Over is how many signed lines were read past the limits (not kept).
func (k *SignedLines) Over() int64 { k.mu.Lock(); defer k.mu.Unlock(); return k.over }

// parseSigned reads line as a signed request: ok is false for a line that
// is not in the signed format or not signed.
func parseSigned(line []byte) (botauth.LogLine, bool) {
	// A signature's value is ":base64:" after its label: a line without
	// "=:" has none, and is not parsed further.
	if !bytes.Contains(line, []byte("=:")) {
		return botauth.LogLine{}, false
	}
	l, ok := botauth.ParseLogLine(string(line))
	return l, ok && l.Signed
}

// add keeps a chunk's signed lines, in log order, while the limits allow,
// and counts the rest (over: the lines the chunk's worker did not keep).
func (k *SignedLines) add(lines []keptLine, over int64) {
	k.mu.Lock()
	defer k.mu.Unlock()
	for _, l := range lines {
		if k.full.Load() || len(k.lines) >= MaxKeptSigned || k.bytes+l.size > MaxKeptSignedBytes {
			k.full.Store(true)
			over++
			continue
		}
		k.lines = append(k.lines, l)
		k.bytes += l.size
	}
	k.over += over
	if len(k.lines) >= MaxKeptSigned {
		k.full.Store(true)
	}
}

// VerifySignatures reads the files (as Analyze does: gzip is undone, every
// line bounded) and checks each signed line with v. Standard input ("-")
// cannot be read a second time: its lines are the ones Analyze kept in
// stdin (nil: "-" is an error, as a file that cannot be read). Key
// directories are fetched and cached by v.Directories with its limits. A
// file that cannot be read is left out; the error names it, and the lines
// read before it count.
func VerifySignatures(ctx context.Context, names []string, stdin *SignedLines, v *botauth.Verifier) (*SignatureReport, error) {
	rep := &SignatureReport{}
	check := func(at LineRef, l *botauth.LogLine) {
		rep.Signed++
		when := l.Time
		c := *v
		c.Now = func() time.Time { return when }
		results := c.Verify(ctx, &l.Request)
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
		rep.Hits = append(rep.Hits, SignedHit{At: at, Address: l.Address, Path: l.Request.Path, UA: l.UserAgent, Results: results})
	}
	var firstErr error
	for i, name := range names {
		if name == "-" && stdin != nil {
			stdin.mu.Lock()
			kept, over := stdin.lines, stdin.over
			stdin.mu.Unlock()
			for j := range kept {
				if err := ctx.Err(); err != nil {
					return rep, err
				}
				check(LineRef{File: i, Line: kept[j].line}, &kept[j].req)
			}
			rep.Signed += over
			rep.Unchecked += over
			continue
		}
		if err := verifyFile(ctx, name, func(n int, l *botauth.LogLine) { check(LineRef{File: i, Line: n}, l) }); err != nil {
			if ctx.Err() != nil {
				return rep, err
			}
			if firstErr == nil {
				firstErr = err
			}
			// That file is done (unreadable, broken, or in no format the
			// reader knows); the next one is read.
		}
	}
	return rep, firstErr
}

// verifyFile reads one file (a Reader of its own: "-" there has no
// standard input) and gives check each signed line.
func verifyFile(ctx context.Context, name string, check func(n int, l *botauth.LogLine)) error {
	r := &Reader{Names: []string{name}}
	defer r.close()
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		c, err := r.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		c.Lines(func(n int, line []byte) {
			if l, ok := parseSigned(line); ok {
				check(n, &l)
			}
		})
		c.Release()
	}
}
