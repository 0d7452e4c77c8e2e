package sources

import "github.com/robots-studio/robots-studio/tester/msg"

var (
	msgAdded      = msg.Def("catalogue.change.added", "added {{.Name}}  ({{.Source}})")
	msgRemovedUp  = msg.Def("catalogue.change.removed", "removed upstream: {{.Name}}  ({{.Source}})")
	msgChanged    = msg.Def("catalogue.change.changed", "changed {{.Name}}, {{.Field}}: {{.Old}} → {{.New}}  ({{.Source}})")
	msgRangesNew  = msg.Def("catalogue.change.ranges_new", "IP ranges of {{.Name}}: {{.New}}  ({{.Source}})")
	msgRangesDiff = msg.Def("catalogue.change.ranges", "IP ranges of {{.Name}}: {{.Old}} → {{.New}}  ({{.Source}})")
	msgReadKind   = msg.Def("catalogue.read", "read {{.Source}}: {{.Kind}}, {{.Items}} items")
	msgNothing    = msg.Def("catalogue.update.nothing", "Nothing changed.")
	msgDryDone    = msg.Def("catalogue.update.dry_done", "Dry run: nothing was kept.")
	msgBroken     = msg.Def("catalogue.broken", "The catalogue's user layer cannot be read ({{.Err}}); the built-in catalogue is used.")
	msgSummary    = msg.Def("catalogue.summary", "catalogue of {{.Date}}: {{.Crawlers}} crawlers, {{.Verified}} verified, {{.FromUpdates}} from updates, {{.FromUser}} your own")
)

// Text is the change in the user's language.
func (c Change) Text() msg.Text {
	args := []any{"Name", c.Name, "Field", c.Field, "Old", c.Old, "New", c.New, "Source", c.Source}
	switch {
	case c.Kind == "added":
		return msg.New(msgAdded, args...)
	case c.Kind == "removed-upstream":
		return msg.New(msgRemovedUp, args...)
	case c.Kind == "ranges" && c.Old == "":
		return msg.New(msgRangesNew, args...)
	case c.Kind == "ranges":
		return msg.New(msgRangesDiff, args...)
	}
	return msg.New(msgChanged, args...)
}

// Text is the source read, in the user's language.
func (r Read) Text() msg.Text {
	return msg.New(msgReadKind, "Source", r.Source, "Kind", r.Kind, "Items", r.Items)
}

// Text is the summary line: "catalogue of DATE: N crawlers, M verified, …".
func (s Summary) Text() msg.Text {
	return msg.New(msgSummary, "Date", s.Date, "Crawlers", s.Crawlers, "Verified", s.Verified, "FromUpdates", s.FromUpdates, "FromUser", s.FromUser)
}

// Outcome is the closing line of an update's report: nothing changed, or a
// dry run kept nothing; zero when changes were kept.
func (r Report) Outcome(dry bool) msg.Text {
	switch {
	case len(r.Changes) == 0:
		return msg.New(msgNothing)
	case dry:
		return msg.New(msgDryDone)
	}
	return msg.Text{}
}

// BrokenLayer says that the user layer cannot be read and what is used.
func BrokenLayer(err error) msg.Text { return msg.New(msgBroken, "Err", err.Error()) }
