package sources

import (
	"encoding/json"
	"fmt"
	"net/netip"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// rangeFile is the layout operators publish their crawlers' addresses in
// (Google, Bing, OpenAI, Perplexity, Apple, Common Crawl, DuckDuckGo):
// {"creationTime": "…", "prefixes": [{"ipv4Prefix": "…"}, {"ipv6Prefix": "…"}]}.
// The JAFAR draft (draft-illyes-webbotauth-jafar-00, 2026-04-21, which
// follows draft-illyes-aipref-jafar) codifies it and adds formatVersion
// ("major.minor": a reader MUST NOT parse a major version above the one it
// knows, 1) and synctoken; a prefix object with both or neither prefix
// MUST be ignored.
type rangeFile struct {
	FormatVersion string `json:"formatVersion"`
	CreationTime  string `json:"creationTime"`
	Prefixes      []struct {
		V4 string `json:"ipv4Prefix"`
		V6 string `json:"ipv6Prefix"`
	} `json:"prefixes"`
}

// isRangeFile: an object with a "prefixes" list.
func isRangeFile(data []byte) bool {
	var probe struct {
		Prefixes json.RawMessage `json:"prefixes"`
	}
	return json.Unmarshal(data, &probe) == nil && len(probe.Prefixes) > 0 && probe.Prefixes[0] == '['
}

// jafarMajor is the JAFAR format's major version this reader knows.
const jafarMajor = 1

var msgJafarVersion = msg.Def("catalogue.err.jafar_version", "the file says formatVersion {{.Version}}; Robots Studio reads JAFAR files up to major version {{.Known}} and does not guess at a newer one")

// Ranges is one published range file as an update keeps it (its type is
// the catalogue's, which the server rules of the AI policy read too).
type Ranges = catalogue.Ranges

// MaxPrefixes is the most IP ranges one range file may list (the
// operators' files list hundreds).
const MaxPrefixes = 50000

// publishedRangeFiles maps the file names operators publish to whose
// ranges they hold. Google asks that a visit by any of its crawlers be
// checked against all of its lists, so they count for the operator.
var publishedRangeFiles = map[string]string{
	"googlebot.json":                      "Google",
	"common-crawlers.json":                "Google",
	"special-crawlers.json":               "Google",
	"user-triggered-fetchers.json":        "Google",
	"user-triggered-fetchers-google.json": "Google",
	"user-triggered-agents.json":          "Google",
	"bingbot.json":                        "bingbot",
	"gptbot.json":                         "GPTBot",
	"searchbot.json":                      "OAI-SearchBot",
	"chatgpt-user.json":                   "ChatGPT-User",
	"perplexitybot.json":                  "PerplexityBot",
	"perplexity-user.json":                "Perplexity-User",
	"applebot.json":                       "Applebot",
	"ccbot.json":                          "CCBot",
	"duckduckbot.json":                    "DuckDuckBot",
	"duckassistbot.json":                  "DuckAssistBot",
}

// rangeKey says whose ranges a file holds, from its name: a name
// operators publish, a URL the catalogue lists under a crawler or an
// operator, or a crawler's name the catalogue knows ("amazonbot.json").
func rangeKey(where string) (string, error) {
	base := strings.ToLower(path.Base(strings.ReplaceAll(where, `\`, "/")))
	if q := strings.IndexAny(base, "?#"); q >= 0 {
		base = base[:q]
	}
	if k, ok := publishedRangeFiles[base]; ok {
		return k, nil
	}
	if k, ok := catalogue.RangesOwner(where); ok {
		return k, nil
	}
	if c, _, ok := crawlers.Match(strings.TrimSuffix(base, path.Ext(base))); ok {
		return c.Name, nil
	}
	return "", msg.Error(msgWhose)
}

// ReadRanges reads a published range file; the prefixes come back
// normalised, sorted and without repeats.
func ReadRanges(data []byte, where, read string) (Ranges, error) {
	var f rangeFile
	if err := json.Unmarshal(data, &f); err != nil {
		return Ranges{}, msg.Error(msgNotRanges, "Err", err.Error())
	}
	if f.FormatVersion != "" {
		major, _, _ := strings.Cut(f.FormatVersion, ".")
		if n, err := strconv.Atoi(major); err != nil || n > jafarMajor {
			return Ranges{}, msg.Error(msgJafarVersion, "Version", f.FormatVersion, "Known", jafarMajor)
		}
	}
	key, err := rangeKey(where)
	if err != nil {
		return Ranges{}, err
	}
	if len(f.Prefixes) > MaxPrefixes {
		return Ranges{}, msg.Error(msgTooManyPrefixes, "Max", MaxPrefixes)
	}
	r := Ranges{Key: key, Source: where, Read: read, Created: f.CreationTime}
	seen := map[string]bool{}
	for i, p := range f.Prefixes {
		if f.FormatVersion != "" && (p.V4 == "") == (p.V6 == "") {
			continue // JAFAR: both or neither, ignored
		}
		for _, s := range []string{p.V4, p.V6} {
			if s == "" {
				continue
			}
			pp, err := netip.ParsePrefix(strings.TrimSpace(s))
			if err != nil {
				return Ranges{}, msg.Error(msgBadPrefix, "N", i+1, "Prefix", fmt.Sprintf("%q", s))
			}
			t := pp.Masked().String()
			if !seen[t] {
				seen[t] = true
				r.Prefixes = append(r.Prefixes, t)
			}
		}
	}
	if len(r.Prefixes) == 0 {
		return Ranges{}, msg.Error(msgNoRanges)
	}
	sort.Strings(r.Prefixes)
	return r, nil
}
