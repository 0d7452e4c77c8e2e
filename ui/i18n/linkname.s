// An empty assembly file: it lets i18n.go declare setupLang without a body
// (the body is lang's, by go:linkname).
