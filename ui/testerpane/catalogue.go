package testerpane

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/ui/aitab"
	"github.com/robots-studio/robots-studio/ui/safewidget"
)

// noteLanguage is the catalogue language matching the UI's translation
// ("en", "ru" or "pl"); it is itself a translated string so it follows
// whatever language fyne's lang currently uses.
func noteLanguage() string { return lang.X("testerpane.catalogue.language", "en") }

// filterCrawlers returns the catalogue entries whose name, token or owner
// contain q (case-insensitive).
func filterCrawlers(all []catalogue.Crawler, q string) []catalogue.Crawler {
	q = strings.ToLower(strings.TrimSpace(q))
	if q == "" {
		return all
	}
	var out []catalogue.Crawler
	for _, c := range all {
		if strings.Contains(strings.ToLower(c.Name+" "+c.Token+" "+c.Operator), q) {
			out = append(out, c)
		}
	}
	return out
}

// catalogueView is the crawler picker: a filter and the catalogue list,
// each entry with its owner, a note and a mark on the historical
// robots.
type catalogueView struct {
	filter  *keys.Entry
	purpose *widget.Select // the first option shows every purpose
	addAll  *widget.Button // adds every crawler of the chosen purpose
	list    *keys.List
	shown   []catalogue.Crawler
	// status says what the last pick added ("Added 12 crawlers"): the
	// picker stays open for the next one.
	status *widget.Label
}

// refilter applies the text filter and the purpose choice.
func (v *catalogueView) refilter() {
	all := catalogue.All()
	if p, ok := aitab.PurposeByLabel(v.purpose.Selected); ok {
		all = catalogue.ByPurpose(p)
		v.addAll.Enable()
	} else {
		v.addAll.Disable()
	}
	v.shown = filterCrawlers(all, v.filter.Text)
	v.list.UnselectAll()
	v.list.Refresh()
	v.list.ScrollToTop()
}

func newCatalogueView(pick func(catalogue.Crawler), pickAll func(tokens []string)) *catalogueView {
	v := &catalogueView{shown: catalogue.All()}
	language := noteLanguage()
	v.list = keys.NewList(
		func() int { return len(v.shown) },
		func() fyne.CanvasObject {
			name := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
			owner := safewidget.NewEllipsis("")
			note := safewidget.NewEllipsis("")
			note.SizeName = theme.SizeNameCaptionText
			return container.New(&tightVBox{}, container.NewBorder(nil, nil, name, nil, owner), note)
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			c := v.shown[id]
			rows := o.(*fyne.Container).Objects
			line := rows[0].(*fyne.Container).Objects
			note := rows[1].(*safewidget.Ellipsis)
			owner := c.Operator
			if c.Token != c.Name {
				owner = c.Token + " · " + owner
			}
			if c.Historical {
				owner += " · " + lang.X("testerpane.catalogue.historical", "historical")
			}
			owner = strings.TrimPrefix(owner+entryMarks(c), " · ")
			line[1].(*widget.Label).SetText(c.Name)
			line[0].(*safewidget.Ellipsis).SetText(owner)
			rows[0].(*fyne.Container).Refresh() // the name's width changed
			text := c.Note.In(language)
			if c.Quote != nil {
				// The source's own words stay in English, as a quotation.
				text += " — “" + c.Quote.Text + "”"
			}
			note.SetText(text)
		})
	v.list.OnSelected = func(id widget.ListItemID) {
		if id < len(v.shown) {
			pick(v.shown[id])
		}
	}
	v.filter = keys.NewEntry()
	v.filter.SetPlaceHolder(lang.X("testerpane.catalogue.filter", "Filter by name or owner"))
	// Enter takes the only match: type "yandexb", Enter.
	v.filter.OnSubmitted = func(string) {
		if len(v.shown) == 1 {
			pick(v.shown[0])
		}
	}
	v.status = widget.NewLabel("")
	v.status.Importance = widget.SuccessImportance
	v.addAll = widget.NewButtonWithIcon(lang.X("testerpane.catalogue.add_purpose", "Add all of this purpose"), theme.ContentAddIcon(), func() {
		if p, ok := aitab.PurposeByLabel(v.purpose.Selected); ok && pickAll != nil {
			var tokens []string
			for _, c := range catalogue.ByPurpose(p) {
				tokens = append(tokens, c.Token)
			}
			pickAll(tokens)
		}
	})
	v.addAll.Disable()
	v.purpose = widget.NewSelect(append([]string{lang.X("testerpane.catalogue.every_purpose", "Every purpose")}, aitab.PurposeLabels()...), func(string) { v.refilter() })
	v.purpose.SetSelectedIndex(0)
	v.filter.OnChanged = func(string) { v.refilter() }
	return v
}

// showCatalogue opens the picker under anchor (or centred when anchor is
// nil); pick receives the chosen crawler's token and says how many rows it
// added. With several false the picker closes after a pick (it fills one
// row); else it stays open for more and says what each pick added.
func (in *rowInput) showCatalogue(anchor fyne.CanvasObject, several bool, pick func(token string) int) {
	var c fyne.Canvas
	if in.win != nil {
		c = in.win.Canvas()
	} else if anchor != nil {
		c = fyne.CurrentApp().Driver().CanvasForObject(anchor)
	}
	if c == nil {
		return
	}
	var pop *widget.PopUp
	var view *catalogueView
	added := func(n int, name string) {
		if n == 0 {
			view.status.SetText(lang.X("testerpane.catalogue.already", "{{.Name}} is in the list already", map[string]any{"Name": name}))
			return
		}
		view.status.SetText(lang.XN("testerpane.catalogue.added", "Added {{.Count}} crawlers", n, map[string]any{"Count": n}))
	}
	view = newCatalogueView(func(cr catalogue.Crawler) {
		if !several {
			pop.Hide()
		}
		added(pick(cr.Token), cr.Name)
		view.list.UnselectAll()
	}, func(tokens []string) {
		added(in.addCrawlers(tokens), "")
	})
	title := widget.NewLabelWithStyle(lang.X("testerpane.catalogue.title", "Crawler catalogue"),
		fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	closeBtn := widget.NewButtonWithIcon("", theme.CancelIcon(), func() { pop.Hide() })
	closeBtn.Importance = widget.LowImportance
	// The purpose filter has a row of its own: beside the button it cut
	// "AI assistants and agents (on a user's request)" in every language.
	top := container.NewVBox(container.NewBorder(nil, nil, nil, closeBtn, title), view.filter,
		view.purpose, container.NewHBox(view.addAll))
	pop = widget.NewPopUp(container.NewBorder(top, view.status, nil, nil, view.list), c)
	size := fyne.NewSize(440, 420).Min(c.Size())
	pop.Resize(size)
	pos := fyne.NewPos((c.Size().Width-size.Width)/2, (c.Size().Height-size.Height)/2)
	if anchor != nil {
		at := fyne.CurrentApp().Driver().AbsolutePositionForObject(anchor)
		pos = fyne.NewPos(min(at.X, c.Size().Width-size.Width), at.Y+anchor.Size().Height)
		if pos.Y+size.Height > c.Size().Height {
			pos.Y = max(0, c.Size().Height-size.Height)
		}
	}
	pop.ShowAtPosition(pos)
	c.Focus(view.filter)
	in.lastCatalogue = view
}

// tightVBox stacks objects without padding, so a note sits right under its
// name and rows stay short.
type tightVBox struct{}

func (tightVBox) MinSize(objects []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objects {
		m := o.MinSize()
		s.Width = max(s.Width, m.Width)
		s.Height += m.Height
	}
	return s
}

func (tightVBox) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	y := float32(0)
	for _, o := range objects {
		h := o.MinSize().Height
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, h))
		y += h
	}
}

// entryMarks says where an entry comes from, whether its claims were read
// in a source, and how a visit claiming to be it can be verified.
func entryMarks(c catalogue.Crawler) string {
	out := ""
	switch c.Origin {
	case catalogue.FromUser:
		out += " · " + lang.X("testerpane.catalogue.yours", "yours")
	case catalogue.FromUpdate:
		out += " · " + lang.X("testerpane.catalogue.updated", "from an update")
	}
	if !c.Verified() {
		out += " · " + lang.X("testerpane.catalogue.unverified", "unverified")
	}
	v := catalogue.HowToVerify(c)
	switch {
	case len(v.Ranges) > 0 && len(v.RDNS) > 0:
		out += " · " + lang.X("testerpane.catalogue.verify_both", "verifiable by IP ranges and reverse DNS")
	case len(v.Ranges) > 0:
		out += " · " + lang.X("testerpane.catalogue.verify_ranges", "verifiable by IP ranges")
	case len(v.RDNS) > 0:
		out += " · " + lang.X("testerpane.catalogue.verify_rdns", "verifiable by reverse DNS")
	}
	return out
}
