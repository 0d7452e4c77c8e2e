package lessontab

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/ui/richmsg"
)

// prose is a text the lesson's author wrote (a question, its explanation,
// an exercise's task, a hint). Authors quote robots.txt lines as `code`,
// so it is shown as Markdown, like the lesson's body: a label would show
// the backticks.
//
// It extends RichText: held by pointer, its refresh went to a renderer the
// window does not draw, and a task or hint kept its first text.
type prose struct {
	widget.RichText
	Text     string             // the Markdown shown
	SizeName fyne.ThemeSizeName // "" for the theme's text size
	Bold     bool
	Italic   bool
}

func newProse(md string) *prose {
	p := &prose{}
	p.Scroll = container.ScrollNone
	p.Wrapping = fyne.TextWrapWord
	p.ExtendBaseWidget(p)
	p.SetText(md)
	return p
}

// SetText shows md with the prose's size and style.
func (p *prose) SetText(md string) {
	p.Text = md
	p.Segments = richmsg.KeepSpansWhole(bulletsInline(markdownSegments(md)), wholeLine)
	p.restyle(p.Segments)
	p.Refresh()
}

// Shown is the text as the reader sees it (no Markdown marks).
func (p *prose) Shown() string { return richmsg.Shown(p.Segments) }

func (p *prose) restyle(segs []widget.RichTextSegment) {
	for _, s := range segs {
		switch s := s.(type) {
		case *widget.ParagraphSegment:
			p.restyle(s.Texts)
		case *widget.ListSegment:
			p.restyle(s.Items)
		case *widget.TextSegment:
			if p.SizeName != "" {
				s.Style.SizeName = p.SizeName
			}
			if p.Bold {
				s.Style.TextStyle.Bold = true
			}
			if p.Italic && !s.Style.TextStyle.Monospace {
				s.Style.TextStyle.Italic = true
			}
		}
	}
}
