package aipref

import (
	"strings"
	"sync"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// Line is one Content-Signal or Content-Usage line of a file.
type Line struct {
	N      int         // 1-based line number
	Kind   syntax.Kind // syntax.ContentSignal or syntax.ContentUsage
	Signal Signal      // when Kind is ContentSignal
	Usage  Usage       // when Kind is ContentUsage
	Group  int         // index into File.Groups; -1 outside every group
}

// File is every preference line of a document with the groups they sit in.
type File struct {
	Lines  []Line
	Groups [][]int // each group's User-agent line numbers, as the default engine groups them

	doc *syntax.Document
	mu  sync.Mutex
	by  map[string]*syntax.Grouping // each engine's groups, by engine id, made on first use
}

// Read finds the preference lines of doc and places them in the default
// engine's groups (Document.Groups with its GroupRule: for Google, a
// User-agent line after an Allow or Disallow starts a new group; blank lines
// and other fields do not end one).
func Read(doc *syntax.Document) *File {
	f := &File{doc: doc, by: map[string]*syntax.Grouping{}}
	gr := f.groupsOf(engine.Default)
	for _, g := range gr.Groups {
		ua := make([]int, len(g.Agents))
		for i, n := range g.Agents {
			ua[i] = int(n)
		}
		f.Groups = append(f.Groups, ua)
	}
	for i := range doc.Lines {
		n := i + 1
		switch k := doc.Lines[i].Kind; k {
		case syntax.ContentSignal:
			f.Lines = append(f.Lines, Line{N: n, Kind: k, Signal: ParseSignal(doc.Value(n)), Group: gr.Of(n)})
		case syntax.ContentUsage:
			f.Lines = append(f.Lines, Line{N: n, Kind: k, Usage: ParseUsage(doc.Value(n)), Group: gr.Of(n)})
		}
	}
	return f
}

// groupsOf is engine id's groups of the document (the default engine's
// for an id no engine has).
func (f *File) groupsOf(id string) *syntax.Grouping {
	f.mu.Lock()
	defer f.mu.Unlock()
	if gr, ok := f.by[id]; ok {
		return gr
	}
	gr := f.doc.Groups(engine.GetOrDefault(id).GroupRule())
	f.by[id] = gr
	return gr
}

// Answer is one preference in force: Use is "search", "ai-input" or
// "ai-train" (Content-Usage's train-ai counts as ai-train).
type Answer struct {
	Use  string
	Yes  bool
	Line int
}

// InForce returns the preferences that apply to the crawler of verdict v
// for its path: the Content-Signal lines of the groups its engine reached
// (v.Group.Lines, grouped as v.Engine groups the file), and their
// Content-Usage line with the longest matching path. Where two lines
// disagree, "no" wins, as the vocabulary draft combines preferences. The
// result is ordered search, ai-input, ai-train.
func (f *File) InForce(v *engine.Verdict) []Answer {
	if len(f.Lines) == 0 || v.Group == nil || len(v.Group.Lines) == 0 {
		return nil
	}
	gr := f.groupsOf(v.Engine)
	inGroup := map[int]bool{}
	for _, n := range v.Group.Lines {
		if gi := gr.Of(n); gi >= 0 {
			inGroup[gi] = true
		}
	}
	path := v.Path
	found := map[string]*Answer{}
	put := func(use string, yes bool, line int) {
		if a, ok := found[use]; ok {
			if a.Yes && !yes {
				a.Yes, a.Line = false, line
			}
			return
		}
		found[use] = &Answer{Use: use, Yes: yes, Line: line}
	}
	best := -1
	var usage []Line
	for _, l := range f.Lines {
		if !inGroup[gr.Of(l.N)] {
			continue
		}
		switch l.Kind {
		case syntax.ContentSignal:
			for _, p := range l.Signal.Prefs {
				if p.Set && contains(SignalKeys, strings.ToLower(p.Key)) {
					put(strings.ToLower(p.Key), p.Yes, l.N)
				}
			}
		case syntax.ContentUsage:
			if l.Usage.Path != "" && !engine.MatchPattern(l.Usage.Path, path) {
				continue
			}
			switch n := len(l.Usage.Path); {
			case n > best:
				best, usage = n, []Line{l}
			case n == best:
				usage = append(usage, l)
			}
		}
	}
	for _, l := range usage {
		for _, p := range l.Usage.Prefs {
			switch {
			case !p.Set:
			case p.Key == UsageTrainAI:
				put(SignalAITrain, p.Yes, l.N)
			case p.Key == UsageSearch:
				put(SignalSearch, p.Yes, l.N)
			}
		}
	}
	var out []Answer
	for _, use := range SignalKeys {
		if a, ok := found[use]; ok {
			out = append(out, *a)
		}
	}
	return out
}

// Uses are the uses a crawler of purpose p is about: what its verdict row
// reports from the preferences in force.
func Uses(p catalogue.Purpose) []string {
	switch p {
	case catalogue.Search:
		return []string{SignalSearch}
	case catalogue.AITraining:
		return []string{SignalAITrain}
	case catalogue.AISearch:
		return []string{SignalSearch, SignalAIInput}
	case catalogue.AIAssistant:
		return []string{SignalAIInput}
	case catalogue.AIData:
		return []string{SignalAIInput, SignalAITrain}
	}
	return nil
}

var (
	msgUseSearch  = msg.Def("aipref.use.search", "search")
	msgUseAIInput = msg.Def("aipref.use.ai-input", "AI input")
	msgUseAITrain = msg.Def("aipref.use.ai-train", "AI training")
	msgAsksNo     = msg.Def("aipref.asks.no", "asks: no {{.Use}} (line {{.Line}})")
	msgAsksYes    = msg.Def("aipref.asks.yes", "allows {{.Use}} (line {{.Line}})")
)

// UseName is the translatable name of a use.
func UseName(use string) msg.Text {
	switch use {
	case SignalSearch:
		return msg.New(msgUseSearch)
	case SignalAIInput:
		return msg.New(msgUseAIInput)
	}
	return msg.New(msgUseAITrain)
}

// Asks describes the answers that matter to a crawler of purpose p, e.g.
// "asks: no AI training (line 4)". It is empty when the file says nothing
// about those uses.
func Asks(p catalogue.Purpose, answers []Answer) []msg.Text {
	var out []msg.Text
	for _, use := range Uses(p) {
		for _, a := range answers {
			if a.Use != use {
				continue
			}
			key := msgAsksYes
			if !a.Yes {
				key = msgAsksNo
			}
			out = append(out, msg.New(key, "Use", UseName(use), "Line", a.Line))
		}
	}
	return out
}
