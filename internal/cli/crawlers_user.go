package cli

import (
	"strings"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/engine"
)

func runCrawlersAdd(env *Env, args []string) int {
	fs := NewFlags(env, "crawlers add", "NAME [--token T]... [--ua PATTERN]... [--operator O] [--purpose P] [--engine E] [--robots-txt B] [--note TEXT]")
	var tokens, uas StringList
	fs.Var(&tokens, "token", "a robots.txt token it obeys (repeatable; default: NAME)")
	fs.Var(&uas, "ua", "a word that identifies it in a User-Agent (repeatable; default: the first token)")
	operator := fs.String("operator", "", "who runs it")
	purpose := fs.String("purpose", string(catalogue.Other), "what it fetches for ("+purposeList()+")")
	eng := fs.String("engine", "rfc9309", "how it reads robots.txt ("+strings.Join(engine.IDs(), ", ")+")")
	behaviour := fs.String("robots-txt", string(catalogue.Unknown), "how it treats robots.txt (obeys, token-only, user-triggered, ignores, unknown)")
	note := fs.String("note", "", "a note shown with it")
	pos, code := ParseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(pos) != 1 {
		return Failf(env, "crawlers add: give one NAME")
	}
	p, err := parsePurpose(*purpose)
	if err != nil {
		return Failf(env, "crawlers add: %v", err)
	}
	if _, ok := engine.Get(*eng); !ok {
		return Failf(env, "crawlers add: unknown engine %q; valid: %s", *eng, strings.Join(engine.IDs(), ", "))
	}
	b := catalogue.Behaviour(*behaviour)
	known := false
	for _, x := range catalogue.Behaviours {
		known = known || x == b
	}
	if !known {
		return Failf(env, "crawlers add: unknown --robots-txt %q", *behaviour)
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
		return Failf(env, "crawlers remove: give one NAME")
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
