package lessontab

// State is what the student did in the tab: the lesson selected, the
// answers revealed, the exercise shown and its text (typed since the last
// save too) and the question explained. A tab rebuilt in another language
// takes it back with Restore.
type State struct {
	lesson     string // its ID; "" when none is selected
	prog       *progress
	mode       int
	text       []byte
	explainedQ int
}

// State returns what the student did in the tab.
func (t *Tab) State() State {
	st := State{mode: t.le.mode, explainedQ: t.quiz.explainedQ}
	if l := t.Current(); l != nil {
		st.lesson, st.prog, st.text = l.ID, t.c.prog, t.le.ed.Bytes()
	}
	return st
}

// Restore puts st back into a freshly built tab holding the same lessons:
// its labels speak the current language, its contents are the student's.
func (t *Tab) Restore(st State) {
	for i, l := range t.c.lessons {
		if l.ID != st.lesson {
			continue
		}
		t.Select(i)
		t.c.prog = st.prog
		t.quiz.build()
		t.ex.load(l)
		t.refreshList()
		if st.mode >= 0 && st.mode < len(l.Exercises) {
			t.ex.show(st.mode)
			t.le.setText(st.text)
			t.ex.submitCheck()
			return
		}
		if !isExample(l, st.text) {
			t.le.setText(st.text) // the example, edited
		} else if st.explainedQ >= 0 && st.explainedQ < len(t.quiz.rows) && t.Revealed(st.explainedQ) {
			t.showQuestion(st.explainedQ)
		}
		return
	}
}
