package lint

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/hostname"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

func codesOf(diags []Diagnostic, code string) []Diagnostic {
	var out []Diagnostic
	for _, d := range diags {
		if d.Code == code {
			out = append(out, d)
		}
	}
	return out
}

// TestRuleExamples: every documented example triggers its code, the
// corrected example does not, and where the diagnostic carries a fix,
// applying it to the example gives the corrected example.
func TestRuleExamples(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Rules() {
		t.Run(r.Code+"_"+r.Name, func(t *testing.T) {
			if seen[r.Code] {
				t.Fatalf("code %s twice in the table", r.Code)
			}
			seen[r.Code] = true
			opts := Options{FileName: r.FileName, Engines: EngineIDs()}
			got := codesOf(Run(syntax.Parse([]byte(r.Example)), opts), r.Code)
			if len(got) == 0 {
				t.Fatalf("example does not trigger %s:\n%s", r.Code, r.Example)
			}
			if r.Fixed == "" {
				return
			}
			if after := codesOf(Run(syntax.Parse([]byte(r.Fixed)), opts), r.Code); len(after) > 0 {
				t.Errorf("the corrected example still triggers %s: %s", r.Code, after[0].Message)
			}
			if f := got[0].Fix; f != nil {
				out, err := ApplyFixes([]byte(r.Example), []Fix{*f})
				if err != nil {
					t.Fatal(err)
				}
				if string(out) != r.Fixed {
					t.Errorf("fix gives\n%q\nwant\n%q", out, r.Fixed)
				}
			}
		})
	}
}

// ruleCase is one input for a rule: the lines (1-based) where the rule's code
// must be reported, and with which severity.
type ruleCase struct {
	name    string
	src     string
	engines []string // nil: every reading; byDefault: the default readings
	want    []string // "LINE:severity"
}

var ruleCases = map[string][]ruleCase{
	"RS001_rule-before-user-agent": {
		{"orphans counted once", "Disallow: /a\nDisallow: /b\nUser-agent: *\nDisallow: /c\n", nil, []string{"1:error"}},
		{"crawl-delay too", "Crawl-delay: 4\nUser-agent: *\nDisallow: /c\n", nil, []string{"1:error"}},
		{"sitemap is fine", "Sitemap: https://a.example/s.xml\nUser-agent: *\nDisallow: /c\n", nil, nil},
	},
	"RS002_blank-line-in-group": {
		{"blank before rule", "User-agent: *\n\nDisallow: /a\n", nil, []string{"3:warning"}},
		{"blank between agents", "User-agent: a\n\nUser-agent: b\nDisallow: /\n", nil, []string{"3:warning"}},
		{"blank between groups", "User-agent: a\nDisallow: /\n\nUser-agent: b\nDisallow: /\n", nil, nil},
		{"google only does not care", "User-agent: *\n\nDisallow: /a\n", []string{"google"}, nil},
		{"yandex reads on past the blank line, as its engine does", "User-agent: *\n\nDisallow: /a\n", []string{"yandex"}, nil},
		{"the 1994 reading ends the record there", "User-agent: *\n\nDisallow: /a\n", []string{"original1994"}, []string{"3:warning"}},
	},
	"RS003_path-not-absolute": {
		{"host name", "User-agent: *\nDisallow: www.myhost.ru/cgi-bin\n", nil, []string{"2:error"}},
		{"url", "User-agent: *\nDisallow: https://example.com/x\n", nil, []string{"2:error"}},
		{"relative", "User-agent: *\nDisallow: admin/\n", nil, []string{"2:error"}},
		{"file name is not a host", "User-agent: *\nDisallow: index.php/x\n", nil, []string{"2:error"}},
		{"star start is fine", "User-agent: *\nDisallow: *.doc\n", nil, nil},
	},
	"RS004_several-paths": {
		{"two paths", "User-agent: *\nDisallow: /cgi-bin /forum\n", nil, []string{"2:error"}},
		{"space in a name", "User-agent: *\nDisallow: /my file.html\n", nil, []string{"2:error"}},
		{"lycos reads it", "User-agent: *\nDisallow: /cgi-bin /forum\n", []string{"lycos1996"}, nil},
		{"trailing blank trimmed", "User-agent: *\nDisallow: /sale/ \n", nil, nil},
	},
	"RS005_dollar-not-at-end": {
		{"middle", "User-agent: *\nDisallow: /a$b\n", nil, []string{"2:warning"}},
		{"end", "User-agent: *\nDisallow: /*.php$\n", nil, nil},
	},
	"RS006_wildcard-literal": {
		{"a 1994/1996-only note is absent by default", "User-agent: *\nDisallow: /*.doc\n", byDefault, nil},
		{"and present with the historical reading chosen", "User-agent: *\nDisallow: /*.doc\n", []string{"google", "original1994"}, []string{"2:info"}},
		{"summary once", "User-agent: *\nDisallow: /*.doc\nDisallow: /dir/*.doc\n", nil, []string{"2:info"}},
		{"per line for historic engines", "User-agent: *\nDisallow: /*.doc\nDisallow: /dir/*.doc\n", []string{"original1994"}, []string{"2:warning", "3:warning"}},
		{"not for google", "User-agent: *\nDisallow: /*.doc\n", []string{"google"}, nil},
	},
	"RS007_star-only-rule": {
		{"disallow star", "User-agent: *\nDisallow: *\n", nil, []string{"2:warning"}},
		{"allow star", "User-agent: *\nAllow: *\nDisallow: /a\n", nil, []string{"2:warning"}},
		{"google alone", "User-agent: *\nDisallow: *\n", []string{"google"}, nil},
	},
	"RS008_key-typo": {
		{"dissallow", "User-agent: *\nDissallow: /a\n", nil, []string{"2:error"}},
		{"useragent", "useragent: *\nDisallow: /a\n", nil, []string{"1:error"}},
		{"prefix", "User-agent: *\nDisallowed: /a\n", nil, []string{"2:error"}},
		{"google reads it", "User-agent: *\nDissallow: /a\n", []string{"google"}, nil},
	},
	"RS009_missing-colon": {
		{"two words", "User-agent: *\nDisallow /a\n", nil, []string{"2:error"}},
		{"temoto and google read it", "User-agent: *\nDisallow /a\n", []string{"google", "temoto"}, nil},
	},
	"RS010_unknown-field": {
		{"counted once per name", "User-agent: *\nDisallow: /a\nNoarchive: /x\nnoarchive: /y\n", nil, []string{"3:info"}},
		{"near typo", "User-agent: *\nDsallow: /a\n", nil, []string{"2:warning"}},
	},
	"RS011_invalid-line": {
		{"three words", "User-agent: *\nDisallow /a /b\n", nil, []string{"2:warning"}},
		{"html page", "<!DOCTYPE html>\n<html>\n<body>x y</body>\n", nil, []string{"1:error"}},
	},
	"RS012_empty-user-agent": {
		{"empty", "User-agent:\nDisallow: /a\n", nil, []string{"1:warning"}},
	},
	"RS013_invalid-product-token": {
		{"version", "User-agent: Googlebot/2.1\nDisallow: /\n", nil, []string{"1:warning"}},
		{"digits are the robot's name (AI2Bot, MJ12bot)", "User-agent: AI2Bot\nDisallow: /\nUser-agent: MJ12bot\nDisallow: /\n", nil, nil},
		{"a name of digits is the robot's name (80legs' 008)", "User-agent: 008\nDisallow: /\n", nil, nil},
		{"two names Google and RFC 9309 cut to one", "User-agent: MJ12bot\nDisallow: /a\n\nUser-agent: MJ13bot\nDisallow: /b\n", nil, []string{"4:warning"}},
		{"names cut to one in one group mix nothing up", "User-agent: AI2Bot\nUser-agent: AI2Bot-Dolma\nDisallow: /\n", nil, nil},
		{"no token", "User-agent: (compatible)\nDisallow: /\n", nil, []string{"1:warning"}},
		{"valid", "User-agent: Googlebot-Image\nDisallow: /\n", nil, nil},
	},
	"RS014_several-agents-on-line": {
		{"Lycos example 2", "User-Agent: Copernicus Fred\nDisallow:\n", nil, []string{"1:info"}},
		{"star and rex", "User-Agent: * Rex\nDisallow: /t\n", nil, []string{"1:info"}},
	},
	"RS015_sitemap-url": {
		{"relative", "Sitemap: /sitemap.xml\n", nil, []string{"1:warning"}},
		{"ftp", "Sitemap: ftp://example.com/s.xml\n", nil, []string{"1:warning"}},
		{"ok", "Sitemap: https://example.com/s.xml\n", nil, nil},
		{"scheme and host in any case, a port", "Sitemap: HTTPS://Example.com:8443/s.xml\n", nil, nil},
		{"a port of letters", "Sitemap: https://example.com:x/s.xml\n", nil, []string{"1:warning"}},
		{"a blank in the host", "Sitemap: https://exa mple.com/s.xml\n", nil, []string{"1:warning"}},
	},
	"RS016_several-star-groups": {
		{"two", "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n", nil, []string{"4:warning"}},
		{"google merges", "User-agent: *\nDisallow: /a\n\nUser-agent: *\nDisallow: /b\n", []string{"google"}, nil},
	},
	"RS017_robot-in-several-groups": {
		{"two", "User-agent: a\nDisallow: /a\n\nUser-agent: A\nDisallow: /b\n", nil, []string{"4:warning"}},
		{"one group", "User-agent: a\nUser-agent: a\nDisallow: /a\n", nil, nil},
	},
	"RS018_named-group-drops-star": {
		{"some rules", "User-agent: *\nDisallow: /x\n\nUser-agent: b\nDisallow: /y\n", nil, []string{"4:info"}},
		{"only crawl-delay", "User-agent: *\nDisallow: /x\n\nUser-agent: b\nCrawl-delay: 5\n", nil, []string{"4:warning"}},
		{"covered by a shorter rule", "User-agent: *\nDisallow: /x/y\n\nUser-agent: b\nDisallow: /x\n", nil, nil},
		{"star closes everything", "User-agent: *\nDisallow: /\n\nUser-agent: b\nDisallow: /y\n", nil, nil},
		{"opened on purpose", "User-agent: *\nDisallow: /x\n\nUser-agent: b\nDisallow:\n", nil, nil},
	},
	"RS019_shadowed-rule": {
		{"scenario 2", "User-agent: *\nDisallow: /page\nAllow: /page\n", nil, []string{"2:warning", "3:warning", "3:info"}},
		{"allow first", "User-agent: *\nAllow: /page\nDisallow: /page\n", nil, []string{"3:warning", "3:info"}},
		{"trailing star", "User-agent: *\nAllow: /p\nDisallow: /p*\n", []string{"google", "temoto"}, []string{"2:warning", "3:warning"}},
		{"scenario 1 for the draft", "User-agent: *\nDisallow: /p\nAllow: /page\n", nil, []string{"3:info"}},
		{"draft alone", "User-agent: *\nDisallow: /p\nAllow: /page\nAllow: /pa\n", []string{"draft1996"}, []string{"3:warning", "4:warning"}},
	},
	"RS020_duplicate-rule": {
		{"twice", "User-agent: *\nDisallow: /a\nDisallow: /a\n", nil, []string{"3:info"}},
		{"other group", "User-agent: a\nDisallow: /a\nUser-agent: b\nDisallow: /a\n", nil, nil},
	},
	"RS021_noindex": {{"noindex", "User-agent: *\nNoindex: /a\n", nil, []string{"2:warning"}}},
	"RS022_crawl-delay": {
		{"once", "User-agent: *\nCrawl-delay: 5\nUser-agent: b\nCrawl-delay: 5\n", nil, []string{"2:info"}},
		{"not a number", "User-agent: *\nCrawl-delay: five\nDisallow: /\n", nil, []string{"2:error"}},
	},
	"RS023_host-deprecated": {{"host", "User-agent: *\nDisallow: /\nHost: example.ru\n", nil, []string{"3:info"}}},
	"RS024_host-invalid": {
		{"http scheme", "User-agent: *\nDisallow: /\nHost: http://www.myhost.ru\n", nil, []string{"3:warning"}},
		{"https is fine", "User-agent: *\nDisallow: /\nHost: https://lenta.ru\n", nil, nil},
	},
	"RS025_host-multiple": {{"two", "User-agent: *\nDisallow: /\nHost: a.ru\nHost: b.ru\n", nil, []string{"4:warning"}}},
	"RS026_clean-param-syntax": {
		{"value in name", "User-agent: *\nDisallow: /\nClean-param: a=1\n", nil, []string{"3:warning"}},
		{"leading ampersand", "User-agent: *\nDisallow: /\nClean-param: &a&b /x/\n", nil, nil},
		{"bad prefix", "User-agent: *\nDisallow: /\nClean-param: a /x?y\n", nil, []string{"3:warning"}},
		{"three parts", "User-agent: *\nDisallow: /\nClean-param: a /x /y\n", nil, []string{"3:warning"}},
	},
	"RS027_request-rate-syntax": {
		{"ok", "User-agent: *\nDisallow: /\nRequest-rate: 1/5 0600-0845\n", nil, nil},
		{"bad", "User-agent: *\nDisallow: /\nRequest-rate: 1 per 5\n", []string{"google"}, []string{"3:warning"}},
	},
	"RS028_visit-time-syntax": {
		{"ok", "User-agent: *\nDisallow: /\nVisit-time: 0600-0845\n", nil, nil},
		{"hour 25", "User-agent: *\nDisallow: /\nVisit-time: 2500-0100\n", nil, []string{"3:warning"}},
	},
	"RS029_bom": {{"bom", "\uFEFFUser-agent: *\nDisallow: /\n", nil, []string{"1:info"}}},
	"RS030_damaged-bom": {
		{"damaged", "\u00EF\u00BB\u00BFUser-agent: *\r\nDisallow: /a\r\n", nil, []string{"1:error"}},
		{"stray", "User-agent: *\nDisallow: /a\n\uFEFFUser-agent: b\nDisallow: /\n", nil, []string{"3:error"}},
	},
	"RS031_line-too-long": {
		{"rule cut", "User-agent: *\nDisallow: /" + strings.Repeat("a", syntax.MaxLineBytes) + "\n", nil, []string{"2:error"}},
		{"comment cut", "User-agent: *\nDisallow: /a #" + strings.Repeat("a", syntax.MaxLineBytes) + "\n", nil, nil},
	},
	"RS032_file-too-large": {
		{"comment only after the limit", "User-agent: *\nDisallow: /\n" + strings.Repeat("# padding padding padding\n", syntax.GoogleMaxBytes/26+1), nil, []string{"19694:warning"}},
	},
	"RS033_cr-line-endings": {{"cr", "User-agent: *\rDisallow: /\r", nil, []string{"1:warning"}}},
	"RS034_non-ascii-path": {
		{"cyrillic", "User-agent: *\nDisallow: /каталог/\n", nil, []string{"2:info"}},
		{"google encodes it", "User-agent: *\nDisallow: /каталог/\n", []string{"google"}, nil},
	},
	"RS035_disallow-all": {
		{"star", "User-agent: *\nDisallow: /\n", nil, []string{"2:info"}},
		{"named", "User-agent: a\nDisallow: /\n", nil, nil},
	},
	"RS036_allow-not-in-original": {
		{"summary", "User-agent: *\nAllow: /a\nAllow: /b\n", nil, []string{"2:info"}},
		{"historic only", "User-agent: *\nAllow: /a\nAllow: /b\n", []string{"original1994"}, []string{"2:warning", "3:warning"}},
		{"draft has allow", "User-agent: *\nAllow: /a\n", []string{"draft1996"}, nil},
	},
	"RS037_empty-group": {
		{"after star", "User-agent: *\nDisallow: /a\nUser-agent: b\n", nil, []string{"3:warning"}},
		{"alone", "User-agent: b\n", nil, []string{"1:info"}},
	},
	"RS038_group-split-by-field": {
		{"scenario 7", "User-agent: a\nCrawl-delay: 5\nUser-agent: b\nDisallow: /\n", nil, []string{"3:warning"}},
		{"github style", "User-agent: baidu\ncrawl-delay: 1\n\n\nUser-agent: *\n\nDisallow: /x\n", nil, []string{"5:warning"}},
	},
	"RS039_nul-byte": {{"nul", "User-agent: *\nDisallow: /a\x00b\n", nil, []string{"2:warning"}}},
	"RS040_invalid-utf8": {
		{"rule", "User-agent: *\nDisallow: /\xEA\xE0\n", nil, []string{"2:warning"}},
		{"comment", "User-agent: *\nDisallow: /\n# \xEA\xE0\n", nil, []string{"3:info"}},
	},
	"RS041_no-rules": {
		{"empty", "", nil, []string{"1:info"}},
		{"rules", "User-agent: *\nDisallow:\n", nil, nil},
	},
	"RS042_file-name": {}, // needs a file name: TestFileName
	"RS051_name-read-otherwise": {
		{"MJ12bot: Google reads MJ, RFC 9309 no name", "User-agent: MJ12bot\nDisallow: /\n", nil, []string{"1:info"}},
		{"by default too", "User-agent: AI2Bot\nDisallow: /\n", byDefault, []string{"1:info"}},
		{"a documented name with a blank is one name, not several", "User-agent: ChatGPT Agent\nDisallow: /\n", nil, []string{"1:info"}},
		{"an unknown name with digits", "User-agent: Foo2Bot\nDisallow: /\n", nil, []string{"1:info"}},
		{"a product token is every reading's", "User-agent: GPTBot\nDisallow: /\n", nil, nil},
		{"the 1994 reading compares the name as written", "User-agent: MJ12bot\nDisallow: /\n", []string{"original1994"}, nil},
		{"Yandex cuts at / but keeps the digits: MJ12bot is MJ12bot's", "User-agent: MJ12bot\nDisallow: /\n", []string{"yandex"}, nil},
		{"words that are no crawler's name are several robots (RS014)", "User-agent: Copernicus Fred\nDisallow:\n", nil, nil},
	},
	"RS052_rejected-by-reader": {
		{"Content-Usage, which no Lighthouse knows", "User-agent: *\nAllow: /\nContent-Usage: train-ai=n\n", nil, []string{"3:warning"}},
		{"Content-Signal, known since 13.0.2", "User-agent: *\nAllow: /\nContent-Signal: ai-train=no\n", nil, []string{"3:info"}},
		{"a field no crawler reads", "User-agent: *\nAllow: /\nAgentmap: https://example.com/agents.json\n", nil, []string{"3:warning"}},
		{"mistakes in rule lines have their own rules", "Disallow: /tmp/\nUser-agent: *\nDisallow /x/\nDisallow: tmp/\nDisallow: /a$b\nSitemap: /s.xml\n", nil, nil},
		{"the fields it knows, comments and blank lines", "# hi\nUser-agent: *\nDisallow: /a/ # x\n\nCrawl-delay: 5\nClean-param: ref /\nHost: example.com\nSitemap: https://example.com/s.xml\n", nil, nil},
		{"a byte order mark", "\uFEFFUser-agent: *\nDisallow: /a/\n", nil, nil},
		{"Request-rate: Lighthouse knows it, Yandex Webmaster warns", "User-agent: *\nAllow: /\nRequest-rate: 1/5\n", nil, []string{"3:info"}},
		{"Yandex Webmaster's 2048 rules, with one to spare", "User-agent: *\n" + strings.Repeat("Disallow: /a\n", 2048), nil, nil},
		{"Yandex Webmaster's 2049th rule", "User-agent: *\n" + strings.Repeat("Disallow: /a\n", 2049), nil, []string{"2050:warning"}},
		{"a rule past Yandex Webmaster's 1024 characters", "User-agent: *\nDisallow: /" + strings.Repeat("a", 1024) + "\n", nil, []string{"2:warning"}},
	},
	"RS050_file-type-without-slash": {
		{"*.doc", "User-agent: *\nDisallow: *.doc\n", nil, []string{"2:warning"}},
		{"by default too", "User-agent: *\nDisallow: *.pdf\n", byDefault, []string{"2:warning"}},
		{"already anchored", "User-agent: *\nDisallow: /*.doc$\n", nil, nil},
		{"/*.doc is deliberate", "User-agent: *\nDisallow: /*.doc\n", nil, nil},
		{"not a file type", "User-agent: *\nDisallow: */admin/\n", nil, nil},
		{"the 1994 reading alone has no wildcards to narrow", "User-agent: *\nDisallow: *.doc\n", []string{"original1994"}, nil},
	},
}

// byDefault in a ruleCase asks for lint's default readings (DefaultEngines).
var byDefault = []string{}

// TestRules runs the cases of every rule, named after it.
func TestRules(t *testing.T) {
	for _, r := range Rules() {
		name := r.Code + "_" + r.Name
		cases, ok := ruleCases[name]
		if !ok {
			t.Errorf("no test cases for %s", name)
			continue
		}
		for _, c := range cases {
			t.Run(name+"/"+c.name, func(t *testing.T) {
				var got []string
				engines := c.engines
				if engines == nil {
					engines = EngineIDs()
				}
				doc := syntax.Parse([]byte(c.src))
				for _, d := range codesOf(Run(doc, Options{Engines: engines}), r.Code) {
					got = append(got, fmt.Sprintf("%d:%s", doc.Position(d.Span.Start).Line, d.Severity))
				}
				if !slices.Equal(got, c.want) {
					t.Errorf("got %v, want %v", got, c.want)
				}
			})
		}
	}
}

func TestFileName(t *testing.T) {
	doc := syntax.Parse([]byte("User-agent: *\nDisallow: /\n"))
	for name, want := range map[string]int{"/srv/Robots.txt": 1, "ROBOTS.TXT": 1, "robots.txt": 0, "site.robots.txt": 0, "": 0} {
		if got := len(codesOf(Run(doc, Options{FileName: name}), "RS042")); got != want {
			t.Errorf("%q: %d RS042, want %d", name, got, want)
		}
	}
}

// TestHostVectors: the Host values Yandex's old help called invalid, each for its
// reason (the reasons are tester/mirror's, shared with the wizard).
func TestHostVectors(t *testing.T) {
	invalid := map[string]string{
		"www.myhost-.ru":                     hostname.CodeTrailingHyphen,
		"www.-myhost.ru":                     hostname.CodeLeadingHyphen,
		"www.myhost.ru:0":                    hostname.CodePortRange,
		"www.my_host.ru":                     hostname.CodeUnderscore,
		".my-host.ru:8000":                   hostname.CodeLeadingDot,
		"my-host.ru.":                        hostname.CodeTrailingDot,
		"my..host.ru":                        hostname.CodeEmptyLabel,
		"www.myhost.ru/":                     hostname.CodePath,
		"www.myhost.ru:8080/":                hostname.CodePath,
		"http://www.myhost.ru":               hostname.CodeSchemeHTTP,
		"www.mysi.te":                        hostname.CodeUnknownTLD,
		"213.180.194.129":                    hostname.CodeIP,
		"www.firsthost.ru,www.secondhost.ru": hostname.CodeSeveral,
		"":                                   hostname.CodeEmpty,
		"localhost":                          hostname.CodeSingleLabel,
	}
	for v, code := range invalid {
		if p, bad := hostProblem(v); !bad || p.Code != code {
			t.Errorf("hostProblem(%q) = %q, want %q", v, p.Code, code)
		}
		if HostError(v).IsZero() {
			t.Errorf("HostError(%q) gives no reason", v)
		}
	}
	for _, v := range []string{"www.myhost.ru", "www.myhost.ru:80", "myhost.ru:8080", "https://lenta.ru", "xn--80ak6aa92e.xn--p1ai", "example.museum", "my-host.ru"} {
		if got := HostError(v); !got.IsZero() {
			t.Errorf("HostError(%q) = %s, want valid", v, got)
		}
	}
}

// TestPositionsCountRunes: a diagnostic's span is bytes; shown, it is
// line and column in characters (the CLI's file:line:col, the JSON).
func TestPositionsCountRunes(t *testing.T) {
	src := "User-agent: *\nDisallow: /путь/ /x\n"
	doc := syntax.Parse([]byte(src))
	d := codesOf(Run(doc, Options{}), "RS004")
	if len(d) != 1 {
		t.Fatalf("got %+v", d)
	}
	sp := d[0].Span
	if got := src[sp.Start:sp.End]; got != "/путь/ /x" {
		t.Errorf("span %+v covers %q, want the value /путь/ /x", sp, got)
	}
	if a, b := doc.Position(sp.Start), doc.Position(sp.End); a != (diag.Pos{Line: 2, Col: 11}) || b != (diag.Pos{Line: 2, Col: 20}) {
		t.Errorf("positions %v-%v, want 2:11-2:20", a, b)
	}
}

func TestSortedByPosition(t *testing.T) {
	for _, f := range loadCorpus(t) {
		diags := Run(syntax.Parse(f.src), Options{})
		if !slices.IsSortedFunc(diags, func(a, b Diagnostic) int { return a.Span.Start - b.Span.Start }) {
			t.Errorf("%s: not sorted", f.name)
		}
	}
}

func TestEngineSelection(t *testing.T) {
	doc := syntax.Parse([]byte("User-agent: *\nHost: example.ru\nDissallow: /a\n"))
	for _, d := range Run(doc, Options{Engines: []string{"google"}}) {
		if d.Code == "RS023" || d.Code == "RS008" {
			t.Errorf("%s reported for google only: %s", d.Code, d.Message)
		}
		for _, e := range d.Engines {
			if e != "google" {
				t.Errorf("%s names %s outside the selection", d.Code, e)
			}
		}
	}
}

func TestApplyFixes(t *testing.T) {
	src := []byte("\uFEFFUser-agent: *\r\nDissallow: /a\r\nDisallow /b\r\n")
	doc := syntax.Parse(src)
	var fixes []Fix
	for _, d := range Run(doc, Options{}) {
		if d.Fix != nil && d.Fix.Safe {
			fixes = append(fixes, *d.Fix)
		}
	}
	out, err := ApplyFixes(src, fixes)
	if err != nil {
		t.Fatal(err)
	}
	if want := "\uFEFFUser-agent: *\r\nDisallow: /a\r\nDisallow: /b\r\n"; string(out) != want {
		t.Errorf("got %q, want %q (BOM and CRLF kept)", out, want)
	}
	if _, err := ApplyFixes(src, []Fix{{Edits: []Edit{{Start: 0, End: 5}, {Start: 3, End: 6}}}}); err == nil {
		t.Error("overlapping edits accepted")
	}
	if _, err := ApplyFixes(src, []Fix{{Edits: []Edit{{Start: 0, End: len(src) + 1}}}}); err == nil {
		t.Error("edit past the end accepted")
	}
	kept, skipped := Disjoint([]Fix{{Edits: []Edit{{Start: 0, End: 5}}}, {Edits: []Edit{{Start: 4, End: 6}}}, {Edits: []Edit{{Start: 6, End: 7}}}})
	if len(kept) != 2 || len(skipped) != 1 {
		t.Errorf("Disjoint kept %d, skipped %d", len(kept), len(skipped))
	}
}

func TestSplitKeepsLineEnding(t *testing.T) {
	src := []byte("User-agent: *\r\nDisallow: /a /b # two\r\n")
	d := codesOf(Run(syntax.Parse(src), Options{}), "RS004")
	out, err := ApplyFixes(src, []Fix{*d[0].Fix})
	if err != nil {
		t.Fatal(err)
	}
	if want := "User-agent: *\r\nDisallow: /a\r\nDisallow: /b # two\r\n"; string(out) != want {
		t.Errorf("got %q", out)
	}
}

func TestDeleteLastLineWithoutEOL(t *testing.T) {
	src := []byte("User-agent: *\nDisallow: /a\nDisallow: /a")
	d := codesOf(Run(syntax.Parse(src), Options{}), "RS020")
	out, _ := ApplyFixes(src, []Fix{*d[0].Fix})
	if string(out) != "User-agent: *\nDisallow: /a" {
		t.Errorf("got %q", out)
	}
}

// TestDocsCurrent: docs/lint.md is what `go generate ./tester/lint` writes.
func TestDocsCurrent(t *testing.T) {
	want := Markdown()
	got, err := os.ReadFile("../../docs/lint.md")
	if err != nil {
		t.Fatalf("%v (run go generate ./tester/lint)", err)
	}
	if !bytes.Equal(got, want) {
		t.Error("docs/lint.md is out of date: run go generate ./tester/lint")
	}
}

// TestReadOtherwiseNamesTheReadingsThatMiss: RS051 names only the readings
// under which the group is not the crawler's; Yandex, whose traits say it
// keeps a leading token ("Googlebot/2.1" is googlebot), keeps MJ12bot's
// digits and is not named.
func TestReadOtherwiseNamesTheReadingsThatMiss(t *testing.T) {
	doc := syntax.Parse([]byte("User-agent: MJ12bot\nDisallow: /\n"))
	ds := codesOf(Run(doc, Options{Engines: EngineIDs()}), "RS051")
	if len(ds) != 1 {
		t.Fatalf("%d RS051 findings, want 1", len(ds))
	}
	text := ds[0].Message.String()
	if !strings.Contains(text, "Google and Bing read this name as `MJ`") || strings.Contains(text, "Yandex") {
		t.Errorf("RS051 says %q", text)
	}
}
