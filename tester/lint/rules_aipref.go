package lint

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/aipref"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/textdist"
)

var (
	msgPrefFixKey     = msg.Def("lint.aipref.fix_key", "Write `{{.Name}}`")
	msgPrefOutside    = msg.Def("lint.aipref.outside", "`{{.Field}}` before any User-agent line belongs to no group: it applies to no crawler")
	msgPrefDisallowed = msg.Def("lint.aipref.disallowed", "this allows {{.Use}}, but the group disallows every path (line {{.Rule}}): preferences apply only to what may be crawled, so it says nothing")
	msgPrefConflict   = msg.Def("lint.aipref.conflict", "line {{.Other}} of the same group says no to {{.Use}}: the most restrictive preference wins, so this yes has no effect")
	msgPrefGoogle     = msg.Def("lint.aipref.google", "{{.Flag}} {{if .Flag.Many}}do{{else}}does{{end}} not read Content-Signal or Content-Usage: the lines are skipped. Google Search Console's robots.txt report may list Content-Signal lines as “Syntax not understood” (Cloudflare's managed robots.txt documentation, read 2026-11-29); no source says so of Content-Usage. Both are harmless; the vocabularies are still drafts ({{.Drafts}})")
)

// checkAIPref: Content-Signal and Content-Usage lines.
func checkAIPref(s *state) {
	f := aipref.Read(s.doc)
	if len(f.Lines) == 0 {
		return
	}
	first := f.Lines[0].N
	a, b := s.lineSpan(first)
	s.report(finding{code: "RS048", sev: diag.Info, start: a, end: b, engines: s.f.flagsUnknown,
		text: msg.New(msgPrefGoogle, "Drafts", aipref.SignalsPolicy+"; "+aipref.AttachDraft+"; "+aipref.VocabDraft, "Flag", s.names(s.f.flagsUnknown))})

	// yes and no per group and use, for contradictions
	type said struct {
		line, start, end int
		path             bool // a Content-Usage line for some paths only: the longest path decides, no conflict
	}
	yes := map[[2]int]said{}
	no := map[[2]int]int{}
	useIndex := func(u string) int {
		for i, k := range aipref.SignalKeys {
			if k == u {
				return i
			}
		}
		return -1
	}
	for _, l := range f.Lines {
		line := &s.doc.Lines[l.N-1]
		field := syntax.CanonicalName(l.Kind)
		vstart := int(line.Value.Start)
		if l.Group < 0 {
			a, b := s.lineSpan(l.N)
			s.report(finding{code: "RS046", sev: diag.Warning, start: a, end: b, text: msg.New(msgPrefOutside, "Field", field)})
		}
		usage := l.Kind == syntax.ContentUsage
		var probs []aipref.Problem
		var prefs []aipref.Pref
		if usage {
			probs, prefs = l.Usage.Problems, l.Usage.Prefs
		} else {
			probs, prefs = l.Signal.Problems, l.Signal.Prefs
		}
		for _, p := range probs {
			pa, pb := vstart+p.Span.Start, vstart+max(p.Span.End, p.Span.Start)
			code := "RS043"
			if usage {
				code = "RS045"
			}
			var fix *Fix
			switch p.Kind {
			case aipref.ProblemEmpty:
				pa, pb = s.lineSpan(l.N)
			case aipref.ProblemUnknownKey, aipref.ProblemEarlierKey:
				code = "RS044"
				known := aipref.SignalKeys
				if usage {
					known = aipref.UsageKeys
				}
				if name := nearKey(p.Detail, known); name != "" {
					fix = newFix(msg.New(msgPrefFixKey, "Name", name), false, nil, Edit{Start: pa, End: pb, Text: []byte(name)})
				}
			}
			s.report(finding{code: code, sev: p.Severity, start: pa, end: pb, text: p.Message, fix: fix})
		}
		if l.Group < 0 {
			continue
		}
		for _, p := range prefs {
			if !p.Set {
				continue
			}
			use := strings.ToLower(p.Key)
			if usage {
				switch use {
				case aipref.UsageTrainAI:
					use = aipref.SignalAITrain
				case aipref.UsageSearch:
				default:
					continue
				}
			}
			u := useIndex(use)
			if u < 0 {
				continue
			}
			k := [2]int{l.Group, u}
			pathful := usage && l.Usage.Path != ""
			if p.Yes {
				if y, dup := yes[k]; !dup || y.path && !pathful {
					yes[k] = said{l.N, vstart + p.Off, vstart + p.Off + len(p.Key) + 1 + len(p.Value), pathful}
				}
			} else if _, dup := no[k]; !dup && !pathful {
				no[k] = l.N
			}
		}
	}
	for k, y := range yes {
		use := aipref.UseName(aipref.SignalKeys[k[1]])
		if other, ok := no[k]; ok && !y.path {
			s.report(finding{code: "RS047", sev: diag.Warning, start: y.start, end: y.end, text: msg.New(msgPrefConflict, "Other", other, "Use", use)})
			continue
		}
		if rule := s.disallowsAll(f.Groups[k[0]]); rule > 0 {
			s.report(finding{code: "RS047", sev: diag.Warning, start: y.start, end: y.end, text: msg.New(msgPrefDisallowed, "Use", use, "Rule", rule)})
		}
	}
}

var (
	msgTokenMisspelt = msg.Def("lint.crawler_token.misspelt", "`{{.Token}}` names no crawler in the catalogue, so this group may match nobody; did you mean `{{.Suggest}}`?")
	msgFixCrawler    = msg.Def("lint.crawler_token.fix", "Write `{{.Suggest}}`")
)

// checkCrawlerTokens: a User-agent token that differs from a catalogue
// token only in case, "-" or "_" ("GPT-Bot", "claude_bot") most likely meant
// that crawler, which the group then misses. A letter more or less is not
// reported: real crawlers have names that close (SemrushBot-SA, DotBot).
func checkCrawlerTokens(s *state) {
	for n := 1; n <= len(s.doc.Lines); n++ {
		if s.kind(n) != syntax.UserAgent {
			continue
		}
		// the token as Google reads it: the leading letters, "-" and "_"
		tok := engine.Token(s.doc.Value(n))
		if tok == "" {
			continue
		}
		if _, known := crawlers.ByToken(tok); known {
			continue
		}
		sug := crawlers.SuggestWithin(tok, 0)
		if sug == "" {
			continue
		}
		a := int(s.doc.Lines[n-1].Value.Start)
		b := a + len(tok)
		s.report(finding{code: "RS049", sev: diag.Warning, start: a, end: b, engines: s.every,
			text: msg.New(msgTokenMisspelt, "Token", tok, "Suggest", sug),
			fix:  newFix(msg.New(msgFixCrawler, "Suggest", sug), false, s.every.names(s.all), Edit{Start: a, End: b, Text: []byte(sug)})})
	}
}

// disallowsAll returns the `Disallow: /` line of the group whose User-agent
// lines are ua, when the group has no Allow that reopens anything; else 0.
func (s *state) disallowsAll(ua []int) int {
	for _, g := range s.m.groups {
		if len(g.ua) == 0 || len(ua) == 0 || g.ua[0] != ua[0] {
			continue
		}
		all := 0
		for _, n := range g.rules {
			v := s.doc.Value(n)
			switch s.kind(n) {
			case syntax.Allow:
				if v != "" {
					return 0
				}
			case syntax.Disallow:
				if v == "/" || v == "/*" {
					all = n
				}
			}
		}
		return all
	}
	return 0
}

// nearKey suggests the known key closest to key, ignoring case and the
// difference between `_` and `-`.
func nearKey(key string, known []string) string {
	k := strings.ReplaceAll(strings.ToLower(key), "_", "-")
	best, bestDist := "", 3
	for _, name := range known {
		if k == name {
			return name
		}
		if d := textdist.Levenshtein(k, name); d < bestDist {
			best, bestDist = name, d
		}
	}
	return best
}
