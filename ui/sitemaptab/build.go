package sitemaptab

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/sitemap"
	"github.com/robots-studio/robots-studio/tester/textfile"
	"github.com/robots-studio/robots-studio/ui/filedlg"
	"github.com/robots-studio/robots-studio/ui/richmsg"
	"github.com/robots-studio/robots-studio/ui/webfile"
)

// previewLines bounds the preview of a built sitemap.
const previewLines = 60

// maxEntryLines is the longest list put into the text field: a multi-line
// Entry gets slow with thousands of lines, so a longer loaded list is kept
// aside and built as it is.
const maxEntryLines = 2000

// buildView turns a list of URLs into sitemap files.
type buildView struct {
	t       *Tab
	host    *keys.Entry
	urls    *keys.Entry
	status  *richmsg.Text // the findings quote URLs and rules as code
	preview *widget.Label
	save    *widget.Button
	clear   *widget.Button
	content fyne.CanvasObject
	files   []sitemap.BuiltFile
	loaded  []byte // a loaded list too long for the text field
	name    string // its file name
	// leaveOut leaves the URLs the robots.txt blocks, and rule patterns,
	// out of the built files; it shows once the list has some.
	leaveOut *widget.Check
}

func newBuildView(t *Tab) *buildView {
	b := &buildView{t: t}
	b.host = keys.NewEntry()
	b.host.SetPlaceHolder("https://www.example.com")
	b.urls = keys.NewMultiLineEntry()
	b.urls.SetPlaceHolder(lang.X("sitemap.ui.build.placeholder", "One URL or /path a line; optional columns after a tab: lastmod (2007-11-02), changefreq (daily), priority (0.8)"))
	b.urls.OnChanged = func(string) { b.files = nil; b.save.Disable() }
	b.clear = widget.NewButtonWithIcon(lang.X("sitemap.ui.build.clear", "Clear"), theme.ContentClearIcon(), b.clearList)
	b.status = richmsg.NewText("", richmsg.Style{})
	b.preview = widget.NewLabel("")
	b.preview.TextStyle.Monospace = true
	load := widget.NewButtonWithIcon(lang.X("sitemap.ui.build.load", "Load List…"), theme.FolderOpenIcon(), b.loadDialog)
	fromTester := widget.NewButtonWithIcon(lang.X("sitemap.ui.build.tester", "Use the Tester's Paths"), theme.ContentPasteIcon(), b.useTesterPaths)
	build := widget.NewButtonWithIcon(lang.X("sitemap.ui.build.build", "Build"), theme.ConfirmIcon(), b.build)
	build.Importance = widget.HighImportance
	b.save = widget.NewButtonWithIcon(lang.X("sitemap.ui.build.save", "Save As…"), theme.DocumentSaveIcon(), b.saveDialog)
	b.save.Disable()
	b.leaveOut = widget.NewCheck("", func(bool) { b.build() })
	b.leaveOut.Hide()
	top := container.NewVBox(
		container.NewBorder(nil, nil, widget.NewLabel(lang.X("sitemap.ui.build.host", "Site address:")), nil, b.host),
		container.NewHBox(load, fromTester, b.clear, build, b.save),
		b.leaveOut,
		b.status,
	)
	split := container.NewVSplit(b.urls, container.NewScroll(b.preview))
	b.content = container.NewBorder(top, nil, nil, nil, split)
	return b
}

func (b *buildView) loadDialog() {
	filedlg.Open(b.t.host.Window, filedlg.Pick{}, func(p []string) { b.load(p[0]) })
}

// load puts a URL list file into the list.
func (b *buildView) load(path string) {
	data, err := textfile.Load(path, nil)
	if err != nil {
		b.status.SetText(err.Error())
		return
	}
	b.clearList()
	if n := bytes.Count(data, []byte("\n")); n > maxEntryLines {
		b.loaded, b.name = data, filepath.Base(path)
		b.urls.Disable()
		b.status.SetText(loadedText(b.name, n))
		return
	}
	b.urls.SetText(string(data))
}

func loadedText(name string, lines int) string {
	return lang.X("sitemap.ui.build.loaded", "{{.File}} is loaded ({{.Lines}} lines) and is built as it is; Clear to type a list instead.",
		map[string]any{"File": msg.Literal(name), "Lines": lines})
}

// clearList forgets a loaded list and empties the text field.
func (b *buildView) clearList() {
	b.loaded, b.name = nil, ""
	b.urls.Enable()
	b.urls.SetText("")
	b.status.SetText("")
}

// list is the text the builder reads: the loaded file or the field.
func (b *buildView) list() (io.Reader, string) {
	if b.loaded != nil {
		return bytes.NewReader(b.loaded), b.name
	}
	return strings.NewReader(b.urls.Text), lang.X("sitemap.ui.build.list", "list")
}

// useTesterPaths fills the list with the tester's paths (made absolute with
// the site address when built).
func (b *buildView) useTesterPaths() {
	if b.t.host.TesterPaths == nil {
		return
	}
	b.clearList()
	b.urls.SetText(strings.Join(b.t.host.TesterPaths(), "\n"))
	if strings.TrimSpace(b.host.Text) == "" {
		b.status.SetText(lang.X("sitemap.ui.build.need_host", "Give the site's address above: the tester's paths become full URLs with it."))
	}
}

// build parses the list and makes the files; problems are listed and
// nothing is built while there is an error.
func (b *buildView) build() {
	list, name := b.list()
	entries, findings := sitemap.ParseURLList(list, name, strings.TrimSpace(b.host.Text))
	var msgs []string
	for _, f := range findings {
		if f.Line > 0 {
			msgs = append(msgs, fmt.Sprintf("%d: %s", f.Line, f.Message))
		} else {
			msgs = append(msgs, f.Message.String())
		}
	}
	b.files = nil
	b.save.Disable()
	b.preview.SetText("")
	if sitemap.HasError(findings) {
		b.status.SetText(lang.X("sitemap.ui.build.errors", "Nothing built; correct these lines:") + "\n" + strings.Join(first(msgs, 20), "\n"))
		return
	}
	// URLs a crawler may not fetch, and rule patterns, do not belong in a
	// sitemap: each is named with the crawler and the deciding rule, and
	// the builder offers to leave them out.
	check := sitemap.CheckBuild(entries, b.robots(), name)
	var warn []string
	for _, f := range check.Findings {
		warn = append(warn, fmt.Sprintf("%d: %s", f.Line, f.Message))
	}
	if n := len(check.Out); n > 0 {
		b.leaveOut.Text = lang.XN("sitemap.ui.build.leave_out", "Leave out the {{.Count}} URLs below", n, map[string]any{"Count": n})
		b.leaveOut.Refresh()
		b.leaveOut.Show()
		if b.leaveOut.Checked {
			entries = sitemap.Without(entries, check.Out)
		}
	} else {
		b.leaveOut.Hide()
	}
	if len(entries) == 0 {
		b.status.SetText(lang.X("sitemap.ui.build.all_out", "Every URL of the list is left out: nothing to build.") + "\n" + strings.Join(first(warn, 20), "\n"))
		return
	}
	b.files = sitemap.Build(entries, "sitemap", sitemap.DirURL(strings.TrimSpace(b.host.Text), entries))
	names := make([]string, len(b.files))
	for i, f := range b.files {
		names[i] = f.Name
	}
	text := lang.X("sitemap.ui.build.done", "URLs: {{.URLs}}; files: {{.Files}}", map[string]any{"URLs": len(entries), "Files": strings.Join(names, ", ")})
	if len(warn) > 0 {
		head := lang.XN("sitemap.ui.build.flagged", "{{.Count}} URLs do not belong in a sitemap:", len(check.Out), map[string]any{"Count": len(check.Out)})
		if b.leaveOut.Checked {
			head = lang.XN("sitemap.ui.build.left_out", "{{.Count}} URLs were left out:", len(check.Out), map[string]any{"Count": len(check.Out)})
		}
		text += "\n" + head + "\n" + strings.Join(first(warn, 20), "\n")
	}
	if len(msgs) > 0 {
		text += "\n" + strings.Join(first(msgs, 20), "\n")
	}
	b.status.SetText(text)
	lines := strings.SplitN(string(b.files[len(b.files)-1].Data), "\n", previewLines+1)
	if len(lines) > previewLines {
		lines[previewLines] = "…"
	}
	b.preview.SetText(strings.Join(lines, "\n"))
	b.save.Enable()
}

// robots is the robots.txt in the editor, read for the default crawlers
// each by its own engine; nil when there is none.
func (b *buildView) robots() *sitemap.Robots {
	if b.t.host.Robots == nil {
		return nil
	}
	path, text := b.t.host.Robots()
	if len(text) == 0 {
		return nil
	}
	r, err := sitemap.NewRobots(path, text, nil, "", nil)
	if err != nil {
		return nil
	}
	return r
}

func first(list []string, n int) []string {
	if len(list) > n {
		return append(list[:n:n], "…")
	}
	return list
}

// saveDialog asks where to save: a file name for one sitemap, a folder for
// several (the parts and the index keep their names).
func (b *buildView) saveDialog() {
	if len(b.files) == 0 {
		return
	}
	if webfile.Enabled { // each file is downloaded under its own name
		for _, f := range b.files {
			webfile.Download(f.Name, f.Data)
		}
		return
	}
	if len(b.files) == 1 {
		d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
			if err != nil || w == nil {
				return
			}
			path := w.URI().Path()
			w.Close()
			b.saveTo(path, "")
		}, b.t.host.Window)
		d.SetFileName(b.files[0].Name)
		filedlg.Show(d, b.t.host.Window)
		return
	}
	d := dialog.NewFolderOpen(func(dir fyne.ListableURI, err error) {
		if err != nil || dir == nil {
			return
		}
		b.saveTo("", dir.Path())
	}, b.t.host.Window)
	filedlg.Show(d, b.t.host.Window)
}

// saveTo writes the one file to path, or every file into dir, atomically.
func (b *buildView) saveTo(path, dir string) {
	var written []string
	for _, f := range b.files {
		p := path
		if dir != "" {
			p = filepath.Join(dir, f.Name)
		}
		if err := textfile.WriteAtomic(p, f.Data); err != nil {
			b.status.SetText(err.Error())
			return
		}
		written = append(written, p)
	}
	b.status.SetText(lang.X("sitemap.ui.build.saved", "Saved: {{.Files}}", map[string]any{"Files": strings.Join(written, ", ")}))
}
