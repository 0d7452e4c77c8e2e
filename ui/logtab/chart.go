package logtab

import (
	"fmt"
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/accesslog"
)

// maxSeries is how many crawlers the chart draws (the busiest, plus the
// selected one).
const maxSeries = 6

// palette tells the series apart on light and dark themes alike.
var palette = []color.NRGBA{
	{0x1f, 0x77, 0xb4, 0xff}, {0x2c, 0xa0, 0x2c, 0xff}, {0xff, 0x7f, 0x0e, 0xff},
	{0x94, 0x67, 0xbd, 0xff}, {0x17, 0xbe, 0xcf, 0xff}, {0x8c, 0x56, 0x4b, 0xff},
}

type series struct {
	name    string
	color   color.Color
	buckets []accesslog.Bucket
	bold    bool
}

// chart draws hits over time per crawler with Fyne's canvas primitives —
// a step line of canvas.Line segments, a canvas.Circle on each stretch of time with
// disallowed hits, canvas.Text for the legend and the axes — rebuilt on
// each layout. No plotting library: the data are a few thousand points at
// most (the report's timelines are bounded), which lines draw fast.
type chart struct {
	widget.BaseWidget
	series []series
	width  int64 // seconds per bucket
	from   int64
	to     int64
	max    int64 // the busiest stretch of all series
	scale  int64 // the top of the y axis: max, or the selected crawler's busiest stretch
}

func newChart() *chart {
	c := &chart{}
	c.ExtendBaseWidget(c)
	return c
}

func (c *chart) setReport(rep *accesslog.Report) {
	c.width = rep.BucketSeconds
	c.series = nil
	c.from, c.to, c.max = 0, 0, 0
	for i, s := range rep.Crawlers {
		if i == maxSeries {
			break
		}
		c.series = append(c.series, series{name: s.Name + verifiedSuffix(s.Verified), color: palette[i%len(palette)], buckets: s.Timeline})
	}
	c.bounds()
	c.scale = c.max
	c.Refresh()
}

func verifiedSuffix(v accesslog.Verification) string {
	if v == accesslog.Unverified {
		return ""
	}
	return " (" + verifiedText(v) + ")"
}

func (c *chart) bounds() {
	first := true
	for _, s := range c.series {
		for _, b := range s.buckets {
			if first || b.Start < c.from {
				c.from = b.Start
			}
			if first || b.Start+c.width > c.to {
				c.to = b.Start + c.width
			}
			first = false
			c.max = max(c.max, b.Hits)
		}
	}
}

// highlight draws the selected crawler's line thicker (and adds it when it
// is not among the busiest), and scales the y axis to it, so a quiet
// crawler is not flattened by a busy one (the others are cut at the top).
func (c *chart) highlight(sel *accesslog.CrawlerStats) {
	c.scale = c.max
	if sel != nil {
		var top int64
		for _, b := range sel.Timeline {
			top = max(top, b.Hits)
		}
		if top > 0 {
			c.scale = top
		}
	}
	found := false
	for i := range c.series {
		c.series[i].bold = sel != nil && c.series[i].name == sel.Name+verifiedSuffix(sel.Verified)
		found = found || c.series[i].bold
	}
	if sel != nil && !found {
		if len(c.series) == maxSeries+1 {
			c.series = c.series[:maxSeries]
		}
		c.series = append(c.series, series{name: sel.Name + verifiedSuffix(sel.Verified), color: theme.Color(theme.ColorNamePrimary), buckets: sel.Timeline, bold: true})
		c.bounds()
	}
	c.Refresh()
}

func (c *chart) CreateRenderer() fyne.WidgetRenderer {
	return &chartRenderer{c: c}
}

type chartRenderer struct {
	c       *chart
	objects []fyne.CanvasObject
}

func (r *chartRenderer) Destroy() {}

func (r *chartRenderer) MinSize() fyne.Size { return fyne.NewSize(300, 160) }

func (r *chartRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *chartRenderer) Refresh() {
	r.Layout(r.c.Size())
	canvas.Refresh(r.c)
}

// Layout rebuilds the drawing for size: axes, a polyline per crawler,
// markers where disallowed hits fell, the legend.
func (r *chartRenderer) Layout(size fyne.Size) {
	c := r.c
	fg := theme.Color(theme.ColorNameForeground)
	errC := theme.Color(theme.ColorNameError)
	// The theme's text size: the chart forces no smaller text of its own.
	textSize := theme.TextSize()
	r.objects = r.objects[:0]
	if len(c.series) == 0 || c.to <= c.from || c.max == 0 {
		t := canvas.NewText(lang.X("logtab.chart.empty", "Hits over time appear here after a run."), fg)
		t.TextSize = textSize
		t.Move(fyne.NewPos(8, 8))
		r.objects = append(r.objects, t)
		return
	}
	// The legend on the right is as wide as its longest entry in the
	// language shown ("запрещённые обращения" is twice "disallowed hits").
	disallowedText := lang.X("logtab.chart.disallowed", "disallowed hits")
	legend := fyne.MeasureText(disallowedText, textSize, fyne.TextStyle{}).Width
	for _, s := range c.series {
		legend = max(legend, fyne.MeasureText(s.name, textSize, fyne.TextStyle{}).Width)
	}
	const left, top, bottom = 56, 10, 26
	right := min(legend+26+8, size.Width/3)
	w, h := size.Width-left-right, size.Height-top-bottom
	if w < 20 || h < 20 {
		return
	}
	x := func(t int64) float32 { return left + w*float32(t-c.from)/float32(c.to-c.from) }
	y := func(n int64) float32 { return top + h - h*float32(min(n, c.scale))/float32(c.scale) }
	axis := func(x1, y1, x2, y2 float32) {
		l := canvas.NewLine(fg)
		l.StrokeWidth = 1
		l.Position1, l.Position2 = fyne.NewPos(x1, y1), fyne.NewPos(x2, y2)
		r.objects = append(r.objects, l)
	}
	axis(left, top, left, top+h)
	axis(left, top+h, left+w, top+h)
	label := func(s string, px, py float32, col color.Color) {
		t := canvas.NewText(s, col)
		t.TextSize = textSize
		t.Move(fyne.NewPos(px, py))
		r.objects = append(r.objects, t)
	}
	label(fmt.Sprint(c.scale), 4, top-2, fg)
	label("0", 4, top+h-textSize, fg)
	layout := "2006-01-02 15:04"
	label(time.Unix(c.from, 0).UTC().Format(layout)+" UTC", left, top+h+4, fg)
	end := time.Unix(c.to, 0).UTC().Format(layout) + " UTC"
	label(end, left+w-fyne.MeasureText(end, textSize, fyne.TextStyle{}).Width, top+h+4, fg)
	for i, s := range c.series {
		width := float32(1.5)
		if s.bold {
			width = 3
		}
		// A step line: each stretch of time flat at its hits, steps
		// between them; stretches without hits are not in the timeline, so
		// the line goes down to zero across them.
		var prev *accesslog.Bucket
		for j := range s.buckets {
			b := &s.buckets[j]
			if prev != nil {
				if b.Start-prev.Start > c.width {
					end := prev.Start + c.width
					r.segment(x(end), y(prev.Hits), x(end), y(0), s.color, width)
					r.segment(x(end), y(0), x(b.Start), y(0), s.color, width)
					r.segment(x(b.Start), y(0), x(b.Start), y(b.Hits), s.color, width)
				} else {
					r.segment(x(b.Start), y(prev.Hits), x(b.Start), y(b.Hits), s.color, width)
				}
			}
			r.segment(x(b.Start), y(b.Hits), x(b.Start+c.width), y(b.Hits), s.color, width)
			prev = b
		}
		for j := range s.buckets {
			b := &s.buckets[j]
			if b.Disallowed == 0 {
				continue
			}
			d := float32(6)
			dot := canvas.NewCircle(errC)
			dot.StrokeColor = s.color
			dot.StrokeWidth = 1
			dot.Resize(fyne.NewSize(d, d))
			dot.Move(fyne.NewPos(x(b.Start+c.width/2)-d/2, y(b.Disallowed)-d/2))
			r.objects = append(r.objects, dot)
		}
		ly := top + float32(i)*(textSize+6)
		sw := canvas.NewRectangle(s.color)
		sw.Resize(fyne.NewSize(12, 4))
		sw.Move(fyne.NewPos(left+w+10, ly+textSize/2))
		r.objects = append(r.objects, sw)
		label(s.name, left+w+26, ly, fg)
	}
	ly := top + float32(len(c.series))*(textSize+6)
	dot := canvas.NewCircle(errC)
	dot.Resize(fyne.NewSize(6, 6))
	dot.Move(fyne.NewPos(left+w+13, ly+textSize/2-1))
	r.objects = append(r.objects, dot)
	label(disallowedText, left+w+26, ly, fg)
}

func (r *chartRenderer) segment(x1, y1, x2, y2 float32, col color.Color, width float32) {
	l := canvas.NewLine(col)
	l.StrokeWidth = width
	l.Position1, l.Position2 = fyne.NewPos(x1, y1), fyne.NewPos(x2, y2)
	r.objects = append(r.objects, l)
}
