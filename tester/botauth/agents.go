package botauth

import (
	"crypto/ed25519"
	"encoding/base64"
	"strings"

	"github.com/robots-studio/robots-studio/tester/catalogue"
)

// SignedAgent is an operator's documented Signature-Agent and the catalogue
// crawler it is.
type SignedAgent struct {
	Agent   string // the Signature-Agent value, an origin
	Crawler string // the catalogue entry's name
	Source  string // where the operator says so
	Checked string // when that page was read
}

// SignedAgents are the signers whose Signature-Agent an operator documents.
var SignedAgents = []SignedAgent{
	// "Each request includes a Signature and Signature-Input set of headers
	// and a companion Signature-Agent header set to https://chatgpt.com".
	{Agent: "https://chatgpt.com", Crawler: "ChatGPT Agent",
		Source: "https://help.openai.com/en/articles/11845367-chatgpt-agent-allowlisting", Checked: "2026-11-28"},
}

// CrawlerOf is "ChatGPT Agent (OpenAI)" for a documented Signature-Agent.
func CrawlerOf(agent string) (string, bool) {
	a := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(agent)), "/")
	for _, s := range SignedAgents {
		if s.Agent != a {
			continue
		}
		for _, c := range catalogue.All() {
			if c.Name == s.Crawler {
				if c.Operator != "" {
					return c.Name + " (" + c.Operator + ")", true
				}
				return c.Name, true
			}
		}
		return s.Crawler, true
	}
	return "", false
}

func encodeX(pub ed25519.PublicKey) string { return base64.RawURLEncoding.EncodeToString(pub) }
