package editor

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// style is what a byte of the text is, for colouring.
type style uint8

const (
	stPlain      style = iota // separators, blanks, values of other fields
	stKey                     // a field every engine knows (User-agent, Disallow…)
	stKeyTypo                 // a misspelt or prefixed key that only Google accepts
	stKeyUnknown              // a field no engine reads
	stPath                    // an Allow/Disallow path
	stWildcard                // '*' anywhere and '$' at the end of a path
	stURL                     // a Sitemap URL
	stComment
	stInvalid // a line that is neither a field nor a comment
	stIgnored // past Line.Cut: Google stops reading there
	numStyles
)

// span is a run of one style over the absolute byte range [start, end).
type span struct {
	start, end int32
	st         style
}

// lineSpans appends the styled spans that tile line l's content. It reads
// only the Document's spans and flags: the highlighter never parses.
func lineSpans(dst []span, d *syntax.Document, l *syntax.Line) []span {
	at := l.Start
	add := func(end int32, st style) {
		if end > at {
			dst = append(dst, span{at, end, st})
			at = end
		}
	}
	body := l.Cut
	if !l.Comment.Empty() {
		body = l.Comment.Start
	}
	switch {
	case l.Kind == syntax.Invalid:
		add(body, stInvalid)
	case l.Kind.IsField():
		add(l.Key.Start, stPlain)
		add(l.Key.End, keyStyle(l))
		add(l.Value.Start, stPlain)
		switch {
		case l.Kind.IsRule() || l.Kind == syntax.CleanParam:
			for i := l.Value.Start; i < l.Value.End; i++ {
				c := d.Src[i]
				// '$' anchors only at the end of a path; elsewhere it is a
				// literal character and is not marked.
				if c == '*' || c == '$' && i == l.Value.End-1 {
					add(i, stPath)
					add(i+1, stWildcard)
				}
			}
			add(l.Value.End, stPath)
		case l.Kind == syntax.Sitemap:
			add(l.Value.End, stURL)
		}
		add(body, stPlain)
	default:
		add(body, stPlain)
	}
	if !l.Comment.Empty() {
		add(l.Comment.End, stComment)
	}
	add(l.End, stIgnored)
	return dst
}

func keyStyle(l *syntax.Line) style {
	switch {
	case l.Kind == syntax.Unknown:
		return stKeyUnknown
	case l.Flags&(syntax.FlagTypo|syntax.FlagKeyPrefix|syntax.FlagMissingColon) != 0:
		return stKeyTypo
	}
	return stKey
}

// palette maps styles to theme colours, looked up for every repaint so a
// theme or variant switch recolours at once.
type palette [numStyles]color.Color

func (p *palette) load(w fyne.Widget) {
	c := func(n fyne.ThemeColorName) color.Color { return theme.ColorForWidget(n, w) }
	fg := c(theme.ColorNameForeground)
	p[stPlain] = fg
	p[stKey] = c(theme.ColorNamePrimary)
	p[stKeyTypo] = c(theme.ColorNameWarning)
	p[stKeyUnknown] = c(theme.ColorNamePlaceHolder)
	p[stPath] = fg
	p[stWildcard] = c(theme.ColorNameHyperlink)
	p[stURL] = fg
	p[stComment] = c(theme.ColorNameSuccess)
	p[stInvalid] = c(theme.ColorNameError)
	// Text past Google's cut is greyed like unknown keys (nothing reads
	// it), in the placeholder colour: the disabled colour is for inactive
	// controls and is allowed to be fainter.
	p[stIgnored] = c(theme.ColorNamePlaceHolder)
}
