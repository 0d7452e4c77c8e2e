package lessons

import (
	"archive/zip"
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/testenv"
	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/testset"
)

// writeLesson makes a lesson folder from name → content.
func writeLesson(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "09-test")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const goodJSON = `{
  "format": 1,
  "id": "test",
  "order": 9,
  "title": {"en": "T", "ru": "Т", "pl": "T"},
  "summary": {"en": "S", "ru": "С", "pl": "S"},
  "example": "example.robots.txt",
  "readings": ["original1994", "google"],
  "sources": [{"title": "RFC 9309", "url": "https://www.rfc-editor.org/rfc/rfc9309"}],
  "questions": [
    {"crawler": "Googlebot", "path": "/tmp/a", "engine": "google", "answer": "blocked",
     "why": {"en": "w", "ru": "w", "pl": "w"}},
    {"crawler": "Lycos", "path": "/tmp/a", "engine": "original1994", "answer": "allowed",
     "ask": {"en": "a", "ru": "a", "pl": "a"}, "why": {"en": "w", "ru": "w", "pl": "w"}}
  ],
  "exercises": [
    {"task": {"en": "t", "ru": "t", "pl": "t"},
     "start": "User-agent: *\n",
     "solution": "User-agent: *\nDisallow: /tmp/\n",
     "expect": [{"crawler": "Googlebot", "path": "/tmp/a", "engine": "google", "allowed": false,
                 "hint": {"en": "h", "ru": "h", "pl": "h"}}]}
  ]
}
`

func goodFiles() map[string]string {
	return map[string]string{
		"lesson.json":        goodJSON,
		"example.robots.txt": "User-agent: Lycos\nDisallow:\n\nUser-agent: *\nDisallow: /tmp/\n",
		"text.en.md":         "# T\n",
		"text.ru.md":         "# Т\n",
		"text.pl.md":         "# T\n",
	}
}

func TestOpenFolderReadsEverything(t *testing.T) {
	dir := writeLesson(t, goodFiles())
	l, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if l.ID != "test" || l.Dir != "09-test" || l.Origin != dir || len(l.Questions) != 2 || len(l.Exercises) != 1 ||
		l.Body["ru"] != "# Т\n" || !strings.HasPrefix(string(l.Robots), "User-agent: Lycos") {
		t.Errorf("read %+v", l)
	}
	if p := Verify(l); len(p) != 0 {
		t.Errorf("a correct lesson has problems: %v", p)
	}
}

// TestOpenErrors: each way a lesson folder can be broken gives one line that
// names the cause (and the place in lesson.json when there is one).
func TestOpenErrors(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	for _, c := range []struct {
		rule  string
		edit  func(map[string]string)
		wants []string
	}{
		{"lesson.json is required", func(f map[string]string) { delete(f, "lesson.json") }, []string{"no lesson.json here"}},
		{"bad JSON says line and column", func(f map[string]string) {
			f["lesson.json"] = strings.Replace(goodJSON, `"order": 9,`, `"order": 9`, 1)
		}, []string{"line 5, column 3"}},
		{"a wrong type says line and column", func(f map[string]string) {
			f["lesson.json"] = strings.Replace(goodJSON, `"order": 9,`, `"order": "9",`, 1)
		}, []string{"line 4, column", "order must be int"}},
		{"unknown fields are refused", func(f map[string]string) {
			f["lesson.json"] = strings.Replace(goodJSON, `"order": 9,`, `"order": 9, "ordre": 1,`, 1)
		}, []string{`unknown field "ordre"`}},
		{"a newer format is refused", func(f map[string]string) {
			f["lesson.json"] = strings.Replace(goodJSON, `"format": 1`, `"format": 2`, 1)
		}, []string{"format 2", "reads format 1"}},
		{"an unknown engine is named", func(f map[string]string) {
			f["lesson.json"] = strings.Replace(goodJSON, `"engine": "original1994"`, `"engine": "altavista"`, 1)
		}, []string{`question 2: unknown engine "altavista"`, "lycos1996"}},
		{"the example must exist", func(f map[string]string) { delete(f, "example.robots.txt") }, []string{"example.robots.txt is missing"}},
		{"the example must stay in the folder", func(f map[string]string) {
			f["lesson.json"] = strings.Replace(goodJSON, `"example.robots.txt"`, `"../x.txt"`, 1)
		}, []string{"must be a file name in the lesson's folder"}},
		{"answers are allowed or blocked", func(f map[string]string) {
			f["lesson.json"] = strings.Replace(goodJSON, `"answer": "blocked"`, `"answer": "yes"`, 1)
		}, []string{`question 1: "answer" must be`}},
		{"ids are lower-case", func(f map[string]string) {
			f["lesson.json"] = strings.Replace(goodJSON, `"id": "test"`, `"id": "Test 1"`, 1)
		}, []string{`"Test 1"`}},
		{"files are small", func(f map[string]string) { f["text.en.md"] = strings.Repeat("x", MaxFileSize+1) }, []string{"text.en.md is larger than"}},
		{"texts are UTF-8", func(f map[string]string) { f["text.pl.md"] = "\xff\xfe" }, []string{"text.pl.md is not UTF-8"}},
	} {
		t.Run(c.rule, func(t *testing.T) {
			files := goodFiles()
			c.edit(files)
			_, err := Open(writeLesson(t, files))
			if err == nil {
				t.Fatal("no error")
			}
			s := err.Error()
			if strings.Contains(s, "\n") {
				t.Errorf("error has several lines: %q", s)
			}
			for _, w := range c.wants {
				if !strings.Contains(s, w) {
					t.Errorf("error %q does not say %q", s, w)
				}
			}
		})
	}
	if _, err := Open(filepath.Join(t.TempDir(), "nothing")); err == nil || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing path: %v", err)
	}
}

// TestExportOpensBackIdentically: Export then Open gives the same lesson.
func TestExportOpensBackIdentically(t *testing.T) {
	l, err := Open(writeLesson(t, goodFiles()))
	if err != nil {
		t.Fatal(err)
	}
	zipPath := filepath.Join(t.TempDir(), "shared.zip")
	if err := Export(l, zipPath); err != nil {
		t.Fatal(err)
	}
	back, err := Open(zipPath)
	if err != nil {
		t.Fatal(err)
	}
	if back.Origin != zipPath {
		t.Errorf("origin %q", back.Origin)
	}
	back.Origin, l.Origin = "", ""
	if !reflect.DeepEqual(l, back) {
		t.Errorf("exported and read back:\n%+v\nwant\n%+v", back, l)
	}
	// the same lesson always exports to the same bytes
	a, _ := l.Zip()
	b, _ := back.Zip()
	if !bytes.Equal(a, b) {
		t.Error("export is not stable")
	}
}

func writeZip(t *testing.T, files map[string]string) string {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for name, data := range files {
		w, _ := zw.Create(name)
		w.Write([]byte(data))
	}
	zw.Close()
	p := filepath.Join(t.TempDir(), "l.zip")
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestOpenZipLimitsAndLayout(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	flat := map[string]string{}
	for k, v := range goodFiles() {
		flat[k] = v
	}
	if l, err := Open(writeZip(t, flat)); err != nil || l.ID != "test" {
		t.Errorf("lesson.json at the top of the zip: %v", err)
	}
	many := map[string]string{}
	for i := 0; i <= MaxZipFiles; i++ {
		many[filepath.Join("d", strings.Repeat("x", i+1))] = ""
	}
	if _, err := Open(writeZip(t, many)); err == nil || !strings.Contains(err.Error(), "more than 64 files") {
		t.Errorf("too many files: %v", err)
	}
	two := map[string]string{"a/lesson.json": goodJSON, "b/lesson.json": goodJSON}
	if _, err := Open(writeZip(t, two)); err == nil || !strings.Contains(err.Error(), "one lesson folder") {
		t.Errorf("two folders: %v", err)
	}
	// a small zip that inflates to more than the limit
	bomb := map[string]string{"lesson.json": strings.Repeat(" ", MaxFileSize+10)}
	if _, err := Open(writeZip(t, bomb)); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("zip bomb: %v", err)
	}
	junk := filepath.Join(t.TempDir(), "junk.zip")
	os.WriteFile(junk, []byte("not a zip"), 0o644)
	if _, err := Open(junk); err == nil || !strings.Contains(err.Error(), "not a readable .zip") {
		t.Errorf("junk: %v", err)
	}
}

// TestVerifyCatchesWrongClaims: the check can fail — a wrong answer, a
// solution that fails, a start that already passes and a missing language
// are each reported, naming what the engine says.
func TestVerifyCatchesWrongClaims(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	l, err := Open(writeLesson(t, goodFiles()))
	if err != nil {
		t.Fatal(err)
	}
	l.Questions[0].Answer = Allowed
	l.Exercises[0].Solution = "User-agent: *\nDisallow: /tm/\nAllow: /tmp/\n"
	l.Exercises[0].Start = "User-agent: *\nDisallow: /\n"
	delete(l.Title, "pl")
	delete(l.Body, "ru")
	var got, codes []string
	problems := Verify(l)
	for _, p := range problems {
		got = append(got, p.String())
		codes = append(codes, p.Code)
	}
	if want := []string{CodeMissingText, CodeMissingBody, CodeAnswer, CodeSolutionFails, CodeStartPasses}; !slices.Equal(codes, want) {
		t.Errorf("codes %v, want %v", codes, want)
	}
	if !diag.List[Problem](problems).HasError() {
		t.Error("a lesson's problems are errors: it must not be taught")
	}
	want := []string{
		"lesson 09-test: no pl text for the title",
		"lesson 09-test: text.ru.md is missing or empty",
		`lesson 09-test: question 1: says allowed, google answers blocked (line 5 "Disallow: /tmp/")`,
		`lesson 09-test: exercise 1: the model solution fails: Googlebot /tmp/a under google should be blocked, the engine answers allowed (line 3 "Allow: /tmp/")`,
		"lesson 09-test: exercise 1: the start text already passes every expectation: there is nothing to do",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	dup := *l
	if ps := VerifyAll([]*Lesson{l, &dup}); !strings.Contains(ps[len(ps)-1].String(), "is also the id of lesson 09-test") {
		t.Errorf("duplicate ids not reported: %v", ps[len(ps)-1])
	}
}

// TestCheckExerciseMeansTheTestersExpectations: an exercise's expectation
// under lycos1996 reads the file as the Lycos revision does (example 1 of
// the revision: only Lycos may index, not /tmp/).
func TestCheckExerciseMeansTheTestersExpectations(t *testing.T) {
	ex := Exercise{Expect: []Check{
		{Expectation: expect("Lycos", "/index.html", "lycos1996", true)},
		{Expectation: expect("Lycos", "/tmp/x", "lycos1996", false)},
		{Expectation: expect("WebCrawler", "/index.html", "lycos1996", false)},
	}}
	text := []byte("User-Agent: *\nDisallow: /\n\nUser-Agent: Lycos\nDisallow: /cgi-bin/ /tmp/\n")
	for i, r := range CheckExercise(ex, text) {
		if !r.Pass {
			t.Errorf("expectation %d fails: %+v", i+1, r.Verdict)
		}
	}
	if rs := CheckExercise(ex, []byte("")); rs[2].Pass {
		t.Error("an empty file keeps WebCrawler out")
	}
}

// internalNote finds references to the project's own notes, which lessons
// must not cite.
var internalNote = regexp.MustCompile(`(?i)\bseeds?\b|SPEC §|\[[SUV]\]`)

// TestBuiltinLessonsPassTheirCheck: every lesson the app ships reads, names
// its sources, asks questions, has an exercise and passes Verify.
func TestBuiltinLessonsPassTheirCheck(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	ls, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) == 0 {
		t.Fatal("no built-in lessons")
	}
	for i, l := range ls {
		if i > 0 && ls[i-1].Order > l.Order {
			t.Errorf("not sorted by order: %s before %s", ls[i-1].Name(), l.Name())
		}
		if l.Origin != "" || len(l.Sources) == 0 || len(l.Questions) == 0 || len(l.Exercises) == 0 {
			t.Errorf("%s: origin %q, %d sources, %d questions, %d exercises", l.Name(), l.Origin, len(l.Sources), len(l.Questions), len(l.Exercises))
		}
		for lang, body := range l.Body {
			// a short read for a learner, not a stub and not a chapter
			if n := len(strings.Fields(body)); n < 200 || n > 700 {
				t.Errorf("%s: text.%s.md has %d words, want 200-700", l.Name(), lang, n)
			}
			if internalNote.MatchString(body) {
				t.Errorf("%s: text.%s.md cites internal notes (%q); cite public sources", l.Name(), lang, internalNote.FindString(body))
			}
		}
	}
	for _, p := range VerifyAll(ls) {
		t.Error(p)
	}
}

func expect(crawler, path, engineID string, allowed bool) testset.Expectation {
	return testset.Expectation{Crawler: crawler, Path: path, Engine: engineID, Allowed: allowed}
}

// TestOpenRefusesSpecialFiles: a named pipe or a folder in place of a
// lesson file is refused at once, never waited on.
func TestOpenRefusesSpecialFiles(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	files := goodFiles()
	delete(files, "text.ru.md")
	delete(files, "lesson.json")
	dir := writeLesson(t, files)
	testenv.Mkfifo(t, filepath.Join(dir, "lesson.json"))
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), "lesson.json is not a regular file") {
		t.Errorf("a pipe as lesson.json: %v", err)
	}
	os.Remove(filepath.Join(dir, "lesson.json"))
	os.WriteFile(filepath.Join(dir, "lesson.json"), []byte(goodJSON), 0o644)
	os.Mkdir(filepath.Join(dir, "text.ru.md"), 0o755)
	if _, err := Open(dir); err == nil || !strings.Contains(err.Error(), "text.ru.md is not a regular file") {
		t.Errorf("a folder as text.ru.md: %v", err)
	}
}

// TestAskTextDefaultsToASentence: a question without its own wording is
// asked with the crawler, the path and the engine's name.
func TestAskTextDefaultsToASentence(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	q := Question{Crawler: "Googlebot", Path: "/a", Engine: "google"}
	if got := q.AskText("ru"); got != "Googlebot asks for /a under the reading “Google”: allowed or blocked?" {
		t.Errorf("default question: %q", got)
	}
	q.Ask = Text{"en": "Own words?", "ru": "Своими словами?"}
	if q.AskText("ru") != "Своими словами?" || q.AskText("pl") != "Own words?" {
		t.Errorf("own wording: %q, %q (pl falls back to en)", q.AskText("ru"), q.AskText("pl"))
	}
}

// perReadingJSON is goodJSON with a third question asked under each of two
// readings: the 1994 standard knows no Allow, Google does.
func perReadingFiles(answers string) map[string]string {
	f := goodFiles()
	f["lesson.json"] = strings.Replace(goodJSON, `"questions": [`, `"questions": [
    {"crawler": "Googlebot", "path": "/tmp/ok.html", "answers": `+answers+`,
     "why": {"en": "w", "ru": "w", "pl": "w"}},`, 1)
	f["example.robots.txt"] = "User-agent: Lycos\nDisallow:\n\nUser-agent: *\nDisallow: /tmp/\nAllow: /tmp/ok.html\n"
	return f
}

// TestPerReadingQuestion: a question may state an answer under each of
// several readings; Verify proves each against its own engine and names the
// one that is wrong.
func TestPerReadingQuestion(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	l, err := Open(writeLesson(t, perReadingFiles(`{"google": "allowed", "original1994": "blocked"}`)))
	if err != nil {
		t.Fatal(err)
	}
	q := l.Questions[0]
	if !q.PerReading() || l.Questions[1].PerReading() {
		t.Fatal("the per-reading form is not recognised")
	}
	// In the order of the lesson's readings (original1994 first), not the map's.
	if got := l.Asked(q); !reflect.DeepEqual(got, []string{"original1994", "google"}) {
		t.Errorf("Asked = %v", got)
	}
	if got := q.AskText("en"); !strings.Contains(got, "under each reading") {
		t.Errorf("default question %q", got)
	}
	if p := Verify(l); len(p) != 0 {
		t.Errorf("a right per-reading question has problems: %v", p)
	}
	// The format-1 form round-trips unchanged, the new one too.
	data, _ := l.Marshal()
	back, msgText := decode(data)
	if !msgText.IsZero() || !reflect.DeepEqual(back.Questions, l.Questions) {
		t.Errorf("the lesson does not read back: %v", msgText)
	}
	if strings.Contains(string(data), `"engine": ""`) || strings.Contains(string(data), `"answer": ""`) {
		t.Error("a per-reading question is written with empty engine/answer")
	}

	wrong, err := Open(writeLesson(t, perReadingFiles(`{"google": "allowed", "original1994": "allowed"}`)))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range Verify(wrong) {
		got = append(got, p.String())
	}
	want := `lesson 09-test: question 1: says allowed, original1994 answers blocked (line 5 "Disallow: /tmp/")`
	if len(got) != 1 || got[0] != want {
		t.Errorf("problems %q, want only %q", got, want)
	}
}

// TestPerReadingQuestionErrors: one form or the other, known engines, and
// allowed or blocked for each.
func TestPerReadingQuestionErrors(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	for _, c := range []struct {
		rule  string
		files map[string]string
		want  string
	}{
		{"an unknown engine in answers is named", perReadingFiles(`{"google": "allowed", "altavista": "blocked"}`),
			`question 1: unknown engine "altavista"`},
		{"each answer is allowed or blocked", perReadingFiles(`{"google": "allowed", "original1994": "no"}`),
			`question 1: the answer for original1994 must be "allowed" or "blocked", not "no"`},
		{"not both forms", perReadingFiles(`{"google": "allowed"}, "engine": "google", "answer": "allowed"`),
			`question 1: give either "engine" and "answer" or "answers"`},
		{"not neither", func() map[string]string {
			f := goodFiles()
			f["lesson.json"] = strings.Replace(goodJSON, `"engine": "google", "answer": "blocked",`, ``, 1)
			return f
		}(), `question 1: no answer`},
	} {
		t.Run(c.rule, func(t *testing.T) {
			_, err := Open(writeLesson(t, c.files))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want %q", err, c.want)
			}
		})
	}
	// A lesson built in memory is checked by Verify the same way.
	l, err := Open(writeLesson(t, goodFiles()))
	if err != nil {
		t.Fatal(err)
	}
	l.Questions[0].Answers = map[string]string{"google": Blocked}
	if ps := Verify(l); len(ps) == 0 || !strings.Contains(ps[0].String(), "not both") {
		t.Errorf("Verify of a question with both forms: %v", ps)
	}
}

// TestTranslatedExample: example.LL.robots.txt beside the example is read,
// exported and opened back; a translation that changes a rule (not only a
// comment) fails the check, since answers and line numbers would no longer
// be the example's.
func TestTranslatedExample(t *testing.T) {
	ls, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	first := ls[0]
	for _, lang := range []string{"ru", "pl"} {
		if len(first.Translated[lang]) == 0 {
			t.Fatalf("lesson %s has no %s example", first.Name(), lang)
		}
		if string(first.RobotsIn(lang)) == string(first.Robots) {
			t.Errorf("the %s example is the English one", lang)
		}
	}
	if string(first.RobotsIn("de")) != string(first.Robots) {
		t.Error("a language without a translation does not get the example")
	}
	zip := filepath.Join(t.TempDir(), "l.zip")
	if err := Export(first, zip); err != nil {
		t.Fatal(err)
	}
	back, err := Open(zip)
	if err != nil {
		t.Fatal(err)
	}
	if string(back.Translated["pl"]) != string(first.Translated["pl"]) {
		t.Error("the translated example is lost in the export")
	}
	if p := Verify(first); len(p) != 0 {
		t.Fatalf("the built-in lesson fails: %v", p)
	}
	for _, c := range []struct {
		rule string
		ru   string
		line int
	}{
		{"a comment translated", "# другой комментарий\n", 0},
		{"a rule changed", "User-agent: *\nDisallow: /other/\n", 2},
		{"a line added", "User-agent: *\nDisallow: /private/\n\n", 3},
	} {
		ex := []byte("# a comment\n")
		if c.line != 0 {
			ex = []byte("User-agent: *\nDisallow: /private/\n")
		}
		if got := differentRule(ex, []byte(c.ru)); got != c.line {
			t.Errorf("%s: first different line %d, want %d", c.rule, got, c.line)
		}
	}
	broken := *first
	broken.Translated = map[string][]byte{"ru": append([]byte("Disallow: /\n"), first.Robots...)}
	if p := Verify(&broken); len(p) == 0 || !strings.Contains(p[0].String(), TranslatedName(first.Example, "ru")) {
		t.Errorf("a translation with another rule passes: %v", p)
	}
}
