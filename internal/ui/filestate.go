package ui

import "fyne.io/fyne/v2/lang"

// unsavedChoice is the answer to "save changes?".
type unsavedChoice int

const (
	choiceSave    unsavedChoice = iota // save, then go on
	choiceDiscard                      // go on without saving
	choiceCancel                       // stay
)

// proceed says what to do after the user's answer: whether to save first
// (the action then runs only if the save succeeds, see studio.save) and
// whether to go on without saving.
func proceed(choice unsavedChoice) (save, goOn bool) {
	switch choice {
	case choiceSave:
		return true, false
	case choiceDiscard:
		return false, true
	}
	return false, false
}

// unsavedQuestion names what is unsaved: the file's text, its tester rows,
// or both.
func unsavedQuestion(name string, text, tests bool) string {
	args := map[string]any{"File": name}
	switch {
	case text && tests:
		return lang.X("document.unsaved.both", "{{.File}} and its tester rows have unsaved changes. Save them first?", args)
	case tests:
		return lang.X("document.unsaved.tests", "The tester rows of {{.File}} are not saved yet. Save them with the file first?", args)
	}
	return lang.X("window.unsaved.ask", "{{.File}} has unsaved changes. Save them first?", args)
}
