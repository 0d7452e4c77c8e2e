package metatag

import (
	"strconv"
	"strings"
	"time"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// Crawler is a robot whose effective policy is worked out.
type Crawler struct {
	Name   string // shown to people
	Token  string // robots.txt user-agent token for the RobotsCheck; "" = not checked
	Engine Engine
	// Names are the meta names and X-Robots-Tag prefixes it obeys besides
	// "robots", lower-case.
	Names []string
	// FetchedBy is the crawler that fetches the page for this one ("" for
	// itself): Google News has no fetcher of its own.
	FetchedBy string
}

var msgCrawler1996 = msg.Def("meta.crawler.strict1996", "a 1996 robot")

// Label is the crawler's name for people.
func (c Crawler) Label() string {
	if c.Engine == Strict1996 {
		return msg.New(msgCrawler1996).String()
	}
	return c.Name
}

func (c Crawler) reads(scope string) bool {
	return scope == "robots" || contains(c.Names, scope)
}

// Crawlers are the robots every analysis reports on. Googlebot-News obeying
// "googlebot" too, and bingbot obeying "msnbot", are.
var Crawlers = []Crawler{
	{Name: "Googlebot", Token: "Googlebot", Engine: Google, Names: []string{"googlebot"}},
	{Name: "Googlebot-News", Token: "Googlebot-News", Engine: Google, Names: []string{"googlebot", "googlebot-news"}, FetchedBy: "Googlebot"},
	{Name: "YandexBot", Token: "YandexBot", Engine: Yandex, Names: []string{"yandex"}},
	{Name: "bingbot", Token: "bingbot", Engine: Bing, Names: []string{"bingbot", "msnbot"}},
	{Name: "1996 robot", Engine: Strict1996},
}

// Policy is what one crawler may do with the page, all tags and headers
// taken together.
type Policy struct {
	Crawler Crawler
	Index   bool
	Follow  bool
	// Snippet is the longest text snippet in characters: -1 no limit, 0 none.
	Snippet int
	// ImagePreview is "none", "standard", "large", or "" for the crawler's default.
	ImagePreview string
	// VideoPreview is the longest video preview in seconds: -1 no limit, 0 still image only.
	VideoPreview int
	Archive      bool // may offer a cached copy
	ArchiveMoot  bool // the engine keeps no cached copies anyway
	Translate    bool
	ImageIndex   bool
	// IndexIfEmbedded: the noindex page may be indexed inside an iframe of another page.
	IndexIfEmbedded  bool
	UnavailableAfter string // the earliest unavailable_after value obeyed; "" none
	Expired          bool   // that date has passed
	// Blocked: robots.txt keeps the crawler from fetching the page, so it
	// reads none of the above; BlockedReason says why.
	Blocked       bool
	BlockedReason string
	// Obeyed are the directives the crawler reads from this page.
	Obeyed []Directive
	// Reasons explain each decision that was not simply "the default".
	Reasons []msg.Text
}

var (
	msgWinsRestrictive = msg.Def("meta.why.restrictive", "“{{.Negative}}” and “{{.Positive}}” both apply: {{.Crawler}} obeys the most restrictive, “{{.Negative}}”")
	msgWinsBingGuess   = msg.Def("meta.why.bing_guess", "“{{.Negative}}” and “{{.Positive}}” both apply: {{.Crawler}} is assumed to obey the most restrictive, “{{.Negative}}” (Bing does not document this case)")
	msgWinsPositive    = msg.Def("meta.why.positive", "“{{.Negative}}” and “{{.Positive}}” both apply: {{.Crawler}} takes the positive value, “{{.Positive}}”")
	msgWins1996        = msg.Def("meta.why.1996", "“{{.Negative}}” and “{{.Positive}}” both apply: the 1996 rules leave this undefined; the revision by Kollar, Leavitt and Mauldin lets ALL override everything and a robot pick the permissive value, “{{.Positive}}”")
	msgWhyNoIndex      = msg.Def("meta.why.noindex", "“{{.Name}}” keeps the page out of the index")
	msgWhyNoFollow     = msg.Def("meta.why.nofollow", "“{{.Name}}” tells {{.Crawler}} not to follow the links")
	msgWhyExpired      = msg.Def("meta.why.expired", "unavailable_after {{.Date}} has passed: the page is dropped from results")
	msgWhyUntil        = msg.Def("meta.why.until", "the page stays in results until {{.Date}}")
	msgWhySnippet      = msg.Def("meta.why.snippet", "snippet limited by “{{.Name}}”")
	msgWhyNoArchive    = msg.Def("meta.why.noarchive", "“{{.Name}}”: no cached copy")
	msgWhyNeedsNoindex = msg.Def("meta.why.needs_noindex", "indexifembedded has an effect only together with noindex; here the page may be indexed anyway")
	msgWhyBlocked      = msg.Def("meta.why.blocked", "robots.txt blocks the URL ({{.Reason}}): {{.Crawler}} never fetches the page and reads none of its tags")
	msgWhyFetchedBy    = msg.Def("meta.why.fetched_by", "{{.Crawler}} has no fetcher of its own: Googlebot fetches the page for it, obeying the robots.txt group for {{.Crawler}} (else Googlebot's)")
	msgConflictSources = msg.Def("meta.diag.conflict_sources", "“{{.A}}” ({{.WhereA}}) and “{{.B}}” ({{.WhereB}}) disagree; {{.Engine}} applies “{{.Winner}}”")
	msgBlockedNoindex  = msg.Def("meta.diag.blocked_noindex", "robots.txt blocks this URL for {{.Crawler}} ({{.Reason}}), so it never fetches the page and never sees the noindex: the URL can still be listed, without a description, when other pages link to it. Allow crawling and keep the noindex.")
	msgBlocked         = msg.Def("meta.diag.blocked", "robots.txt blocks this URL for {{.Crawler}} ({{.Reason}}): it never fetches the page, so the page's robots tags do not matter to it")
	msgWhereMeta       = msg.Def("meta.where.meta", "<meta name=\"{{.Name}}\">, line {{.Line}}")
	msgWhereMetaNoLine = msg.Def("meta.where.meta_noline", "<meta name=\"{{.Name}}\">")
	msgWhereHeader     = msg.Def("meta.where.header", "X-Robots-Tag, line {{.Line}}")
)

// sourced is a directive with the index of its source.
type sourced struct {
	Directive
	src int
}

// resolve works out one crawler's policy from every directive of the page.
func (r *Report) resolve(c Crawler, now time.Time, seen map[string]bool) Policy {
	p := Policy{Crawler: c, Index: true, Follow: true, Snippet: -1, VideoPreview: -1,
		Archive: true, Translate: true, ImageIndex: true, ArchiveMoot: c.Engine == Google}
	if c.FetchedBy != "" {
		p.Reasons = append(p.Reasons, msg.New(msgWhyFetchedBy, "Crawler", c.Label()))
	}
	var obeyed []sourced
	for si, src := range r.Sources {
		for _, d := range src.Directives {
			spec := lookup(d.Name)
			if !c.reads(d.Scope) || spec == nil || !spec.reads(c.Engine) || !validValue(d, spec) {
				continue
			}
			obeyed = append(obeyed, sourced{d, si})
			p.Obeyed = append(p.Obeyed, d)
		}
	}
	byAtom := map[atom][]sourced{}
	for _, d := range obeyed {
		for _, a := range lookup(d.Name).atoms {
			byAtom[a] = append(byAtom[a], d)
		}
	}
	positiveWins := c.Engine == Yandex || c.Engine == Strict1996
	decide := func(pos, neg atom, why string) bool {
		ps, ns := byAtom[pos], byAtom[neg]
		switch {
		case len(ns) == 0:
			return true
		case len(ps) == 0:
			p.Reasons = append(p.Reasons, msg.New(why, "Name", ns[0].Raw, "Crawler", c.Label()))
			return false
		}
		allowed := positiveWins
		key := map[Engine]string{Google: msgWinsRestrictive, Bing: msgWinsBingGuess, Yandex: msgWinsPositive, Strict1996: msgWins1996}[c.Engine]
		p.Reasons = append(p.Reasons, msg.New(key, "Negative", ns[0].Raw, "Positive", ps[0].Raw, "Crawler", c.Label()))
		if ps[0].src != ns[0].src {
			winner := ns[0].Raw
			if allowed {
				winner = ps[0].Raw
			}
			r.addOnce(seen, r.at(ns[0], Diagnostic{Diagnostic: diag.Diagnostic{Severity: diag.Warning, Code: codeConflict, Message: msg.New(msgConflictSources, "A", ps[0].Raw, "WhereA", r.where(ps[0].src), "B", ns[0].Raw,
				"WhereB", r.where(ns[0].src), "Engine", c.Engine.Label(), "Winner", winner)}, Engines: []Engine{c.Engine}}))
		}
		return allowed
	}
	p.Index = decide(atomIndex, atomNoIndex, msgWhyNoIndex)
	p.Follow = decide(atomFollow, atomNoFollow, msgWhyNoFollow)

	var embedded *sourced
	for i, d := range obeyed {
		switch d.Name {
		case "nosnippet":
			p.Snippet, p.VideoPreview = 0, 0
			p.Reasons = append(p.Reasons, msg.New(msgWhySnippet, "Name", d.Raw))
		case "max-snippet":
			if p.Snippet != 0 {
				n, _ := parseLimit(d.Value)
				p.Snippet = tighter(p.Snippet, n)
				p.Reasons = append(p.Reasons, msg.New(msgWhySnippet, "Name", d.Raw))
			}
		case "max-video-preview":
			n, _ := parseLimit(d.Value)
			p.VideoPreview = tighter(p.VideoPreview, n)
		case "max-image-preview":
			v := strings.ToLower(d.Value)
			if p.ImagePreview == "" || indexOf(imagePreviews, v) < indexOf(imagePreviews, p.ImagePreview) {
				p.ImagePreview = v
			}
		case "noarchive", "nocache":
			p.Archive = false
			p.Reasons = append(p.Reasons, msg.New(msgWhyNoArchive, "Name", d.Raw))
		case "notranslate":
			p.Translate = false
		case "noimageindex":
			p.ImageIndex = false
		case "indexifembedded":
			embedded = &obeyed[i]
		case "unavailable_after":
			t, _ := ParseDate(d.Value)
			if p.UnavailableAfter == "" {
				p.UnavailableAfter = d.Value
			} else if cur, _ := ParseDate(p.UnavailableAfter); t.Before(cur) {
				p.UnavailableAfter = d.Value
			}
		}
	}
	if p.UnavailableAfter != "" {
		t, _ := ParseDate(p.UnavailableAfter)
		if t.Before(now) {
			p.Expired, p.Index = true, false
			p.Reasons = append(p.Reasons, msg.New(msgWhyExpired, "Date", p.UnavailableAfter))
		} else if p.Index {
			p.Reasons = append(p.Reasons, msg.New(msgWhyUntil, "Date", p.UnavailableAfter))
		}
	}
	if embedded != nil {
		if p.Index {
			r.addOnce(seen, r.at(*embedded, Diagnostic{Diagnostic: diag.Diagnostic{Severity: diag.Warning, Code: codeNeedsNoindex, Message: msg.New(msgWhyNeedsNoindex)}, Engines: []Engine{c.Engine}}))
		} else {
			p.IndexIfEmbedded = true
		}
	}
	return p
}

// at locates a diagnostic on directive d of the report.
func (r *Report) at(d sourced, dg Diagnostic) Diagnostic {
	src := r.Sources[d.src]
	dg.Source, dg.Span, dg.Line = d.src, diag.Span{Start: d.Offset, End: d.Offset + len(d.Raw)}, src.Line
	dg.Headers = src.Kind == FromHeader && src.Line > 0
	return dg
}

// blocked applies the robots.txt verdict to a policy.
func (r *Report) blocked(p *Policy, opt Options, seen map[string]bool) {
	if opt.Robots == nil || opt.URL == "" || p.Crawler.Token == "" {
		return
	}
	allowed, reason := opt.Robots(p.Crawler.Token, opt.URL)
	if allowed {
		return
	}
	p.Blocked, p.BlockedReason = true, reason
	// What the tags would say does not apply: the crawler never reads
	// them. Only how it fetches, and that it does not, remain.
	var kept []msg.Text
	for _, why := range p.Reasons {
		if why.Key == msgWhyFetchedBy {
			kept = append(kept, why)
		}
	}
	p.Reasons = append(kept, msg.New(msgWhyBlocked, "Crawler", p.Crawler.Label(), "Reason", reason))
	d := Diagnostic{Diagnostic: diag.Diagnostic{Severity: diag.Info, Code: codeBlocked, Message: msg.New(msgBlocked, "Crawler", p.Crawler.Label(), "Reason", reason), Span: diag.NoSpan}, Engines: []Engine{p.Crawler.Engine}, Source: -1}
	if !p.Index {
		d.Severity, d.Code = diag.Error, codeBlockedNoindex
		d.Message = msg.New(msgBlockedNoindex, "Crawler", p.Crawler.Label(), "Reason", reason)
	}
	r.addOnce(seen, d)
}

// addOnce drops a diagnostic already reported (two Google crawlers see the
// same conflict).
func (r *Report) addOnce(seen map[string]bool, d Diagnostic) {
	key := d.Code + "\x00" + strconv.Itoa(d.Source) + "\x00" + strconv.Itoa(d.Span.Start) + "\x00" + d.Message.String()
	if seen[key] {
		return
	}
	seen[key] = true
	r.Diagnostics = append(r.Diagnostics, d)
}

// where names a source for people.
func (r *Report) where(si int) msg.Text {
	s := r.Sources[si]
	switch {
	case s.Kind == FromHeader:
		return msg.New(msgWhereHeader, "Line", s.Line)
	case s.Line > 0:
		return msg.New(msgWhereMeta, "Name", s.Name, "Line", s.Line)
	}
	return msg.New(msgWhereMetaNoLine, "Name", s.Name)
}

func validValue(d Directive, spec *directiveSpec) bool {
	switch spec.kind {
	case valueNone:
		return !d.HasValue
	case valueInt:
		_, ok := parseLimit(d.Value)
		return ok
	case valueEnum:
		return contains(spec.enum, strings.ToLower(d.Value))
	case valueDate:
		_, ok := ParseDate(d.Value)
		return ok
	}
	return false
}

// tighter combines two limits where -1 means "no limit".
func tighter(cur, n int) int {
	switch {
	case n == -1:
		return cur
	case cur == -1:
		return n
	}
	return min(cur, n)
}

func indexOf(list []string, v string) int {
	for i, x := range list {
		if x == v {
			return i
		}
	}
	return len(list)
}

// Answers are a policy's four headline answers, ready to show.
type Answers struct {
	Index, Follow, Snippet, Archive msg.Text
}

var (
	msgYes        = msg.Def("meta.answer.yes", "yes")
	msgNo         = msg.Def("meta.answer.no", "no")
	msgNotFetched = msg.Def("meta.answer.not_fetched", "not fetched")
	msgChars      = msg.Def("meta.answer.chars", "up to {{.N}} characters")
	msgNoCaches   = msg.Def("meta.answer.no_caches", "no caches kept")
)

// Answers says: may index? may follow? snippet? archive (cached copy)?
func (p Policy) Answers() Answers {
	yesNo := func(b bool) msg.Text {
		if b {
			return msg.New(msgYes)
		}
		return msg.New(msgNo)
	}
	a := Answers{Index: yesNo(p.Index), Follow: yesNo(p.Follow), Snippet: yesNo(p.Snippet != 0), Archive: yesNo(p.Archive)}
	if p.Snippet > 0 {
		a.Snippet = msg.New(msgChars, "N", p.Snippet)
	}
	if p.ArchiveMoot {
		a.Archive = msg.New(msgNoCaches)
	}
	if p.Blocked {
		nf := msg.New(msgNotFetched)
		a = Answers{Index: nf, Follow: nf, Snippet: nf, Archive: nf}
	}
	return a
}
