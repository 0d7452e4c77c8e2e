package assets

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"
)

//go:embed crawlers.json
var crawlersJSON []byte

// Crawler is one entry of the tester's crawler catalogue (SPEC §8 and the
// robots the seed articles name).
type Crawler struct {
	Name string `json:"name"` // what the catalogue shows ("AltaVista")
	// Token is what the tester asks with: the robots.txt product token, or the
	// full User-Agent where the seeds quote one (Lycos), because the 1990s
	// readings look for a record's name anywhere in it.
	Token      string    `json:"token"`
	Owner      string    `json:"owner"` // who runs it (a proper name, not translated)
	Note       Localized `json:"note"`  // one short line per language
	Historical bool      `json:"historical,omitempty"`
}

// Localized is a short text in each of Languages.
type Localized map[string]string

// In returns the text in language lang ("en", "ru", "pl"), English when
// there is none.
func (l Localized) In(lang string) string {
	if s, ok := l[lang]; ok && s != "" {
		return s
	}
	return l["en"]
}

var crawlers = sync.OnceValue(func() []Crawler {
	list, err := parseCrawlers(crawlersJSON)
	if err != nil {
		panic("assets: " + err.Error()) // the embedded file is checked by TestCrawlers
	}
	return list
})

// Crawlers returns the catalogue in display order (grouped by owner, the
// seeds' 1990s robots last). The slice is shared: do not modify it.
func Crawlers() []Crawler { return crawlers() }

func parseCrawlers(data []byte) ([]Crawler, error) {
	var file struct {
		Version  int       `json:"version"`
		Crawlers []Crawler `json:"crawlers"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, fmt.Errorf("crawlers.json: %w", err)
	}
	if file.Version != 1 {
		return nil, fmt.Errorf("crawlers.json: version %d, want 1", file.Version)
	}
	return file.Crawlers, nil
}
