package assets

import (
	_ "embed"

	"fyne.io/fyne/v2"
)

// SampleRobots is opened on first run: the seed articles' example 1.
//
//go:embed sample/robots.txt
var SampleRobots []byte

// SampleTests is the sample's test set (crawler and path rows).
//
//go:embed sample/robots.txt.tests.json
var SampleTests []byte

//go:embed icon.png
var iconPNG []byte

// Icon is the app icon.
var Icon = fyne.NewStaticResource("icon.png", iconPNG)
