package cli_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/cli"
)

const (
	goodLesson  = "testdata/lessons/07-good"
	wrongLesson = "testdata/lessons/08-wrong"
)

// TestLessonsListsGivenLessons: one line per lesson with its order, id,
// title in the chosen language and its counts in plural form.
func TestLessonsListsGivenLessons(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	for _, lang := range []string{"en", "pl"} {
		code, out, errs := runCmd(t, "", "lessons", "--lang", lang, goodLesson, wrongLesson)
		if code != cli.ExitOK || errs != "" {
			t.Fatalf("exit %d: %s", code, errs)
		}
		golden(t, "lessons/list."+lang+".golden", out)
	}
}

// TestLessonsCheckFailsOnAWrongLesson: a lesson whose answers, model
// solution, start text and translations are wrong fails --check with one
// line per problem naming the place and what the engine says; the check can
// fail, so its passing means something.
func TestLessonsCheckFailsOnAWrongLesson(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	code, out, errs := runCmd(t, "", "lessons", "--check", goodLesson, wrongLesson)
	if code != cli.ExitFailure || errs != "" {
		t.Fatalf("exit %d (want 1), stderr %q", code, errs)
	}
	golden(t, "lessons/check-wrong.golden", out)

	code, out, _ = runCmd(t, "", "lessons", "--check", goodLesson)
	if code != cli.ExitOK || out != "1 lesson checked: every answer it states is what the engines say\n" {
		t.Errorf("a correct lesson: exit %d, %q", code, out)
	}
}

// TestLessonsBuiltinPassCheck: the lessons the app ships pass --check and
// are listed in the order of the story.
func TestLessonsBuiltinPassCheck(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	code, out, errs := runCmd(t, "", "lessons", "--check")
	if code != cli.ExitOK || errs != "" {
		t.Fatalf("exit %d:\n%s%s", code, out, errs)
	}
	code, out, _ = runCmd(t, "", "lessons", "--lang", "en")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	// the list is in lesson order: the first row is lesson 1 (the order
	// column's width grows with the number of lessons)
	if code != cli.ExitOK || len(lines) < 5 || !slices.Equal(strings.Fields(lines[0])[:2], []string{"1", "what-it-is"}) {
		t.Errorf("exit %d, list:\n%s", code, out)
	}
}

// TestLessonsExportReadsBack: --export writes a zip that lessons reads and
// checks like the folder.
func TestLessonsExportReadsBack(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	zipPath := filepath.Join(t.TempDir(), "good.zip")
	code, out, errs := runCmd(t, "", "lessons", "--export", "good", zipPath, goodLesson)
	if code != cli.ExitOK || errs != "" || out != "lesson good written to "+zipPath+"\n" {
		t.Fatalf("exit %d, %q, %q", code, out, errs)
	}
	code, out, _ = runCmd(t, "", "lessons", "--lang", "en", zipPath)
	if code != cli.ExitOK || !strings.HasPrefix(out, "7  good  Only Lycos  1 question, 1 exercise") {
		t.Errorf("the exported zip lists as %q (exit %d)", out, code)
	}
	builtin := filepath.Join(t.TempDir(), "01.zip")
	if code, _, errs := runCmd(t, "", "lessons", "--export", "what-it-is", builtin); code != cli.ExitOK {
		t.Fatalf("export a built-in lesson: exit %d, %s", code, errs)
	}
	if code, out, _ := runCmd(t, "", "lessons", "--check", builtin); code != cli.ExitOK {
		t.Errorf("the exported built-in lesson fails its check:\n%s", out)
	}
}

// TestLessonsUsageErrors: bad input is one line on stderr and exit 2.
func TestLessonsUsageErrors(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	missing := filepath.Join(t.TempDir(), "nothing")
	notLesson := t.TempDir()
	os.WriteFile(filepath.Join(notLesson, "readme.txt"), []byte("hi"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--lang", "de"}, "--lang de: the lessons are written in en, ru, pl"},
		{[]string{"--export", "nope", filepath.Join(t.TempDir(), "x.zip")}, "no lesson with the id nope"},
		{[]string{"--export", "good"}, "--export ID needs the .zip file"},
		{[]string{missing}, "does not exist"},
		{[]string{notLesson}, "no lesson.json here"},
	} {
		code, out, errs := runCmd(t, "", append([]string{"lessons"}, c.args...)...)
		if code != cli.ExitUsage || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("lessons %v: exit %d, stdout %q, stderr %q; want 2 and one line saying %q", c.args, code, out, errs, c.want)
		}
	}
}
