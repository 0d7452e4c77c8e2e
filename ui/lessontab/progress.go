package lessontab

import (
	"encoding/json"
	"strconv"

	"fyne.io/fyne/v2"
)

// progress is what a student has done in one lesson; it is kept in the
// app's preferences under prefKey(lesson ID).
type progress struct {
	Picks  map[string]string `json:"picks,omitempty"`  // pickKey (question index, and engine for a per-reading question) → "allowed" or "blocked"
	Passed map[string]bool   `json:"passed,omitempty"` // exercise index → all checks passed once
	Texts  map[string]string `json:"texts,omitempty"`  // exercise index → the student's text
}

// maxSavedText keeps one huge paste from bloating the preferences file.
const maxSavedText = 64 << 10

func prefKey(id string) string { return "lessontab.progress." + id }

func loadProgress(p fyne.Preferences, id string) *progress {
	pr := &progress{}
	if p != nil {
		if s := p.String(prefKey(id)); s != "" {
			// A damaged entry starts the lesson afresh rather than failing.
			_ = json.Unmarshal([]byte(s), pr)
		}
	}
	if pr.Picks == nil {
		pr.Picks = map[string]string{}
	}
	if pr.Passed == nil {
		pr.Passed = map[string]bool{}
	}
	if pr.Texts == nil {
		pr.Texts = map[string]string{}
	}
	return pr
}

func (pr *progress) save(p fyne.Preferences, id string) {
	if p == nil {
		return
	}
	if len(pr.Picks) == 0 && len(pr.Passed) == 0 && len(pr.Texts) == 0 {
		p.RemoveValue(prefKey(id))
		return
	}
	b, err := json.Marshal(pr)
	if err != nil {
		return
	}
	p.SetString(prefKey(id), string(b))
}

func idx(i int) string { return strconv.Itoa(i) }

// setText keeps the student's text of an exercise; the start text itself
// needs no keeping.
func (pr *progress) setText(ex int, text []byte, start string) {
	switch {
	case string(text) == start:
		delete(pr.Texts, idx(ex))
	case len(text) <= maxSavedText:
		pr.Texts[idx(ex)] = string(text)
	}
}

func (pr *progress) text(ex int) (string, bool) {
	s, ok := pr.Texts[idx(ex)]
	return s, ok
}
