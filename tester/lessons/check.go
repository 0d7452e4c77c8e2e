package lessons

import (
	"fmt"
	"strings"
	"time"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
	"github.com/robots-studio/robots-studio/tester/testset"
)

// QueryLimit bounds one query (the temoto library's regular expressions can
// be slow on a hostile path in a teacher's lesson).
const QueryLimit = 5 * time.Second

// Ask returns the verdict of q's engine for q's crawler and path on the
// lesson's example, asked exactly as the tester asks a test set's rows. For
// a question asked under each of several readings it is the verdict of the
// first (see Asked).
func (l *Lesson) Ask(q Question) engine.Verdict {
	return l.AskUnder(q, l.Asked(q)[0])
}

// AskUnder returns the verdict of the engine id for q's crawler and path on
// the lesson's example.
func (l *Lesson) AskUnder(q Question, id string) engine.Verdict {
	return ask(l.Robots, q.Crawler, q.Path, id)
}

func ask(robots []byte, crawler, path, engineID string) engine.Verdict {
	doc := syntax.Parse(robots)
	s := testset.New()
	s.Expect = []testset.Expectation{{Crawler: crawler, Path: path, Engine: engineID}}
	r := testset.EvaluateFor(func(string) *syntax.Document { return doc }, s, nil, QueryLimit)[0]
	if r.Err != nil {
		return engine.Verdict{Engine: engineID, Agent: crawler, URL: path, Reason: engine.ReasonFileError,
			Error: msg.New(msgUnknownEngine, "Where", msg.New(whereQuestion, "N", 0), "Engine", fmt.Sprintf("%q", engineID), "Known", strings.Join(engine.IDs(), ", "))}
	}
	return r.Verdict
}

// CheckExercise checks text against every expectation of ex, in order: the
// results mean exactly what a test set's results mean in the tester.
func CheckExercise(ex Exercise, text []byte) []testset.Result {
	doc := syntax.Parse(text)
	return testset.EvaluateFor(func(string) *syntax.Document { return doc }, ex.Expectations(), nil, QueryLimit)
}

// Problem is one claim of a lesson that does not hold, or a part it lacks:
// a diag.Diagnostic (an error about the lesson as a whole, its Message
// what is wrong, with what the engine says) and where in the lesson.
type Problem struct {
	diag.Diagnostic
	Lesson string   // the lesson's folder name (else its id)
	Where  msg.Text // "question 3", "exercise 1", "text.ru.md"…
}

// Problem codes, stable for tests and scripts.
const (
	CodeFormat            = "format"             // the lesson's file breaks the format
	CodeMissingText       = "missing-text"       // a text is missing in a language
	CodeMissingBody       = "missing-body"       // text.LL.md is missing or empty
	CodeNoReadings        = "no-readings"        // no readings to compare
	CodeEmpty             = "empty"              // a field that must be written is empty
	CodeTranslatedExample = "translated-example" // a translated example changes a rule
	CodeSourceTitle       = "source-title"       // a source without a title
	CodeAnswer            = "answer"             // a question's answer is not what the engine says
	CodeSolutionFails     = "solution-fails"     // the model solution fails its exercise
	CodeStartPasses       = "start-passes"       // the start text already passes
	CodeNoExpectations    = "no-expectations"    // an exercise with nothing to check
	CodeDuplicateID       = "duplicate-id"       // two lessons share an id
)

func newProblem(lesson, code string, where, text msg.Text) Problem {
	return Problem{Diagnostic: diag.Diagnostic{Code: code, Severity: diag.Error, Span: diag.NoSpan, Message: text},
		Lesson: lesson, Where: where}
}

// String is the line `lessons --check` prints.
func (p Problem) String() string {
	if p.Where.IsZero() {
		return msg.New(msgProblemNoWhere, "Lesson", p.Lesson, "Text", p.Message).String()
	}
	return msg.New(msgProblem, "Lesson", p.Lesson, "Where", p.Where, "Text", p.Message).String()
}

var (
	msgProblem        = msg.Def("lessons.problem", "lesson {{.Lesson}}: {{.Where}}: {{.Text}}")
	msgProblemNoWhere = msg.Def("lessons.problem_lesson", "lesson {{.Lesson}}: {{.Text}}")
	msgSays           = msg.Def("lessons.check.says", "says {{.Answer}}, {{.Engine}} answers {{.Got}} ({{.Because}})")
	msgByLine         = msg.Def("lessons.check.by_line", "line {{.Line}} \"{{.Rule}}\"")
	msgSolutionFails  = msg.Def("lessons.check.solution_fails", "the model solution fails: {{.Crawler}} {{.Path}} under {{.Engine}} should be {{.Want}}, the engine answers {{.Got}} ({{.Because}})")
	msgStartPasses    = msg.Def("lessons.check.start_passes", "the start text already passes every expectation: there is nothing to do")
	msgNoExpect       = msg.Def("lessons.check.no_expect", "the exercise has no expectations, so it cannot be checked")
	msgMissingLang    = msg.Def("lessons.check.missing_lang", "no {{.Lang}} text for {{.What}}")
	msgMissingBody    = msg.Def("lessons.check.missing_body", "{{.File}} is missing or empty")
	msgDuplicateID    = msg.Def("lessons.check.duplicate_id", "the id {{.ID}} is also the id of lesson {{.Other}}")
	msgEmptyField     = msg.Def("lessons.check.empty", "{{.What}} is empty")
	msgTimedOut       = msg.Def("lessons.check.timeout", "{{.Engine}} took too long to answer")
	msgNoReadings     = msg.Def("lessons.check.no_readings", "the lesson names no readings to compare")
	msgNoSourceTitle  = msg.Def("lessons.check.source_title", "source {{.N}} has no title")
	whereExercise     = msg.Def("lessons.where.exercise", "exercise {{.N}}")
	whereHint         = msg.Def("lessons.where.hint", "exercise {{.N}}, hint {{.M}}")
	whereSource       = msg.Def("lessons.where.source", "sources")
	fieldTitle        = msg.Def("lessons.field.title", "the title")
	fieldSummary      = msg.Def("lessons.field.summary", "the summary")
	fieldAsk          = msg.Def("lessons.field.ask", "the question")
	fieldWhy          = msg.Def("lessons.field.why", "the explanation (why)")
	fieldTask         = msg.Def("lessons.field.task", "the task")
	fieldHint         = msg.Def("lessons.field.hint", "the hint")
	fieldCrawler      = msg.Def("lessons.field.crawler", "the crawler")
	fieldExample      = msg.Def("lessons.field.example", "the example robots.txt")
	fieldSolution     = msg.Def("lessons.field.solution", "the model solution")
)

// because says what a verdict rests on: the deciding line, else the
// engine's own sentence.
func because(v engine.Verdict) msg.Text {
	if v.TimedOut() {
		return msg.New(msgTimedOut, "Engine", v.Engine)
	}
	if v.Rule != nil {
		return msg.New(msgByLine, "Line", v.Rule.Line, "Rule", v.Rule.Text)
	}
	return v.Explain()
}

func word(allowed bool) string {
	if allowed {
		return Allowed
	}
	return Blocked
}

// Verify checks every claim of the lesson: each question's answer is what
// its engine says on the example, each model solution passes its exercise
// and each start text fails it, and every text exists in every language.
// An empty result means the lesson may be taught.
func Verify(l *Lesson) []Problem {
	var out []Problem
	add := func(code string, where, text msg.Text) {
		out = append(out, newProblem(l.Name(), code, where, text))
	}
	none := msg.Text{}
	// The format, id and engines are checked when a lesson is read; a
	// lesson built in memory is checked here too.
	if _, t := decodeChecks(l); !t.IsZero() {
		add(CodeFormat, none, t)
	}
	langs := func(where msg.Text, what string, t Text) {
		for _, lang := range Languages {
			if strings.TrimSpace(t[lang]) == "" {
				add(CodeMissingText, where, msg.New(msgMissingLang, "Lang", lang, "What", msg.New(what)))
			}
		}
	}
	langs(none, fieldTitle, l.Title)
	langs(none, fieldSummary, l.Summary)
	for _, lang := range Languages {
		if strings.TrimSpace(l.Body[lang]) == "" {
			add(CodeMissingBody, none, msg.New(msgMissingBody, "File", bodyFile(lang)))
		}
	}
	if len(l.Readings) == 0 {
		add(CodeNoReadings, none, msg.New(msgNoReadings))
	}
	if len(strings.TrimSpace(string(l.Robots))) == 0 {
		add(CodeEmpty, none, msg.New(msgEmptyField, "What", msg.New(fieldExample)))
	}
	for _, lang := range Languages {
		if b, ok := l.Translated[lang]; ok {
			if line := differentRule(l.Robots, b); line > 0 {
				add(CodeTranslatedExample, none, msg.New(msgTranslatedExample, "File", TranslatedName(l.Example, lang), "Line", line))
			}
		}
	}
	for i, s := range l.Sources {
		if strings.TrimSpace(s.Title) == "" {
			add(CodeSourceTitle, msg.New(whereSource), msg.New(msgNoSourceTitle, "N", i+1))
		}
	}
	for i, q := range l.Questions {
		where := msg.New(whereQuestion, "N", i+1)
		if len(q.Ask) > 0 {
			langs(where, fieldAsk, q.Ask)
		}
		langs(where, fieldWhy, q.Why)
		if strings.TrimSpace(q.Crawler) == "" {
			add(CodeEmpty, where, msg.New(msgEmptyField, "What", msg.New(fieldCrawler)))
			continue
		}
		if err := questionForm(q, i); !err.IsZero() {
			continue // reported above
		}
		for _, id := range l.Asked(q) {
			if _, ok := engine.Get(id); !ok {
				continue // reported above
			}
			v := l.AskUnder(q, id)
			if got, want := word(v.Allowed), q.Expected(id); got != want || v.TimedOut() {
				add(CodeAnswer, where, msg.New(msgSays, "Answer", want, "Engine", id, "Got", got, "Because", because(v)))
			}
		}
	}
	for i, ex := range l.Exercises {
		where := msg.New(whereExercise, "N", i+1)
		langs(where, fieldTask, ex.Task)
		if strings.TrimSpace(ex.Solution) == "" {
			add(CodeEmpty, where, msg.New(msgEmptyField, "What", msg.New(fieldSolution)))
		}
		if len(ex.Expect) == 0 {
			add(CodeNoExpectations, where, msg.New(msgNoExpect))
			continue
		}
		for j, c := range ex.Expect {
			langs(msg.New(whereHint, "N", i+1, "M", j+1), fieldHint, c.Hint)
		}
		for _, r := range CheckExercise(ex, []byte(ex.Solution)) {
			if r.Err != nil || r.Pass {
				continue // an unknown engine is reported above
			}
			add(CodeSolutionFails, where, msg.New(msgSolutionFails, "Crawler", r.Crawler, "Path", r.Path, "Engine", r.Engine,
				"Want", word(r.Allowed), "Got", word(r.Verdict.Allowed), "Because", because(r.Verdict)))
		}
		if testset.Failed(CheckExercise(ex, []byte(ex.Start))) == 0 {
			add(CodeStartPasses, where, msg.New(msgStartPasses))
		}
	}
	return out
}

// decodeChecks repeats the checks decode makes on a lesson read from disk.
func decodeChecks(l *Lesson) (*Lesson, msg.Text) {
	data, err := l.Marshal()
	if err != nil {
		return nil, msg.New(msgBadJSONField, "Err", err.Error())
	}
	return decode(data)
}

// VerifyAll verifies every lesson and that no two share an id.
func VerifyAll(ls []*Lesson) []Problem {
	var out []Problem
	seen := map[string]string{}
	for _, l := range ls {
		out = append(out, Verify(l)...)
		if other, dup := seen[l.ID]; dup {
			out = append(out, newProblem(l.Name(), CodeDuplicateID, msg.Text{}, msg.New(msgDuplicateID, "ID", l.ID, "Other", other)))
		} else {
			seen[l.ID] = l.Name()
		}
	}
	return out
}

var msgTranslatedExample = msg.Def("lessons.check.translated_example", "{{.File}} differs from the example at line {{.Line}}: a translation may change only comments, so that every answer and line number stays the example's")

// differentRule is the first line (1-based) where b differs from the
// example other than in a comment, or 0 when they have the same lines with
// the same rules.
func differentRule(example, b []byte) int {
	a, c := lines(example), lines(b)
	for i := 0; i < len(a) || i < len(c); i++ {
		if i >= len(a) || i >= len(c) || uncommented(a[i]) != uncommented(c[i]) {
			return i + 1
		}
	}
	return 0
}

// lines splits at any line ending, as robots.txt parsers do.
func lines(b []byte) []string {
	s := strings.ReplaceAll(strings.ReplaceAll(string(b), "\r\n", "\n"), "\r", "\n")
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// uncommented is a line without its comment and trailing blanks.
func uncommented(line string) string {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	return strings.TrimRight(line, " \t")
}
