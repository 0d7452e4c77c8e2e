package ui

import (
	"fyne.io/fyne/v2"

	"github.com/robots-studio/robots-studio/assets"
)

// Icon is the app icon as a Fyne resource, for the window and the app's
// metadata (assets keeps only the PNG's bytes, so the headless build links
// no Fyne).
var Icon = fyne.NewStaticResource("icon.png", assets.IconPNG)
