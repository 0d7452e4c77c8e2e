package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// turnLayout lays the Problems panel's list and detail out side by side
// when the panel is wide, and the detail under the list when it is narrow
// (the editor's column shares the window with the compare table): a row's
// message and the hint beside it are never squeezed to a few words.
type turnLayout struct {
	split *container.Split
	panel *lintPanel
}

// stackedShare is the part of the editor's column the panel takes when
// its detail is under the list: room for a few rows and a few lines.
const stackedShare = 0.45

// turnWidth is the narrowest panel, in text heights, that still shows the
// list and the detail side by side.
const turnWidth = 44

// sideBySide reports whether a panel of width w shows list and detail
// side by side.
func sideBySide(w float32) bool {
	return w >= turnWidth*theme.Size(theme.SizeNameText)
}

func (l *turnLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if side := sideBySide(size.Width); side != l.split.Horizontal {
		l.split.Horizontal = side
		if side {
			l.split.Offset = 0.45
		} else {
			l.split.Offset = 0.5
		}
		l.split.Refresh()
		l.panel.fitHeight(side)
	}
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l *turnLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var m fyne.Size
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}

// fitHeight gives the panel the height its layout needs, unless the user
// dragged the divider elsewhere or closed the panel.
func (p *lintPanel) fitHeight(side bool) {
	if p.split == nil || !p.open {
		return
	}
	from, to := 1-stackedShare, 1-lintPanelShare
	if !side {
		from, to = to, from
	}
	if abs(p.split.Offset-from) < 0.01 {
		p.offset = to
		p.split.SetOffset(to)
	}
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}
