// Package lessons embeds the built-in lessons: one folder per lesson,
// NN-slug/, each with lesson.json, its example robots.txt and text.LL.md in
// every language (the format is described in docs/lessons.md, "Writing your own lesson"). It
// imports nothing from Fyne, so the engine side (tester/lessons) and the
// window read the same files.
package lessons

import "embed"

// FS holds every folder whose name starts with a digit.
//
//go:embed [0-9]*
var FS embed.FS
