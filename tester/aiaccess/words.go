package aiaccess

import (
	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// The catalogue's purpose and behaviour words as the user reads them, in
// the window, in the CLI's text output and in the comments the builder
// writes (the words themselves stay the JSON values).
var (
	purposeText = map[catalogue.Purpose]string{
		catalogue.Search:      msg.Def("aitab.purpose.search", "Search engines"),
		catalogue.AITraining:  msg.Def("aitab.purpose.ai-training", "AI training"),
		catalogue.AISearch:    msg.Def("aitab.purpose.ai-search", "AI search and answers"),
		catalogue.AIAssistant: msg.Def("aitab.purpose.ai-assistant", "AI assistants and agents (on a user's request)"),
		catalogue.AIData:      msg.Def("aitab.purpose.ai-data", "AI data providers and scrapers"),
		catalogue.Ads:         msg.Def("aitab.purpose.ads", "Advertising"),
		catalogue.SEO:         msg.Def("aitab.purpose.seo", "SEO tools"),
		catalogue.Archive:     msg.Def("aitab.purpose.archive", "Archives"),
		catalogue.Monitor:     msg.Def("aitab.purpose.monitor", "Monitors and checkers"),
		catalogue.Preview:     msg.Def("aitab.purpose.preview", "Link previews"),
		catalogue.Copier:      msg.Def("aitab.purpose.copier", "Site copiers and tools"),
		catalogue.Other:       msg.Def("aitab.purpose.other", "Other"),
	}
	behaviourText = map[catalogue.Behaviour]string{
		catalogue.Obeys:         msg.Def("aiaccess.behaviour.obeys", "obeys robots.txt"),
		catalogue.TokenOnly:     msg.Def("aiaccess.behaviour.token-only", "a robots.txt token only: it sends no requests"),
		catalogue.UserTriggered: msg.Def("aiaccess.behaviour.user-triggered", "fetches on a user's request, may ignore robots.txt"),
		catalogue.Ignores:       msg.Def("aiaccess.behaviour.ignores", "ignores robots.txt"),
		catalogue.Unknown:       msg.Def("aiaccess.behaviour.unknown", "robots.txt behaviour unknown"),
	}
)

// PurposeText is the purpose's name ("AI training").
func PurposeText(p catalogue.Purpose) msg.Text {
	if key, ok := purposeText[p]; ok {
		return msg.New(key)
	}
	return msg.New(purposeText[catalogue.Other])
}

// BehaviourText says what is documented about the crawler and robots.txt.
func BehaviourText(b catalogue.Behaviour) msg.Text {
	if key, ok := behaviourText[b]; ok {
		return msg.New(key)
	}
	return msg.New(behaviourText[catalogue.Unknown])
}

// NameAndOperator is "GPTBot (OpenAI)", or the name alone when no operator
// is known (entries of ai.robots.txt's list that name none).
func NameAndOperator(c catalogue.Crawler) string {
	if c.Operator == "" {
		return c.Name
	}
	return c.Name + " (" + c.Operator + ")"
}
