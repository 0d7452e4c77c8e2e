package assets

import _ "embed"

// SampleRobots is opened on first run: example 1 of "Robot Exclusion
// Standard Revisited" (Lycos, 1996), with a few tester rows.
//
//go:embed sample/robots.txt
var SampleRobots []byte

//go:embed sample/robots.ru.txt
var sampleRU []byte

//go:embed sample/robots.pl.txt
var samplePL []byte

// Sample is the sample with its comments in language (en, ru, pl); the
// rules are the same in every language, so the sample's test set fits all.
func Sample(language string) []byte {
	switch language {
	case "ru":
		return sampleRU
	case "pl":
		return samplePL
	}
	return SampleRobots
}

// SampleTests is the sample's test set (crawler and path rows).
//
//go:embed sample/robots.txt.tests.json
var SampleTests []byte

// IconPNG is the app icon, a PNG (the window wraps it as a Fyne resource:
// ui.Icon).
//
//go:embed icon.png
var IconPNG []byte
