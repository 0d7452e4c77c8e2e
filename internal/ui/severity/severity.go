// Package severity shows a finding's severity the same way in every panel
// (the lint panel, the sitemap findings): its icon and its word.
package severity

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"

	"github.com/robots-studio/robots-studio/tester/lint"
	"github.com/robots-studio/robots-studio/tester/metatag"
)

// Icon is the theme icon of s.
func Icon(s lint.Severity) fyne.Resource {
	switch s {
	case lint.Error:
		return theme.ErrorIcon()
	case lint.Warning:
		return theme.WarningIcon()
	}
	return theme.InfoIcon()
}

// Word is s in the user's language ("error", "warning", "note").
func Word(s lint.Severity) string {
	switch s {
	case lint.Error:
		return lang.X("lint.panel.error", "error")
	case lint.Warning:
		return lang.X("lint.panel.warning", "warning")
	}
	return lang.X("lint.panel.info", "note")
}

// OfMeta is the severity of a meta tag finding, to show it as lint's.
func OfMeta(s metatag.Severity) lint.Severity {
	switch s {
	case metatag.Error:
		return lint.Error
	case metatag.Warning:
		return lint.Warning
	}
	return lint.Info
}
