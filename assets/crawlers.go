package assets

import "github.com/robots-studio/robots-studio/assets/catalogue"

// Crawler is one entry of the crawler catalogue; the data and its type live
// in assets/catalogue, which the engine side can import without Fyne.
type Crawler = catalogue.Crawler

// Localized is a short text in each of Languages.
type Localized = catalogue.Localized

// Crawlers returns the catalogue in display order. The slice is shared: do
// not modify it.
func Crawlers() []Crawler { return catalogue.All() }
