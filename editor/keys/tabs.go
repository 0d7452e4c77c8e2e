package keys

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Tabs gives a tab container inside a tab (History's Versions and Sites,
// Meta tags' Build and Analyse…) a place in the Tab order: Fyne's tab
// strip takes no keyboard focus, so those tabs could not be switched
// without the mouse. Tab reaches the strip before the shown tab's
// controls; while it has the keyboard it is outlined, and Left and Right
// (Up and Down too) choose the previous and next tab, Home and End the
// first and last, skipping disabled tabs — the arrows of a tab strip as in
// desktop toolkits. The window's own tabs keep Ctrl+Page Up/Down.
type Tabs struct {
	widget.BaseWidget
	Tabs    *container.AppTabs
	focused bool
}

// NewTabs puts the keys above on t; place the result where t was.
func NewTabs(t *container.AppTabs) *Tabs {
	k := &Tabs{Tabs: t}
	k.ExtendBaseWidget(k)
	return k
}

// FocusGained outlines the strip.
func (k *Tabs) FocusGained() {
	Run(func() {
		k.focused = true
		k.Refresh()
	})
}

// FocusLost takes the outline away.
func (k *Tabs) FocusLost() {
	Run(func() {
		k.focused = false
		k.Refresh()
	})
}

// Focused reports whether the strip has the keyboard.
func (k *Tabs) Focused() bool { return k.focused }

// TypedRune: a strip takes no text.
func (k *Tabs) TypedRune(rune) {}

// TypedKey moves between the tabs; Esc and the function keys go to the
// window.
func (k *Tabs) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyLeft, fyne.KeyUp:
		Run(func() { k.step(-1, k.Tabs.SelectedIndex()) })
	case fyne.KeyRight, fyne.KeyDown:
		Run(func() { k.step(1, k.Tabs.SelectedIndex()) })
	case fyne.KeyHome:
		Run(func() { k.step(1, -1) })
	case fyne.KeyEnd:
		Run(func() { k.step(-1, len(k.Tabs.Items)) })
	default:
		if WindowKey(ev.Name) || ev.Name == fyne.KeyReturn || ev.Name == fyne.KeyEnter {
			PassOn(k, ev)
		}
	}
}

// step selects the first enabled tab from "from" in direction dir (±1),
// going round past either end.
func (k *Tabs) step(dir, from int) {
	n := len(k.Tabs.Items)
	for i := 1; i <= n; i++ {
		j := ((from+dir*i)%n + n) % n
		if !k.Tabs.Items[j].Disabled() {
			k.Tabs.SelectIndex(j)
			k.Refresh()
			return
		}
	}
}

// CreateRenderer draws the tab container and, while the strip has the
// keyboard, an outline round the strip.
func (k *Tabs) CreateRenderer() fyne.WidgetRenderer {
	line := canvas.NewRectangle(color.Transparent)
	line.StrokeColor = color.Transparent
	return &tabsRenderer{k: k, line: line}
}

type tabsRenderer struct {
	k    *Tabs
	line *canvas.Rectangle
}

func (r *tabsRenderer) Destroy() {}

func (r *tabsRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.k.Tabs, r.line}
}

func (r *tabsRenderer) MinSize() fyne.Size { return r.k.Tabs.MinSize() }

func (r *tabsRenderer) Layout(size fyne.Size) {
	r.k.Tabs.Move(fyne.Position{})
	r.k.Tabs.Resize(size)
	r.place(size)
}

// place puts the outline round the strip: from the top to where the shown
// tab's content begins.
func (r *tabsRenderer) place(size fyne.Size) {
	h := float32(0)
	if it := r.k.Tabs.Selected(); it != nil && it.Content != nil {
		h = it.Content.Position().Y
	}
	r.line.Move(fyne.Position{})
	r.line.Resize(fyne.NewSize(size.Width, h))
}

func (r *tabsRenderer) Refresh() {
	r.line.StrokeWidth = 2 * theme.InputBorderSize()
	r.line.StrokeColor = color.Transparent
	if r.k.focused {
		r.line.StrokeColor = theme.Color(theme.ColorNamePrimary)
	}
	r.place(r.k.Size())
	r.line.Refresh()
	r.k.Tabs.Refresh()
}
