package ui

import (
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/internal/session"
)

// unsavedQuestion names what is unsaved: the file's text, its tester rows,
// or both.
func unsavedQuestion(name string, u session.Unsaved) string {
	args := map[string]any{"File": name}
	switch {
	case u.Text && u.Tests:
		return lang.X("document.unsaved.both", "{{.File}} and its tester rows have unsaved changes. Save them first?", args)
	case u.Tests:
		return lang.X("document.unsaved.tests", "The tester rows of {{.File}} are not saved yet. Save them with the file first?", args)
	}
	return lang.X("window.unsaved.ask", "{{.File}} has unsaved changes. Save them first?", args)
}
