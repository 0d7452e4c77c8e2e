package metatab

import (
	"io"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/metatag"
	"github.com/robots-studio/robots-studio/ui/dlg"
	"github.com/robots-studio/robots-studio/ui/filedlg"
	"github.com/robots-studio/robots-studio/ui/richmsg"
)

// maxShown is the largest opened page put into the (slow, multi-line) entry;
// bigger pages are analysed from memory and only named.
const maxShown = 200 * 1000

// maxPage is the largest page the analyser reads.
const maxPage = 10 * 1000 * 1000

// analyser is the "Analyse" side: page and headers on the left, results on
// the right.
type analyser struct {
	t *tab

	input    *keys.Entry
	headers  *keys.Entry
	url      *keys.Entry
	source   *widget.Label // names an opened page too big to show
	with1996 *widget.Check
	page     []byte // that page; nil when the entry holds the text
	pageName string // its file name

	summary    *widget.Label
	policies   *fyne.Container
	reasons    *fyne.Container
	findings   *fyne.Container
	historical *fyne.Container
	report     metatag.Report
	content    fyne.CanvasObject
}

func newAnalyser(t *tab) *analyser {
	a := &analyser{t: t}
	a.input = keys.NewMultiLineEntry()
	a.input.SetPlaceHolder(lang.X("meta.ui.input_placeholder", "Paste an HTML page here, or just a content value such as noindex, nofollow"))
	a.input.OnChanged = func(string) {
		a.page = nil
		a.source.SetText("")
		a.analyse()
	}
	a.headers = keys.NewMultiLineEntry()
	a.headers.SetPlaceHolder(lang.X("meta.ui.headers_placeholder", "Response headers (as curl -I prints them), optional"))
	a.headers.OnChanged = func(string) { a.analyse() }
	a.url = keys.NewEntry()
	a.url.SetPlaceHolder(lang.X("meta.ui.url_placeholder", "Page URL, to check it against the open robots.txt"))
	a.url.OnChanged = func(string) { a.analyse() }
	a.source = widget.NewLabel("")
	// The 1996 reading is for those who ask: without it a modern page gets
	// no "a 1996 robot skips it" note for every directive.
	a.with1996 = widget.NewCheck(lang.X("meta.ui.with1996", "Also judge by the 1996 rules (the HTML 4.01 robots meta tag)"), func(bool) { a.analyse() })

	open := widget.NewButtonWithIcon(lang.X("meta.ui.open_html", "Open HTML…"), theme.FolderOpenIcon(), func() {
		a.openFile([]string{".html", ".htm", ".xhtml", ".php"}, a.loadPage)
	})
	openHeaders := widget.NewButtonWithIcon(lang.X("meta.ui.open_headers", "Open headers…"), theme.FolderOpenIcon(), func() {
		a.openFile([]string{".txt", ".http", ".headers"}, func(data []byte, _ string) { a.headers.SetText(string(data)) })
	})
	top := container.NewVBox(container.NewHBox(open, openHeaders), a.url, a.with1996, a.source)
	inputs := container.NewVSplit(a.input, a.headers)
	inputs.Offset = 0.75
	left := container.NewBorder(top, nil, nil, nil, inputs)

	a.summary = widget.NewLabel("")
	a.summary.Wrapping = fyne.TextWrapWord
	a.policies = container.NewGridWithColumns(5)
	a.reasons = container.NewVBox()
	a.findings = container.NewVBox()
	a.historical = container.NewVBox()
	right := container.NewVBox(
		a.summary,
		widget.NewLabelWithStyle(lang.X("meta.ui.policy", "What each crawler does"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		a.policies, a.reasons, widget.NewSeparator(),
		widget.NewLabelWithStyle(lang.X("meta.ui.findings", "Findings"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		a.findings, widget.NewSeparator(), a.historical,
	)
	split := container.NewHSplit(left, container.NewVScroll(right))
	split.Offset = 0.45
	a.content = split
	a.analyse()
	return a
}

// openFile lets the user pick a file and hands its bytes to use.
func (a *analyser) openFile(exts []string, use func(data []byte, name string)) {
	pick := filedlg.Pick{Exts: exts, Failed: func(err error) { dlg.Error(err, a.t.win) }}
	filedlg.Open(a.t.win, pick, func(p []string) { a.usePicked(p[0], use) })
}

// usePicked reads the picked file at path (on the desktop or in the
// page's file system).
func (a *analyser) usePicked(path string, use func(data []byte, name string)) {
	f, err := os.Open(path)
	if err != nil {
		dlg.Error(err, a.t.win)
		return
	}
	defer f.Close()
	a.readPage(f, filepath.Base(path), use)
}

// readPage reads at most maxPage bytes of an opened file and hands them to
// use; a bigger file is named, not read.
func (a *analyser) readPage(r io.Reader, name string, use func(data []byte, name string)) {
	data, err := io.ReadAll(io.LimitReader(r, maxPage+1))
	if err != nil {
		dlg.Error(err, a.t.win)
		return
	}
	if len(data) > maxPage {
		dlg.Info(lang.X("meta.ui.too_big_title", "File too big"),
			lang.X("meta.ui.too_big", "{{.Name}} is larger than 10 MB.", map[string]any{"Name": name}), a.t.win)
		return
	}
	use(data, name)
}

// loadPage shows an opened page in the entry, or names it when it is too big
// for the entry to stay responsive.
func (a *analyser) loadPage(data []byte, name string) {
	if len(data) <= maxShown {
		a.input.SetText(string(data))
		return
	}
	a.input.OnChanged = nil
	a.input.SetText("")
	a.input.OnChanged = func(string) {
		a.page = nil
		a.source.SetText("")
		a.analyse()
	}
	a.page, a.pageName = data, name
	a.source.SetText(lang.X("meta.ui.big_page", "{{.Name}} ({{.KB}} KB) is analysed but not shown", map[string]any{"Name": name, "KB": len(data) / 1000}))
	a.analyse()
}

// analyse runs the analysis on what the inputs hold and redraws the results.
func (a *analyser) analyse() {
	if a.historical == nil {
		return // still constructing
	}
	opt := metatag.Options{URL: strings.TrimSpace(a.url.Text), Headers: a.headers.Text, Now: a.t.now()}
	if a.t.check != nil {
		opt.Robots = a.t.check()
	}
	if !a.with1996.Checked {
		opt.Engines = []metatag.Engine{metatag.Google, metatag.Yandex, metatag.Bing}
	}
	text := a.input.Text
	switch {
	case a.page != nil:
		a.report = metatag.AnalyseHTML(a.page, opt)
	case strings.TrimSpace(text) == "" && strings.TrimSpace(opt.Headers) == "":
		a.report = metatag.Report{}
	case strings.TrimSpace(text) == "":
		a.report = metatag.AnalyseHeaders(opt)
	case !strings.Contains(text, "<"):
		a.report = metatag.Validate(strings.TrimSpace(text), opt)
	default:
		a.report = metatag.AnalyseHTML([]byte(text), opt)
	}
	a.show()
}

func (a *analyser) show() {
	r := a.report
	tags, headers := r.SourceCounts()
	switch {
	case r.HTML:
		a.summary.SetText(lang.X("meta.ui.summary_page",
			"Robots meta tags: {{.Tags}} · X-Robots-Tag headers: {{.Headers}} · links: {{.Links}} (rel=nofollow {{.Nofollow}}, ugc {{.UGC}}, sponsored {{.Sponsored}}) · Yandex <noindex> blocks: {{.Blocks}}",
			map[string]any{"Tags": tags, "Headers": headers, "Links": r.Links.Total, "Nofollow": r.Links.Nofollow,
				"UGC": r.Links.UGC, "Sponsored": r.Links.Sponsored, "Blocks": r.Noindex.Count + r.Noindex.Unclosed}))
	case len(r.Sources) > 0 || len(r.Policies) > 0:
		a.summary.SetText(lang.X("meta.ui.summary_content", "Robots directives: {{.Count}}", map[string]any{"Count": countDirectives(r)}))
	default:
		a.summary.SetText(lang.X("meta.ui.summary_empty", "Paste or open a page to see what each crawler will do with it."))
	}

	a.policies.RemoveAll()
	a.reasons.RemoveAll()
	if len(r.Policies) > 0 {
		for _, h := range []string{
			lang.X("meta.ui.col.crawler", "Crawler"), lang.X("meta.ui.col.index", "Index?"), lang.X("meta.ui.col.follow", "Follow links?"),
			lang.X("meta.ui.col.snippet", "Snippet?"), lang.X("meta.ui.col.archive", "Cached copy?"),
		} {
			// Headings and cells wrap: five columns of Russian or Polish
			// headings are wider than the pane.
			head := widget.NewLabelWithStyle(h, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
			head.Wrapping = fyne.TextWrapWord
			a.policies.Add(head)
		}
	}
	for _, p := range r.Policies {
		ans := p.Answers()
		for _, s := range []string{p.Crawler.Label(), ans.Index.String(), ans.Follow.String(), ans.Snippet.String(), ans.Archive.String()} {
			cell := widget.NewLabel(s)
			cell.Wrapping = fyne.TextWrapWord
			a.policies.Add(cell)
		}
		for _, why := range p.Reasons {
			// a robots.txt verdict quotes its rule as code
			a.reasons.Add(richmsg.NewText(p.Crawler.Label()+": "+why.String(), richmsg.Style{}))
		}
	}

	a.findings.RemoveAll()
	for _, d := range r.Diagnostics {
		a.findings.Add(diagnosticLabel(d))
	}
	a.historical.RemoveAll()
	if len(r.Historical) > 0 {
		a.historical.Add(widget.NewLabelWithStyle(lang.X("meta.ui.historical", "Historical meta tags"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	}
	for _, h := range r.Historical {
		l := widget.NewLabel(h.Name + " = “" + h.Content + "”\n" + h.Explanation.String())
		l.Wrapping = fyne.TextWrapWord
		a.historical.Add(l)
	}
	for _, c := range []*fyne.Container{a.policies, a.reasons, a.findings, a.historical} {
		c.Refresh()
	}
}

func countDirectives(r metatag.Report) int {
	n := 0
	for _, s := range r.Sources {
		n += len(s.Directives)
	}
	return n
}
