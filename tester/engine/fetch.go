package engine

import "github.com/robots-studio/robots-studio/tester/msg"

var (
	msgFetchOK         = msg.Def("fetch.ok", "the file was fetched: its rules apply")
	msgFetchRedirect   = msg.Def("fetch.redirect", "a redirect: the crawler follows it (up to {{.Max}} hops)")
	msgFetchTooMany    = msg.Def("fetch.too_many_redirects", "more than {{.Max}} redirects: treated as if there were no robots.txt (everything allowed)")
	msgFetch4xxAllow   = msg.Def("fetch.4xx_allow", "{{.Status}}: the file is missing or forbidden, which means no restrictions: everything is allowed")
	msgFetch429Google  = msg.Def("fetch.429_google", "429 Too Many Requests: Google treats it like a server error and crawls nothing (it retries; after 12 hours it uses the last good copy for up to 30 days)")
	msgFetch5xxGoogle  = msg.Def("fetch.5xx_google", "{{.Status}}: a server error; Google crawls nothing (it retries; after 12 hours it uses the last good copy for up to 30 days)")
	msgFetchDownGoogle = msg.Def("fetch.down_google", "the server cannot be reached: Google treats it like a server error and crawls nothing")
	msgFetch5xxRFC     = msg.Def("fetch.5xx_rfc", "{{.Status}}: the file is unreachable; RFC 9309 says to assume complete disallow (a cached copy may be used; after 30 days the crawler may assume no restrictions)")
	msgFetchDownRFC    = msg.Def("fetch.down_rfc", "the server cannot be reached: RFC 9309 says to assume complete disallow")
	msgFetchOther      = msg.Def("fetch.other", "status {{.Status}} is not a defined answer: treated as unreachable, nothing is crawled")
)

// googleFetch: 2xx parse; 3xx followed for 5 hops then as a 404; 4xx except
// 429 allow all; 429, 5xx and network errors crawl nothing.
func googleFetch(f Fetch) FetchDecision {
	return modernFetch(f, true)
}

// rfcFetch: RFC 9309 §2.3.1: ≥5 redirects followed; 4xx "unavailable" →
// allow all; 5xx and network errors "unreachable" → complete disallow.
func rfcFetch(f Fetch) FetchDecision {
	return modernFetch(f, false)
}

func modernFetch(f Fetch, google bool) FetchDecision {
	const maxHops = 5
	switch {
	case f.Unreachable && google:
		return FetchDecision{FetchDisallowAll, msg.New(msgFetchDownGoogle)}
	case f.Unreachable:
		return FetchDecision{FetchDisallowAll, msg.New(msgFetchDownRFC)}
	case f.Status >= 200 && f.Status < 300:
		return FetchDecision{FetchUseFile, msg.New(msgFetchOK)}
	case f.Status >= 300 && f.Status < 400 && f.Redirects < maxHops:
		return FetchDecision{FetchFollow, msg.New(msgFetchRedirect, "Max", maxHops)}
	case f.Status >= 300 && f.Status < 400:
		return FetchDecision{FetchAllowAll, msg.New(msgFetchTooMany, "Max", maxHops)}
	case f.Status == 429 && google:
		return FetchDecision{FetchDisallowAll, msg.New(msgFetch429Google)}
	case f.Status >= 400 && f.Status < 500:
		return FetchDecision{FetchAllowAll, msg.New(msgFetch4xxAllow, "Status", f.Status)}
	case f.Status >= 500 && f.Status < 600 && google:
		return FetchDecision{FetchDisallowAll, msg.New(msgFetch5xxGoogle, "Status", f.Status)}
	case f.Status >= 500 && f.Status < 600:
		return FetchDecision{FetchDisallowAll, msg.New(msgFetch5xxRFC, "Status", f.Status)}
	}
	return FetchDecision{FetchDisallowAll, msg.New(msgFetchOther, "Status", f.Status)}
}
