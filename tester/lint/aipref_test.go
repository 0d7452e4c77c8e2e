package lint

// The cases of the Content-Signal and Content-Usage rules.
func init() {
	for name, cases := range map[string][]ruleCase{
		"RS043_content-signal-syntax": {
			{"value not yes or no", "User-agent: *\nContent-Signal: search=yes, ai-train=maybe\n", nil, []string{"2:warning"}},
			{"member without =", "User-agent: *\nContent-Signal: search\n", nil, []string{"2:warning"}},
			{"empty value", "User-agent: *\nContent-Signal:\n", nil, []string{"2:warning"}},
			{"duplicate key", "User-agent: *\nContent-Signal: search=yes, search=no\n", nil, []string{"2:warning"}},
			{"well formed, any case", "User-agent: *\nContent-Signal: search=YES, ai-input=no, ai-train=no\n", nil, nil},
		},
		"RS044_content-preference-unknown-key": {
			{"underscore instead of hyphen", "User-agent: *\nContent-Signal: ai_train=no\n", nil, []string{"2:warning"}},
			{"usage label unknown", "User-agent: *\nContent-Usage: train-llm=n\n", nil, []string{"2:warning"}},
			{"label of an earlier draft", "User-agent: *\nContent-Usage: train-genai=n\n", nil, []string{"2:warning"}},
			{"signal key in a usage line", "User-agent: *\nContent-Usage: ai-train=n\n", nil, []string{"2:warning"}},
			{"known labels", "User-agent: *\nContent-Usage: train-ai=n, search=y\n", nil, nil},
		},
		"RS045_content-usage-syntax": {
			{"yes instead of y", "User-agent: *\nContent-Usage: train-ai=no\n", nil, []string{"2:warning"}},
			{"upper-case label is no dictionary key", "User-agent: *\nContent-Usage: Train-AI=n\n", nil, []string{"2:warning"}},
			{"path without slash", "User-agent: *\nContent-Usage: blog/ train-ai=n\n", nil, []string{"2:warning"}},
			{"path and nothing else", "User-agent: *\nContent-Usage: /blog/\n", nil, []string{"2:warning"}},
			{"path then preference", "User-agent: *\nContent-Usage: /blog/ train-ai=y\n", nil, nil},
			{"parameters are ignored", "User-agent: *\nContent-Usage: train-ai=n;note=1\n", nil, nil},
		},
		"RS046_content-preference-outside-group": {
			{"usage before any group", "Content-Usage: train-ai=n\nUser-agent: *\nAllow: /\n", nil, []string{"1:warning"}},
			{"signal before any group", "Content-Signal: ai-train=no\nUser-agent: *\nAllow: /\n", nil, []string{"1:warning"}},
			{"inside a group, after a blank line", "User-agent: *\nAllow: /\n\nContent-Usage: train-ai=n\n", nil, nil},
		},
		"RS047_content-preference-contradiction": {
			{"allows training where nothing may be fetched", "User-agent: GPTBot\nDisallow: /\nContent-Signal: ai-train=yes\n", nil, []string{"3:warning"}},
			{"usage yes where nothing may be fetched", "User-agent: GPTBot\nDisallow: /\nContent-Usage: train-ai=y\n", nil, []string{"3:warning"}},
			{"yes and no in one group", "User-agent: *\nContent-Signal: ai-train=yes\nContent-Usage: train-ai=n\nAllow: /\n", nil, []string{"2:warning"}},
			{"an Allow reopens part of the site", "User-agent: GPTBot\nDisallow: /\nAllow: /blog/\nContent-Signal: ai-train=yes\n", nil, nil},
			{"a yes for some paths beside a no for all is no conflict", "User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /blog/ train-ai=y\nAllow: /\n", nil, nil},
			{"no is never a contradiction", "User-agent: GPTBot\nDisallow: /\nContent-Signal: ai-train=no\n", nil, nil},
			{"yes in one group, no in another", "User-agent: a\nContent-Signal: ai-train=yes\nAllow: /\n\nUser-agent: b\nContent-Signal: ai-train=no\nAllow: /\n", nil, nil},
		},
		"RS048_content-preference-unused-by-google": {
			{"once per file, at the first line", "User-agent: *\nContent-Signal: search=yes\nContent-Usage: train-ai=n\n", nil, []string{"2:info"}},
			{"only google cares", "User-agent: *\nContent-Usage: train-ai=n\n", []string{"bing"}, nil},
			{"no such lines", "User-agent: *\nDisallow: /a\n", nil, nil},
		},
		"RS049_misspelt-crawler-token": {
			{"an inner hyphen", "User-agent: GPT-Bot\nDisallow: /\n", nil, []string{"1:warning"}},
			{"case and underscore", "User-agent: claude_bot\nDisallow: /\n", nil, []string{"1:warning"}},
			{"one letter off may be another crawler (SemrushBot-SA is Semrush's site audit)", "User-agent: SemrushBot-SA\nDisallow: /\n", nil, nil},
			{"a known token in any case", "User-agent: gptbot\nDisallow: /\n", nil, nil},
			{"two slips away is someone else", "User-agent: YandexBlogs\nDisallow: /\n", nil, nil},
			{"an unknown crawler far from any", "User-agent: MyOwnCrawler\nDisallow: /\n", nil, nil},
			{"the global group", "User-agent: *\nDisallow: /\n", nil, nil},
		},
	} {
		ruleCases[name] = cases
	}
}
