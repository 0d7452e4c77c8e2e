//go:build !js

package cli

import (
	"bufio"
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/robots-studio/robots-studio/internal/i18n"
	"github.com/robots-studio/robots-studio/tester/lessons"
	"github.com/robots-studio/robots-studio/tester/msg"
)

const lessonsUsage = "[--check] [--lang LL] [--export ID FILE.zip] [DIR|ZIP ...]"

func init() {
	Register(Command{
		Name:    "lessons",
		Usage:   lessonsUsage,
		Summary: msg.Def("cli.lessons.summary", "list the lessons (built-in, or the given lesson folders and .zip files); --check proves every answer they teach against the engines; --export writes one as a .zip"),
		Run:     runLessons,
	})
}

var (
	msgLessonQuestions = msg.Def("cli.lessons.questions", "{{.Count}} questions")
	_                  = msg.One("cli.lessons.questions", "{{.Count}} question")
	msgLessonExercises = msg.Def("cli.lessons.exercises", "{{.Count}} exercises")
	_                  = msg.One("cli.lessons.exercises", "{{.Count}} exercise")
	msgLessonsChecked  = msg.Def("cli.lessons.checked", "{{.Count}} lessons checked: every answer they state is what the engines say")
	_                  = msg.One("cli.lessons.checked", "{{.Count}} lesson checked: every answer it states is what the engines say")
	msgLessonsProblems = msg.Def("cli.lessons.problems", "{{.Count}} problems: a lesson must not teach what the engines contradict")
	_                  = msg.One("cli.lessons.problems", "{{.Count}} problem: a lesson must not teach what the engines contradict")
	msgLessonExported  = msg.Def("cli.lessons.exported", "lesson {{.ID}} written to {{.File}}")
	msgLessonNotFound  = msg.Def("cli.lessons.not_found", "lessons: no lesson with the id {{.ID}} (robots-studio lessons lists them)")
	msgLessonBadLang   = msg.Def("cli.lessons.bad_lang", "lessons: --lang {{.Lang}}: the lessons are written in {{.Langs}}")
	msgLessonExportUse = msg.Def("cli.lessons.export_usage", "lessons: --export ID needs the .zip file to write (robots-studio lessons --export ID FILE.zip [DIR|ZIP ...])")
	msgLessonsNone     = msg.Def("cli.lessons.none", "lessons: no built-in lessons")
)

func runLessons(env *Env, args []string) int {
	fs := NewFlags(env, "lessons", lessonsUsage)
	check := fs.Bool("check", false, msg.Def("cli.lessons.flag_check", "verify every lesson: answers, model solutions, translations; exit 1 on any mismatch"))
	language := fs.String("lang", "", msg.Def("cli.lessons.flag_lang", "the language of titles: en, ru or pl (default: the system's)"))
	exportID := fs.String("export", "", msg.Def("cli.lessons.flag_export", "write the lesson with this id (or folder name) to FILE.zip"))
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	lang := *language
	if lang == "" {
		lang = systemLanguage()
	} else if !slices.Contains(lessons.Languages, lang) {
		return Failf(env, "%s", msg.New(msgLessonBadLang, "Lang", lang, "Langs", strings.Join(lessons.Languages, ", ")))
	}
	var target string
	if *exportID != "" {
		if len(pos) == 0 || !strings.HasSuffix(strings.ToLower(pos[0]), ".zip") {
			return Failf(env, "%s", msg.New(msgLessonExportUse))
		}
		target, pos = pos[0], pos[1:]
	}
	list, code := loadLessons(env, pos)
	if code >= 0 {
		return code
	}
	switch {
	case *exportID != "":
		return exportLesson(env, list, *exportID, target)
	case *check:
		return checkLessons(env, list)
	}
	out := bufio.NewWriter(env.Stdout)
	defer out.Flush()
	tw := tabwriter.NewWriter(out, 2, 8, 2, ' ', 0)
	for _, l := range list {
		// A shared lesson's text is shown, never obeyed: escaped as every command prints input.
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s, %s\n", l.Order, printable(l.ID), printable(l.Title.In(lang)),
			msg.New(msgLessonQuestions, "Count", len(l.Questions)), msg.New(msgLessonExercises, "Count", len(l.Exercises)))
	}
	tw.Flush()
	return ExitOK
}

// loadLessons opens the given folders and zips, or the built-in lessons.
func loadLessons(env *Env, paths []string) ([]*lessons.Lesson, int) {
	if len(paths) == 0 {
		list, err := lessons.Builtin()
		if err != nil {
			return nil, Failf(env, "%v", err)
		}
		if len(list) == 0 {
			return nil, Failf(env, "%s", msg.New(msgLessonsNone))
		}
		return list, -1
	}
	var list []*lessons.Lesson
	for _, p := range paths {
		l, err := lessons.Open(p)
		if err != nil {
			return nil, Failf(env, "%s", printable(err.Error()))
		}
		list = append(list, l)
	}
	return list, -1
}

func checkLessons(env *Env, list []*lessons.Lesson) int {
	problems := lessons.VerifyAll(list)
	out := bufio.NewWriter(env.Stdout)
	defer out.Flush()
	for _, p := range problems {
		fmt.Fprintln(out, printable(p.String()))
	}
	if len(problems) > 0 {
		fmt.Fprintln(out, msg.New(msgLessonsProblems, "Count", len(problems)))
		return ExitFailure
	}
	fmt.Fprintln(out, msg.New(msgLessonsChecked, "Count", len(list)))
	return ExitOK
}

func exportLesson(env *Env, list []*lessons.Lesson, id, target string) int {
	for _, l := range list {
		if l.ID == id || l.Dir == id {
			if err := lessons.Export(l, target); err != nil {
				return Failf(env, "%s", printable(err.Error()))
			}
			fmt.Fprintln(env.Stdout, msg.New(msgLessonExported, "ID", printable(l.ID), "File", printable(target)))
			return ExitOK
		}
	}
	return Failf(env, "%s", msg.New(msgLessonNotFound, "ID", printable(id)))
}

// systemLanguage is the language the locale chooses (internal/i18n), if
// the lessons are written in it; else English.
func systemLanguage() string {
	if code := i18n.SystemLanguage(); slices.Contains(lessons.Languages, code) {
		return code
	}
	return lessons.Languages[0]
}
