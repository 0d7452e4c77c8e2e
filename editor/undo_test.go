package editor

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// FuzzUndoRestores runs a random sequence of editing commands, then undoes
// everything: the text must be the original bytes again, and redoing
// as many steps must give the edited text back. After every command the
// Document must equal a fresh parse (the incremental splice is exact).
func FuzzUndoRestores(f *testing.F) {
	f.Add([]byte("User-agent: *\r\nDisallow: /a\r\n"), []byte{0, 'x', 1, 2, 3, 4, 5, 9, 10, 11})
	f.Add([]byte("\xEF\xBB\xBFa\rb\x00\xff\n"), []byte{6, 3, 0, '\n', 7, 8, 12, 1, 1, 9, 9, 10})
	f.Add([]byte("Disallow: /каталог/文章\n"), []byte{5, 40, 1, 1, 0, 0xd0, 13, 14, 0, 'q', 9, 11, 11})
	f.Add([]byte(""), []byte{0, 'a', 4, 6, 2, 12, 7, 13})
	// One app for all inputs: a new test app per input stalls the fuzz
	// workers after a few executions.
	test.NewTempApp(f)
	f.Fuzz(runOps)
}

func runOps(t *testing.T, src, ops []byte) {
	{
		if len(ops) > 200 {
			ops = ops[:200]
		}
		e := New()
		e.SetText(src)
		e.Resize(fyne.NewSize(400, 300))
		clock := time.Unix(1e9, 0)
		e.now = func() time.Time { clock = clock.Add(100 * time.Millisecond); return clock }
		cb := fyne.CurrentApp().Clipboard()
		arg := func(i int) int {
			if i < len(ops) {
				return int(ops[i])
			}
			return 0
		}
		for i := 0; i < len(ops); i++ {
			switch ops[i] % 15 {
			case 0:
				i++
				e.TypedRune(rune(arg(i)) + 0x20)
			case 1:
				e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyBackspace})
			case 2:
				e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDelete})
			case 3:
				e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
			case 4:
				e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
			case 5:
				i++
				n := len(e.Bytes()) + 1
				e.SetSelection(arg(i)*7%n, arg(i)*13%n)
			case 6:
				e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
			case 7:
				cb.SetContent("Allow: /x\r\nb\rc\n")
				e.Paste()
			case 8:
				e.Cut()
			case 9, 10:
				e.Undo()
			case 11:
				e.Redo()
			case 12:
				n := len(e.Bytes())
				_ = e.ApplyEdits([]Edit{{Start: n / 3, End: n / 2, Text: []byte("#")}, {Start: n, End: n, Text: []byte("\n")}})
			case 13:
				i++
				e.TypedShortcut(&fyne.ShortcutSelectAll{})
				e.TypedRune(rune(arg(i)%26) + 'a')
			case 14:
				e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyTab})
			}
			checkDoc(t, e)
		}
		edited := string(e.Bytes())
		steps := len(e.edits.hist.undo)
		for e.CanUndo() {
			e.Undo()
		}
		if string(e.Bytes()) != string(src) {
			t.Fatalf("undo all: %q, want %q", e.Bytes(), src)
		}
		if e.edits.modified() {
			t.Fatal("undo all must leave the text unmodified")
		}
		for range steps {
			e.Redo()
		}
		if string(e.Bytes()) != edited {
			t.Fatalf("redo all: %q, want %q", e.Bytes(), edited)
		}
		checkDoc(t, e)
	}
}
