// Package place finds where an object lies inside another from the
// positions of the containers between them. The desktop driver knows the
// screen position only of what it has drawn (a control just added is at
// 0,0 until the next frame), and asking it walks the whole window; the
// containers' own positions are known at once.
package place

import "fyne.io/fyne/v2"

// In is o's place inside c when the way down from c to o goes through
// fyne.Containers only (each object's position is relative to its
// container); ok is false when o is not found that way.
func In(c, o fyne.CanvasObject) (at fyne.Position, ok bool) {
	if c == o {
		return fyne.Position{}, true
	}
	cont, isCont := c.(*fyne.Container)
	if !isCont {
		return fyne.Position{}, false
	}
	for _, ch := range cont.Objects {
		if p, found := In(ch, o); found {
			return ch.Position().Add(p), true
		}
	}
	return fyne.Position{}, false
}
