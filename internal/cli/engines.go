package cli

import (
	"fmt"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
)

func init() {
	Register(Command{
		Name:    "engines",
		Usage:   "",
		Summary: msg.Def("cli.engines.summary", "list the engine ids with a short description"),
		Run:     runEngines,
	})
}

func runEngines(env *Env, args []string) int {
	fs := NewFlags(env, "engines", "")
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) > 0 {
		return Failf(env, "engines: %s", msg.New(msgCatNoArgs))
	}
	width := 0
	for _, e := range engine.All() {
		width = max(width, len(e.Info().ID))
	}
	for _, e := range engine.All() {
		in := e.Info()
		fmt.Fprintf(env.Stdout, "%-*s %s\n", width, in.ID, msg.New(in.Description))
	}
	return ExitOK
}
