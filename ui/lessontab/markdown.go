package lessontab

import (
	"net/url" // Fyne's HyperlinkSegment takes a *url.URL
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// markdownSegments turns a lesson's Markdown into RichText segments.
//
// Fyne 2.7.1's own ParseMarkdown puts a space after every text node that
// another inline node follows, and the Markdown parser ends a text node at
// every character that could open emphasis: `agent_id` came out as
// "agent_ id" and `path_root` as "path_ root", and **bold** text made of
// several nodes gained spaces inside. Here a text node is followed by a
// space only where the source had a line break, the words inside emphasis
// and links keep their own spacing, and neighbouring pieces of one style
// are joined, so a word is never split where the author did not split it.
func markdownSegments(md string) []widget.RichTextSegment {
	src := []byte(md)
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	return mdBlocks(src, doc, false)
}

// mdBlocks renders the block children of n.
func mdBlocks(src []byte, n ast.Node, quote bool) []widget.RichTextSegment {
	var out []widget.RichTextSegment
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		out = append(out, mdBlock(src, c, quote)...)
	}
	return out
}

func mdBlock(src []byte, n ast.Node, quote bool) []widget.RichTextSegment {
	switch b := n.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		base := widget.RichTextStyleInline
		if quote {
			base = widget.RichTextStyleBlockquote
		}
		segs := mdInlines(src, n, base)
		if _, para := n.(*ast.Paragraph); para && !quote {
			segs = append(segs, &widget.TextSegment{Style: widget.RichTextStyleParagraph})
		}
		return segs
	case *ast.Heading:
		style := widget.RichTextStyleParagraph
		switch b.Level {
		case 1:
			style = widget.RichTextStyleHeading
		case 2:
			style = widget.RichTextStyleSubHeading
		default:
			style.TextStyle.Bold = true
		}
		return []widget.RichTextSegment{&widget.TextSegment{Style: style, Text: mdPlain(src, n)}}
	case *ast.List:
		list := &widget.ListSegment{Ordered: b.IsOrdered()}
		if b.IsOrdered() {
			list.SetStartNumber(b.Start)
		}
		for it := b.FirstChild(); it != nil; it = it.NextSibling() {
			list.Items = append(list.Items, &widget.ParagraphSegment{Texts: mdBlocks(src, it, quote)})
		}
		return []widget.RichTextSegment{list}
	case *ast.Blockquote:
		return mdBlocks(src, n, true)
	case *ast.ThematicBreak:
		return []widget.RichTextSegment{&widget.SeparatorSegment{}}
	case *ast.CodeBlock, *ast.FencedCodeBlock:
		var code strings.Builder
		lines := n.Lines()
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			code.Write(seg.Value(src))
		}
		if code.Len() == 0 {
			return nil
		}
		return []widget.RichTextSegment{&widget.TextSegment{Style: widget.RichTextStyleCodeBlock, Text: strings.TrimSuffix(code.String(), "\n")}}
	}
	return mdBlocks(src, n, quote)
}

// mdInlines renders the inline children of n in style, joining pieces of
// the same style.
func mdInlines(src []byte, n ast.Node, style widget.RichTextStyle) []widget.RichTextSegment {
	var out []widget.RichTextSegment
	add := func(s widget.RichTextStyle, t string) {
		if t == "" {
			return
		}
		if len(out) > 0 {
			if last, ok := out[len(out)-1].(*widget.TextSegment); ok && last.Style == s {
				last.Text += t
				return
			}
		}
		out = append(out, &widget.TextSegment{Style: s, Text: t})
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch i := c.(type) {
		case *ast.Text:
			t := string(i.Value(src))
			if i.SoftLineBreak() || i.HardLineBreak() {
				t += " "
			}
			add(style, t)
		case *ast.String:
			add(style, string(i.Value))
		case *ast.CodeSpan:
			code := widget.RichTextStyleCodeInline
			code.TextStyle.Bold = style.TextStyle.Bold
			add(code, mdPlain(src, i))
		case *ast.Emphasis:
			inner := style
			if i.Level >= 2 {
				inner.TextStyle.Bold = true
			} else {
				inner.TextStyle.Italic = true
			}
			for _, s := range mdInlines(src, i, inner) {
				if ts, ok := s.(*widget.TextSegment); ok {
					add(ts.Style, ts.Text)
				} else {
					out = append(out, s)
				}
			}
		case *ast.Link:
			u, _ := url.Parse(string(i.Destination))
			out = append(out, &widget.HyperlinkSegment{Alignment: fyne.TextAlignLeading, Text: mdPlain(src, i), URL: u})
		case *ast.AutoLink:
			u, _ := url.Parse(string(i.URL(src)))
			out = append(out, &widget.HyperlinkSegment{Alignment: fyne.TextAlignLeading, Text: string(i.Label(src)), URL: u})
		default:
			for _, s := range mdInlines(src, c, style) {
				if ts, ok := s.(*widget.TextSegment); ok {
					add(ts.Style, ts.Text)
				} else {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// mdPlain is the text of n's inline content as the reader sees it.
func mdPlain(src []byte, n ast.Node) string {
	var b strings.Builder
	for _, s := range mdInlines(src, n, widget.RichTextStyleInline) {
		switch s := s.(type) {
		case *widget.TextSegment:
			b.WriteString(s.Text)
		case *widget.HyperlinkSegment:
			b.WriteString(s.Text)
		}
	}
	return strings.TrimRight(b.String(), " ")
}
