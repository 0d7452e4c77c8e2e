package aitab

import (
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/fetch"
)

// State is what the user did in the tab: the paths asked about and the
// builder's choices. A tab rebuilt in another language takes it back with
// Restore (the stance by its place in the list, its name is translated).
type State struct {
	paths    string
	stance   int
	purposes map[catalogue.Purpose]bool
	refuse   string
	admit    string
	target   int
	atServer bool
	edge     string // the pasted server config
	server   int
	use      int
	site     string            // What each crawler gets: the site typed
	asLast   *fetch.Comparison // and the answers shown
}

// State returns what the user did in the tab.
func (t *Tab) State() State {
	st := State{paths: t.paths.Text, stance: selectedIndex(t.stance), purposes: map[catalogue.Purpose]bool{},
		refuse: t.refuse.Text, admit: t.admit.Text, target: t.target.SelectedIndex(), atServer: t.atServer.Checked,
		edge: t.edge.config.Text, server: t.edge.server.SelectedIndex(), use: t.use.SelectedIndex()}
	for p, c := range t.purposes {
		st.purposes[p] = c.Checked
	}
	if t.as != nil {
		st.site, st.asLast = t.as.site.Text, t.as.last
	}
	return st
}

// Restore puts st back into a freshly built tab: its labels speak the
// current language, its contents are the user's.
func (t *Tab) Restore(st State) {
	t.paths.SetText(st.paths)
	for p, on := range st.purposes {
		if c := t.purposes[p]; c != nil {
			c.SetChecked(on)
		}
	}
	t.refuse.SetText(st.refuse)
	t.admit.SetText(st.admit)
	t.atServer.SetChecked(st.atServer)
	if st.use >= 0 && st.use < len(t.use.Options) {
		t.use.SetSelectedIndex(st.use)
	}
	t.edge.config.SetText(st.edge)
	if st.server >= 0 && st.server < len(t.edge.server.Options) {
		t.edge.server.SetSelectedIndex(st.server)
	}
	if st.target >= 0 && st.target < len(t.target.Options) {
		t.target.SetSelectedIndex(st.target)
	}
	if st.stance >= 0 && st.stance < len(t.stance.Options) {
		t.stance.SetSelected(t.stance.Options[st.stance])
	}
	if t.as != nil {
		t.as.site.SetText(st.site)
		if st.asLast != nil {
			t.as.show(st.asLast)
		}
	}
	t.Refresh()
}

func selectedIndex(r *widget.RadioGroup) int {
	for i, o := range r.Options {
		if o == r.Selected {
			return i
		}
	}
	return -1
}
