package session

import (
	"bytes"
	"strings"

	"github.com/robots-studio/robots-studio/tester/linealign"
)

// maxLCS bounds the matching: past maxLCS² pairs of changed lines, LineDiff
// shows the two blocks whole instead of matching them line by line.
const maxLCS = 2000

// LineDiff shows what differs between the user's text (mine) and the file
// on disk (theirs), line by line: "  " same, "- " only in mine, "+ " only on
// disk, with up to context unchanged lines around each change and "…" for
// what is left out. Lines past the common start and end are matched by a
// longest common subsequence (linealign), within maxLCS.
func LineDiff(mine, theirs []byte, context int) string {
	a, b := splitLines(mine), splitLines(theirs)
	type line struct {
		op   byte
		text string
	}
	var out []line
	aToB, _ := linealign.Align(a, b, maxLCS*maxLCS)
	j := 0
	for i, to := range aToB {
		if to < 0 {
			out = append(out, line{'-', a[i]})
			continue
		}
		for ; j < to; j++ {
			out = append(out, line{'+', b[j]})
		}
		out = append(out, line{' ', a[i]})
		j++
	}
	for ; j < len(b); j++ {
		out = append(out, line{'+', b[j]})
	}
	var sb strings.Builder
	skipped := false
	for k, l := range out {
		near := false
		for d := max(0, k-context); d <= min(len(out)-1, k+context); d++ {
			if out[d].op != ' ' {
				near = true
				break
			}
		}
		if !near {
			if !skipped {
				sb.WriteString("…\n")
				skipped = true
			}
			continue
		}
		skipped = false
		sb.WriteByte(l.op)
		sb.WriteByte(' ')
		sb.WriteString(l.text)
		sb.WriteByte('\n')
	}
	return sb.String()
}

func splitLines(b []byte) []string {
	b = bytes.TrimSuffix(b, []byte("\n"))
	if len(b) == 0 {
		return nil
	}
	lines := strings.Split(string(b), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}
