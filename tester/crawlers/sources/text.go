package sources

import (
	"path/filepath"
	"strings"

	"github.com/robots-studio/robots-studio/tester/msg"
)

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
	if r.Skipped > 0 {
		return msg.New(msgReadSkipped, "Source", r.Source, "Kind", r.Kind, "Items", r.Items, "Skipped", r.Skipped)
	}
	return msg.New(msgReadKind, "Source", r.Source, "Kind", r.Kind, "Items", r.Items)
}

// Text is the summary line: "catalogue of DATE: N crawlers, M verified, …".
func (s Summary) Text() msg.Text {
	return msg.New(msgSummary, "Date", s.Date, "Crawlers", s.Crawlers, "Verified", s.Verified, "FromUpdates", s.FromUpdates, "FromUser", s.FromUser)
}

// Outcome is the closing line of an update's report: nothing changed, a
// dry run kept nothing, or files on disk were repaired; zero when changes
// were kept.
func (r Report) Outcome(dry bool) msg.Text {
	switch {
	case len(r.Changes) == 0 && len(r.Repaired) == 0:
		return msg.New(msgNothing)
	case dry && len(r.Changes) > 0:
		return msg.New(msgDryDone)
	case len(r.Repaired) > 0:
		names := make([]string, len(r.Repaired))
		for i, p := range r.Repaired {
			names[i] = filepath.Base(p)
		}
		return msg.New(msgRepaired, "Files", strings.Join(names, ", "))
	}
	return msg.Text{}
}

// BrokenLayer says that the user layer cannot be read and what is used.
func BrokenLayer(err error) msg.Text { return msg.New(msgBroken, "Err", err.Error()) }

// The sentences of the errors a reader or an update gives.
var (
	msgWhose            = msg.Def("catalogue.err.whose", "cannot tell whose IP ranges these are: name the file after the crawler (gptbot.json)")
	msgNotRanges        = msg.Def("catalogue.err.not_ranges", "not an IP range file: {{.Err}}")
	msgBadPrefix        = msg.Def("catalogue.err.bad_prefix", "prefix {{.N}}: {{.Prefix}} is not an IP range")
	msgNoRanges         = msg.Def("catalogue.err.no_ranges", "the file lists no IP ranges")
	msgNotRobotsJSON    = msg.Def("catalogue.err.not_robots_json", "not ai.robots.txt's robots.json: {{.Err}}")
	msgNoName           = msg.Def("catalogue.err.no_name", "robots.json has an entry with no name")
	msgTooMany          = msg.Def("catalogue.err.too_many", "still redirecting after {{.Max}} redirects")
	msgStatus           = msg.Def("catalogue.err.status", "the server answered {{.Status}}")
	msgTooBig           = msg.Def("catalogue.err.too_big", "larger than {{.Max}} bytes: not read")
	msgEmpty            = msg.Def("catalogue.err.empty", "the file is empty")
	msgUnknownFormat    = msg.Def("catalogue.err.format", "neither ai.robots.txt's robots.json, a published IP range file nor the catalogue's JSON Lines")
	msgUnknownFormatWhy = msg.Def("catalogue.err.format_why", "neither ai.robots.txt's robots.json, a published IP range file nor the catalogue's JSON Lines ({{.Err}})")
	msgLine             = msg.Def("catalogue.err.line", "line {{.Line}}: {{.Err}}")
	msgNoEntries        = msg.Def("catalogue.err.no_entries", "no entries")
	msgBuiltIn          = msg.Def("catalogue.err.builtin", "{{.Name}} is built in and cannot be removed; add an entry of the same name to change it")
	msgNoEntry          = msg.Def("catalogue.err.no_entry", "no catalogue entry is called “{{.Name}}”")
	msgNothingToUndo    = msg.Def("catalogue.err.nothing_to_undo", "there is no update or edit to undo")

	msgNotRegular      = msg.Def("catalogue.err.not_regular", "not a regular file: not read")
	msgTooManyEntries  = msg.Def("catalogue.err.too_many_entries", "lists more than {{.Max}} crawlers: not read")
	msgTooManyPrefixes = msg.Def("catalogue.err.too_many_prefixes", "lists more than {{.Max}} IP ranges: not read")
	msgTwice           = msg.Def("catalogue.err.twice", "“{{.Name}}” is already listed on line {{.First}} (names are compared without letter case)")
	msgBadEngine       = msg.Def("catalogue.err.bad_engine", "{{.Name}}: unknown engine “{{.Engine}}” (known: {{.Known}})")
	msgBadBehaviour    = msg.Def("catalogue.err.bad_robots_txt", "{{.Name}}: unknown robots_txt “{{.Value}}” (known: {{.Known}})")
	msgBadField        = msg.Def("catalogue.err.bad_field", "{{.Name}}: “{{.Value}}” is not a valid {{.Field}}")
	msgRepaired        = msg.Def("catalogue.repaired", "Files the catalogue names were missing or damaged on disk and are written again: {{.Files}}")
	msgReadSkipped     = msg.Def("catalogue.read_skipped", "read {{.Source}}: {{.Kind}}, {{.Items}} items; names it repeats in other letter case, skipped: {{.Skipped}}")
)
