package logtab

import (
	"time"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/accesslog"
)

// outcome is a finished run: its report and how it ended.
type outcome struct {
	report    *accesslog.Report
	err       error
	elapsed   time.Duration
	cancelled bool
	ranges    string // which published IP range files verified the visits, and when they were read
	// robots and draft are the texts the hits were replayed against
	// (draft nil: none), to tell a report of another file or an earlier
	// version from one of the file open now.
	robots, draft []byte
	sigs          *accesslog.SignatureReport // the signed lines; nil: not read
	files         []string                   // the logs read, for sigs' line references
	history       string                     // how the hits were judged by the site's kept versions ("": by the file)
}

// State is what the user did in the tab: the logs listed, the report of
// the last run (kept, not read again), its sort and the crawler selected,
// and a run still in progress. A tab rebuilt in another language takes it
// back with Restore.
type State struct {
	files    []string
	outcome  *outcome
	sortKey  string
	desc     bool
	selected *accesslog.CrawlerStats
	from     *Tab
}

// State returns what the user did in the tab.
func (t *Tab) State() State {
	return State{files: t.Files(), outcome: t.outcome, sortKey: t.summary.cols[t.summary.sortCol].key,
		desc: t.summary.desc, selected: t.selected, from: t}
}

// Restore puts st back into a freshly built tab: its labels speak the
// current language, its contents are the user's. A run in progress goes on
// and reports to this tab.
func (t *Tab) Restore(st State) {
	t.SetFiles(st.files)
	s := t.summary
	for i, c := range s.cols {
		if c.key == st.sortKey {
			s.sortCol = i
		}
	}
	s.desc = st.desc
	s.setWidths() // the arrow's room goes with the sorted column
	if st.outcome != nil {
		t.outcome = st.outcome
		t.report = st.outcome.report
		t.progress.SetValue(1)
		t.showOutcome()
		t.selectCrawler(nil)
		for i, c := range s.rows {
			if c == st.selected {
				// Select scrolls by the size the table has, none yet:
				// back to the start, or the rows above draw blank.
				s.table.Select(widget.TableCellID{Row: i})
				s.table.ScrollToTop()
				s.table.ScrollToLeading()
			}
		}
		t.DocumentChanged() // the file may have changed since the run
	}
	if from := st.from; from != nil {
		from.mu.Lock()
		if from.cancel != nil {
			t.mu.Lock()
			t.cancel = from.cancel
			t.mu.Unlock()
			from.heir = t
			t.run.Disable()
			t.cancelB.Enable()
			t.status.SetText(lang.X("logtab.reading", "Reading…"))
		}
		from.mu.Unlock()
	}
}

// live is the tab a run reports to: the newest one rebuilt from t.
func (t *Tab) live() *Tab {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.heir != nil {
		return t.heir.live()
	}
	return t
}
