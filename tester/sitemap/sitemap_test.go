package sitemap

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

const head = `<?xml version="1.0" encoding="UTF-8"?>` + "\n"

func urlset(body string) string {
	return head + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n" + body + "</urlset>\n"
}

func index(body string) string {
	return head + `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n" + body + "</sitemapindex>\n"
}

func u(loc string, extra ...string) string {
	return "<url><loc>" + loc + "</loc>" + strings.Join(extra, "") + "</url>\n"
}

func codes(fs []Finding) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, f.Code)
	}
	return out
}

func read(t *testing.T, src string, opt Options) *Result {
	t.Helper()
	res, err := Read(strings.NewReader(src), opt)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestRules: one case per check, named after the rule it proves.
func TestRules(t *testing.T) {
	own := Options{URL: "http://www.example.net/art/new/sitemap.xml"}
	cases := []struct {
		name string
		src  string
		opt  Options
		want []string
	}{
		{"clean urlset has no findings", urlset(u("http://www.example.net/art/new/a.html", "<lastmod>2007-11-02</lastmod><changefreq>daily</changefreq><priority>0.8</priority>")), own, nil},
		{"invalid UTF-8 is an error", urlset(u("http://www.example.net/art/new/\xff.html")), own, []string{CodeNotUTF8}},
		{"an XML declaration naming another encoding is an error", strings.Replace(urlset(u("http://www.example.net/art/new/a")), "UTF-8", "ISO-8859-2", 1), own, []string{CodeEncodingDecl}},
		{"an unescaped & breaks the file", urlset(u("http://www.example.net/art/new/a.php?x=1&q=name")), own, []string{CodeUnescaped}},
		{"an escaped &amp; is fine", urlset(u("http://www.example.net/art/new/a.php?x=1&amp;q=name")), own, nil},
		{"unclosed element is not well-formed", head + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>http://www.example.net/art/new/a</loc>`, own, []string{CodeMalformed}},
		{"a raw < in a value is not well-formed", urlset(u("http://www.example.net/art/new/a<b")), own, []string{CodeMalformed}},
		{"the root must be urlset or sitemapindex", head + "<urls><url/></urls>", own, []string{CodeRoot}},
		{"the sitemaps.org namespace is required", head + "<urlset>" + u("http://www.example.net/art/new/a") + "</urlset>", own, []string{CodeNamespace}},
		{"the old Google namespace is wrong", head + `<urlset xmlns="http://www.google.com/schemas/sitemap/0.84">` + u("http://www.example.net/art/new/a") + "</urlset>", own, []string{CodeNamespace}},
		{"loc is required in url", urlset("<url><lastmod>2007-11-02</lastmod></url>\n"), own, []string{CodeNoLoc}},
		{"loc is required in sitemap", index("<sitemap></sitemap>\n"), own, []string{CodeNoLoc}},
		{"loc must be absolute", urlset(u("/art/new/a.html")), own, []string{CodeNotAbsolute}},
		{"loc must have a scheme", urlset(u("www.example.net/art/new/a.html")), own, []string{CodeNotAbsolute}},
		{"loc shorter than 2048 characters", urlset(u("http://www.example.net/art/new/" + strings.Repeat("a", 2048))), own, []string{CodeTooLong}},
		{"loc of 2047 characters is fine", urlset(u("http://www.example.net/art/new/" + strings.Repeat("a", 2047-len("http://www.example.net/art/new/")))), own, nil},
		{"non-ASCII in loc must be %-encoded", urlset(u("http://www.example.net/art/new/ümlat.php")), own, []string{CodeNotEncoded}},
		{"a space in loc must be %-encoded", urlset(u("http://www.example.net/art/new/a b.html")), own, []string{CodeNotEncoded}},
		{"another host is outside the sitemap's scope", urlset(u("http://www.example.com/art/new/a")), own, []string{CodeOtherHost}},
		{"another scheme is another site", urlset(u("https://www.example.net/art/new/a")), own, []string{CodeOtherHost}},
		{"a higher directory is outside the sitemap's scope", urlset(u("http://www.example.net/other/a.html")), own, []string{CodeOutsideDir}},
		{"the sitemap's directory itself is inside", urlset(u("http://www.example.net/art/new/")), own, nil},
		{"a host whose robots.txt names the sitemap may be listed anywhere", urlset(u("http://www.example.net/other/a.html") + u("http://shop.example.net/x")),
			Options{URL: own.URL, RobotsHosts: []string{"http://www.example.net", "http://shop.example.net/robots.txt"}}, nil},
		{"without its own URL the URLs share the first one's host", urlset(u("http://a.example/x") + u("http://b.example/y")), Options{}, []string{CodeOtherHost}},
		{"an index may list sitemaps anywhere on its host", index("<sitemap><loc>http://www.example.net/maps/a.xml</loc></sitemap>\n"), Options{URL: "http://www.example.net/sub/index.xml"}, nil},
		{"an index may not list another host's sitemaps", index("<sitemap><loc>http://www.example.org/a.xml</loc></sitemap>\n"), Options{URL: "http://www.example.net/index.xml"}, []string{CodeOtherHost}},
		{"lastmod as a date", urlset(u("http://www.example.net/art/new/a", "<lastmod>2007-11-02</lastmod>")), own, nil},
		{"lastmod as a full datetime with zone", urlset(u("http://www.example.net/art/new/a", "<lastmod>2007-11-02T18:50:24+01:00</lastmod>")), own, nil},
		{"lastmod with fractions and Z", urlset(u("http://www.example.net/art/new/a", "<lastmod>2007-11-02T18:50:24.25Z</lastmod>")), own, nil},
		{"lastmod year and month", urlset(u("http://www.example.net/art/new/a", "<lastmod>2007-11</lastmod>")), own, nil},
		{"lastmod time without zone is a warning", urlset(u("http://www.example.net/art/new/a", "<lastmod>2007-11-02T18:50:24</lastmod>")), own, []string{CodeLastmodZone}},
		{"lastmod in another format is an error", urlset(u("http://www.example.net/art/new/a", "<lastmod>02.11.2007</lastmod>")), own, []string{CodeLastmod}},
		{"lastmod with an impossible day is an error", urlset(u("http://www.example.net/art/new/a", "<lastmod>2007-02-30</lastmod>")), own, []string{CodeLastmod}},
		{"changefreq one of seven words", urlset(u("http://www.example.net/art/new/a", "<changefreq>never</changefreq>")), own, nil},
		{"changefreq another word is an error", urlset(u("http://www.example.net/art/new/a", "<changefreq>biweekly</changefreq>")), own, []string{CodeChangefreq}},
		{"priority 0.0 to 1.0", urlset(u("http://www.example.net/art/new/a", "<priority>1.0</priority>") + u("http://www.example.net/art/new/b", "<priority>0</priority>")), own, nil},
		{"priority above 1 is an error", urlset(u("http://www.example.net/art/new/a", "<priority>1.5</priority>")), own, []string{CodePriority}},
		{"priority negative or not a number is an error", urlset(u("http://www.example.net/art/new/a", "<priority>-0.1</priority>") + u("http://www.example.net/art/new/b", "<priority>high</priority>")), own, []string{CodePriority, CodePriority}},
		{"duplicate URLs are reported", urlset(u("http://www.example.net/art/new/a") + u("http://www.example.net/art/new/a")), own, []string{CodeDuplicate}},
		{"url outside urlset (in an index) is misplaced", index("<url><loc>http://www.example.net/a</loc></url>\n"), Options{}, []string{CodeEmpty, CodeMisplaced}},
		{"sitemap inside urlset is misplaced", urlset("<sitemap><loc>http://www.example.net/art/new/a.xml</loc></sitemap>\n"), own, []string{CodeEmpty, CodeMisplaced}},
		{"loc directly in urlset is misplaced", urlset("<loc>http://www.example.net/art/new/a</loc>\n"), own, []string{CodeEmpty, CodeMisplaced}},
		{"changefreq inside an index's sitemap is misplaced", index("<sitemap><loc>http://www.example.net/a.xml</loc><changefreq>daily</changefreq></sitemap>\n"), Options{}, []string{CodeMisplaced}},
		{"an unknown protocol element is reported", urlset(u("http://www.example.net/art/new/a", "<title>x</title>")), own, []string{CodeMisplaced}},
		{"extension elements in their own namespace are not ours", strings.Replace(urlset(u("http://www.example.net/art/new/a", "<image:image><image:loc>http://cdn.example/x.jpg</image:loc></image:image>")), "0.9\"", "0.9\" xmlns:image=\"http://www.google.com/schemas/sitemap-image/1.1\"", 1), own, nil},
		{"two locs in one url", urlset(u("http://www.example.net/art/new/a", "<loc>http://www.example.net/art/new/b</loc>")), own, []string{CodeRepeated}},
		{"a nested index is an error", index("<sitemapindex></sitemapindex>\n<sitemap><loc>http://www.example.net/a.xml</loc></sitemap>\n"), Options{}, []string{CodeNestedIndex}},
		{"an empty urlset is a warning", urlset(""), own, []string{CodeEmpty}},
		{"text sitemap: one URL a line", "http://www.example.net/art/new/a\r\nhttp://www.example.net/art/new/b\n\n", own, nil},
		{"text sitemap: a line that is no URL", "http://www.example.net/art/new/a\n<a href=x>\nnot a url\n", own, []string{CodeNotAbsolute, CodeNotAbsolute}},
		{"text sitemap: relative line", "http://www.example.net/art/new/a\n/art/new/b\n", own, []string{CodeNotAbsolute}},
		{"text sitemap: duplicates and encoding", "http://www.example.net/art/new/ü\nhttp://www.example.net/art/new/a\nhttp://www.example.net/art/new/a\n", own, []string{CodeNotEncoded, CodeDuplicate}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := read(t, c.src, c.opt)
			got := codes(res.Findings)
			if c.want == nil {
				c.want = []string{}
			}
			if !slices.Equal(got, c.want) {
				for _, f := range res.Findings {
					t.Logf("%d:%d %s %s", f.Line, f.Col, f.Code, f.Message)
				}
				t.Errorf("codes %v, want %v", got, c.want)
			}
			for _, f := range res.Findings {
				if f.Line < 1 || f.Col < 1 {
					t.Errorf("%s at %d:%d: every finding needs a position", f.Code, f.Line, f.Col)
				}
				if f.Severity != SeverityOf(f.Code) {
					t.Errorf("%s severity %v, want %v", f.Code, f.Severity, SeverityOf(f.Code))
				}
			}
		})
	}
}

// TestPositions: findings point at the value they are about.
func TestPositions(t *testing.T) {
	src := urlset("  <url>\n    <loc>\n      http://www.example.net/art/new/ümlat.php?a=1&amp;q=name\n    </loc>\n    <priority>2</priority>\n  </url>\n")
	res := read(t, src, Options{URL: "http://www.example.net/art/new/sitemap.xml"})
	want := []string{"5:7 SM010", "7:15 SM016"}
	var got []string
	for _, f := range res.Findings {
		got = append(got, fmt.Sprintf("%d:%d %s", f.Line, f.Col, f.Code))
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if res.URLs != 1 || res.Kind != KindURLSet {
		t.Errorf("URLs %d kind %v", res.URLs, res.Kind)
	}
}

// TestUmlautSuggestion: the encoded form of the classic example is given:
// ü in UTF-8 is C3 BC, and & stays (it is XML's business, not the URL's).
func TestUmlautSuggestion(t *testing.T) {
	if got, want := EncodeURL("http://www.example.com/ümlat.php&q=name"), "http://www.example.com/%C3%BCmlat.php&q=name"; got != want {
		t.Errorf("EncodeURL = %q, want %q", got, want)
	}
	if got, want := EncodeURL("http://bücher.example/a b"), "http://xn--bcher-kva.example/a%20b"; got != want {
		t.Errorf("IDN host: %q, want %q", got, want)
	}
	res := read(t, urlset(u("http://www.example.com/ümlat.php&amp;q=name")), Options{})
	if len(res.Findings) != 1 || !strings.Contains(res.Findings[0].Message.String(), "http://www.example.com/%C3%BCmlat.php&q=name") {
		t.Errorf("findings %v", res.Findings)
	}
}

// TestListing1: the article's single sitemap is valid, three URLs.
func TestListing1(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "listing1.xml"))
	if err != nil {
		t.Fatal(err)
	}
	res := read(t, string(data), Options{URL: "http://www.gajdaw.pl/sitemap.xml"})
	if len(res.Findings) != 0 || res.URLs != 3 || res.Kind != KindURLSet {
		t.Errorf("findings %v, %d URLs, kind %v", res.Findings, res.URLs, res.Kind)
	}
	// Served from a subdirectory, the same file lists URLs outside it.
	res = read(t, string(data), Options{URL: "http://www.gajdaw.pl/php/sitemap.xml"})
	if got := codes(res.Findings); !slices.Equal(got, []string{CodeOutsideDir, CodeOutsideDir}) {
		t.Errorf("in /php/: %v", got)
	}
}

// TestListing2Index: the article's index of two sitemaps is valid; read
// with its parts beside it, the part that lists another host is caught, and
// the robots.txt blocks one page for Googlebot.
func TestListing2Index(t *testing.T) {
	dir := filepath.Join("testdata", "listing2")
	data, _ := os.ReadFile(filepath.Join(dir, "sitemapindex.xml"))
	res := read(t, string(data), Options{URL: "http://www.example.com/sitemapindex.xml"})
	if len(res.Findings) != 0 || res.URLs != 2 || res.Kind != KindIndex {
		t.Fatalf("findings %v, %d, %v", res.Findings, res.URLs, res.Kind)
	}
	robotsData, _ := os.ReadFile(filepath.Join(dir, "robots.txt"))
	robots, err := NewRobots(filepath.Join(dir, "robots.txt"), robotsData, nil, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	job := &Job{Robots: robots}
	rf, reps, err := job.Run([]Source{FileSource(filepath.Join(dir, "sitemapindex.xml"))})
	if err != nil {
		t.Fatal(err)
	}
	if len(rf) != 0 {
		t.Errorf("robots findings %v", rf)
	}
	if len(reps) != 3 {
		t.Fatalf("%d reports, want the index and its two parts", len(reps))
	}
	var got []string
	for _, r := range reps {
		for _, f := range r.Findings {
			got = append(got, filepath.Base(f.File)+" "+f.Code+" "+f.Agent)
		}
	}
	want := []string{"sitemapindex.xml SM102 Googlebot", "artykuly.xml SM101 Googlebot", "przyklady.xml SM011 "}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	b := reps[1].Findings[0]
	if b.Rule == nil || b.Rule.Line != 5 || b.Engine != "google" || !strings.Contains(b.Message.String(), "line 5 `Disallow: /art`") {
		t.Errorf("blocked finding %+v: %s", b, b.Message)
	}
}

// TestRobotsChecks: no Sitemap: line; a sitemap blocked itself; a line
// that resolves to no file; each crawler under its own engine.
func TestRobotsChecks(t *testing.T) {
	cases := []struct {
		name   string
		robots string
		engine string
		want   []string
	}{
		{"a robots.txt without a Sitemap line", "User-agent: *\nDisallow:\n", "", []string{CodeNoSitemapLine}},
		{"the sitemap itself blocked for every crawler", "User-agent: *\nDisallow: /maps/\nSitemap: http://www.example.com/maps/none.xml\n", "",
			[]string{CodeSitemapBlocked + " Googlebot", CodeSitemapBlocked + " bingbot", CodeSitemapBlocked + " YandexBot", CodeUnresolved}},
		{"Yandex reads $ and the others too", "User-agent: *\nDisallow: /*.xml$\nSitemap: http://www.example.com/none.xml\n", "",
			[]string{CodeSitemapBlocked + " Googlebot", CodeSitemapBlocked + " bingbot", CodeSitemapBlocked + " YandexBot", CodeUnresolved}},
		{"the 1994 reading takes * literally", "User-agent: *\nDisallow: /*.xml$\nSitemap: http://www.example.com/none.xml\n", "original1994",
			[]string{CodeUnresolved}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := NewRobots(filepath.Join(t.TempDir(), "robots.txt"), []byte(c.robots), nil, c.engine, nil)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range r.Check() {
				s := f.Code
				if f.Agent != "" {
					s += " " + f.Agent
				}
				got = append(got, s)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("got %v, want %v", got, c.want)
			}
		})
	}
	if _, err := NewRobots("r", nil, nil, "nosuch", nil); err == nil {
		t.Error("unknown engine accepted")
	}
}

// TestEachCrawlerItsOwnEngine: Yandex reads Allow longer than Disallow the
// same way as Google, but YandexBot's group is found the Yandex way.
func TestEachCrawlerItsOwnEngine(t *testing.T) {
	robots := "User-agent: Yandex\nDisallow: /private/\n\nUser-agent: *\nDisallow:\n"
	r, err := NewRobots("robots.txt", []byte(robots), []string{"Googlebot", "YandexBot"}, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	fs := r.Test("s.xml", Entry{Loc: "http://www.example.com/private/a", Line: 3, Col: 5})
	if len(fs) != 1 || fs[0].Agent != "YandexBot" || fs[0].Engine != "yandex" || fs[0].Rule.Line != 2 {
		t.Errorf("%+v", fs)
	}
	// Under Google's reading alone, the token "Yandex" does not match YandexBot.
	r, _ = NewRobots("robots.txt", []byte(robots), []string{"YandexBot"}, "google", nil)
	if fs := r.Test("s.xml", Entry{Loc: "http://www.example.com/private/a"}); len(fs) != 0 {
		t.Errorf("google engine: %+v", fs)
	}
}

// TestGzipByContent: a gzip-compressed sitemap is read whatever its name.
func TestGzipByContent(t *testing.T) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte(urlset(u("http://www.example.net/a") + u("http://www.example.net/a"))))
	zw.Close()
	res, err := Read(&buf, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Gzip || res.URLs != 2 || !slices.Equal(codes(res.Findings), []string{CodeDuplicate}) || res.Findings[0].Line != 4 {
		t.Errorf("gzip %v, %d URLs, %v", res.Gzip, res.URLs, res.Findings)
	}
	res, _ = Read(bytes.NewReader([]byte{0x1f, 0x8b, 0, 0}), Options{})
	if !slices.Equal(codes(res.Findings), []string{CodeMalformed}) {
		t.Errorf("broken gzip: %v", res.Findings)
	}
}

// TestLimits: more than 50,000 URLs; more than 1,000 and 50,000 sitemaps in
// an index (the old and the current limit); the 10 MB and 50 MB sizes.
func TestLimits(t *testing.T) {
	var b strings.Builder
	for i := 0; i <= MaxURLs; i++ {
		fmt.Fprintf(&b, "http://www.example.net/p%d\n", i)
	}
	res := read(t, b.String(), Options{})
	if !slices.Equal(codes(res.Findings), []string{CodeTooManyURLs}) || res.Findings[0].Line != MaxURLs+1 {
		t.Errorf("50,001 URLs: %v", res.Findings)
	}
	b.Reset()
	for i := 0; i <= OldMaxSitemaps; i++ {
		fmt.Fprintf(&b, "<sitemap><loc>http://www.example.net/s%d.xml</loc></sitemap>\n", i)
	}
	res = read(t, index(b.String()), Options{})
	if !slices.Equal(codes(res.Findings), []string{CodeOldMaps}) || !strings.Contains(res.Findings[0].Message.String(), "1,000") {
		t.Errorf("1,001 sitemaps: %v", res.Findings)
	}
	b.Reset()
	for i := 0; i <= MaxSitemaps; i++ {
		fmt.Fprintf(&b, "<sitemap><loc>http://www.example.net/s%d.xml</loc></sitemap>\n", i)
	}
	res = read(t, index(b.String()), Options{})
	if !slices.Equal(codes(res.Findings), []string{CodeTooManyMaps}) {
		t.Errorf("50,001 sitemaps: %v", res.Findings)
	}
	// 11 MB: past the old limit only.
	long := "http://www.example.net/" + strings.Repeat("x", 1500)
	b.Reset()
	for i := 0; b.Len() < 11*1024*1024; i++ {
		fmt.Fprintf(&b, "<url><loc>%s%d</loc></url>\n", long, i)
	}
	res = read(t, urlset(b.String()), Options{})
	if !slices.Equal(codes(res.Findings), []string{CodeOldSize}) {
		t.Errorf("11 MB: %v", codes(res.Findings))
	}
	if testing.Short() {
		return
	}
	for b.Len() < 51*1024*1024 {
		fmt.Fprintf(&b, "<url><loc>%s%d</loc></url>\n", long, b.Len())
	}
	res = read(t, urlset(b.String()), Options{})
	if got := codes(res.Findings); !slices.Equal(got, []string{CodeTooBig}) || res.Size <= MaxBytes {
		t.Errorf("51 MB: %v, size %d", got, res.Size)
	}
}

// TestFindingsAreCapped: a file with a mistake on every URL lists the
// first thousand and counts the rest.
func TestFindingsAreCapped(t *testing.T) {
	var b strings.Builder
	for i := 0; i < maxFindingsCode+5; i++ {
		b.WriteString(u(fmt.Sprintf("http://www.example.net/%d", i), "<priority>9</priority>"))
	}
	res := read(t, urlset(b.String()), Options{})
	if n := len(res.Findings); n != maxFindingsCode+1 || res.Findings[n-1].Code != CodeMore || !strings.Contains(res.Findings[n-1].Message.String(), "5 more") {
		t.Errorf("%d findings; last %v", n, res.Findings[n-1])
	}
}

// TestCancel: a cancelled context stops the reading with its error.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Read(strings.NewReader(urlset(u("http://a.example/"))), Options{Context: ctx}); err == nil {
		t.Error("no error after cancel")
	}
}

// TestBuild: the builder escapes and %-encodes, and what it writes reads
// back clean; past 50,000 URLs it splits and writes an index.
func TestBuild(t *testing.T) {
	list := "# pages\n/ümlat.php&q=name\t2007-11-02\tdaily\t0.7\nhttp://www.example.com/a?b=1&c='2'\n/a b.html weekly\n/ümlat.php&q=name\n"
	entries, fs := ParseURLList(strings.NewReader(list), "list.txt", "http://www.example.com")
	if got := codes(fs); !slices.Equal(got, []string{CodeDuplicate}) || fs[0].Line != 5 {
		t.Errorf("list findings %v", fs)
	}
	files := Build(entries, "sitemap", DirURL("http://www.example.com", entries))
	if len(files) != 1 || files[0].Name != "sitemap.xml" {
		t.Fatalf("files %v", len(files))
	}
	out := string(files[0].Data)
	for _, want := range []string{"<loc>http://www.example.com/%C3%BCmlat.php&amp;q=name</loc>", "<lastmod>2007-11-02</lastmod>",
		"<changefreq>daily</changefreq>", "<priority>0.7</priority>", "a?b=1&amp;c=&apos;2&apos;", "/a%20b.html", "<changefreq>weekly</changefreq>"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if res := read(t, out, Options{URL: "http://www.example.com/sitemap.xml"}); len(res.Findings) != 0 || res.URLs != 3 {
		t.Errorf("built sitemap reads back with %v", res.Findings)
	}
	_, fs = ParseURLList(strings.NewReader("/a\nnot-a-url\n/b\tsometimes\n"), "l", "")
	if got := codes(fs); !slices.Equal(got, []string{CodeNotAbsolute, CodeNotAbsolute, CodeLastmod, CodeNotAbsolute}) {
		t.Errorf("bad list: %v", got)
	}
	many := make([]BuildEntry, MaxURLs+1)
	for i := range many {
		many[i].Loc = fmt.Sprintf("https://www.example.com/p/%d", i)
	}
	files = Build(many, "sitemap", "https://www.example.com/")
	if len(files) != 3 || files[0].Name != "sitemap-1.xml" || files[2].Name != "sitemap.xml" {
		t.Fatalf("split into %d files", len(files))
	}
	res := read(t, string(files[2].Data), Options{URL: "https://www.example.com/sitemap.xml"})
	if res.Kind != KindIndex || res.URLs != 2 || len(res.Findings) != 0 {
		t.Errorf("index: %v %d %v", res.Kind, res.URLs, res.Findings)
	}
	res = read(t, string(files[0].Data), Options{URL: "https://www.example.com/sitemap-1.xml"})
	if res.URLs != MaxURLs || len(res.Findings) != 0 {
		t.Errorf("part 1: %d URLs, %v", res.URLs, res.Findings)
	}
}

// FuzzRead: any input is read without a panic, findings have positions,
// and memory stays bounded (findings are capped).
func FuzzRead(f *testing.F) {
	f.Add([]byte(urlset(u("http://www.example.net/a", "<lastmod>2007-11-02</lastmod>"))))
	f.Add([]byte(index("<sitemap><loc>http://x/a.xml</loc></sitemap>")))
	f.Add([]byte("http://a.example/\nb\n"))
	f.Add([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff})
	f.Add([]byte("<?xml version='1.0' encoding='latin1'?><urlset><url><loc>&x;</loc></url></urlset>"))
	f.Add(utf16Of(urlset(u("http://a.example/\U0001D11E")), false, true))
	f.Add(utf16Of("http://a.example/x\n", true, false)[:9])
	f.Add([]byte("\xfe\xff\xd8\x00\x00<"))
	f.Fuzz(func(t *testing.T, data []byte) {
		res, err := Read(bytes.NewReader(data), Options{URL: "http://a.example/s.xml", OnEntry: func(Entry) {}})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Findings) > (len(Codes())+1)*maxFindingsCode {
			t.Fatalf("%d findings", len(res.Findings))
		}
		for _, f := range res.Findings {
			if f.Line < 1 || f.Col < 1 || f.Message.String() == "" {
				t.Fatalf("finding %+v", f)
			}
		}
	})
}

// TestSameReportOnAnyCores: the robots.txt queries answered between the
// readings (one core), by 1 or 3 goroutines beside the reading, or by the
// reading when the queue is full (a queue of 0) give the same report, byte
// for byte, past the cap on listed findings too.
func TestSameReportOnAnyCores(t *testing.T) {
	robots, err := NewRobots("robots.txt", []byte("User-agent: *\nDisallow: /groups/\nDisallow: /*/item-1\nAllow: /jobs/\n"), []string{"Googlebot", "bingbot"}, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	data := generateSitemap(20000)
	t.Cleanup(func() { robotsQueue = 8 })
	var want string
	for _, run := range []struct{ workers, queue int }{{1, 8}, {2, 8}, {4, 8}, {2, 0}, {3, 1}} {
		workers := run.workers
		robotsQueue = run.queue
		job := &Job{Robots: robots, Workers: workers}
		_, reps, err := job.Run([]Source{{Name: "s.xml", Open: openBytes(data)}})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, f := range reps[0].Findings {
			fmt.Fprintf(&b, "%d:%d %s %s %s\n", f.Line, f.Col, f.Code, f.Agent, f.Message)
		}
		fmt.Fprintf(&b, "blocked %d\n", reps[0].Blocked)
		got := b.String()
		if reps[0].Blocked <= maxFindingsCode {
			t.Fatalf("Workers %d: %d blocked, the cap is not reached", workers, reps[0].Blocked)
		}
		if want == "" {
			want = got
		} else if got != want {
			t.Fatalf("Workers %d, queue %d give another report than Workers 1:\n%s\nwant\n%s", workers, run.queue, got, want)
		}
	}
}

// TestSeenURLs: the duplicate table finds every hash put in it with its
// line, across its growth, and no other, hash 0 included.
func TestSeenURLs(t *testing.T) {
	var s seenURLs
	if _, ok := s.get(7); ok {
		t.Fatal("an empty table found 7")
	}
	const n = 5000
	for i := uint64(0); i < n; i++ {
		s.put(i*0x9E3779B97F4A7C15, int32(i)) // i = 0 puts the hash 0
	}
	for i := uint64(0); i < n; i++ {
		if line, ok := s.get(i * 0x9E3779B97F4A7C15); !ok || line != int32(i) {
			t.Fatalf("hash %d: line %d, %v; want %d", i, line, ok, i)
		}
		if _, ok := s.get(i*0x9E3779B97F4A7C15 + 1); ok && i > 0 {
			t.Fatalf("found %d, never put", i*0x9E3779B97F4A7C15+1)
		}
	}
	if s.n != n || len(s.hashes) < 2*n {
		t.Fatalf("%d entries in %d slots", s.n, len(s.hashes))
	}
}

// TestDuplicatesBeside: a long sitemap with more duplicates than are
// listed one by one gives the same result whether they are searched on
// the reading's goroutine or, past the first dupsBeside URLs, beside it.
func TestDuplicatesBeside(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 3*dupsBeside; i++ {
		b.WriteString(u(fmt.Sprintf("https://a.example/p/%d", i%(dupsBeside+dupsBeside/2)), "<priority>0.5</priority>"))
	}
	data := []byte(urlset(b.String()))
	one, err1 := Read(bytes.NewReader(data), Options{File: "s.xml", Workers: 1})
	all, err2 := Read(bytes.NewReader(data), Options{File: "s.xml"})
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	dups := 0
	for _, f := range all.Findings {
		if f.Code == CodeDuplicate {
			dups++
		}
	}
	if dups != maxFindingsCode || !slices.ContainsFunc(all.Findings, func(f Finding) bool {
		return f.Code == CodeMore && strings.Contains(f.Message.String(), CodeDuplicate)
	}) {
		t.Fatalf("%d duplicates listed, want %d and a %s for the rest", dups, maxFindingsCode, CodeMore)
	}
	if !reflect.DeepEqual(one, all) {
		t.Fatalf("one goroutine: %d findings, beside: %d", len(one.Findings), len(all.Findings))
	}
}

// TestStoppedSaysWhere: Result.Stopped is the finding where reading
// stopped, so a reader does not take the URLs counted before it for the
// file's; a file read to its end, with findings or not, has none.
func TestStoppedSaysWhere(t *testing.T) {
	for _, c := range []struct {
		rule, src string
		code      string // "" when the reading reaches the end
	}{
		{"a bare & stops the reading", urlset(u("http://a.example/1") + u("http://a.example/2?x=1&y=2") + u("http://a.example/3")), CodeUnescaped},
		{"broken XML stops the reading", urlset(u("http://a.example/1") + "<url><loc>http://a.example/2</lo></url>\n" + u("http://a.example/3")), CodeMalformed},
		{"a wrong priority does not", urlset(u("http://a.example/1", "<priority>2</priority>") + u("http://a.example/2")), ""},
		{"a text list read to its end does not", "http://a.example/1\nhttp://a.example/2\n", ""},
	} {
		res := read(t, c.src, Options{})
		switch {
		case c.code == "" && res.Stopped != nil:
			t.Errorf("%s: stopped at %v", c.rule, *res.Stopped)
		case c.code != "" && (res.Stopped == nil || res.Stopped.Code != c.code || res.Stopped.Line < 2):
			t.Errorf("%s: stopped %v, want %s at its line", c.rule, res.Stopped, c.code)
		}
	}
}
