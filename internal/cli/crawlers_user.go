package cli

import (
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
)

var (
	msgCatOneName       = msg.Def("cli.crawlers.one_name", "give one NAME")
	msgCatUnknownEngine = msg.Def("cli.crawlers.unknown_engine", "unknown engine {{.Name}}; valid: {{.Valid}}")
	msgCatBadRobotsTxt  = msg.Def("cli.crawlers.bad_robots_txt", "unknown --robots-txt {{.Value}}")
)

func runCrawlersAdd(env *Env, args []string) int {
	fs := NewFlags(env, "crawlers add", "NAME [--token T]... [--ua PATTERN]... [--operator O] [--purpose P] [--engine E] [--robots-txt B] [--note TEXT]")
	var tokens, uas StringList
	fs.Var(&tokens, "token", msg.Def("cli.crawlers.flag_token", "a robots.txt token it obeys (repeatable; default: NAME)"))
	fs.Var(&uas, "ua", msg.Def("cli.crawlers.flag_ua", "a word that identifies it in a User-Agent (repeatable; default: the first token)"))
	operator := fs.String("operator", "", msg.Def("cli.crawlers.flag_operator", "who runs it"))
	purpose := fs.String("purpose", string(catalogue.Other), msg.New(msgCatFlagPurpose, "List", purposeList()).String())
	eng := fs.String("engine", "rfc9309", msg.New(msgCatFlagEngine, "List", strings.Join(engine.IDs(), ", ")).String())
	behaviour := fs.String("robots-txt", string(catalogue.Unknown), msg.Def("cli.crawlers.flag_robots_txt", "how it treats robots.txt (obeys, token-only, user-triggered, ignores, unknown)"))
	note := fs.String("note", "", msg.Def("cli.crawlers.flag_note", "a note shown with it"))
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 1 {
		return Failf(env, "crawlers add: %s", msg.New(msgCatOneName))
	}
	p, err := parsePurpose(*purpose)
	if err != nil {
		return Failf(env, "crawlers add: %v", err)
	}
	if _, ok := engine.Get(*eng); !ok {
		return Failf(env, "crawlers add: %s", msg.New(msgCatUnknownEngine, "Name", strconv.Quote(*eng), "Valid", strings.Join(engine.IDs(), ", ")))
	}
	b := catalogue.Behaviour(*behaviour)
	known := false
	for _, x := range catalogue.Behaviours {
		known = known || x == b
	}
	if !known {
		return Failf(env, "crawlers add: %s", msg.New(msgCatBadRobotsTxt, "Value", strconv.Quote(*behaviour)))
	}
	if len(tokens) == 0 {
		tokens = StringList{pos[0]}
	}
	if len(uas) == 0 {
		uas = StringList{tokens[0]}
	}
	c := catalogue.Crawler{Name: pos[0], Tokens: tokens, UAPatterns: uas, Operator: *operator, Purpose: p, Engine: *eng, RobotsTxt: b}
	if *note != "" {
		c.Note = catalogue.Localized{"en": *note}
	}
	s, err := catalogueStore()
	if err != nil {
		return Failf(env, "crawlers add: %v", err)
	}
	if err := s.Put(c); err != nil {
		return Failf(env, "crawlers add: %v", err)
	}
	return ExitOK
}

func runCrawlersRemove(env *Env, args []string) int {
	fs := NewFlags(env, "crawlers remove", "NAME")
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 1 {
		return Failf(env, "crawlers remove: %s", msg.New(msgCatOneName))
	}
	s, err := catalogueStore()
	if err != nil {
		return Failf(env, "crawlers remove: %v", err)
	}
	if err := s.Remove(pos[0]); err != nil {
		return Failf(env, "crawlers remove: %v", err)
	}
	return ExitOK
}
