package logtab

import (
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/accesslog"
	"github.com/robots-studio/robots-studio/ui/safewidget"
)

// hitList lists a crawler's disallowed paths with the deciding rule and
// the first log lines; a tap sends the path to the tester.
type hitList struct {
	list  *keys.List
	items []accesslog.DisallowedPath
	rep   *accesslog.Report
	onTap func(accesslog.DisallowedPath)
}

func newHitList(onTap func(accesslog.DisallowedPath)) *hitList {
	h := &hitList{onTap: onTap}
	h.list = keys.NewList(
		func() int { return len(h.items) },
		func() fyne.CanvasObject {
			return safewidget.NewEllipsis("")
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i < len(h.items) {
				o.(*safewidget.Ellipsis).SetText(h.text(h.items[i]))
			}
		})
	h.list.OnSelected = func(i widget.ListItemID) {
		if i < len(h.items) && h.onTap != nil {
			h.onTap(h.items[i])
		}
		h.list.UnselectAll()
	}
	return h
}

// text is "/path ×3 — line 2: Disallow: /x (access.log:12, 40)".
func (h *hitList) text(d accesslog.DisallowedPath) string {
	rule := lang.X("logtab.no_rule", "no rule")
	if d.Rule != nil {
		rule = lang.X("logtab.rule", "line {{.Line}}: {{.Text}}", map[string]any{"Line": d.Rule.Line, "Text": d.Rule.Text})
	}
	var at []string
	for _, l := range d.Lines {
		name := ""
		if h.rep != nil && l.File < len(h.rep.Files) {
			name = filepath.Base(h.rep.Files[l.File]) + ":"
		}
		at = append(at, fmt.Sprintf("%s%d", name, l.Line))
	}
	if d.Hits > int64(len(d.Lines)) {
		at = append(at, "…")
	}
	return fmt.Sprintf("%s  ×%d — %s  (%s)", d.Path, d.Hits, rule, strings.Join(at, ", "))
}

func (h *hitList) set(rep *accesslog.Report, c *accesslog.CrawlerStats) {
	h.rep = rep
	h.items = nil
	if c != nil {
		h.items = c.TopDisallowed
	}
	h.list.UnselectAll()
	h.list.Refresh()
}
