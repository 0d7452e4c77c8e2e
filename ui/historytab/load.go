package historytab

import (
	"strconv"
	"sync"

	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/history"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// entry is one version on the timeline, with what the change that led to
// it does (history.Grade against the version before it).
type entry struct {
	n        int // 1-based, as `history list` numbers it
	v        history.Version
	findings []history.Finding
	worst    diag.Severity
	err      error // its bytes could not be read
}

// line is the change said in one line: the worst finding, and how many
// more there are.
func (e *entry) line() string {
	if e.err != nil {
		return e.err.Error()
	}
	if len(e.findings) == 0 {
		return ""
	}
	t := msg.Plain(e.findings[0].Text.String())
	if more := len(e.findings) - 1; more > 0 {
		t = lang.X("historytab.more", "{{.Text}} (+{{.More}})", map[string]any{"Text": t, "More": more})
	}
	return t
}

// grades remembers what each change does, by the two versions' states, so
// a tab shown again or a site read again after one more fetch grades only
// the new change. The texts are msg.Text: they speak the language in use
// when they are drawn.
type grades struct {
	mu   sync.Mutex
	seen map[string][]history.Finding
}

func stateKey(v *history.Version) string {
	if v == nil {
		return "-"
	}
	un := ""
	if v.Unreachable {
		un = "!"
	}
	k := v.Body + "/" + strconv.Itoa(v.Status) + un
	for _, h := range v.Hops {
		k += " " + strconv.Itoa(h.Status) + h.Location
	}
	return k
}

func (g *grades) grade(old, new *history.Version, oldBody, newBody []byte, opts history.GradeOptions) []history.Finding {
	k := stateKey(old) + ">" + stateKey(new)
	g.mu.Lock()
	f, ok := g.seen[k]
	g.mu.Unlock()
	if ok {
		return f
	}
	f = history.Grade(history.Change{Old: old, New: new, OldBody: oldBody, NewBody: newBody}, opts)
	g.mu.Lock()
	if g.seen == nil {
		g.seen = map[string][]history.Finding{}
	}
	g.seen[k] = f
	g.mu.Unlock()
	return f
}

// forget drops the remembered grades (the tester's crawlers or paths,
// which grading counts, changed).
func (g *grades) forget() {
	g.mu.Lock()
	g.seen = nil
	g.mu.Unlock()
}

// loadSite reads a site's versions and grades each change, oldest first.
func (g *grades) loadSite(st history.Store, site string, opts history.GradeOptions) ([]entry, error) {
	vs, err := st.Versions(site)
	if err != nil {
		return nil, err
	}
	out := make([]entry, len(vs))
	var prevBody []byte
	var prev *history.Version
	for i := range vs {
		v := &vs[i]
		e := entry{n: i + 1, v: *v}
		body, err := st.Body(*v)
		if err != nil {
			e.err, e.worst = err, diag.Error
			out[i] = e
			prev, prevBody = nil, nil
			continue
		}
		e.findings = g.grade(prev, v, prevBody, body, opts)
		e.worst, _ = history.Worst(e.findings)
		out[i] = e
		prev, prevBody = v, body
	}
	return out, nil
}

// siteRow is one site of the Sites view: its history and what its last
// change did.
type siteRow struct {
	history.Site
	last  entry // the newest version, graded against the one before
	known bool  // last was read
}

// loadSites lists every site of the store with its last change graded.
func (g *grades) loadSites(st history.Store, opts history.GradeOptions) ([]siteRow, error) {
	sites, err := st.Sites()
	if err != nil {
		return nil, err
	}
	out := make([]siteRow, len(sites))
	for i, s := range sites {
		out[i].Site = s
		vs, err := st.Versions(s.URL)
		if err != nil || len(vs) == 0 {
			continue
		}
		k := len(vs) - 1
		e := entry{n: k + 1, v: vs[k]}
		newBody, err := st.Body(vs[k])
		var oldBody []byte
		var old *history.Version
		if err == nil && k > 0 {
			old = &vs[k-1]
			oldBody, err = st.Body(*old)
		}
		if err != nil {
			e.err, e.worst = err, diag.Error
		} else {
			e.findings = g.grade(old, &vs[k], oldBody, newBody, opts)
			e.worst, _ = history.Worst(e.findings)
		}
		out[i].last, out[i].known = e, true
	}
	return out, nil
}
