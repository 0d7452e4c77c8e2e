package aitab

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/ui/latest"
	"github.com/robots-studio/robots-studio/ui/richmsg"
	"github.com/robots-studio/robots-studio/ui/webfile"
)

// "What each crawler gets": the live robots.txt fetched as each of the
// fetch-as command's crawlers (fetch.DefaultAgents) by its code
// (fetch.AsAgents), which groups the answers and says what a version has
// and lacks against the most common one. The network is used only when
// the user presses Fetch.

type fetchAs struct {
	t        *Tab
	site     *keys.Entry
	prefill  string // the site last put in the field from the document
	fetchBtn *widget.Button
	progress *widget.ProgressBar
	cancel   *widget.Button
	status   *widget.Label
	results  *fyne.Container
	box      *fyne.Container

	agents []fetch.Agent
	worker *latest.Worker[asJob, asOut]
	hand   func(func()) // how progress reaches the UI goroutine (fyne.Do)
	stop   context.CancelFunc
	run    int               // increases with every fetch; a late answer of an older one is dropped
	last   *fetch.Comparison // the answers on screen, to show again in another language
}

type asJob struct {
	ctx    context.Context
	cancel context.CancelFunc
	input  string
	run    int
}

type asOut struct {
	c   *fetch.Comparison
	err error
}

// newFetchAs builds the section; nil in the browser build. A page cannot
// fetch as a crawler: the browser sends its own User-Agent whatever the
// request asks (Chrome ignores the header), a request that sets it needs
// the site's CORS consent, which robots.txt files do not give, and the
// page would compare the browser's answer with itself.
func newFetchAs(t *Tab) *fetchAs {
	if webfile.Enabled {
		return nil
	}
	v := &fetchAs{t: t, hand: fyne.Do}
	var names []string
	for _, n := range fetch.DefaultAgents {
		if a, ok := fetch.AgentNamed(n); ok {
			v.agents = append(v.agents, a)
			names = append(names, a.Name)
		}
	}
	v.worker = &latest.Worker[asJob, asOut]{
		Work: func(j asJob) asOut {
			defer j.cancel()
			tr := v.announcer(j.run)
			defer tr.next.CloseIdleConnections() // this run's connections end with it
			c, err := fetch.AsAgents(j.ctx, j.input, v.agents, fetch.Options{Transport: tr})
			return asOut{c, err}
		},
		Deliver: v.fetched,
		Hand:    func(f func()) { v.hand(f) },
		// A fetch that stopped on a panic gives the section back.
		Failed: func(j asJob, _ any) {
			if j.run != v.run {
				return
			}
			v.stop = nil
			v.setRunning(false)
			v.status.SetText(lang.X("aitab.as.failed", "The fetch stopped on an unexpected problem. Try again; if it happens again, please report it with the site."))
			v.status.Show()
		},
	}
	title := widget.NewLabelWithStyle(lang.X("aitab.as.title", "What each crawler gets"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Wrapping = fyne.TextWrapWord
	why := widget.NewLabel(lang.X("aitab.as.why", "A CDN, a plugin or the server may answer robots.txt differently by User-Agent. This fetches the live file as {{.Agents}} and compares the answers. Nothing is sent until you press Fetch.",
		map[string]any{"Agents": strings.Join(names, ", ")}))
	why.Wrapping = fyne.TextWrapWord
	v.site = keys.NewEntry()
	v.site.SetPlaceHolder(lang.X("aitab.as.placeholder", "example.com or https://example.com/"))
	v.site.OnSubmitted = func(string) { v.start() }
	v.fetchBtn = widget.NewButtonWithIcon(lang.X("aitab.as.fetch", "Fetch as Each Crawler"), theme.DownloadIcon(), v.start)
	v.progress = widget.NewProgressBar()
	v.progress.Max = float64(len(v.agents))
	v.cancel = widget.NewButtonWithIcon(lang.X("aitab.as.cancel", "Cancel"), theme.CancelIcon(), v.stopFetch)
	v.status = widget.NewLabel("")
	v.status.Wrapping = fyne.TextWrapWord
	v.results = container.NewVBox()
	v.box = container.NewVBox(widget.NewSeparator(), title, why, container.NewBorder(nil, nil, nil, v.fetchBtn, v.site),
		container.NewBorder(nil, nil, nil, v.cancel, v.progress), v.status, v.results)
	v.setRunning(false)
	v.status.Hide()
	return v
}

// follow puts the open document's site in the field, unless the user
// typed another.
func (v *fetchAs) follow() {
	if v.t.site == nil {
		return
	}
	site := v.t.site()
	if site != "" && (v.site.Text == "" || v.site.Text == v.prefill) {
		v.prefill = site
		v.site.SetText(site)
	}
}

func (v *fetchAs) setRunning(on bool) {
	if on {
		v.fetchBtn.Disable()
		v.progress.Show()
		v.cancel.Show()
		return
	}
	v.fetchBtn.Enable()
	v.progress.Hide()
	v.cancel.Hide()
}

// start fetches the site in the field as each crawler, off the UI goroutine.
func (v *fetchAs) start() {
	input := strings.TrimSpace(v.site.Text)
	if input == "" || v.stop != nil {
		return
	}
	v.run++
	ctx, cancel := context.WithCancel(context.Background())
	v.stop = cancel
	v.results.RemoveAll()
	v.progress.SetValue(0)
	v.setRunning(true)
	v.status.SetText(lang.X("aitab.as.starting", "Fetching…"))
	v.status.Show()
	v.worker.Submit(asJob{ctx: ctx, cancel: cancel, input: input, run: v.run})
}

// stopFetch cancels the running fetch; its answer says so.
func (v *fetchAs) stopFetch() {
	if v.stop != nil {
		v.stop()
	}
}

// announcer is the fetches' transport: it tells the UI which crawler is
// being fetched as (by the User-Agent of each request), then carries the
// request as fetch's own transport does (Go's gzip off: fetch undoes it).
func (v *fetchAs) announcer(run int) announce {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DisableCompression = true
	return announce{next: tr, saw: func(ua string) {
		for i, a := range v.agents {
			if a.UserAgent == ua {
				v.hand(func() { v.fetchingAs(run, i) })
				return
			}
		}
	}}
}

type announce struct {
	next *http.Transport
	saw  func(userAgent string)
}

func (a announce) RoundTrip(r *http.Request) (*http.Response, error) {
	a.saw(r.Header.Get("User-Agent"))
	return a.next.RoundTrip(r)
}

// fetchingAs shows that agent i is being fetched as.
func (v *fetchAs) fetchingAs(run, i int) {
	if run != v.run || v.stop == nil {
		return
	}
	v.progress.SetValue(float64(i))
	v.status.SetText(lang.X("aitab.as.progress", "Fetching as {{.Agent}} ({{.N}} of {{.Total}})…",
		map[string]any{"Agent": v.agents[i].Name, "N": i + 1, "Total": len(v.agents)}))
}

// fetched shows the answers, or why there are none.
func (v *fetchAs) fetched(j asJob, o asOut) {
	if j.run != v.run {
		return
	}
	v.stop = nil
	v.setRunning(false)
	v.results.RemoveAll()
	v.last = nil
	var ie *fetch.InputError
	switch {
	case errors.Is(o.err, context.Canceled):
		v.status.SetText(lang.X("aitab.as.cancelled", "Cancelled."))
		return
	case errors.As(o.err, &ie):
		v.status.SetText(ie.Text.String())
		return
	case o.err != nil:
		v.status.SetText(o.err.Error())
		return
	}
	v.show(o.c)
}

// show puts the answers on screen: a row per crawler with its version's
// letter (A the most common), then what each other version has and lacks
// against A, in the words of fetch.AsAgents.
func (v *fetchAs) show(c *fetch.Comparison) {
	v.last = c
	v.results.RemoveAll()
	v.status.Show()
	if c.Same {
		v.status.SetText(lang.X("aitab.as.same", "Every crawler got the same robots.txt."))
	} else {
		v.status.SetText(lang.XN("aitab.as.versions", "The crawlers got {{.Count}} different versions of robots.txt.", len(c.Versions), map[string]any{"Count": len(c.Versions)}))
	}
	// The site's lines and the crawlers' names are drawn as they are;
	// fetch's notes quote code in backticks.
	add := func(s string, colour fyne.ThemeColorName) {
		v.results.Add(richmsg.NewText(s, richmsg.Style{Color: colour, Literal: true}))
	}
	note := func(s string) { v.results.Add(richmsg.NewText(s, richmsg.Style{Color: theme.ColorNamePlaceHolder})) }
	letter := func(i int) string { return string(rune('A' + i)) }
	// a row per crawler, in the order they were fetched, in one block
	var rows []string
	for _, a := range v.agents {
		for i, ver := range c.Versions {
			for _, name := range ver.Agents {
				if name == a.Name {
					rows = append(rows, asRow(a.Name, letter(i), ver.Result))
				}
			}
		}
	}
	add(strings.Join(rows, "\n"), theme.ColorNameForeground)
	for i := 1; i < len(c.Versions); i++ {
		ver := c.Versions[i]
		add(lang.X("aitab.as.differs", "Version {{.Version}} ({{.Agents}}) against version {{.Common}}:",
			map[string]any{"Version": letter(i), "Agents": strings.Join(ver.Agents, ", "), "Common": letter(0)}), theme.ColorNameWarning)
		for _, n := range ver.Notes {
			note("  " + n.String())
		}
		for _, part := range []struct {
			title string
			lines []string
			mark  string
		}{{lang.X("aitab.as.only", "only in this version:"), ver.Only, "+ "}, {lang.X("aitab.as.missing", "missing from this version:"), ver.Missing, "- "}} {
			if len(part.lines) == 0 {
				continue
			}
			lines := []string{"  " + part.title}
			for _, l := range part.lines {
				lines = append(lines, "    "+part.mark+l)
			}
			add(strings.Join(lines, "\n"), theme.ColorNameForeground)
		}
		if len(ver.Only) == 0 && len(ver.Missing) == 0 && len(ver.Notes) == 0 {
			note("  " + lang.X("aitab.as.same_lines", "the same lines; the bytes differ (line ends, a byte order mark or spaces)"))
		}
	}
}

// asRow is one crawler's answer: its version, status and size, or why
// there was none.
func asRow(agent, version string, r *fetch.Result) string {
	if r.Unreachable {
		return lang.X("aitab.as.row_failed", "{{.Agent}}: version {{.Version}} · no answer: {{.Failure}}",
			map[string]any{"Agent": agent, "Version": version, "Failure": r.Failure.String()})
	}
	return lang.XN("aitab.as.row", "{{.Agent}}: version {{.Version}} · HTTP {{.Status}} · {{.Count}} bytes", len(r.Body),
		map[string]any{"Agent": agent, "Version": version, "Status": fmt.Sprint(r.Status), "Count": len(r.Body)})
}
