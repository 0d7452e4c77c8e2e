package cli_test

import (
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/cli"
	"github.com/robots-studio/robots-studio/internal/i18n"
	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// TestWatchAndCrawlersSpeakTheUsersLanguage: watch's and crawlers' errors
// and flag help are messages of the catalogue, shown in the user's language
// (Polish here), not English text written into the command.
func TestWatchAndCrawlersSpeakTheUsersLanguage(t *testing.T) {
	speaksPolish(t, []polishCase{
		{"watch: limits must be positive", []string{"watch", "--workers", "0", "sites.txt"}, cli.ExitUsage, "--workers, --per-host i --budget muszą być dodatnie"},
		{"watch: --notify must be a URL", []string{"watch", "--notify", "ftp://x", "sites.txt"}, cli.ExitUsage, "--notify musi być adresem URL http(s)"},
		{"watch: flag help", []string{"watch", "-h"}, -1, "ile witryn pobierać jednocześnie"},
		{"crawlers: --json help", []string{"crawlers", "-h"}, -1, "jeden obiekt JSON na robota"},
		{"crawlers: unknown subcommand", []string{"crawlers", "bogus"}, cli.ExitUsage, `nieznane podpolecenie "bogus"`},
		{"crawlers: bad --source", []string{"crawlers", "--source", "x"}, cli.ExitUsage, `--source "x": oczekiwano builtin, user lub all`},
		{"crawlers update: no arguments", []string{"crawlers", "update", "x"}, cli.ExitUsage, "nie przyjmuje argumentów; źródła podaj przez --from"},
		{"crawlers update: flag help", []string{"crawlers", "update", "-h"}, -1, "pokaż zmiany bez zapisywania ich"},
		{"crawlers undo: no arguments", []string{"crawlers", "undo", "x"}, cli.ExitUsage, "nie przyjmuje argumentów"},
		{"crawlers add: one NAME", []string{"crawlers", "add"}, cli.ExitUsage, "podaj jedną nazwę NAME"},
		{"crawlers add: unknown engine", []string{"crawlers", "add", "ExampleBot", "--engine", "nope"}, cli.ExitUsage, `nieznany silnik "nope"`},
		{"crawlers add: flag help", []string{"crawlers", "add", "-h"}, -1, "kto go prowadzi"},
		{"crawlers remove: one NAME", []string{"crawlers", "remove"}, cli.ExitUsage, "podaj jedną nazwę NAME"},
	})
}

// TestCommandsSpeakTheUsersLanguage: the other commands' errors and flag
// help are catalogue messages too; each case is a Polish sentence that an
// English literal in the command would not print.
func TestCommandsSpeakTheUsersLanguage(t *testing.T) {
	t.Setenv(session.StorageEnv, t.TempDir())
	speaksPolish(t, []polishCase{
		{"test: no ROBOTS_FILE", []string{"test"}, cli.ExitUsage, "brak ROBOTS_FILE"},
		{"test: no --agent", []string{"test", "robots.txt", "/"}, cli.ExitUsage, "podaj co najmniej jeden --agent NAME"},
		{"test: unknown engine", []string{"test", "--engine", "nope", "robots.txt"}, cli.ExitUsage, `nieznany silnik "nope"`},
		{"test: flag help", []string{"test", "-h"}, -1, "wypisz tylko sumy"},
		{"check: one ROBOTS_FILE", []string{"check"}, cli.ExitUsage, "podaj dokładnie jeden ROBOTS_FILE"},
		{"check: --fix of stdin", []string{"check", "--fix", "-"}, cli.ExitUsage, "--fix wymaga pliku, a nie standardowego wejścia"},
		{"check: flag help", []string{"check", "-h"}, -1, "jeden obiekt JSON na diagnostykę"},
		{"check: --engine help lists the defaults", []string{"check", "-h"}, -1, "lub podaj all (domyślnie: "},
		{"diff: OLD and NEW", []string{"diff", "a.txt"}, cli.ExitUsage, "podaj OLD i NEW"},
		{"diff: bad --fail-on", []string{"diff", "--fail-on", "nope", "a.txt", "b.txt"}, cli.ExitUsage, `--fail-on musi mieć wartość any, blocked lub allowed, a nie "nope"`},
		{"diff: stdin twice", []string{"diff", "-", "-"}, cli.ExitUsage, "OLD i NEW nie mogą oba czytać standardowego wejścia"},
		{"diff: flag help", []string{"diff", "-h"}, -1, "jeden obiekt JSON na zmianę"},
		{"history: unknown action", []string{"history", "bogus"}, cli.ExitUsage, `nieznana czynność "bogus"`},
		{"history keep: on or off", []string{"history", "keep", "maybe"}, cli.ExitUsage, "podaj on lub off"},
		{"history diff: bad --fail-on", []string{"history", "diff", "--fail-on", "nope", "example.com"}, cli.ExitUsage, `a nie "nope"`},
		{"history import: limits", []string{"history", "import", "--max", "0", "--wayback", "example.com"}, cli.ExitUsage, "--delay i --max muszą być dodatnie"},
		{"history import: flag help", []string{"history", "import", "-h"}, -1, "przerwa między dwoma zapytaniami do archiwum"},
		{"history show: flag help", []string{"history", "show", "-h"}, -1, "wypisz dokładnie bajty wersji i nic więcej"},
		{"ai: one ROBOTS_FILE", []string{"ai"}, cli.ExitUsage, "podaj jeden ROBOTS_FILE"},
		{"ai: flag help", []string{"ai", "-h"}, -1, "jeden dokument JSON"},
		{"ai-policy: unknown stance", []string{"ai-policy", "--stance", "nope", "robots.txt"}, cli.ExitUsage, `nieznane stanowisko "nope"`},
		{"ai-policy: unknown operator", []string{"ai-policy", "--refuse-operator", "NoSuchCorp", "robots.txt"}, cli.ExitUsage, `w katalogu nie ma operatora "NoSuchCorp"`},
		{"ai-policy: bad --only", []string{"ai-policy", "--stance", "no-ai", "--only", "nope", "-"}, cli.ExitUsage, `--only "nope"; dozwolone:`},
		{"edge-check: arguments", []string{"edge-check"}, cli.ExitUsage, "podaj --server (nginx"},
		{"engines: no arguments", []string{"engines", "x"}, cli.ExitUsage, "nie przyjmuje argumentów"},
		{"lessons: flag help", []string{"lessons", "-h"}, -1, "język tytułów: en, ru lub pl"},
		{"test --saved: none kept", []string{"test", "--saved", "-"}, cli.ExitUsage, "nie zachowano żadnego zestawu testów"},
		{"host: bad --as", []string{"host", "--as", "nope", "example.com"}, cli.ExitUsage, `--as "nope": użyj input, classic lub yandex2017`},
		{"meta: bad --now", []string{"meta", "--now", "nope", "noindex"}, cli.ExitUsage, `--now "nope" nie jest datą`},
		{"meta: unknown engine", []string{"meta", "--engine", "nope", "noindex"}, cli.ExitUsage, `nieznany silnik "nope"`},
		{"sitemap: unknown engine", []string{"sitemap", "--engine", "nope", "sitemap.xml"}, cli.ExitUsage, `nieznany silnik "nope"`},
		{"sitemap build: --out not a folder", []string{"sitemap", "build", "--out", "no-such-folder", "urls.txt"}, cli.ExitUsage, "--out no-such-folder: to nie jest folder"},
		{"verify-signature: one FILE", []string{"verify-signature"}, cli.ExitUsage, "podaj jeden FILE"},
		{"verify-signature: bad --at", []string{"verify-signature", "--at", "nope", "req.txt"}, cli.ExitUsage, `--at "nope" nie jest chwilą w czasie`},
		{"crawlers: --purpose help with its list", []string{"crawlers", "-h"}, -1, "tylko roboty o tym celu (search"},
		{"crawlers: unknown purpose", []string{"crawlers", "--purpose", "spam"}, cli.ExitUsage, `nieznany cel "spam"; dozwolone: search`},
		{"crawlers add: --purpose and --engine help with their lists", []string{"crawlers", "add", "-h"}, -1, "jak czyta robots.txt (google"},
		{"logs: no LOG", []string{"logs"}, cli.ExitUsage, "brak LOG"},
		{"logs: --violations with --json", []string{"logs", "--violations", "--json", "access.log"}, cli.ExitUsage, "--violations i --json nie można łączyć"},
		{"logs: flag help", []string{"logs", "-h"}, -1, "szkic robots.txt do porównania z nim"},
		{"logs --merge: no summaries", []string{"logs", "--merge"}, cli.ExitUsage, "podaj pliki SUMMARY zapisane przez logs --partial"},
		{"fetch: one site", []string{"fetch"}, cli.ExitUsage, "podaj dokładnie jeden host lub adres URL"},
		{"fetch: --timeout 0", []string{"fetch", "--timeout", "0", "example.com"}, cli.ExitUsage, "--timeout musi być dodatni"},
		{"fetch: flag help", []string{"fetch", "-h"}, -1, "zapisz treść bajt w bajt do FILE"},
		{"fetch-as: one URL", []string{"fetch-as"}, cli.ExitUsage, "podaj jeden adres URL"},
		{"fetch-as: unknown crawler", []string{"fetch-as", "--as", "NoSuchBot", "http://127.0.0.1:1/"}, cli.ExitUsage, `w katalogu nie ma robota "NoSuchBot"`},
		{"logs --merge: a flag of --partial", []string{"logs", "--merge", "--draft", "d.txt", "s.json"}, cli.ExitUsage, "--draft należy do uruchomień logs --partial"},
	})
}

// polishCase is a command whose output or error must hold want, a Polish
// sentence an English literal in the command would not print; code is its
// exit status (-1: any).
type polishCase struct {
	rule string
	args []string
	code int
	want string
}

// speaksPolish runs each case with the catalogue in Polish.
func speaksPolish(t *testing.T, cases []polishCase) {
	t.Helper()
	i18n.UseIn("pl")
	t.Cleanup(func() { msg.SetTranslator(nil) })
	for _, c := range cases {
		t.Run(c.rule, func(t *testing.T) {
			code, out, errs := runCmd(t, "", c.args...)
			if c.code >= 0 && code != c.code {
				t.Errorf("exit %d, want %d", code, c.code)
			}
			if !strings.Contains(out+errs, c.want) {
				t.Errorf("no %q in\n%s%s", c.want, out, errs)
			}
		})
	}
}
