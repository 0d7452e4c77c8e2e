package engine

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Info is the family member's description with the traits its strategy
// fields decide (traitsOf), worked out once.
func (f *longestFamily) Info() Info {
	f.described.Do(func() { f.info.Traits = f.traitsOf(f.info.Traits) })
	return f.info
}

// Info is the longest-match family's description and what only the Yandex
// reading has: Compile reads Host (the main mirror; Host() keeps the first
// valid line) and Clean-param.
func (y *yandexEngine) Info() Info {
	info := y.longestFamily.Info()
	info.Traits.Host = HostMirror
	info.Traits.HostKept = HostKeptFirst
	info.Traits.CleanParam = true
	return info
}

// Info is the description of a 1994/Lycos reading with what the record
// reader they share decides (classicTraits).
func (f *anyDisallowFamily) Info() Info {
	info := f.info
	info.Traits = classicTraits(info.Traits)
	return info
}

// classicTraits fills in t what classicRecords decides for the engines that
// read records with it (1994, 1996, Lycos): it takes each value as the
// parser cut it, at Google's line limit and at a NUL.
func classicTraits(t Traits) Traits {
	t.LineLimit = syntax.MaxLineBytes
	t.CutAtNUL = true
	return t
}

// traitsOf fills in t what the family's strategy fields decide: the read
// limit and the Crawl-delay reading as they are set, and what the key and
// agent readings do, asked of those functions on small lines. Nothing here
// is typed a second time: change a strategy and its traits follow.
func (f *longestFamily) traitsOf(t Traits) Traits {
	keys, agents := f.keys, f.agents
	if keys == nil {
		keys = standardKeys
	}
	if agents == nil {
		agents = leadingToken
	}
	t.ReadLimit = f.readLimit
	switch {
	case f.delay == nil:
		t.CrawlDelay = DelayNotRead
	case f.delay.ignored != "":
		t.CrawlDelay = DelayIgnored
	default:
		t.CrawlDelay = DelayHonoured
	}
	t.LenientKeys = read(keys, "Dissallow: /x") == readField{syntax.Disallow, "/x"}
	t.KeyPrefixes = read(keys, "Disallowed: /x") == readField{syntax.Disallow, "/x"}
	t.JoinedUserAgent = read(keys, "useragent: x") == readField{syntax.UserAgent, "x"}
	t.ColonOptional = read(keys, "Disallow /x") == readField{syntax.Disallow, "/x"}
	t.CutAtNUL = read(keys, "Disallow: /a\x00b") == readField{syntax.Disallow, "/a"}
	long := "/" + strings.Repeat("a", syntax.MaxLineBytes)
	if r := read(keys, "Disallow: "+long); r.kind == syntax.Disallow && len(r.value) < len(long) {
		t.LineLimit = len("Disallow: ") + len(r.value)
	}
	switch tok, _, _, named := agents("Googlebot/2.1"); {
	case named && tok == "googlebot":
		t.Agents = AgentsLeadingToken
	case !named:
		t.Agents = AgentsProductToken
	}
	return t
}

// readField is what a key reading makes of a line: its field and value.
type readField struct {
	kind  syntax.Kind
	value string
}

// read is what keys makes of a file of one line.
func read(keys keyReading, line string) readField {
	doc := syntax.Parse([]byte(line))
	fd := keys(doc, 0)
	if fd.value.End < fd.value.Start {
		return readField{kind: fd.kind}
	}
	return readField{fd.kind, string(doc.Src[fd.value.Start:fd.value.End])}
}

// ReadLimit is how many bytes of a robots.txt engine e reads (its
// Traits.ReadLimit); 0 means the engine reads the whole file.
func ReadLimit(e Engine) int { return e.Info().Traits.ReadLimit }
