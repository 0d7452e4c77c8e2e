package lint

import (
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// probeAgents are crawlers every file is asked about, besides the names the
// file itself uses.
var probeAgents = []string{"", "Googlebot", "Googlebot-Image", "bingbot", "Yandex", "YandexBot", "GPTBot", "SomeOtherBot"}

// probes builds the (agent, path) pairs a file is checked with: its own
// robot names and, for every rule, paths the rule matches, paths that just
// miss it and paths below it.
func probes(doc *syntax.Document, limit int) (agents, paths []string) {
	seenA := map[string]bool{}
	for _, a := range probeAgents {
		seenA[a] = true
		agents = append(agents, a)
	}
	seenP := map[string]bool{}
	add := func(p string) {
		if !seenP[p] {
			seenP[p] = true
			paths = append(paths, p)
		}
	}
	for _, p := range []string{"/", "/robots.txt", "/a", "/index.html", "/%7Ejoe", "/~joe", "/page", "/p"} {
		add(p)
	}
	var values []string
	for n := 1; n <= len(doc.Lines); n++ {
		l := &doc.Lines[n-1]
		v := doc.Value(n)
		switch {
		case l.Kind == syntax.UserAgent && len(agents) < 20:
			for _, w := range strings.Fields(v) {
				if !seenA[w] {
					seenA[w] = true
					agents = append(agents, w)
				}
			}
		case l.Kind.IsRule() || l.Kind == syntax.Unknown || l.Kind == syntax.Invalid:
			values = append(values, strings.Fields(v)...)
		}
	}
	step := 1
	if len(values) > limit {
		step = len(values)/limit + 1
	}
	for i := 0; i < len(values); i += step {
		v := values[i]
		concrete := strings.ReplaceAll(strings.TrimSuffix(v, "$"), "*", "x")
		if !strings.HasPrefix(concrete, "/") {
			concrete = "/" + concrete
		}
		add(v)
		add(concrete)
		add(concrete + "z")
		add(concrete + "/index.html")
		if len(concrete) > 1 {
			add(concrete[:len(concrete)-1])
		}
	}
	return agents, paths
}

// verdicts answers every probe with every engine except those in skip, as
// one string per engine.
func verdicts(doc *syntax.Document, engines []engine.Engine, skip []string, agents, paths []string) map[string][]byte {
	out := map[string][]byte{}
	for _, e := range engines {
		if indexOf(skip, e.Info().ID) >= 0 {
			continue
		}
		c := e.Compile(doc)
		b := make([]byte, 0, len(agents)*len(paths))
		for _, a := range agents {
			for _, p := range paths {
				if c.Query(a, p).Allowed {
					b = append(b, 'A')
				} else {
					b = append(b, 'B')
				}
			}
		}
		out[e.Info().ID] = b
	}
	return out
}

type fixCase struct {
	file string
	code string
	line int
	fix  Fix
	src  []byte
}

// fixCases are all the fixes the linter offers on the corpus and on the rule
// examples, each to be applied alone.
func fixCases(t *testing.T) []fixCase {
	var out []fixCase
	add := func(name string, src []byte, opts Options) {
		perCode := map[string]int{}
		doc := syntax.Parse(src)
		diags := Run(doc, opts)
		for _, d := range diags {
			// A handful per code and file is enough: the rest repeat them.
			if perCode[d.Code]++; d.Fix != nil && perCode[d.Code] <= 25 {
				out = append(out, fixCase{name, d.Code, doc.Position(d.Span.Start).Line, *d.Fix, src})
			}
		}
		// The one fix for every repeat of a finding (Group), as the
		// Problems panel offers it.
		// Not past Google's 500 KiB: deleting many lines at once moves the
		// point where Google and Yandex stop reading (a rule cut in two
		// there becomes whole), which no single fix does noticeably.
		for _, d := range Group(doc, diags) {
			if len(src) <= syntax.GoogleMaxBytes && len(d.Members) > 0 && d.Fix != nil && perCode[d.Code+" all"] < 5 {
				perCode[d.Code+" all"]++
				out = append(out, fixCase{name, d.Code + " all", doc.Position(d.Span.Start).Line, *d.Fix, src})
			}
		}
	}
	all := EngineIDs()
	for _, f := range loadCorpus(t) {
		add(f.name, f.src, Options{Engines: all})
	}
	for _, r := range Rules() {
		add("example "+r.Code, []byte(r.Example), Options{FileName: r.FileName, Engines: all})
	}
	for _, cases := range ruleCases {
		for _, c := range cases {
			add("case "+c.name, []byte(c.src), Options{Engines: all})
		}
	}
	return out
}

// TestFixesPreserveMeaning applies every fix the linter offers on the
// corpus (and on the rule examples) alone, and checks that every registered
// engine the fix does not name gives the same verdict before and after for
// every probe (agents × paths generated from the file).
func TestFixesPreserveMeaning(t *testing.T) {
	engines := engine.All()
	ids := make([]string, len(engines))
	for i, e := range engines {
		ids[i] = e.Info().ID
	}
	t.Logf("engines compared: %s", strings.Join(ids, ", "))
	limit := 60
	if testing.Short() {
		limit = 15
	}
	before := map[string]map[string][]byte{}
	probeOf := map[string][2][]string{}
	checked, byCode := 0, map[string]int{}
	namedFixes, changedFixes := map[string]int{}, map[string]int{}
	for _, fc := range fixCases(t) {
		key := fc.file
		if strings.HasPrefix(key, "case ") {
			key += "\x00" + string(fc.src)
		}
		if _, ok := probeOf[key]; !ok {
			doc := syntax.Parse(fc.src)
			a, p := probes(doc, limit)
			probeOf[key] = [2][]string{a, p}
			before[key] = verdicts(doc, engines, nil, a, p)
		}
		if os.Getenv("LINT_TRACE") != "" {
			fmt.Fprintf(os.Stderr, "%s %s:%d %d probes %v\n", time.Now().Format("15:04:05.000"), fc.file, fc.line, len(probeOf[key][0])*len(probeOf[key][1]), fc.code)
		}
		for _, id := range fc.fix.Engines {
			if indexOf(EngineIDs(), id) < 0 {
				t.Errorf("%s:%d %s: fix names unknown engine %q", fc.file, fc.line, fc.code, id)
			}
		}
		out, err := ApplyFixes(fc.src, []Fix{fc.fix})
		if err != nil {
			t.Errorf("%s:%d %s: %v", fc.file, fc.line, fc.code, err)
			continue
		}
		pr := probeOf[key]
		after := verdicts(syntax.Parse(out), engines, nil, pr[0], pr[1])
		changedNamed := false
		for _, id := range ids {
			named := indexOf(fc.fix.Engines, id) >= 0
			same := string(before[key][id]) == string(after[id])
			if named {
				changedNamed = changedNamed || !same
				continue
			}
			if !same {
				t.Errorf("%s:%d %s fix %q changes verdicts for %s, which it does not name: %s",
					fc.file, fc.line, fc.code, fc.fix.Title, id, firstDiff(before[key][id], after[id], pr[0], pr[1]))
			}
		}
		if len(fc.fix.Engines) > 0 {
			code := strings.TrimSuffix(fc.code, " all")
			namedFixes[code]++
			if changedNamed {
				changedFixes[code]++
			}
		}
		checked++
		byCode[fc.code]++
	}
	// The other direction: a fix that names engines changes what at least
	// one of them answers, somewhere on the probes, for at least one of the
	// places it is offered (a fix whose named engines never notice it names
	// the wrong engines).
	for code, n := range namedFixes {
		if why, ok := notInVerdicts[code]; ok {
			t.Logf("%s: named engines not checked on path verdicts: %s", code, why)
			continue
		}
		if changedFixes[code] == 0 {
			t.Errorf("%s: its fix names engines, but in %d places it changed none of their verdicts", code, n)
		}
	}
	var parts []string
	for c, n := range byCode {
		parts = append(parts, fmt.Sprintf("%s×%d", c, n))
	}
	sort.Strings(parts)
	t.Logf("%d fixes checked: %s", checked, strings.Join(parts, " "))
}

// notInVerdicts are the codes whose fixes name engines for a change no path
// verdict shows; each is proved otherwise or says why it names them.
var notInVerdicts = map[string]string{
	"RS024": "the Host value decides Yandex's main mirror, not a path (TestHostFix checks Yandex reads the fixed line)",
	"RS020": "temoto is named as a precaution when a line with several words precedes the duplicate",
}

// TestHostFix: the RS024 fix turns a Host line Yandex ignores into the one
// it reads (the bare name, or https:// and the name), and leaves values
// that name no single host without a fix.
func TestHostFix(t *testing.T) {
	yandex, _ := engine.Get("yandex")
	for value, want := range map[string]string{
		"http://example.com/":        "example.com",
		"http://example.com":         "example.com",
		"https://example.com/":       "https://example.com",
		"www.myhost.ru/":             "www.myhost.ru",
		"http://www.myhost.ru:8080/": "www.myhost.ru:8080",
		"213.180.194.129":            "",
		"www.myhost.ru/catalog/":     "",
		"a.ru,b.ru":                  "",
	} {
		src := "User-agent: Yandex\nDisallow: /tmp/\nHost: " + value + "\n"
		d := codesOf(Run(syntax.Parse([]byte(src)), Options{}), "RS024")
		if len(d) != 1 {
			t.Fatalf("%q: %d RS024 findings", value, len(d))
		}
		if want == "" {
			if d[0].Fix != nil {
				t.Errorf("%q: fix %q offered for a value that names no single host", value, d[0].Fix.Edits[0].Text)
			}
			continue
		}
		if d[0].Fix == nil || d[0].Fix.Safe || !slices.Equal(d[0].Fix.Engines, []string{"yandex"}) {
			t.Fatalf("%q: fix %+v, want an unsafe fix naming yandex", value, d[0].Fix)
		}
		out, err := ApplyFixes([]byte(src), []Fix{*d[0].Fix})
		if err != nil {
			t.Fatal(err)
		}
		if got := string(out); got != "User-agent: Yandex\nDisallow: /tmp/\nHost: "+want+"\n" {
			t.Errorf("%q: fixed to %q, want Host: %s", value, got, want)
		}
		if strings.HasPrefix(want, "https://") {
			// Yandex's 2017 form for an HTTPS mirror: lint reads Host that
			// way; the engine keeps the classic rules, which know no scheme.
			if r := HostError(want); !r.IsZero() {
				t.Errorf("%q: fixed value %q is refused: %s", value, want, r)
			}
			continue
		}
		before := yandex.Compile(syntax.Parse([]byte(src))).(*engine.YandexCompiled)
		after := yandex.Compile(syntax.Parse(out)).(*engine.YandexCompiled)
		if _, ok := before.Host(); ok {
			t.Errorf("%q: Yandex already read the Host line before the fix", value)
		}
		if _, ok := after.Host(); !ok {
			t.Errorf("%q: Yandex does not read the fixed Host line %q", value, want)
		}
	}
}

func firstDiff(a, b []byte, agents, paths []string) string {
	for i := range a {
		if i < len(b) && a[i] != b[i] {
			return fmt.Sprintf("agent %q path %q: %c → %c", agents[i/len(paths)], paths[i%len(paths)], a[i], b[i])
		}
	}
	return "length differs"
}

// TestCorpusErrors pins the errors the files produce: the repository's own
// files are broken on purpose, and each error in a real file is a file that
// really is broken for some crawler.
func TestCorpusErrors(t *testing.T) {
	own := map[string]bool{
		"damaged-bom.robots.txt:1 RS030":     true, // a BOM saved twice: the first User-agent line is unreadable
		"groups-and-gaps.robots.txt:1 RS001": true, // a rule before any User-agent line
		"odd-bytes.robots.txt:5 RS008":       true, // Dissallow
		"odd-bytes.robots.txt:6 RS008":       true, // useragent
		"odd-bytes.robots.txt:7 RS009":       true, // no colon
		"odd-bytes.robots.txt:10 RS031":      true, // a line past Google's 16,664 bytes
		"odd-bytes.robots.txt:13 RS022":      true, // Crawl-delay: fast
	}
	inReal := map[string]bool{
		"investcab-ru-bitrix.robots.txt:1 RS030": true, // damaged BOM: the first User-agent line is unreadable
	}
	for _, set := range []struct {
		files map[string][]byte
		want  map[string]bool
	}{{corpus.Own(t), own}, {corpus.Real(t), inReal}} {
		if set.files == nil {
			continue
		}
		for _, name := range corpus.Names(set.files) {
			doc := syntax.Parse(set.files[name])
			for _, d := range Run(doc, Options{}) {
				if d.Severity != diag.Error {
					continue
				}
				key := fmt.Sprintf("%s:%d %s", name, doc.Position(d.Span.Start).Line, d.Code)
				if !set.want[key] {
					t.Errorf("unexpected error %s: %s", key, d.Message)
				}
				delete(set.want, key)
			}
		}
		for k := range set.want {
			t.Errorf("expected error %s not reported", k)
		}
	}
}

// TestFileTypeFixMeaning says exactly what the RS050 fix (`Disallow: *.doc`
// → `Disallow: /*.doc$`) does to each reading. The readings with wildcards
// keep closing the URLs that end in .doc and stop closing the ones that
// only contain it (.docx, .doc/…, .doc?…); the 1994/1996 readings close
// none of these URLs before or after: for them the fix only moves which
// literal path no server serves (`*.doc…` before, `/*.doc$…` after), the
// reason the fix names every engine.
func TestFileTypeFixMeaning(t *testing.T) {
	src := []byte("User-agent: *\nDisallow: *.doc\n")
	d := codesOf(Run(syntax.Parse(src), Options{Engines: EngineIDs()}), "RS050")
	if len(d) != 1 || d[0].Fix == nil || d[0].Fix.Safe {
		t.Fatalf("want one unsafe RS050 fix, got %+v", d)
	}
	if !slices.Equal(d[0].Fix.Engines, EngineIDs()) {
		t.Errorf("fix names %v, want every engine", d[0].Fix.Engines)
	}
	out, err := ApplyFixes(src, []Fix{*d[0].Fix})
	if err != nil || string(out) != "User-agent: *\nDisallow: /*.doc$\n" {
		t.Fatalf("fixed to %q (%v)", out, err)
	}
	kept := []string{"/a.doc", "/dir/report.doc"}
	opened := []string{"/a.docx", "/old.doc/list", "/a.doc?page=2", "/x.document"}
	others := []string{"/", "/a.pdf", "/doc", "/docs/"}
	for _, e := range engine.All() {
		id := e.Info().ID
		before, after := e.Compile(syntax.Parse(src)), e.Compile(syntax.Parse(out))
		wild := e.Info().Traits.Wildcards
		check := func(paths []string, wantBefore, wantAfter bool) {
			for _, p := range paths {
				b, a := !before.Query("Bot", p).Allowed, !after.Query("Bot", p).Allowed
				if b != wantBefore || a != wantAfter {
					t.Errorf("%s %s: blocked before %v after %v, want %v then %v", id, p, b, a, wantBefore, wantAfter)
				}
			}
		}
		switch {
		case wild:
			check(kept, true, true)
			check(opened, true, false)
			check(others, false, false)
		default:
			check(kept, false, false)
			check(opened, false, false)
			check(others, false, false)
		}
	}
}
