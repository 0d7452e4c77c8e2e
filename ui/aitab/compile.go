package aitab

import (
	"strings"

	"fyne.io/fyne/v2/lang"

	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/aipref"
)

// The builder's policy compiled to every signal, through the code the
// ai-policy command uses (aiaccess.Compile): one target in sight at a time.

// target is one place the compiled policy goes.
type target int

const (
	targetRobots target = iota
	targetSignal
	targetUsage
	targetBing
	targetServer // + index into aiaccess.Servers
)

// targetCount is how many targets the selector offers.
var targetCount = int(targetServer) + len(aiaccess.Servers)

// targetLabel is a target's name in the selector.
func targetLabel(t target) string {
	switch t {
	case targetRobots:
		return lang.X("aitab.compile.robots", "robots.txt")
	case targetSignal:
		return lang.X("aitab.compile.signal", "Content-Signal")
	case targetUsage:
		return lang.X("aitab.compile.usage", "Content-Usage")
	case targetBing:
		return lang.X("aitab.compile.bing", "Bing")
	}
	switch aiaccess.Servers[t-targetServer] {
	case aiaccess.Nginx:
		return lang.X("aitab.compile.nginx", "nginx")
	case aiaccess.Apache:
		return lang.X("aitab.compile.apache", "Apache")
	case aiaccess.Caddy:
		return lang.X("aitab.compile.caddy", "Caddy")
	case aiaccess.HAProxy:
		return lang.X("aitab.compile.haproxy", "HAProxy")
	default:
		return lang.X("aitab.compile.cloudflare", "Cloudflare WAF")
	}
}

// targetLabels lists every target's label in selector order.
func targetLabels() []string {
	out := make([]string, targetCount)
	for i := range out {
		out[i] = targetLabel(target(i))
	}
	return out
}

// targetText is what the preview shows for t (added: the robots.txt lines
// the plan adds, as the builder has always shown them) and the note above
// it: where it goes and what it does.
func targetText(s aiaccess.Signals, t target, added string) (text, note string) {
	switch t {
	case targetRobots:
		return added, ""
	case targetSignal:
		return s.SignalHeader(), lang.X("aitab.compile.signal_note", "The same line goes in robots.txt (it is among the lines to add) and, as a header, in every response ({{.Source}}).",
			map[string]any{"Source": aipref.SignalsPolicy})
	case targetUsage:
		return s.UsageHeader(), lang.X("aitab.compile.usage_note", "The same line goes in robots.txt (it is among the lines to add) and, as a header, in every response ({{.Source}}).",
			map[string]any{"Source": aipref.AttachDraft + ", " + aipref.VocabDraft})
	case targetBing:
		if s.BingMeta == "" {
			return "", s.BingWhy.String()
		}
		return s.BingMeta + "\nX-Robots-Tag: " + s.XRobotsTag, s.BingWhy.String()
	}
	server := aiaccess.Servers[t-targetServer]
	var notes []string
	// The server rules' own warnings: those the robots.txt plan did not
	// give (the builder shows its warnings beside the choices).
	planned := map[string]bool{}
	for _, w := range s.Plan.Warnings {
		planned[w.String()] = true
	}
	for _, w := range s.Warnings {
		if !planned[w.String()] {
			notes = append(notes, "⚠ "+w.String())
		}
	}
	for _, r := range s.Rules {
		if r.Server != server {
			continue
		}
		var names []string
		for _, c := range s.Refused {
			names = append(names, c.Name)
		}
		head := []string{lang.X("aitab.compile.where", "Where: {{.Where}}. Refused at the server: {{.Names}}.",
			map[string]any{"Where": r.Where.String(), "Names": strings.Join(names, ", ")})}
		if !s.RangesNote.IsZero() {
			head = append(head, s.RangesNote.String())
		}
		for _, n := range r.Notes {
			head = append(head, "⚠ "+n.String())
		}
		return r.Text, strings.Join(append(head, notes...), "\n")
	}
	return "", lang.X("aitab.compile.no_rules", "No server rules: the policy refuses no crawler that robots.txt cannot stop. Tick “Refuse at the server too” to refuse every refused crawler there.")
}
