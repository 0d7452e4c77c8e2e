// Package ui is Robots Studio's window: it composes the editor, the tester
// pane, the lint panel, the meta tag tab and the mirror wizard, and owns
// files, menus, preferences and languages. The analysis lives in tester/.
package ui

import "github.com/robots-studio/robots-studio/internal/session"

// AppID identifies the app for preferences and storage.
const AppID = session.AppID
