// Package cli is Robots Studio's headless mode: the subcommands (test, check,
// engines, meta, host…) that run the same engine as the window, for scripts
// and CI. Each subcommand lives in its own file and registers itself.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/robots-studio/robots-studio/internal/session"
	build "github.com/robots-studio/robots-studio/internal/version"
	"github.com/robots-studio/robots-studio/tester/fetch"
	"github.com/robots-studio/robots-studio/tester/history"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/textfile"
)

// Exit codes shared by every subcommand.
const (
	ExitOK      = 0 // success (and, for check, no error found)
	ExitFailure = 1 // the input has a problem the command looks for (failed expectation, lint error…)
	ExitUsage   = 2 // usage or I/O error
)

// Env is what a subcommand may touch: no globals, so tests run commands in-process.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer

	remote *remote // set by LoadRobots when ROBOTS_FILE was an http(s) URL
}

// Command is one subcommand.
type Command struct {
	Name    string
	Usage   string // one line: arguments after the name
	Summary string // msg key of a one-sentence description
	Run     func(env *Env, args []string) int
}

var commands = map[string]Command{}

// Register adds a subcommand; called from init in the subcommand's file.
func Register(c Command) {
	if _, dup := commands[c.Name]; dup {
		panic("cli: command registered twice: " + c.Name)
	}
	commands[c.Name] = c
}

// IsCommand reports whether name is a subcommand (or a help request), so main
// can tell `robots-studio test …` from `robots-studio FILE`.
func IsCommand(name string) bool {
	if name == "help" || name == "-h" || name == "--help" || isVersion(name) {
		return true
	}
	_, ok := commands[name]
	return ok
}

var msgUnknown = msg.Def("cli.unknown_command", "robots-studio: unknown command \"{{.Name}}\", and no file of that name")

var msgUsageHead = msg.Def("cli.usage_head", "Usage: robots-studio [FILE]          open the window\n       robots-studio COMMAND [ARGS]  run headless\n       robots-studio --version       print the version\n\nCommands:")

// Run executes args[0] with the rest of args and returns the exit code.
//
// The browser build (GOOS=js) runs the command line only for
// robotsStudio.results() (`test --json`), so the commands a page never runs
// (watch, history, logs, fetch-as, verify-signature, edge-check, sitemap,
// meta, host, lessons) are left out of it by `//go:build !js`: with them
// the page's first visit was over its 15 MB budget.
func Run(args []string, env Env) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		if len(args) > 1 {
			if c, ok := commands[args[1]]; ok {
				fmt.Fprintf(env.Stdout, "robots-studio %s %s\n  %s\n", c.Name, c.Usage, msg.New(c.Summary))
				return ExitOK
			}
		}
		usage(env.Stdout)
		return ExitOK
	}
	if isVersion(args[0]) {
		fmt.Fprintf(env.Stdout, "robots-studio %s (%s/%s)\n", build.String(), runtime.GOOS, runtime.GOARCH)
		return ExitOK
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintln(env.Stderr, msg.New(msgUnknown, "Name", args[0]))
		usage(env.Stderr)
		return ExitUsage
	}
	openCatalogue(&env)
	history.Open(session.AppStorage()) // no storage folder: nothing is kept
	return c.Run(&env, args[1:])
}

// isVersion: `robots-studio --version` (and `version`, `-V`) prints the
// build's version, as people check a download before they script it.
func isVersion(arg string) bool { return arg == "--version" || arg == "version" || arg == "-V" }

func usage(w io.Writer) {
	fmt.Fprintln(w, msg.New(msgUsageHead))
	for _, n := range Names() {
		c := commands[n]
		fmt.Fprintf(w, "  %-8s %s\n           %s\n", n, c.Usage, msg.New(c.Summary))
	}
}

// Names lists the registered commands in alphabetical order.
func Names() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// NewFlags makes a FlagSet for a subcommand. It prints nothing itself:
// ParseFlags reports a bad flag in one line on stderr and prints the full
// usage on stdout for -h; UsageError prints the full usage on stderr.
func NewFlags(env *Env, name, usageLine string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	flagUsage.Store(fs, flagInfo{env, usageLine})
	return fs
}

// UsageError prints the command's full usage on stderr and returns ExitUsage.
func UsageError(fs *flag.FlagSet) int {
	v, _ := flagUsage.Load(fs)
	info := v.(flagInfo)
	printUsage(info.env.Stderr, fs, info.usage)
	return ExitUsage
}

type flagInfo struct {
	env   *Env
	usage string
}

// flagUsage maps each FlagSet made by NewFlags to its command's usage.
var flagUsage sync.Map

// printUsage prints the command's usage and its flags. A flag whose usage
// is a message key (msg.Def) is rendered here, in the language of the
// moment: a command that shows no help renders no message, so it parses no
// catalogue (see JobsFlag).
func printUsage(w io.Writer, fs *flag.FlagSet, usageLine string) {
	fmt.Fprintf(w, "usage: robots-studio %s %s\n", fs.Name(), usageLine)
	fs.VisitAll(func(f *flag.Flag) {
		if msg.English(f.Usage) != "" {
			f.Usage = msg.New(f.Usage).String()
		}
	})
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

// ParseFlags parses args with flags allowed anywhere (Go's flag package stops
// at the first positional argument; users type `test FILE --agent X`). It
// returns the positional arguments, or an exit code ≠ -1 on error/help.
func ParseFlags(fs *flag.FlagSet, args []string) ([]string, int) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			v, _ := flagUsage.Load(fs)
			info := v.(flagInfo)
			if errors.Is(err, flag.ErrHelp) {
				printUsage(info.env.Stdout, fs, info.usage)
				return nil, ExitOK
			}
			usage, _, _ := strings.Cut(info.usage, "\n")
			fmt.Fprintf(info.env.Stderr, "robots-studio %s: %v (usage: robots-studio %s %s)\n", fs.Name(), err, fs.Name(), usage)
			return nil, ExitUsage
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, -1
		}
		if rest[0] == "--" {
			return append(positional, rest[1:]...), -1
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// StringList is a repeatable string flag (--agent A --agent B).
type StringList []string

func (s *StringList) String() string { return strings.Join(*s, ",") }

// Set appends one value.
func (s *StringList) Set(v string) error { *s = append(*s, v); return nil }

// Failf prints a one-line error on stderr and returns ExitUsage.
func Failf(env *Env, format string, args ...any) int {
	// What an error quotes (a name, a path, a line of a file) is shown,
	// never obeyed by the terminal.
	fmt.Fprintf(terminalSafe{env.Stderr}, "robots-studio: "+format+"\n", args...)
	return ExitUsage
}

// LoadRobots reads a robots.txt (or stdin for "-", or fetches an http(s)
// URL) with the checks every subcommand wants; on error it prints the
// reason and returns ExitUsage.
func LoadRobots(env *Env, path string) ([]byte, int) {
	if fetch.IsURL(path) {
		data, r, code := loadRemote(env, path)
		env.remote = r
		return data, code
	}
	data, err := textfile.Load(path, env.Stdin)
	if err != nil {
		return nil, Failf(env, "%v", err)
	}
	return data, -1
}
