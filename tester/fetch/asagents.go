package fetch

import (
	"bytes"
	"context"
	"crypto/sha256"
	"strings"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/linealign"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// "The robots.txt your visitors get": a site may answer robots.txt
// differently by User-Agent — a CDN that prepends its managed block for
// some, a plugin that rewrites the file, a file served to Googlebot that
// GPTBot never sees. AsAgents fetches it once per User-Agent and groups the
// answers that are the same.

// Agent is one User-Agent to fetch as.
type Agent struct {
	Name      string // "GPTBot"
	UserAgent string // the full header sent
}

// BrowserUA is a real desktop Chrome User-Agent (the one ChatGPT's agent
// was seen sending in 2025): the agent named "browser".
const BrowserUA = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36"

// DefaultAgents are the agents fetched as when none is named (the
// fetch-as command and the window's AI access tab): the two search
// crawlers, two AI crawlers and a browser.
var DefaultAgents = []string{"Googlebot", "Bingbot", "GPTBot", "ClaudeBot", "browser"}

// AgentNamed is the catalogue crawler called name (any case) as an Agent:
// the User-Agent of its first sample, else its first token; "browser" is
// BrowserUA. False: the catalogue has no such crawler.
func AgentNamed(name string) (Agent, bool) {
	if strings.EqualFold(name, "browser") {
		return Agent{Name: "browser", UserAgent: BrowserUA}, true
	}
	for _, c := range catalogue.All() {
		if strings.EqualFold(c.Name, name) {
			ua := c.Tokens[0]
			if len(c.Samples) > 0 {
				ua = c.Samples[0]
			}
			return Agent{Name: c.Name, UserAgent: ua}, true
		}
	}
	return Agent{}, false
}

// Version is one distinct answer and the agents that got it.
type Version struct {
	Agents []string
	Result *Result
	// Only and Missing are the lines of this version that the most common
	// version lacks, and those it lacks of the most common one (empty for
	// the most common itself).
	Only, Missing []string
	Notes         []msg.Text
}

// Comparison is every agent's answer, grouped.
type Comparison struct {
	Versions []Version // the most common first
	Same     bool      // every agent got the same status and body
}

var (
	msgCDNBlock  = msg.Def("live.as.cdn_block", "this version has Cloudflare's managed block (`# BEGIN Cloudflare Managed content`), the others do not")
	msgNoCDN     = msg.Def("live.as.no_cdn_block", "this version lacks Cloudflare's managed block, which the most common one has")
	msgStatusDif = msg.Def("live.as.status", "this version answered HTTP {{.Status}}, the most common one HTTP {{.Common}}")
	msgBigDiff   = msg.Def("live.as.big_diff", "the two versions are too large to compare line by line; they differ")
)

// cdnMarker opens the block Cloudflare's managed robots.txt prepends.
const cdnMarker = "# BEGIN Cloudflare Managed content"

// AsAgents fetches the robots.txt of input as each agent, one after the
// other, and groups identical answers (status and body).
func AsAgents(ctx context.Context, input string, agents []Agent, opts Options) (*Comparison, error) {
	t, err := Resolve(input)
	if err != nil {
		return nil, err
	}
	type key [32]byte
	index := map[key]int{}
	var c Comparison
	for _, a := range agents {
		o := opts
		o.UserAgent = a.UserAgent
		r, err := fetchTarget(ctx, t, o)
		if err != nil {
			return nil, err
		}
		h := sha256.New()
		h.Write([]byte{byte(r.Status >> 8), byte(r.Status)})
		if r.Unreachable {
			h.Write([]byte("unreachable"))
		}
		h.Write(r.Body)
		var k key
		copy(k[:], h.Sum(nil))
		if i, ok := index[k]; ok {
			c.Versions[i].Agents = append(c.Versions[i].Agents, a.Name)
			continue
		}
		index[k] = len(c.Versions)
		c.Versions = append(c.Versions, Version{Agents: []string{a.Name}, Result: r})
	}
	c.Same = len(c.Versions) <= 1
	if c.Same {
		return &c, nil
	}
	// The most common version first (the first fetched among equals).
	best := 0
	for i, v := range c.Versions {
		if len(v.Agents) > len(c.Versions[best].Agents) {
			best = i
		}
	}
	c.Versions[0], c.Versions[best] = c.Versions[best], c.Versions[0]
	common := c.Versions[0].Result
	commonLines := lines(common.Body)
	for i := 1; i < len(c.Versions); i++ {
		v := &c.Versions[i]
		if v.Result.Status != common.Status {
			v.Notes = append(v.Notes, msg.New(msgStatusDif, "Status", v.Result.Status, "Common", common.Status))
		}
		mine := lines(v.Result.Body)
		hasCDN, commonCDN := bytes.Contains(v.Result.Body, []byte(cdnMarker)), bytes.Contains(common.Body, []byte(cdnMarker))
		switch {
		case hasCDN && !commonCDN:
			v.Notes = append(v.Notes, msg.New(msgCDNBlock))
		case !hasCDN && commonCDN:
			v.Notes = append(v.Notes, msg.New(msgNoCDN))
		}
		aToB, complete := linealign.Align(mine, commonLines, 4<<20)
		if !complete {
			v.Notes = append(v.Notes, msg.New(msgBigDiff))
			continue
		}
		used := make([]bool, len(commonLines))
		for i, j := range aToB {
			if j < 0 {
				v.Only = append(v.Only, mine[i])
			} else {
				used[j] = true
			}
		}
		for j, u := range used {
			if !u {
				v.Missing = append(v.Missing, commonLines[j])
			}
		}
	}
	return &c, nil
}

// lines is body cut at its line ends, without them.
func lines(body []byte) []string {
	s := strings.ReplaceAll(strings.ReplaceAll(string(body), "\r\n", "\n"), "\r", "\n")
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
