package metatab

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/metatag"
	"github.com/robots-studio/robots-studio/ui/safewidget"
)

// output is one generated snippet with its copy button.
type output struct {
	text *widget.Label
	copy *widget.Button
}

// builder is the "Build" side: form on the left, live outputs on the right.
type builder struct {
	t *tab

	target       *widget.SelectEntry
	checks       map[string]*widget.Check
	maxSnippet   *keys.Entry
	maxVideo     *keys.Entry
	imagePreview *safewidget.Select
	unavailable  *dateField
	files        *keys.Entry
	with1996     *widget.Check

	meta, header, apache, nginx, htaccess output
	problems                              *fyne.Container
	built                                 metatag.Built
	content                               fyne.CanvasObject
}

// checkNames are the tickable directives in the order shown.
var checkNames1996 = []string{"all", "none", "index", "noindex", "follow", "nofollow"}
var checkNamesModern = []string{"noarchive", "nosnippet", "notranslate", "noimageindex", "indexifembedded"}

func newBuilder(t *tab) *builder {
	b := &builder{t: t, checks: map[string]*widget.Check{}}
	b.target = widget.NewSelectEntry([]string{"robots", "googlebot", "googlebot-news", "yandex", "bingbot"})
	b.target.SetText("robots")
	b.target.OnChanged = func(string) { b.rebuild() }

	grid1996 := container.NewGridWithColumns(3)
	for _, n := range checkNames1996 {
		grid1996.Add(b.newCheck(n))
	}
	gridModern := container.NewGridWithColumns(3)
	for _, n := range checkNamesModern {
		gridModern.Add(b.newCheck(n))
	}

	b.maxSnippet = keys.NewEntry()
	b.maxSnippet.SetPlaceHolder(lang.X("meta.ui.number_placeholder", "not set (number, -1 = no limit)"))
	b.maxSnippet.OnChanged = func(string) { b.rebuild() }
	b.maxVideo = keys.NewEntry()
	b.maxVideo.SetPlaceHolder(lang.X("meta.ui.number_placeholder", "not set (number, -1 = no limit)"))
	b.maxVideo.OnChanged = func(string) { b.rebuild() }
	notSet := lang.X("meta.ui.not_set", "not set")
	b.imagePreview = safewidget.NewSelect([]string{notSet, "none", "standard", "large"}, func(string) { b.rebuild() })
	b.imagePreview.SetSelected(notSet)
	b.unavailable = newDateField()
	b.unavailable.OnChanged = func(*time.Time) { b.rebuild() }
	// The pattern starts filled in and in view: the snippet never carries a
	// value the user did not see. Emptied, the snippet has no <Files> block.
	b.files = keys.NewEntry()
	b.files.SetText("*.pdf")
	b.files.SetPlaceHolder(lang.X("meta.ui.files_placeholder", "empty: every file of the folder"))
	b.files.OnChanged = func(string) { b.rebuild() }
	b.with1996 = widget.NewCheck(lang.X("meta.ui.with1996", "Also judge by the 1996 rules (the HTML 4.01 robots meta tag)"), func(bool) { b.rebuild() })
	sources := widget.NewLabel(lang.X("meta.ui.sources", "The directives are those of Google Search Central, “Robots meta tag, data-nosnippet, and X-Robots-Tag specifications”; Yandex Webmaster help and Bing Webmaster Guidelines list the ones their crawlers read."))
	sources.Wrapping = fyne.TextWrapWord

	form := widget.NewForm(
		widget.NewFormItem(lang.X("meta.ui.target", "For"), b.target),
		widget.NewFormItem(lang.X("meta.ui.set1996", "Basic (1996)"), grid1996),
		widget.NewFormItem(lang.X("meta.ui.modern", "Modern"), gridModern),
		widget.NewFormItem("max-snippet", b.maxSnippet),
		widget.NewFormItem("max-image-preview", b.imagePreview),
		widget.NewFormItem("max-video-preview", b.maxVideo),
		widget.NewFormItem("unavailable_after", b.unavailable),
		widget.NewFormItem(lang.X("meta.ui.files", "<Files> pattern"), b.files),
		widget.NewFormItem("", b.with1996),
	)
	form.Items[len(form.Items)-2].HintText = lang.X("meta.ui.files_hint", "Which files of the folder the .htaccess header goes on, e.g. *.pdf or report-*.docx")

	b.meta = b.newOutput()
	b.header = b.newOutput()
	b.apache = b.newOutput()
	b.nginx = b.newOutput()
	b.htaccess = b.newOutput()
	b.problems = container.NewVBox()
	outputs := widget.NewForm(
		widget.NewFormItem(lang.X("meta.ui.out.meta", "<meta> tag"), b.meta.row()),
		widget.NewFormItem(lang.X("meta.ui.out.header", "HTTP header"), b.header.row()),
		widget.NewFormItem("Apache", b.apache.row()),
		widget.NewFormItem("nginx", b.nginx.row()),
		widget.NewFormItem(".htaccess", b.htaccess.row()),
	)
	right := container.NewVBox(outputs, widget.NewSeparator(), b.problems)
	split := container.NewHSplit(container.NewVScroll(container.NewVBox(form, sources)), container.NewVScroll(right))
	split.Offset = 0.45
	b.content = split
	b.rebuild()
	return b
}

func (b *builder) newCheck(name string) *widget.Check {
	c := widget.NewCheck(name, func(bool) { b.rebuild() })
	b.checks[name] = c
	return c
}

func (b *builder) newOutput() output {
	// Snippets wrap between words (after ", "), never inside one: a
	// directive split as "noarchiv/e" reads as two. Copy takes the text
	// as generated, without the wrapping.
	o := output{text: widget.NewLabel("")}
	o.text.TextStyle.Monospace = true
	o.text.Wrapping = fyne.TextWrapWord
	o.text.Selectable = true
	o.copy = widget.NewButtonWithIcon(lang.X("meta.ui.copy", "Copy"), theme.ContentCopyIcon(), func() { b.t.copyText(o.text.Text) })
	return o
}

func (o output) row() fyne.CanvasObject {
	return container.NewBorder(nil, nil, nil, o.copy, o.text)
}

// spec reads the form.
func (b *builder) spec() metatag.Spec {
	on := func(n string) bool { return b.checks[n].Checked }
	s := metatag.Spec{
		Target: b.target.Text,
		All:    on("all"), None: on("none"), Index: on("index"), NoIndex: on("noindex"),
		Follow: on("follow"), NoFollow: on("nofollow"),
		NoArchive: on("noarchive"), NoSnippet: on("nosnippet"), NoTranslate: on("notranslate"),
		NoImageIndex: on("noimageindex"), IndexIfEmbedded: on("indexifembedded"),
		MaxSnippet: b.maxSnippet.Text, MaxVideoPreview: b.maxVideo.Text,
		Files: b.files.Text, With1996: b.with1996.Checked,
	}
	if b.imagePreview.SelectedIndex() > 0 {
		s.MaxImagePreview = b.imagePreview.Selected
	}
	if b.unavailable.Date != nil {
		s.UnavailableAfter = b.unavailable.Date.Format("2006-01-02")
	}
	return s
}

// rebuild regenerates every output from the form; called on each change.
func (b *builder) rebuild() {
	if b.htaccess.text == nil {
		return // still constructing
	}
	b.built = metatag.Build(b.spec(), b.t.now())
	for _, o := range []struct {
		out  output
		text string
	}{{b.meta, b.built.Meta}, {b.header, b.built.Header}, {b.apache, b.built.Apache}, {b.nginx, b.built.Nginx}, {b.htaccess, b.built.Htaccess}} {
		o.out.text.SetText(o.text)
		if o.text == "" {
			o.out.copy.Disable()
		} else {
			o.out.copy.Enable()
		}
	}
	b.problems.RemoveAll()
	if !b.built.OK() {
		warn := widget.NewLabel(lang.X("meta.ui.invalid", "This combination has errors: fix them before you use the snippets."))
		warn.Importance = widget.DangerImportance
		warn.Wrapping = fyne.TextWrapWord
		b.problems.Add(warn)
	}
	for _, d := range b.built.Problems {
		b.problems.Add(diagnosticLabel(d))
	}
	b.problems.Refresh()
}
