package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/robots-studio/robots-studio/internal/session"
	"github.com/robots-studio/robots-studio/tester/crawlers/sources"
	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/msg"
)

var (
	msgCatNoStorage    = msg.Def("cli.crawlers.no_storage", "the app's storage folder is unknown: set {{.Env}} to a folder")
	msgCatUndone       = msg.Def("cli.crawlers.undone", "undone: the catalogue is back as it was before the last change")
	msgCatUpdateNoArgs = msg.Def("cli.crawlers.update_no_args", "takes no arguments; name sources with --from")
	msgCatNoArgs       = msg.Def("cli.crawlers.no_args", "takes no arguments")
	msgCatUnchanged    = msg.Def("cli.crawlers.unchanged", "{{.Why}}; the catalogue is unchanged")
)

// openCatalogue makes the user layer in the app's storage the one in use;
// it is read when a command first asks about a crawler, so one that never
// does starts as fast with a large layer as with none. A damaged layer is
// said once on stderr; the built-in catalogue works.
func openCatalogue(env *Env) {
	stderr := env.Stderr
	sources.OpenLazy(session.AppStorage(), func(err error) {
		fmt.Fprintln(stderr, "robots-studio: "+printable(sources.BrokenLayer(err).String()))
	})
}

// catalogueStore is the store in use, or an error when there is none.
func catalogueStore() (sources.Store, error) {
	s, ok := sources.InUse()
	if !ok {
		return s, msg.Error(msgCatNoStorage, "Env", session.StorageEnv)
	}
	return s, nil
}

func runCrawlersUpdate(env *Env, args []string) int {
	fs := NewFlags(env, "crawlers update", "[--from FILE|URL]... [--dry-run] [--json]")
	var from StringList
	fs.Var(&from, "from", msg.Def("cli.crawlers.flag_from", "a source: ai.robots.txt's robots.json, an operator's IP range file or a catalogue in JSON Lines (repeatable; default: the published lists)"))
	dry := fs.Bool("dry-run", false, msg.Def("cli.crawlers.flag_dry_run", "show the changes without keeping them"))
	asJSON := fs.Bool("json", false, msg.Def("cli.crawlers.flag_update_json", "print the report as one JSON object"))
	timeout := fs.Duration("timeout", fetch.DefaultTimeout, msg.Def("cli.crawlers.flag_timeout", "time allowed for each URL"))
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) > 0 {
		return Failf(env, "crawlers update: %s", msg.New(msgCatUpdateNoArgs))
	}
	s, err := catalogueStore()
	if err != nil {
		return Failf(env, "crawlers update: %v", err)
	}
	rep, err := s.Update(context.Background(), from, sources.Options{DryRun: *dry, Fetch: fetch.Options{Timeout: *timeout}})
	if err != nil {
		return Failf(env, "crawlers update: %s", msg.New(msgCatUnchanged, "Why", printable(err.Error())))
	}
	out := bufio.NewWriter(env.Stdout)
	defer out.Flush()
	if *asJSON {
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		if rep.Changes == nil {
			rep.Changes = []sources.Change{}
		}
		enc.Encode(rep)
		return ExitOK
	}
	for _, r := range rep.Read {
		fmt.Fprintln(out, printable(r.Text().String()))
	}
	for _, c := range rep.Changes {
		fmt.Fprintln(out, printable(c.Text().String()))
	}
	if o := rep.Outcome(*dry); !o.IsZero() {
		fmt.Fprintln(out, o)
	}
	st, _ := s.Load()
	printSummary(out, sources.Summarise(st))
	return ExitOK
}

func printSummary(out *bufio.Writer, sm sources.Summary) { fmt.Fprintln(out, sm.Text()) }

func runCrawlersUndo(env *Env, args []string) int {
	fs := NewFlags(env, "crawlers undo", "")
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) > 0 {
		return Failf(env, "crawlers undo: %s", msg.New(msgCatNoArgs))
	}
	s, err := catalogueStore()
	if err != nil {
		return Failf(env, "crawlers undo: %v", err)
	}
	st, err := s.Undo()
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			err = sources.ErrNothingToUndo
		}
		return Failf(env, "crawlers undo: %v", err)
	}
	out := bufio.NewWriter(env.Stdout)
	defer out.Flush()
	fmt.Fprintln(out, msg.New(msgCatUndone))
	printSummary(out, sources.Summarise(st))
	return ExitOK
}
