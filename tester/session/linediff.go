package session

import (
	"bytes"
	"strings"
)

// LineDiff shows what differs between the user's text (mine) and the file
// on disk (theirs), line by line: "  " same, "- " only in mine, "+ " only on
// disk, with up to context unchanged lines around each change and "…" for
// what is left out. Lines past the common start and end are matched by a
// longest common subsequence when both sides have at most maxLCS lines
// between them; beyond that the two blocks are shown whole.
func LineDiff(mine, theirs []byte, context int) string {
	a, b := splitLines(mine), splitLines(theirs)
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	type line struct {
		op   byte
		text string
	}
	var out []line
	for _, l := range a[:pre] {
		out = append(out, line{' ', l})
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	const maxLCS = 2000
	if len(ma) <= maxLCS && len(mb) <= maxLCS {
		// lcs[i][j]: longest common subsequence of ma[i:] and mb[j:].
		lcs := make([][]int32, len(ma)+1)
		for i := range lcs {
			lcs[i] = make([]int32, len(mb)+1)
		}
		for i := len(ma) - 1; i >= 0; i-- {
			for j := len(mb) - 1; j >= 0; j-- {
				if ma[i] == mb[j] {
					lcs[i][j] = lcs[i+1][j+1] + 1
				} else {
					lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
				}
			}
		}
		i, j := 0, 0
		for i < len(ma) || j < len(mb) {
			switch {
			case i < len(ma) && j < len(mb) && ma[i] == mb[j]:
				out = append(out, line{' ', ma[i]})
				i, j = i+1, j+1
			case j == len(mb) || i < len(ma) && lcs[i+1][j] >= lcs[i][j+1]:
				out = append(out, line{'-', ma[i]})
				i++
			default:
				out = append(out, line{'+', mb[j]})
				j++
			}
		}
	} else {
		for _, l := range ma {
			out = append(out, line{'-', l})
		}
		for _, l := range mb {
			out = append(out, line{'+', l})
		}
	}
	for _, l := range a[len(a)-suf:] {
		out = append(out, line{' ', l})
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
