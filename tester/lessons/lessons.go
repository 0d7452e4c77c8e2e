// Package lessons reads, checks and writes the app's lessons: a lesson is a
// folder (or a .zip of one) with lesson.json, an example robots.txt and its
// text in every language. Questions ask what an engine answers on the
// example; exercises carry expectations that a student's file must meet,
// checked by the same code as a test set's expectations. Verify proves that
// a lesson never teaches something the engines contradict.
package lessons

import (
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/testset"
)

// FormatVersion is the lesson.json format this package reads and writes.
const FormatVersion = 1

// Languages every lesson is written in; the first is the fallback.
var Languages = []string{"en", "ru", "pl"}

// Text is a short text in several languages: language code → text.
type Text map[string]string

// In returns the text in lang, or the English one when lang has none.
func (t Text) In(lang string) string {
	if s := t[lang]; s != "" {
		return s
	}
	return t["en"]
}

// Source is a public source the lesson rests on.
type Source struct {
	Title string `json:"title"`
	URL   string `json:"url,omitempty"`
}

// Answers a question may state.
const (
	Allowed = "allowed"
	Blocked = "blocked"
)

// Question asks what Engine answers for Crawler fetching Path on the
// lesson's example. Answer is "allowed" or "blocked".
//
// A question may instead ask for a prediction under each of several
// readings: Answers maps engine IDs to "allowed" or "blocked" (and Engine
// and Answer stay empty). The student answers every reading before anything
// is revealed, and the question counts as right only when every answer is.
type Question struct {
	Crawler string            `json:"crawler"`
	Path    string            `json:"path"`
	Engine  string            `json:"engine,omitempty"`
	Answer  string            `json:"answer,omitempty"`
	Answers map[string]string `json:"answers,omitempty"`
	Ask     Text              `json:"ask,omitempty"` // optional: the UI has a default question
	Why     Text              `json:"why"`
}

// PerReading reports whether the question asks for an answer under each of
// several readings ("answers") rather than under one ("engine", "answer").
func (q Question) PerReading() bool { return len(q.Answers) > 0 }

// Asked are the engines the question asks about, in the order the student
// answers them: Engine alone, or the engines of Answers in the order of the
// lesson's readings, then in the order of the engines' list.
func (l *Lesson) Asked(q Question) []string {
	if !q.PerReading() {
		return []string{q.Engine}
	}
	var ids []string
	for _, id := range append(append([]string(nil), l.Readings...), engine.IDs()...) {
		if _, ok := q.Answers[id]; ok && !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	// Unknown engines last, sorted, so that nothing the lesson states is lost.
	var rest []string
	for id := range q.Answers {
		if !slices.Contains(ids, id) {
			rest = append(rest, id)
		}
	}
	sort.Strings(rest)
	return append(ids, rest...)
}

// Expected is the answer the question states for the engine id ("" when it
// asks nothing about that engine).
func (q Question) Expected(id string) string {
	if q.PerReading() {
		return q.Answers[id]
	}
	if id == q.Engine {
		return q.Answer
	}
	return ""
}

// Check is one expectation of an exercise with the hint shown while it fails.
type Check struct {
	testset.Expectation
	Hint Text `json:"hint"`
}

// Exercise is a task checked live: the student edits Start until every
// expectation passes; Solution is a model answer.
type Exercise struct {
	Task     Text    `json:"task"`
	Start    string  `json:"start"`
	Solution string  `json:"solution"`
	Expect   []Check `json:"expect"`
}

// Lesson is one lesson as read from its folder.
type Lesson struct {
	Format    int        `json:"format"`
	ID        string     `json:"id"`
	Order     int        `json:"order"`
	Title     Text       `json:"title"`
	Summary   Text       `json:"summary"`
	Example   string     `json:"example"`
	Readings  []string   `json:"readings"`
	Sources   []Source   `json:"sources"`
	Questions []Question `json:"questions"`
	Exercises []Exercise `json:"exercises"`

	Robots []byte `json:"-"` // the example file's bytes
	// Translated is the example in another language (example.LL.robots.txt
	// beside example.robots.txt): the same lines, only comments translated.
	Translated map[string][]byte `json:"-"`
	Body       map[string]string `json:"-"` // language → Markdown (text.LL.md)
	Origin     string            `json:"-"` // "" for a built-in lesson, else the folder or zip it was opened from
	Dir        string            `json:"-"` // the lesson folder's name ("01-what-it-is")
}

// Name is how messages name the lesson: its folder's name, else its id.
func (l *Lesson) Name() string {
	if l.Dir != "" {
		return l.Dir
	}
	return l.ID
}

// Expectations returns the exercise's expectations as a test set, in order.
func (ex Exercise) Expectations() *testset.Set {
	s := testset.New()
	for _, c := range ex.Expect {
		s.Expect = append(s.Expect, c.Expectation)
	}
	return s
}

var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// sortLessons orders lessons by Order, then folder name.
func sortLessons(ls []*Lesson) {
	sort.SliceStable(ls, func(i, j int) bool {
		if ls[i].Order != ls[j].Order {
			return ls[i].Order < ls[j].Order
		}
		return ls[i].Name() < ls[j].Name()
	})
}

var (
	msgAskDefault     = msg.Def("lessons.ask.default", "{{.Crawler}} asks for {{.Path}} under the reading “{{.Engine}}”: allowed or blocked?")
	msgAskDefaultEach = msg.Def("lessons.ask.default_each", "{{.Crawler}} asks for {{.Path}}: allowed or blocked under each reading?")
)

// AskText is the question as the student sees it in lang: the lesson's own
// wording, else a sentence made from the crawler, the path and the engine's
// name (in the app's language).
func (q Question) AskText(lang string) string {
	if s := q.Ask.In(lang); s != "" {
		return s
	}
	if q.PerReading() {
		return msg.New(msgAskDefaultEach, "Crawler", q.Crawler, "Path", q.Path).String()
	}
	return msg.New(msgAskDefault, "Crawler", q.Crawler, "Path", q.Path, "Engine", engine.NameOf(q.Engine)).String()
}

// RobotsIn is the example as a reader of lang sees it: its translation when
// the lesson has one (only the comments differ, so every line number and
// verdict is the example's), else the example.
func (l *Lesson) RobotsIn(lang string) []byte {
	if b, ok := l.Translated[lang]; ok {
		return b
	}
	return l.Robots
}

// TranslatedName is the file of the example in lang: "example.robots.txt"
// gives "example.ru.robots.txt".
func TranslatedName(example, lang string) string {
	if i := strings.IndexByte(example, '.'); i > 0 {
		return example[:i] + "." + lang + example[i:]
	}
	return example + "." + lang
}
