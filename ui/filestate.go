package ui

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
