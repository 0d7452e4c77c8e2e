package logtab

import (
	"fmt"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/accesslog"
	"github.com/robots-studio/robots-studio/tester/botauth"
)

// The signed requests of the logs (accesslog.VerifySignatures, the code
// the logs command uses): each with "verified: <agent> (key …)" or why
// not, in a list of its own below the hits; hidden when no line is signed.

// maxSignedShown is how many signed lines the list draws; a line below
// says how many more the report has.
const maxSignedShown = 300

type signedList struct {
	box    *fyne.Container // the heading, the rows
	scroll *container.Scroll
	rows   []string // the rows' text, for tests
}

func newSignedList() *signedList {
	s := &signedList{box: container.NewVBox()}
	s.scroll = container.NewVScroll(s.box)
	s.scroll.Hide()
	return s
}

// signedText is one signed line: where, what, and each signature's answer.
func signedText(files []string, h accesslog.SignedHit) string {
	name := ""
	if h.At.File < len(files) {
		name = filepath.Base(files[h.At.File]) + ":"
	}
	s := fmt.Sprintf("%s%d  %s %s", name, h.At.Line, h.Address, h.Path)
	for _, r := range h.Results {
		if r.Outcome == botauth.Verified {
			s += "\n  ✔ " + r.Why.String() // "verified: ChatGPT Agent (key …)"
		} else {
			s += "\n  ✖ " + r.Outcome.Text().String() + ": " + r.Why.String()
		}
	}
	return s
}

func (s *signedList) set(files []string, rep *accesslog.SignatureReport) {
	s.box.RemoveAll()
	s.rows = nil
	if rep == nil || rep.Signed == 0 {
		s.scroll.Hide()
		return
	}
	head := widget.NewLabelWithStyle(lang.X("logtab.signed.title", "Signed requests (Web Bot Auth)"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	head.Wrapping = fyne.TextWrapWord
	s.box.Add(head)
	for i, h := range rep.Hits {
		if i == maxSignedShown {
			break
		}
		text := signedText(files, h)
		s.rows = append(s.rows, text)
		l := widget.NewLabel(text)
		l.Wrapping = fyne.TextWrapWord
		s.box.Add(l)
	}
	if more := rep.Signed - int64(min(len(rep.Hits), maxSignedShown)); more > 0 {
		l := widget.NewLabel(lang.XN("logtab.signed.more", "{{.Count}} more signed lines are counted above but not listed.", int(more), map[string]any{"Count": more}))
		l.Wrapping = fyne.TextWrapWord
		s.box.Add(l)
	}
	s.scroll.Show()
	s.scroll.ScrollToTop()
}

// signedSummary is the status line's part about signatures; "" when no
// line was signed.
func signedSummary(rep *accesslog.SignatureReport) string {
	if rep == nil || rep.Signed == 0 {
		return ""
	}
	return lang.XN("logtab.signed.summary", "Signed requests: {{.Count}}; signatures verified: {{.Verified}}, invalid: {{.Invalid}}, unverified: {{.Unverified}}.",
		int(rep.Signed), map[string]any{"Count": rep.Signed, "Verified": rep.Verified, "Invalid": rep.Invalid, "Unverified": rep.Unverified})
}
