// Package severity shows a finding's severity (diag.Severity, the one the
// linter, the meta tag analysis and the sitemap checker all report with) the
// same way in every panel: its icon and its word.
package severity

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"

	"github.com/robots-studio/robots-studio/tester/diag"
)

// Icon is the theme icon of s.
func Icon(s diag.Severity) fyne.Resource {
	switch s {
	case diag.Error:
		return theme.ErrorIcon()
	case diag.Warning:
		return theme.WarningIcon()
	}
	return theme.InfoIcon()
}

// Word is s in the user's language ("error", "warning", "note").
func Word(s diag.Severity) string {
	switch s {
	case diag.Error:
		return lang.X("lint.panel.error", "error")
	case diag.Warning:
		return lang.X("lint.panel.warning", "warning")
	}
	return lang.X("lint.panel.info", "note")
}
