// Package aitab is the window's AI access tab: for the open robots.txt,
// every catalogue crawler by purpose with what it may fetch under its own
// engine, the usage signals in force, the crawlers the file cannot stop, and
// the AI policy builder that writes groups and signal lines into the file.
package aitab

import (
	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/assets/catalogue"
)

// PurposeLabel is the translated name of a purpose.
func PurposeLabel(p catalogue.Purpose) string {
	switch p {
	case catalogue.Search:
		return lang.X("aitab.purpose.search", "Search engines")
	case catalogue.AITraining:
		return lang.X("aitab.purpose.ai-training", "AI training")
	case catalogue.AISearch:
		return lang.X("aitab.purpose.ai-search", "AI search and answers")
	case catalogue.AIAssistant:
		return lang.X("aitab.purpose.ai-assistant", "AI assistants and agents (on a user's request)")
	case catalogue.AIData:
		return lang.X("aitab.purpose.ai-data", "AI data providers and scrapers")
	case catalogue.Ads:
		return lang.X("aitab.purpose.ads", "Advertising")
	case catalogue.SEO:
		return lang.X("aitab.purpose.seo", "SEO tools")
	case catalogue.Archive:
		return lang.X("aitab.purpose.archive", "Archives")
	case catalogue.Monitor:
		return lang.X("aitab.purpose.monitor", "Monitors and checkers")
	case catalogue.Preview:
		return lang.X("aitab.purpose.preview", "Link previews")
	case catalogue.Copier:
		return lang.X("aitab.purpose.copier", "Site copiers and tools")
	}
	return lang.X("aitab.purpose.other", "Other")
}

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
