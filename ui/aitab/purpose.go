// Package aitab is the window's AI access tab: for the open robots.txt,
// every catalogue crawler by purpose with what it may fetch under its own
// engine, the usage signals in force, the crawlers the file cannot stop, and
// the AI policy builder that writes groups and signal lines into the file.
package aitab

import (
	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/catalogue"
)

// PurposeLabel is the translated name of a purpose.
func PurposeLabel(p catalogue.Purpose) string { return aiaccess.PurposeText(p).String() }

// PurposeByLabel finds the purpose whose label is s.
func PurposeByLabel(s string) (catalogue.Purpose, bool) {
	for _, p := range catalogue.Purposes {
		if PurposeLabel(p) == s {
			return p, true
		}
	}
	return "", false
}

// PurposeLabels lists every purpose's label in catalogue order.
func PurposeLabels() []string {
	out := make([]string, len(catalogue.Purposes))
	for i, p := range catalogue.Purposes {
		out[i] = PurposeLabel(p)
	}
	return out
}
