package metatag

import (
	"strconv"
	"strings"
	"time"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/msg"
)

var (
	msgUnknown          = msg.Def("meta.diag.unknown", "“{{.Word}}” is not a robots directive any crawler knows")
	msgUnknownSuggest   = msg.Def("meta.diag.unknown_suggest", "“{{.Word}}” is not a robots directive any crawler knows; did you mean “{{.Suggestion}}”?")
	msgObsolete         = msg.Def("meta.diag.obsolete", "“{{.Name}}” is obsolete and read by no crawler today: {{.Why}}")
	msgIgnored          = msg.Def("meta.diag.ignored", "“{{.Name}}” is not read by these crawlers, so it has no effect on them")
	msgNot1996          = msg.Def("meta.diag.not1996", "“{{.Name}}” is not part of the 1996 grammar (ALL, NONE, INDEX, NOINDEX, FOLLOW, NOFOLLOW); a robot of that time skips it")
	msgNoValueAllowed   = msg.Def("meta.diag.no_value", "“{{.Name}}” takes no value; “{{.Raw}}” is not understood")
	msgValueNeeded      = msg.Def("meta.diag.value_needed", "“{{.Name}}” needs a value, for example “{{.Example}}”")
	msgBadNumber        = msg.Def("meta.diag.bad_number", "“{{.Value}}” is not a valid value for {{.Name}}: write a whole number, 0 or more, or -1 for no limit")
	msgBadEnum          = msg.Def("meta.diag.bad_enum", "“{{.Value}}” is not a valid value for {{.Name}}: use none, standard or large")
	msgBadDate          = msg.Def("meta.diag.bad_date", "“{{.Value}}” is not a date Google understands: use ISO 8601 (2025-09-21 or 2025-09-21T15:00:00+02:00), RFC 822 or RFC 850")
	msgDatePassed       = msg.Def("meta.diag.date_passed", "the date {{.Date}} has passed: Google already treats this page as noindex")
	msgRepeated1996     = msg.Def("meta.diag.repeated_1996", "“{{.Name}}” repeats what “{{.Earlier}}” already says; the 1996 rules forbid repeated directives")
	msgRepeated         = msg.Def("meta.diag.repeated", "“{{.Name}}” repeats what “{{.Earlier}}” already says; harmless, but remove one")
	msgContradictory    = msg.Def("meta.diag.contradictory", "“{{.Name}}” contradicts “{{.Earlier}}”: Google and Bing obey the restrictive one, Yandex the permissive one, and the 1996 rules forbid the pair")
	msgContradictoryNow = msg.Def("meta.diag.contradictory_modern", "“{{.Name}}” contradicts “{{.Earlier}}”: Google and Bing obey the restrictive one, Yandex the permissive one")
	msgValuesDisagree   = msg.Def("meta.diag.values_disagree", "“{{.Name}}” and “{{.Earlier}}” disagree; the most restrictive one applies")
	msgSnippetOverride  = msg.Def("meta.diag.snippet_override", "nosnippet overrides “{{.Name}}”: no snippet is shown at all")
	msgSameAsNoSnippet  = msg.Def("meta.diag.same_as_nosnippet", "max-snippet:0 means the same as nosnippet")
	msgNoarchiveMoot    = msg.Def("meta.diag.noarchive_moot", "Google no longer shows cached copies of pages (since 2024), so noarchive changes nothing there")
	msgDefaultOnly      = msg.Def("meta.diag.default_only", "“{{.Content}}” only says what crawlers assume anyway (index, follow); the tag can be removed")
	msgEmptyContent     = msg.Def("meta.diag.empty_content", "the content is empty: crawlers read it as index, follow, the default")
	msgEmptyItem        = msg.Def("meta.diag.empty_item", "empty item between commas (or a trailing comma); crawlers skip it")
	msgSemicolon        = msg.Def("meta.diag.semicolon", "directives are separated by commas, not semicolons; some crawlers may read “;” as part of a word")
	msgMissingComma     = msg.Def("meta.diag.missing_comma", "“{{.Text}}” lists directives without commas; it was read as several directives, but a crawler may read it as one unknown word")
	msgEmptyScope       = msg.Def("meta.diag.empty_scope", "“{{.Text}}” names a crawler but gives no directive after the colon")
	msgOtherCrawler     = msg.Def("meta.diag.other_crawler", "“{{.Name}}” is addressed to a crawler this analysis does not model; it is shown but not resolved")
	msgUnverifiedPrefix = msg.Def("meta.diag.unverified_prefix", "whether {{.Name}} reads an X-Robots-Tag “{{.Name}}:” prefix is not documented, so this is a guess; a prefix-free header reaches every crawler")
)

// check reports the problems of one source taken on its own.
func (r *Report) check(si int, now time.Time) {
	src := r.Sources[si]
	add := func(d Diagnostic) {
		d.Source = si
		if d.Line == 0 {
			d.Line = src.Line
		}
		d.Headers = src.Kind == FromHeader && src.Line > 0
		r.Diagnostics = append(r.Diagnostics, d)
	}
	for _, is := range src.issues {
		d := Diagnostic{Diagnostic: diag.Diagnostic{Code: is.code, Span: diag.Span{Start: is.offset, End: is.offset + is.length}}}
		switch is.code {
		case codeEmptyItem:
			d.Severity, d.Message = diag.Info, msg.New(msgEmptyItem)
		case codeSemicolon:
			d.Severity, d.Message = diag.Warning, msg.New(msgSemicolon)
		case codeMissingComma:
			d.Severity, d.Message = diag.Error, msg.New(msgMissingComma, "Text", is.text)
		case codeEmptyScope:
			d.Severity, d.Message = diag.Warning, msg.New(msgEmptyScope, "Text", is.text)
		}
		add(d)
	}
	if strings.TrimSpace(src.Content) == "" {
		add(Diagnostic{Diagnostic: diag.Diagnostic{Severity: diag.Warning, Code: codeEmptyContent, Message: msg.New(msgEmptyContent), Span: diag.NoSpan}})
		return
	}

	seen := map[string]map[atom]Directive{}         // scope → atom → first directive with it
	seenValued := map[string]map[string]Directive{} // scope → name → first directive
	clashed := map[string]bool{}                    // scope+atom already reported as contradicted
	onlyDefaults := true
	for _, d := range src.Directives {
		at := func(sev diag.Severity, code string, engines []Engine, text msg.Text) {
			add(Diagnostic{Diagnostic: diag.Diagnostic{Severity: sev, Code: code, Message: text, Span: diag.Span{Start: d.Offset, End: d.Offset + len(d.Raw)}}, Engines: engines})
		}
		readers := scopeEngines(d.Scope)
		spec := lookup(d.Name)
		switch {
		case spec == nil:
			onlyDefaults = false
			word := d.Name
			if word == "" {
				word = d.Raw
			}
			if s := suggest(word); s != "" {
				at(diag.Error, codeUnknown, nil, msg.New(msgUnknownSuggest, "Word", word, "Suggestion", s))
			} else {
				at(diag.Error, codeUnknown, nil, msg.New(msgUnknown, "Word", word))
			}
			continue
		case spec.obsolete:
			onlyDefaults = false
			at(diag.Info, codeObsolete, nil, msg.New(msgObsolete, "Name", spec.name, "Why", msg.New(spec.desc)))
			continue
		}
		if spec.name != "all" && spec.name != "index" && spec.name != "follow" {
			onlyDefaults = false
		}
		if !r.checkValue(d, spec, now, at) {
			continue
		}
		var ignoring []Engine
		for _, e := range readers {
			if spec.reads(e) {
				continue
			}
			if e == Strict1996 {
				at(diag.Info, codeIgnored, []Engine{Strict1996}, msg.New(msgNot1996, "Name", spec.name))
				continue
			}
			ignoring = append(ignoring, e)
		}
		if len(ignoring) > 0 {
			at(diag.Info, codeIgnored, ignoring, msg.New(msgIgnored, "Name", spec.name))
		}
		if spec.name == "noarchive" && spec.reads(Google) && contains(readers, Google) {
			at(diag.Info, codeMoot, []Engine{Google}, msg.New(msgNoarchiveMoot))
		}
		if spec.name == "max-snippet" && d.Value == "0" {
			at(diag.Info, codeSameAs, nil, msg.New(msgSameAsNoSnippet))
		}

		if seen[d.Scope] == nil {
			seen[d.Scope] = map[atom]Directive{}
			seenValued[d.Scope] = map[string]Directive{}
		}
		modern := without(readers, Strict1996)
		repeated, contradicted := false, false
		for _, a := range spec.atoms {
			if first, ok := seen[d.Scope][a]; ok && !repeated {
				repeated = true
				if contains(readers, Strict1996) {
					at(diag.Error, codeRepeated, []Engine{Strict1996}, msg.New(msgRepeated1996, "Name", d.Raw, "Earlier", first.Raw))
				}
				if len(modern) > 0 {
					at(diag.Warning, codeRepeated, modern, msg.New(msgRepeated, "Name", d.Raw, "Earlier", first.Raw))
				}
			}
			if first, ok := seen[d.Scope][a.opposite()]; ok && !contradicted && !clashed[d.Scope+string(rune(a))] {
				contradicted = true
				clashed[d.Scope+string(rune(a))], clashed[d.Scope+string(rune(a.opposite()))] = true, true
				at(diag.Error, codeContradictory, readers, msg.New(msgContradictory, "Name", d.Raw, "Earlier", first.Raw))
			}
		}
		for _, a := range spec.atoms {
			if _, ok := seen[d.Scope][a]; !ok {
				seen[d.Scope][a] = d
			}
		}
		if len(spec.atoms) > 0 {
			continue
		}
		key := spec.name
		if key == "nocache" {
			key = "noarchive"
		}
		if first, ok := seenValued[d.Scope][key]; ok {
			// Said only to the crawlers that read the directive: the
			// others were told above that it has no effect on them.
			var reading []Engine
			for _, e := range modern {
				if spec.reads(e) {
					reading = append(reading, e)
				}
			}
			if len(reading) == 0 {
				continue
			}
			modern = reading
			if strings.EqualFold(first.Value, d.Value) || spec.kind == valueNone {
				at(diag.Warning, codeRepeated, modern, msg.New(msgRepeated, "Name", d.Raw, "Earlier", first.Raw))
			} else {
				at(diag.Error, codeContradictory, modern, msg.New(msgValuesDisagree, "Name", d.Raw, "Earlier", first.Raw))
			}
			continue
		}
		seenValued[d.Scope][key] = d
	}
	for scope, valued := range seenValued {
		_, hasNoSnippet := valued["nosnippet"]
		ms, hasMax := valued["max-snippet"]
		if hasNoSnippet && hasMax && ms.Value != "0" {
			// Only a crawler that reads both has the one override the
			// other; the rest are told they read neither (codeIgnored).
			var both []Engine
			for _, e := range scopeEngines(scope) {
				if lookup("nosnippet").reads(e) && lookup("max-snippet").reads(e) {
					both = append(both, e)
				}
			}
			if len(both) > 0 {
				add(Diagnostic{Diagnostic: diag.Diagnostic{Severity: diag.Warning, Code: codeConflict, Message: msg.New(msgSnippetOverride, "Name", ms.Raw), Span: diag.Span{Start: ms.Offset, End: ms.Offset + len(ms.Raw)}}, Engines: both})
			}
		}
	}
	if onlyDefaults && len(src.Directives) > 0 {
		add(Diagnostic{Diagnostic: diag.Diagnostic{Severity: diag.Info, Code: codeDefault, Message: msg.New(msgDefaultOnly, "Content", src.Content), Span: diag.NoSpan}})
	}
}

// checkValue reports a missing, unexpected or malformed value; false means
// the directive is unusable.
func (r *Report) checkValue(d Directive, spec *directiveSpec, now time.Time, at func(diag.Severity, string, []Engine, msg.Text)) bool {
	switch {
	case spec.kind == valueNone && d.HasValue:
		at(diag.Error, codeBadValue, nil, msg.New(msgNoValueAllowed, "Name", spec.name, "Raw", d.Raw))
		return false
	case spec.kind != valueNone && d.Value == "":
		at(diag.Error, codeBadValue, nil, msg.New(msgValueNeeded, "Name", spec.name, "Example", example(spec)))
		return false
	}
	switch spec.kind {
	case valueInt:
		if _, ok := parseLimit(d.Value); !ok {
			at(diag.Error, codeBadValue, nil, msg.New(msgBadNumber, "Name", spec.name, "Value", d.Value))
			return false
		}
	case valueEnum:
		if !contains(spec.enum, strings.ToLower(d.Value)) {
			at(diag.Error, codeBadValue, nil, msg.New(msgBadEnum, "Name", spec.name, "Value", d.Value))
			return false
		}
	case valueDate:
		t, ok := ParseDate(d.Value)
		if !ok {
			at(diag.Error, codeBadValue, nil, msg.New(msgBadDate, "Value", d.Value))
			return false
		}
		if t.Before(now) {
			at(diag.Warning, codeDatePassed, []Engine{Google}, msg.New(msgDatePassed, "Date", d.Value))
		}
	}
	return true
}

// parseLimit reads max-snippet / max-video-preview values: N ≥ -1.
func parseLimit(v string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < -1 {
		return 0, false
	}
	return n, true
}

func example(spec *directiveSpec) string {
	switch spec.kind {
	case valueInt:
		return spec.name + ":50"
	case valueEnum:
		return spec.name + ":large"
	case valueDate:
		return spec.name + ": 2030-12-31"
	}
	return spec.name
}

// scopeEngines returns the engines whose crawlers read directives addressed
// to scope (a meta name or header prefix).
func scopeEngines(scope string) []Engine {
	if scope == "robots" {
		return Engines
	}
	var out []Engine
	for _, c := range Crawlers {
		if c.reads(scope) && !contains(out, c.Engine) {
			out = append(out, c.Engine)
		}
	}
	return out
}

func contains[T comparable](list []T, v T) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func without(es []Engine, drop Engine) []Engine {
	var out []Engine
	for _, e := range es {
		if e != drop {
			out = append(out, e)
		}
	}
	return out
}
