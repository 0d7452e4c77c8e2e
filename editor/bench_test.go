package editor

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/robots-studio/robots-studio/internal/corpus"
)

// generated is a ~500 KiB, ~20,000-line robots.txt with the mix real files
// have: groups, paths with wildcards, comments, Cyrillic and CRLF-free LF.
func generated() []byte {
	var b strings.Builder
	for g := 0; b.Len() < 500*1024-200; g++ {
		fmt.Fprintf(&b, "# group %d: rules for the catalogue\nUser-agent: bot-%d\n", g, g)
		for i := 0; i < 18 && b.Len() < 500*1024-200; i++ {
			switch i % 6 {
			case 0:
				fmt.Fprintf(&b, "Disallow: /catalog/%d/*?sort=price$\n", i)
			case 1:
				fmt.Fprintf(&b, "Allow: /каталог/товар-%d/\n", i)
			case 2:
				fmt.Fprintf(&b, "Disallow: /search/*&page=%d # paging\n", i)
			case 3:
				fmt.Fprintf(&b, "Clean-param: utm_source&utm_medium /news/%d/\n", i)
			case 4:
				fmt.Fprintf(&b, "Disallow: /p%d\n", i)
			default:
				b.WriteString("\n")
			}
		}
	}
	return []byte(b.String())
}

// benchEditor shows an empty editor in a 1280×800 test window.
func benchEditor(b *testing.B) *Editor {
	test.NewTempApp(b)
	e := New()
	w := test.NewTempWindow(b, e)
	w.Resize(fyne.NewSize(1280, 800))
	w.Canvas().Focus(e)
	return e
}

func linkedin(b *testing.B) []byte { return corpus.File(b, "linkedin.robots.txt") }

// BenchmarkOpen measures SetText: parse, line widths and the first
// highlighted layout of the visible rows.
func BenchmarkOpen(b *testing.B) {
	for _, in := range []struct {
		name string
		src  func(*testing.B) []byte
	}{{"generated-500KiB", func(*testing.B) []byte { return generated() }}, {"linkedin", linkedin}} {
		b.Run(in.name, func(b *testing.B) {
			src := in.src(b)
			e := benchEditor(b)
			b.SetBytes(int64(len(src)))
			b.ResetTimer()
			for range b.N {
				e.SetText(src)
			}
			b.StopTimer()
			if r := test.WidgetRenderer(e).(*editorRenderer); r.lastRows < 20 || r.lastTextObjs < 20 {
				b.Fatalf("nothing drawn: %d rows, %d texts", r.lastRows, r.lastTextObjs)
			}
		})
	}
}

// BenchmarkOpenAndPaint adds the test driver's software paint of the whole
// 1280×800 window, an upper bound for what a GPU frame costs.
func BenchmarkOpenAndPaint(b *testing.B) {
	src := generated()
	e := benchEditor(b)
	c := fyne.CurrentApp().Driver().CanvasForObject(e)
	b.ResetTimer()
	for range b.N {
		e.SetText(src)
		c.Capture()
	}
}

// BenchmarkKeystroke types in the middle of the 500 KiB file: edit,
// incremental re-parse, undo record, re-highlight and relayout.
func BenchmarkKeystroke(b *testing.B) {
	e := benchEditor(b)
	e.SetText(generated())
	mid := int(e.Document().Lines[10000].Start) + 12
	e.SetSelection(mid, mid)
	b.ResetTimer()
	for i := range b.N {
		if i%2 == 0 {
			e.TypedRune('x')
		} else {
			e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
		}
	}
}

// BenchmarkPaste10000Lines pastes 10,000 lines into the 500 KiB file.
func BenchmarkPaste10000Lines(b *testing.B) {
	e := benchEditor(b)
	e.SetText(generated())
	var p strings.Builder
	for i := range 10000 {
		fmt.Fprintf(&p, "Disallow: /pasted/%d/*.html$\n", i)
	}
	cb := fyne.CurrentApp().Clipboard()
	cb.SetContent(p.String())
	mid := int(e.Document().Lines[10000].Start)
	b.ResetTimer()
	for range b.N {
		e.SetSelection(mid, mid)
		e.Paste()
		b.StopTimer()
		e.Undo()
		b.StartTimer()
	}
}

// longLines is a ~500 KiB robots.txt of 300-byte rules, each several rows
// when wrapped, and one 100 KB line.
func longLines() []byte {
	var b strings.Builder
	for i := 0; b.Len() < 400*1024; i++ {
		fmt.Fprintf(&b, "Disallow: /catalog/%d/%s?sort=price&page=%d\n", i, strings.Repeat("section/", 34), i)
	}
	b.WriteString("Sitemap: https://example.com/" + strings.Repeat("very-long-path/", 100*1024/15) + "\n")
	return []byte(b.String())
}

// BenchmarkWrap measures word wrap on a 500 KiB file, off and on: opening
// (first layout), a keystroke in the middle and paging down, on the
// generated file and on one of long lines; and End/Home on a 100 KB line.
func BenchmarkWrap(b *testing.B) {
	for _, in := range []struct {
		name string
		src  func() []byte
	}{{"generated-500KiB", generated}, {"long-lines-500KiB", longLines}} {
		for _, wrap := range []bool{false, true} {
			name := in.name + "/wrap-off"
			if wrap {
				name = in.name + "/wrap-on"
			}
			b.Run(name+"/open", func(b *testing.B) {
				src := in.src()
				e := benchEditor(b)
				e.SetWrap(wrap)
				b.SetBytes(int64(len(src)))
				b.ResetTimer()
				for range b.N {
					e.SetText(src)
				}
			})
			b.Run(name+"/keystroke", func(b *testing.B) {
				e := benchEditor(b)
				e.SetWrap(wrap)
				e.SetText(in.src())
				mid := int(e.Document().Lines[len(e.Document().Lines)/2].Start) + 12
				e.SetSelection(mid, mid)
				b.ResetTimer()
				for i := range b.N {
					if i%2 == 0 {
						e.TypedRune('x')
					} else {
						e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
					}
				}
			})
			b.Run(name+"/pagedown", func(b *testing.B) {
				e := benchEditor(b)
				e.SetWrap(wrap)
				e.SetText(in.src())
				b.ResetTimer()
				for i := range b.N {
					if e.CursorLine() >= len(e.Document().Lines)-1 || i%200 == 0 {
						e.SetSelection(0, 0)
					}
					e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyPageDown})
				}
			})
		}
	}
	b.Run("100KB-line/wrap-on/end-and-home", func(b *testing.B) {
		e := benchEditor(b)
		e.SetWrap(true)
		e.SetText(longLines())
		last := len(e.Document().Lines) - 2
		e.SetSelection(int(e.Document().Lines[last].Start), int(e.Document().Lines[last].Start))
		b.ResetTimer()
		for i := range b.N {
			if i%2 == 0 {
				e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEnd})
			} else {
				e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyHome})
			}
		}
	})
}
