package hostwizard

// State is what the user did in the wizard: the names and which is the
// main one, the options, the step shown and the Check step's inputs. A
// wizard rebuilt in another language takes it back with Restore.
type State struct {
	names     []string
	main      int
	prefilled bool
	filled    []string
	server    int
	allGroups bool
	encDirs   string
	step      int
	strategy  int
	crawlers  string
	paths     string
	served    int // the Result step's tab
}

// State returns what the user did in the wizard.
func (x *Wizard) State() State {
	w := x.w
	st := State{main: -1, prefilled: w.names.prefilled, filled: append([]string(nil), w.names.filled...),
		server: w.names.server.SelectedIndex(), allGroups: w.names.allGroups.Checked, encDirs: w.names.encDirs.Text,
		step: w.step, strategy: w.check.strategy.SelectedIndex(), crawlers: w.check.crawlers.Text, paths: w.check.paths.Text,
		served: w.result.tabs.SelectedIndex()}
	for i, r := range w.names.rows {
		st.names = append(st.names, r.entry.Text)
		if r.main.Checked {
			st.main = i
		}
	}
	return st
}

// Restore puts st back into a freshly built wizard: its labels speak the
// current language, its contents are the user's.
func (x *Wizard) Restore(st State) {
	s := x.w.names
	for len(s.rows) > 0 {
		s.removeRow(s.rows[0])
	}
	for i, text := range st.names {
		s.addRow(text, i == st.main)
	}
	s.prefilled, s.filled = st.prefilled, append([]string(nil), st.filled...)
	if st.server >= 0 {
		s.server.SetSelectedIndex(st.server)
	}
	s.allGroups.SetChecked(st.allGroups)
	s.encDirs.SetText(st.encDirs)
	if st.step == stepMirrors || !x.w.replan() {
		return
	}
	c := x.w.check
	c.crawlers.SetText(st.crawlers)
	c.paths.SetText(st.paths)
	if st.strategy >= 0 {
		c.strategy.SetSelectedIndex(st.strategy)
	}
	c.run()
	x.w.result.tabs.SelectIndex(st.served)
	x.w.show(st.step)
}
