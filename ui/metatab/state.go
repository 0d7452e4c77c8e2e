package metatab

import (
	"time"
)

// State is what the user did in the tab: the builder's choices and the
// analyser's inputs, and which of the two is shown. A tab rebuilt in
// another language takes it back with Restore.
type State struct {
	side int

	target       string
	checks       map[string]bool
	maxSnippet   string
	maxVideo     string
	imagePreview int
	unavailable  *time.Time
	files        string
	build1996    bool

	input, headers, url string
	page                []byte
	pageName            string
	analyse1996         bool
}

// State returns what the user did in the tab.
func (x *Tab) State() State {
	b, a := x.t.b, x.t.a
	st := State{side: x.t.tabs.SelectedIndex(),
		target: b.target.Text, checks: map[string]bool{}, maxSnippet: b.maxSnippet.Text, maxVideo: b.maxVideo.Text,
		imagePreview: b.imagePreview.SelectedIndex(), unavailable: b.unavailable.Date, files: b.files.Text,
		build1996: b.with1996.Checked,
		input:     a.input.Text, headers: a.headers.Text, url: a.url.Text, page: a.page, pageName: a.pageName,
		analyse1996: a.with1996.Checked}
	for n, c := range b.checks {
		st.checks[n] = c.Checked
	}
	return st
}

// Restore puts st back into a freshly built tab: its labels speak the
// current language, its contents are the user's.
func (x *Tab) Restore(st State) {
	b, a := x.t.b, x.t.a
	b.target.SetText(st.target)
	for n, on := range st.checks {
		if c := b.checks[n]; c != nil {
			c.SetChecked(on)
		}
	}
	b.maxSnippet.SetText(st.maxSnippet)
	b.maxVideo.SetText(st.maxVideo)
	if st.imagePreview >= 0 {
		b.imagePreview.SetSelectedIndex(st.imagePreview)
	}
	b.unavailable.SetDate(st.unavailable)
	b.files.SetText(st.files)
	b.with1996.SetChecked(st.build1996)

	a.input.SetText(st.input)
	a.headers.SetText(st.headers)
	a.url.SetText(st.url)
	a.with1996.SetChecked(st.analyse1996)
	if st.page != nil {
		a.loadPage(st.page, st.pageName)
	}
	x.t.tabs.SelectIndex(st.side)
}
