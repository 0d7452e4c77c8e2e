package lint

import (
	"strings"
	"sync"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/msg"
)

// RuleInfo describes one rule for documentation and settings: its stable
// code, a short name, its usual severity (some findings of a rule are milder
// or graver, the message says why), a title, an example that triggers it and
// the example corrected (empty when there is no equivalent rewrite).
type RuleInfo struct {
	Code     string
	Name     string
	Severity diag.Severity
	Title    msg.Text
	Example  string
	Fixed    string
	// FileName is the file name the example is linted under, when it matters.
	FileName string
	// bigExample makes an Example too large to build when the program
	// starts (RS032's is half a megabyte); Rules fills Example from it.
	bigExample func() string
}

// rule is one check; a check may report several codes.
type rule struct {
	check func(*state)
}

// Rules returns the rule table in code order.
func Rules() []RuleInfo {
	out := append([]RuleInfo(nil), table...)
	for i := range out {
		if out[i].bigExample != nil {
			out[i].Example = out[i].bigExample()
		}
	}
	return out
}

func ri(code, name string, sev diag.Severity, titleKey, example, fixed string) RuleInfo {
	return RuleInfo{Code: code, Name: name, Severity: sev, Title: msg.New(titleKey), Example: example, Fixed: fixed}
}

// big gives r an example made on first use (the same text each time).
func big(r RuleInfo, example func() string) RuleInfo {
	r.bigExample = sync.OnceValue(example)
	return r
}

// table is the documentation of every code. A check function may report
// several codes; rules lists each check once.
var table = []RuleInfo{
	ri("RS001", "rule-before-user-agent", diag.Error, msg.Def("lint.title.RS001", "Rule before any User-agent line"),
		"Disallow: /private/\n\nUser-agent: *\nDisallow: /tmp/\n", "User-agent: *\nDisallow: /private/\nDisallow: /tmp/\n"),
	ri("RS002", "blank-line-in-group", diag.Warning, msg.Def("lint.title.RS002", "Blank line inside a group"),
		"User-agent: *\n\nDisallow: /tmp/\n", "User-agent: *\nDisallow: /tmp/\n"),
	ri("RS003", "path-not-absolute", diag.Error, msg.Def("lint.title.RS003", "Rule path that does not start with / or *"),
		"User-agent: *\nDisallow: www.example.com/cgi-bin/\n", "User-agent: *\nDisallow: /cgi-bin/\n"),
	ri("RS004", "several-paths", diag.Error, msg.Def("lint.title.RS004", "Several paths, or a space, in one rule"),
		"User-agent: *\nDisallow: /cgi-bin/ /tmp/\n", "User-agent: *\nDisallow: /cgi-bin/\nDisallow: /tmp/\n"),
	ri("RS005", "dollar-not-at-end", diag.Warning, msg.Def("lint.title.RS005", "`$` not at the end of a rule"),
		"User-agent: *\nDisallow: /price$/list\n", "User-agent: *\nDisallow: /price%24/list\n"),
	ri("RS006", "wildcard-literal", diag.Info, msg.Def("lint.title.RS006", "Wildcards some readings take literally"),
		"User-agent: *\nDisallow: /*.doc\nDisallow: /*.pdf$\n", ""),
	ri("RS007", "star-only-rule", diag.Warning, msg.Def("lint.title.RS007", "`Disallow: *` instead of `Disallow: /`"),
		"User-agent: *\nDisallow: *\n", "User-agent: *\nDisallow: /\n"),
	ri("RS008", "key-typo", diag.Error, msg.Def("lint.title.RS008", "Misspelt field name that only some readings accept"),
		"User-agent: *\nDissallow: /tmp/\n", "User-agent: *\nDisallow: /tmp/\n"),
	ri("RS009", "missing-colon", diag.Error, msg.Def("lint.title.RS009", "No colon after the field name"),
		"User-agent: *\nDisallow /tmp/\n", "User-agent: *\nDisallow: /tmp/\n"),
	ri("RS010", "unknown-field", diag.Info, msg.Def("lint.title.RS010", "Field no crawler reads"),
		"User-agent: *\nDsallow: /tmp/\n", "User-agent: *\nDisallow: /tmp/\n"),
	ri("RS011", "invalid-line", diag.Warning, msg.Def("lint.title.RS011", "Line that is neither a field nor a comment"),
		"User-agent: *\nDisallow /tmp/ /cgi-bin/\n", "User-agent: *\nDisallow: /tmp/\nDisallow: /cgi-bin/\n"),
	ri("RS012", "empty-user-agent", diag.Warning, msg.Def("lint.title.RS012", "Empty User-agent"),
		"User-agent:\nDisallow: /tmp/\n", "User-agent: *\nDisallow: /tmp/\n"),
	ri("RS013", "invalid-product-token", diag.Warning, msg.Def("lint.title.RS013", "User-agent that is not a product token"),
		"User-agent: Googlebot/2.1\nDisallow: /tmp/\n", "User-agent: Googlebot\nDisallow: /tmp/\n"),
	ri("RS014", "several-agents-on-line", diag.Info, msg.Def("lint.title.RS014", "Several robots on one User-agent line"),
		"User-agent: Copernicus Fred\nDisallow:\n", "User-agent: Copernicus\nUser-agent: Fred\nDisallow:\n"),
	ri("RS015", "sitemap-url", diag.Warning, msg.Def("lint.title.RS015", "Relative or malformed Sitemap URL"),
		"Sitemap: /sitemap.xml\n", "Sitemap: https://example.com/sitemap.xml\n"),
	ri("RS016", "several-star-groups", diag.Warning, msg.Def("lint.title.RS016", "More than one `User-agent: *` group"),
		"User-agent: *\nDisallow: /a/\n\nUser-agent: *\nDisallow: /b/\n", "User-agent: *\nDisallow: /a/\nDisallow: /b/\n"),
	ri("RS017", "robot-in-several-groups", diag.Warning, msg.Def("lint.title.RS017", "One robot named in several groups"),
		"User-agent: Googlebot\nDisallow: /a/\n\nUser-agent: Googlebot\nDisallow: /b/\n",
		"User-agent: Googlebot\nDisallow: /a/\nDisallow: /b/\n"),
	ri("RS018", "named-group-drops-star", diag.Info, msg.Def("lint.title.RS018", "Named group that silently drops the `*` rules"),
		"User-agent: *\nDisallow: /admin/\n\nUser-agent: Googlebot\nDisallow: /search\n",
		"User-agent: *\nDisallow: /admin/\n\nUser-agent: Googlebot\nDisallow: /admin/\nDisallow: /search\n"),
	ri("RS019", "shadowed-rule", diag.Warning, msg.Def("lint.title.RS019", "Rule that can never decide"),
		"User-agent: *\nDisallow: /page\nAllow: /page\n", "User-agent: *\nAllow: /page\n"),
	ri("RS020", "duplicate-rule", diag.Info, msg.Def("lint.title.RS020", "Duplicate rule"),
		"User-agent: *\nDisallow: /tmp/\nDisallow: /tmp/\n", "User-agent: *\nDisallow: /tmp/\n"),
	ri("RS021", "noindex", diag.Warning, msg.Def("lint.title.RS021", "Noindex in robots.txt"),
		"User-agent: *\nDisallow: /tmp/\nNoindex: /drafts/\n", ""),
	ri("RS022", "crawl-delay", diag.Info, msg.Def("lint.title.RS022", "Crawl-delay"),
		"User-agent: *\nCrawl-delay: 10\nDisallow: /tmp/\n", ""),
	ri("RS023", "host-deprecated", diag.Info, msg.Def("lint.title.RS023", "Host, which few crawlers read"),
		"User-agent: Yandex\nDisallow: /tmp/\nHost: www.example.ru\n", "User-agent: Yandex\nDisallow: /tmp/\n"),
	ri("RS024", "host-invalid", diag.Warning, msg.Def("lint.title.RS024", "Host value that would be ignored"),
		"User-agent: Yandex\nDisallow: /tmp/\nHost: http://www.example.ru/\n", "User-agent: Yandex\nDisallow: /tmp/\nHost: www.example.ru\n"),
	ri("RS025", "host-multiple", diag.Warning, msg.Def("lint.title.RS025", "More than one Host line"),
		"User-agent: Yandex\nDisallow: /tmp/\nHost: www.example.ru\nHost: example.ru\n",
		"User-agent: Yandex\nDisallow: /tmp/\nHost: www.example.ru\n"),
	ri("RS026", "clean-param-syntax", diag.Warning, msg.Def("lint.title.RS026", "Clean-param that cannot be read"),
		"User-agent: Yandex\nDisallow: /tmp/\nClean-param: ref=1 /catalog/\n", "User-agent: Yandex\nDisallow: /tmp/\nClean-param: ref /catalog/\n"),
	ri("RS027", "request-rate-syntax", diag.Warning, msg.Def("lint.title.RS027", "Malformed Request-rate"),
		"User-agent: *\nDisallow: /tmp/\nRequest-rate: one page in 5 seconds\n", "User-agent: *\nDisallow: /tmp/\nRequest-rate: 1/5\n"),
	ri("RS028", "visit-time-syntax", diag.Warning, msg.Def("lint.title.RS028", "Malformed Visit-time"),
		"User-agent: *\nDisallow: /tmp/\nVisit-time: 6:00-8:45\n", "User-agent: *\nDisallow: /tmp/\nVisit-time: 0600-0845\n"),
	ri("RS029", "bom", diag.Info, msg.Def("lint.title.RS029", "Byte order mark"),
		"\uFEFFUser-agent: *\nDisallow: /tmp/\n", "User-agent: *\nDisallow: /tmp/\n"),
	ri("RS030", "damaged-bom", diag.Error, msg.Def("lint.title.RS030", "Damaged or misplaced byte order mark"),
		"\u00EF\u00BB\u00BFUser-agent: *\nDisallow: /tmp/\n", "User-agent: *\nDisallow: /tmp/\n"),
	big(ri("RS031", "line-too-long", diag.Error, msg.Def("lint.title.RS031", "Line longer than some crawlers read"), "", ""),
		func() string { return "User-agent: *\nDisallow: /" + strings.Repeat("a", 16700) + "\n" }),
	big(ri("RS032", "file-too-large", diag.Error, msg.Def("lint.title.RS032", "File larger than some crawlers read"), "", ""),
		func() string {
			return "User-agent: *\n" + strings.Repeat("Disallow: /a-rather-long-path/\n", 512*1024/30+1)
		}),
	ri("RS033", "cr-line-endings", diag.Warning, msg.Def("lint.title.RS033", "Lines ending with a lone CR"),
		"User-agent: *\rDisallow: /tmp/\r", "User-agent: *\nDisallow: /tmp/\n"),
	ri("RS034", "non-ascii-path", diag.Info, msg.Def("lint.title.RS034", "Non-ASCII characters in a path"),
		"User-agent: *\nDisallow: /каталог/\n", "User-agent: *\nDisallow: /%D0%BA%D0%B0%D1%82%D0%B0%D0%BB%D0%BE%D0%B3/\n"),
	ri("RS035", "disallow-all", diag.Info, msg.Def("lint.title.RS035", "The whole site closed to every crawler"),
		"User-agent: *\nDisallow: /\n", ""),
	ri("RS036", "allow-not-in-original", diag.Info, msg.Def("lint.title.RS036", "Allow, which some readings do not have"),
		"User-agent: *\nDisallow: /docs/\nAllow: /docs/public/\nAllow: /docs/help/\n", ""),
	ri("RS037", "empty-group", diag.Warning, msg.Def("lint.title.RS037", "User-agent lines without rules"),
		"User-agent: *\nDisallow: /tmp/\n\nUser-agent: Googlebot\n", "User-agent: *\nDisallow: /tmp/\n\nUser-agent: Googlebot\nDisallow: /tmp/\n"),
	ri("RS038", "group-split-by-field", diag.Warning, msg.Def("lint.title.RS038", "User-agent line after a Crawl-delay of the same group"),
		"User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\n", "User-agent: a\nUser-agent: b\nCrawl-delay: 5\nDisallow: /\n"),
	ri("RS039", "nul-byte", diag.Warning, msg.Def("lint.title.RS039", "NUL byte"),
		"User-agent: *\nDisallow: /tmp\x00/\n", "User-agent: *\nDisallow: /tmp/\n"),
	ri("RS040", "invalid-utf8", diag.Warning, msg.Def("lint.title.RS040", "Text that is not UTF-8"),
		"User-agent: *\nDisallow: /\xEA\xE0\xF2\xE0\xEB\xEE\xE3/\n", "User-agent: *\nDisallow: /%EA%E0%F2%E0%EB%EE%E3/\n"),
	ri("RS041", "no-rules", diag.Info, msg.Def("lint.title.RS041", "No rules at all"),
		"Sitemap: https://example.com/sitemap.xml\n", ""),
	{Code: "RS042", Name: "file-name", Severity: diag.Warning, Title: msg.New(msg.Def("lint.title.RS042", "File not named robots.txt in lower case")),
		Example: "User-agent: *\nDisallow: /tmp/\n", FileName: "Robots.txt"},
	ri("RS043", "content-signal-syntax", diag.Warning, msg.Def("lint.title.RS043", "Malformed Content-Signal value"),
		"User-agent: *\nContent-Signal: search=yes, ai-train=maybe\nAllow: /\n", "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n"),
	ri("RS044", "content-preference-unknown-key", diag.Warning, msg.Def("lint.title.RS044", "Unknown Content-Signal key or Content-Usage label"),
		"User-agent: *\nContent-Signal: ai_train=no\nAllow: /\n", "User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n"),
	ri("RS045", "content-usage-syntax", diag.Warning, msg.Def("lint.title.RS045", "Malformed Content-Usage value"),
		"User-agent: *\nAllow: /\nContent-Usage: train-ai=no\n", "User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n"),
	ri("RS046", "content-preference-outside-group", diag.Warning, msg.Def("lint.title.RS046", "Content-Usage or Content-Signal outside any group"),
		"Content-Usage: train-ai=n\n\nUser-agent: *\nAllow: /\n", "User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n"),
	ri("RS047", "content-preference-contradiction", diag.Warning, msg.Def("lint.title.RS047", "Usage preference that contradicts the rules or another line"),
		"User-agent: GPTBot\nDisallow: /\nContent-Signal: ai-train=yes\n", "User-agent: GPTBot\nDisallow: /\nContent-Signal: ai-train=no\n"),
	ri("RS048", "content-preference-unused-by-google", diag.Info, msg.Def("lint.title.RS048", "Content-Signal and Content-Usage, reported as unused"),
		"User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n", ""),
	ri("RS049", "misspelt-crawler-token", diag.Warning, msg.Def("lint.title.RS049", "User-agent that differs from a known crawler's token only in case, - or _"),
		"User-agent: GPT-Bot\nDisallow: /\n", "User-agent: GPTBot\nDisallow: /\n"),
	ri("RS050", "file-type-without-slash", diag.Warning, msg.Def("lint.title.RS050", "File-type rule such as `*.doc` that also closes .docx and .doc?…"),
		"User-agent: *\nDisallow: *.doc\n", "User-agent: *\nDisallow: /*.doc$\n"),
	ri("RS051", "name-read-otherwise", diag.Info, msg.Def("lint.title.RS051", "Crawler name that some readings cannot match (MJ12bot: `MJ` for Google, no name for RFC 9309)"),
		"User-agent: MJ12bot\nDisallow: /\n", ""),
	ri("RS052", "rejected-by-reader", diag.Warning, msg.Def("lint.title.RS052", "Line a reader of the file rejects, or past a reader's limits (Lighthouse, Yandex Webmaster)"),
		"User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n", ""),
}

// rules are the checks, each run once per Run.
var rules = []rule{
	{check: checkBeforeUA},
	{check: checkBlankInGroup},
	{check: checkUserAgents},
	{check: checkGroups},
	{check: checkDisallowAll},
	{check: checkNoRules},
	{check: checkPaths},
	{check: checkShadowAndDuplicates},
	{check: checkKeys},
	{check: checkFields},
	{check: checkEncoding},
	{check: checkSize},
	{check: checkLineEnds},
	{check: checkFileName},
	{check: checkAIPref},
	{check: checkCrawlerTokens},
	{check: checkReaders},
}

// RuleTitle is the short title of the rule with code ("Rule that never
// decides" for RS019), so a code is never shown unexplained; zero for an
// unknown code.
func RuleTitle(code string) msg.Text {
	for _, r := range table {
		if r.Code == code {
			return r.Title
		}
	}
	return msg.Text{}
}

// CodeText is a code with its rule's title ("RS019: Rule that never
// decides"), or the bare code when the table does not know it.
func CodeText(code string) string {
	if t := RuleTitle(code); !t.IsZero() {
		return code + ": " + t.String()
	}
	return code
}
