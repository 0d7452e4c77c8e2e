package accesslog

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/crawlers"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

func testdata(name string) string { return filepath.Join("testdata", name) }

func readDoc(t *testing.T, name string) *syntax.Document {
	t.Helper()
	data, err := os.ReadFile(testdata(name))
	if err != nil {
		t.Fatal(err)
	}
	return syntax.Parse(data)
}

func analyze(t *testing.T, o Options) *Report {
	t.Helper()
	rep, err := Analyze(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func row(t *testing.T, rep *Report, name string, v Verification) *CrawlerStats {
	t.Helper()
	for _, c := range rep.Crawlers {
		if c.Name == name && c.Verified == v {
			return c
		}
	}
	var have []string
	for _, c := range rep.Crawlers {
		have = append(have, c.Name+"/"+c.Verified.String())
	}
	t.Fatalf("no row %s/%s; have %v", name, v, have)
	return nil
}

// TestReaderFilesGzipBOMStdin: many files, one gzip-compressed (found by
// its content, not its name), one on standard input with a BOM and no final
// line end; line numbers count per file.
func TestReaderFilesGzipBOMStdin(t *testing.T) {
	plain, _ := os.ReadFile(testdata("common.log"))
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(plain)
	zw.Close()
	zipped := filepath.Join(t.TempDir(), "common.log.1") // no .gz: found by content
	if err := os.WriteFile(zipped, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	vhost, _ := os.ReadFile(testdata("vhost.log"))
	r := &Reader{Names: []string{testdata("combined.log"), zipped, "-"}, Stdin: bytes.NewReader(vhost)}
	lines := map[int][]string{}
	for {
		c, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		c.Lines(func(n int, l []byte) {
			if n != len(lines[c.File])+1 {
				t.Errorf("file %d: line %d after %d lines", c.File, n, len(lines[c.File]))
			}
			lines[c.File] = append(lines[c.File], string(l))
		})
		if c.File == 2 && c.Format.Name != "combined_vhost" {
			t.Errorf("stdin detected as %s", c.Format.Name)
		}
		c.Release()
	}
	if len(lines[0]) != 15 || len(lines[1]) != 2 || len(lines[2]) != 4 {
		t.Fatalf("lines per file = %d, %d, %d; want 15, 2, 4", len(lines[0]), len(lines[1]), len(lines[2]))
	}
	if !strings.HasPrefix(lines[2][0], "5.255.253.7 ") {
		t.Errorf("BOM not dropped: %q", lines[2][0][:8])
	}
	if !strings.HasSuffix(lines[2][3], `"www.example.org"`) {
		t.Errorf("last line without line end lost: %q", lines[2][3])
	}
	if got := r.BytesRead(); got != int64(len(gz.Bytes())+len(vhost))+fileSize(t, testdata("combined.log")) {
		t.Errorf("BytesRead = %d", got)
	}
}

func fileSize(t *testing.T, p string) int64 {
	st, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return st.Size()
}

// TestAnalyzeSample checks the report on the hand-written sample: hits,
// robots.txt fetches, disallowed hits with rule and line, the draft diff,
// malformed lines, and crawlers that never fetched robots.txt.
func TestAnalyzeSample(t *testing.T) {
	rep := analyze(t, Options{Names: []string{testdata("combined.log"), testdata("vhost.log")},
		Robots: readDoc(t, "robots.txt"), Draft: readDoc(t, "draft.txt")})
	if rep.Lines != 19 || rep.Malformed != 1 || rep.Blank != 1 || rep.NoRequest != 1 {
		t.Errorf("lines %d malformed %d blank %d no request %d; want 19 1 1 1", rep.Lines, rep.Malformed, rep.Blank, rep.NoRequest)
	}
	if len(rep.MalformedAt) != 1 || rep.MalformedAt[0] != (LineRef{0, 11}) {
		t.Errorf("malformed at %v, want combined.log:11", rep.MalformedAt)
	}
	g := row(t, rep, "Googlebot", Unverified)
	if g.Hits != 6 || g.Disallowed != 3 || g.NewlyBlocked != 1 || g.NewlyAllowed != 2 || g.RobotsFetches[200] != 1 {
		t.Errorf("Googlebot: hits %d disallowed %d newly blocked %d allowed %d fetches %v", g.Hits, g.Disallowed, g.NewlyBlocked, g.NewlyAllowed, g.RobotsFetches)
	}
	if g.First.String() != "2025-02-03T08:00:01+01:00" || g.Last.String() != "2025-02-03T08:07:10+01:00" {
		t.Errorf("Googlebot seen %s – %s", g.First, g.Last)
	}
	top := g.TopDisallowed
	if len(top) != 3 {
		t.Fatalf("Googlebot top disallowed = %+v", top)
	}
	for _, d := range top {
		if d.Rule == nil || (strings.HasPrefix(d.Path, "/shop/cart") && d.Rule.Text != "Disallow: /shop/cart") {
			t.Errorf("%s: rule %+v", d.Path, d.Rule)
		}
		if d.Path == "/admin/login" && (d.Rule.Line != 3 || len(d.Lines) != 1 || d.Lines[0] != (LineRef{0, 4})) {
			t.Errorf("/admin/login: rule %+v lines %v; want line 3, combined.log:4", d.Rule, d.Lines)
		}
		if strings.HasPrefix(d.Path, "https:") {
			t.Errorf("absolute-form target not reduced to its path: %s", d.Path)
		}
	}
	var blocksBlog, allowsCart bool
	for _, r := range g.DraftRules {
		blocksBlog = blocksBlog || (!r.InRobots && r.Rule != nil && r.Rule.Text == "Disallow: /blog/" && r.Blocked == 1)
		allowsCart = allowsCart || (!r.InRobots && r.Rule != nil && r.Rule.Text == "Allow: /shop/cart" && r.Allowed == 2)
	}
	if !blocksBlog || !allowsCart {
		t.Errorf("draft rules = %+v", g.DraftRules)
	}
	b := row(t, rep, "bingbot", Unverified)
	if b.RobotsFetches[404] != 1 || b.Disallowed != 1 || b.Engine != "bing" {
		t.Errorf("bingbot: %+v", b)
	}
	if fc := b.FetchConclusions(); len(fc) != 1 || fc[0].Decision.Outcome != "allow-all" {
		t.Errorf("bingbot fetch conclusions = %+v", fc)
	}
	y := row(t, rep, "YandexBot", Unverified)
	if y.Hits != 3 || y.RobotsFetches[503] != 1 || y.Disallowed != 2 || y.Engine != "yandex" {
		t.Errorf("YandexBot: hits %d fetches %v disallowed %d engine %s", y.Hits, y.RobotsFetches, y.Disallowed, y.Engine)
	}
	if fc := y.FetchConclusions(); fc[0].Decision.Outcome != "disallow-all" {
		t.Errorf("a 503 for YandexBot: %+v", fc)
	}
	seo := row(t, rep, "ExampleSeoBot", Unverified)
	if seo.Kind != KindUnknownBot || seo.Hits != 2 || seo.Disallowed != 1 || !seo.NeverFetchedRobots() {
		t.Errorf("unknown bot: %+v", seo)
	}
	img := row(t, rep, "Googlebot-Image", Unverified)
	if img.Hits != 1 || img.Token != "Googlebot-Image" {
		t.Errorf("Googlebot-Image: %+v", img)
	}
	for _, c := range rep.Crawlers {
		if strings.Contains(c.Name, "Firefox") || strings.Contains(c.Name, "Mozilla") {
			t.Errorf("a browser counted as crawler: %s", c.Name)
		}
	}
	if tp := rep.TopPaths; tp[0] != (PathCount{"/robots.txt", 3}) || tp[1] != (PathCount{"/shop/cart", 3}) {
		t.Errorf("top paths = %+v", tp[:2])
	}
}

// TestAnalyzeWithoutRobots: no robots.txt means nothing is disallowed.
func TestAnalyzeWithoutRobots(t *testing.T) {
	rep := analyze(t, Options{Names: []string{testdata("combined.log")}})
	for _, c := range rep.Crawlers {
		if c.Disallowed != 0 {
			t.Errorf("%s: %d disallowed without a robots.txt", c.Name, c.Disallowed)
		}
	}
}

// TestCommonFormatNamesRobotsByHost: a common log records no User-Agent;
// a client that asks for /robots.txt is a robot, named by its host, from
// that request on (the 1997 story: robots.txt 404, then the home page).
func TestCommonFormatNamesRobotsByHost(t *testing.T) {
	rep := analyze(t, Options{Names: []string{testdata("common.log")}, Robots: readDoc(t, "robots.txt")})
	if !rep.NoUserAgent || len(rep.Crawlers) != 1 || rep.OtherHits != 0 {
		t.Fatalf("NoUserAgent %v crawlers %d other %d", rep.NoUserAgent, len(rep.Crawlers), rep.OtherHits)
	}
	c := rep.Crawlers[0]
	if c.Name != "spider.lycos.example" || c.Kind != KindHost || c.Hits != 2 || c.RobotsFetches[404] != 1 || c.Engine != "rfc9309" {
		t.Errorf("row %+v", c)
	}
	if fc := c.FetchConclusions(); fc[0].Decision.Outcome != "allow-all" {
		t.Errorf("a 404 for robots.txt: %+v", fc)
	}
	before := "198.51.100.7 - - [01/Mar/1997:21:27:30 -0500] \"GET /shop/cart HTTP/1.0\" 200 10\n" +
		"198.51.100.7 - - [01/Mar/1997:21:27:32 -0500] \"GET /robots.txt HTTP/1.0\" 200 40\n" +
		"198.51.100.7 - - [01/Mar/1997:21:27:39 -0500] \"GET /shop/cart HTTP/1.0\" 200 10\n" +
		"203.0.113.5 - - [01/Mar/1997:21:28:00 -0500] \"GET /shop/cart HTTP/1.0\" 200 10\n"
	rep = analyze(t, Options{Names: []string{"-"}, Stdin: strings.NewReader(before), Robots: readDoc(t, "robots.txt")})
	if len(rep.Crawlers) != 1 || rep.OtherHits != 2 || rep.Crawlers[0].Hits != 2 || rep.Crawlers[0].Disallowed != 1 {
		t.Errorf("crawlers %d other %d first %+v", len(rep.Crawlers), rep.OtherHits, rep.Crawlers[0])
	}
}

// TestVerifyByRanges: a Googlebot from Google's range is verified, one
// from elsewhere failed and reported as a row of its own.
func TestVerifyByRanges(t *testing.T) {
	v := &Verifier{}
	if err := v.LoadRanges(testdata("ranges.txt")); err != nil {
		t.Fatal(err)
	}
	rep := analyze(t, Options{Names: []string{testdata("combined.log")}, Robots: readDoc(t, "robots.txt"), Verifier: v})
	if g := row(t, rep, "Googlebot", Verified); g.Hits != 5 || g.Disallowed != 2 {
		t.Errorf("verified Googlebot: hits %d disallowed %d", g.Hits, g.Disallowed)
	}
	if g := row(t, rep, "Googlebot", Failed); g.Hits != 1 || g.Disallowed != 1 {
		t.Errorf("failed Googlebot: hits %d", g.Hits)
	}
	row(t, rep, "bingbot", Verified)
	row(t, rep, "YandexBot", Unverified)
}

func TestLoadRangesFormats(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	google := &Identity{Kind: KindCatalogue, Name: "Googlebot", Token: "Googlebot"}
	c, _ := crawlers.ByToken("Googlebot")
	google.Entry = &c
	bing := &Identity{Kind: KindCatalogue, Name: "bingbot", Token: "bingbot"}
	cases := []struct {
		name, file, text string
		who              *Identity
		ip               string
		want             Verification
	}{
		{"published JSON named after the crawler covers its operator", "googlebot.json",
			`{"creationTime":"x","prefixes":[{"ipv4Prefix":"66.249.64.0/27"},{"ipv6Prefix":"2001:4860:4801:10::/64"}]}`, google, "66.249.64.5", Verified},
		{"published JSON: an address outside fails", "googlebot.json",
			`{"prefixes":[{"ipv4Prefix":"66.249.64.0/27"}]}`, google, "66.249.65.5", Failed},
		{"published JSON: IPv6", "googlebot.json",
			`{"prefixes":[{"ipv6Prefix":"2001:4860:4801:10::/64"}]}`, google, "2001:4860:4801:10::1", Verified},
		{"ranges of one crawler do not judge another", "googlebot.json",
			`{"prefixes":[{"ipv4Prefix":"66.249.64.0/27"}]}`, bing, "66.249.64.5", Unverified},
		{"JSON by crawler name", "ranges.json", `{"bingbot":["157.55.39.0/24"]}`, bing, "157.55.39.1", Verified},
		{"unnamed text ranges verify whoever is inside", "crawlers.txt", "157.55.39.0/24\n", bing, "157.55.39.1", Verified},
		{"unnamed text ranges cannot fail anyone", "crawlers.txt", "157.55.39.0/24\n", bing, "10.0.0.1", Unverified},
		{"a single address is a /32", "crawlers.txt", "bingbot 157.55.39.1 # one host\n", bing, "157.55.39.1", Verified},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v := &Verifier{}
			if err := v.LoadRanges(write(tc.file, tc.text)); err != nil {
				t.Fatal(err)
			}
			if got := v.Verify(tc.who, tc.ip); got != tc.want {
				t.Errorf("Verify = %s, want %s", got, tc.want)
			}
		})
	}
	if err := (&Verifier{}).LoadRanges(write("bad.txt", "Googlebot 66.249.999.0/19\n")); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("a bad range: %v", err)
	}
}

// fakeResolver answers from tables, as DNS would.
type fakeResolver struct {
	ptr     map[string][]string
	forward map[string][]string
	calls   int
}

func (f *fakeResolver) LookupAddr(_ context.Context, addr string) ([]string, error) {
	f.calls++
	if n, ok := f.ptr[addr]; ok {
		return n, nil
	}
	return nil, fmt.Errorf("no PTR for %s", addr)
}

func (f *fakeResolver) LookupHost(_ context.Context, host string) ([]string, error) {
	if a, ok := f.forward[host]; ok {
		return a, nil
	}
	return nil, fmt.Errorf("no such host %s", host)
}

// TestVerifyReverseDNS: the PTR name must be in the operator's domain and
// resolve back to the same address.
func TestVerifyReverseDNS(t *testing.T) {
	res := &fakeResolver{
		ptr: map[string][]string{
			"66.249.66.1": {"crawl-66-249-66-1.googlebot.com."},
			"203.0.113.9": {"crawl.googlebot.com.evil.example."},
			"203.0.113.7": {"crawl-66-249-66-2.googlebot.com."},
		},
		forward: map[string][]string{
			"crawl-66-249-66-1.googlebot.com": {"66.249.66.1"},
			"crawl-66-249-66-2.googlebot.com": {"66.249.66.2"},
		},
	}
	v := &Verifier{Resolver: res}
	g := Identify("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")
	seo := Identify("Mozilla/5.0 (compatible; ExampleSeoBot/1.3)")
	for _, c := range []struct {
		name string
		who  *Identity
		ip   string
		want Verification
	}{
		{"PTR in googlebot.com and forward back", &g, "66.249.66.1", Verified},
		{"PTR merely containing googlebot.com", &g, "203.0.113.9", Failed},
		{"forward lookup gives another address", &g, "203.0.113.7", Failed},
		{"no PTR at all", &g, "198.51.100.1", Failed},
		{"an operator without documented DNS names stays unverified", &seo, "66.249.66.1", Unverified},
	} {
		if got := v.Verify(c.who, c.ip); got != c.want {
			t.Errorf("%s: %s", c.name, got)
		}
	}
	before := res.calls
	v.Verify(&g, "66.249.66.1")
	if res.calls != before {
		t.Error("a checked address was looked up again")
	}
}

// TestViolationsInLogOrder: with many chunks spread over workers, the
// violations still come out in log order, and the totals match a run on
// one worker.
func TestViolationsInLogOrder(t *testing.T) {
	var b bytes.Buffer
	for i := 0; b.Len() < 3*chunkSize; i++ {
		fmt.Fprintf(&b, "66.249.66.1 - - [03/Feb/2025:08:%02d:%02d +0000] \"GET /shop/cart?i=%d HTTP/1.1\" 200 1 \"-\" \"Mozilla/5.0 (compatible; Googlebot/2.1)\"\n", i/60%60, i%60, i%500)
		fmt.Fprintf(&b, "66.249.66.1 - - [03/Feb/2025:08:%02d:%02d +0000] \"GET /page/%d HTTP/1.1\" 200 1 \"-\" \"Mozilla/5.0 (compatible; Googlebot/2.1)\"\n", i/60%60, i%60, i)
	}
	data := b.Bytes()
	robots := readDoc(t, "robots.txt")
	var lines []int
	run := func(workers int) *Report {
		lines = lines[:0]
		rep, err := Analyze(context.Background(), Options{Names: []string{"-"}, Stdin: bytes.NewReader(data), Robots: robots, Workers: workers,
			OnViolation: func(v Violation) { lines = append(lines, v.At.Line) }})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	one := run(1)
	four := run(4)
	for i := 1; i < len(lines); i++ {
		if lines[i] != lines[i-1]+2 {
			t.Fatalf("violation %d at line %d after line %d", i, lines[i], lines[i-1])
		}
	}
	g1, g4 := one.Crawlers[0], four.Crawlers[0]
	if g1.Hits != g4.Hits || g1.Disallowed != g4.Disallowed || g1.DistinctPaths != g4.DistinctPaths || int64(len(lines)) != g4.Disallowed {
		t.Errorf("1 worker: %d hits %d disallowed %d paths; 4 workers: %d %d %d; %d violations", g1.Hits, g1.Disallowed, g1.DistinctPaths, g4.Hits, g4.Disallowed, g4.DistinctPaths, len(lines))
	}
	if g4.Disallowed*2 != g4.Hits {
		t.Errorf("half the hits are on /shop/cart: %d of %d", g4.Disallowed, g4.Hits)
	}
	if g4.Exact || g4.DistinctPaths < 9000 {
		t.Errorf("distinct paths %d (exact %v)", g4.DistinctPaths, g4.Exact)
	}
}

// TestOverlongLine: a line beyond the limit is one malformed line; the
// lines after it are read with the right numbers.
func TestOverlongLine(t *testing.T) {
	good := `66.249.66.1 - - [03/Feb/2025:08:00:01 +0000] "GET /shop/cart HTTP/1.1" 200 1 "-" "Googlebot/2.1"` + "\n"
	data := good + "1.2.3.4 - - [03/Feb/2025:08:00:01 +0000] \"GET /" + strings.Repeat("x", 3*maxLine) + " HTTP/1.1\" 200 1 \"-\" \"UA\"\n" + good
	rep := analyze(t, Options{Names: []string{"-"}, Stdin: strings.NewReader(data), Robots: readDoc(t, "robots.txt")})
	if rep.Lines != 3 || rep.Malformed != 1 || rep.MalformedAt[0].Line != 2 || rep.Crawlers[0].Hits != 2 {
		t.Errorf("lines %d malformed %d at %v crawlers %+v", rep.Lines, rep.Malformed, rep.MalformedAt, rep.Crawlers)
	}
}

// TestUnreadableInputIsAnError: a missing file, and a file no format
// fits, stop the run with the file's name.
func TestUnreadableInputIsAnError(t *testing.T) {
	_, err := Analyze(context.Background(), Options{Names: []string{testdata("missing.log")}})
	if err == nil {
		t.Error("missing file accepted")
	}
	_, err = Analyze(context.Background(), Options{Names: []string{"-"}, Stdin: strings.NewReader("hello\nworld\n")})
	if err == nil || !strings.Contains(err.Error(), "-: ") {
		t.Errorf("text that is no log: %v", err)
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Analyze(ctx, Options{Names: []string{testdata("combined.log")}})
	if err == nil {
		t.Error("a cancelled run reported no error")
	}
}

// TestEndlessBotNamesShareARow: past a bound, bots outside the catalogue
// share one row, so made-up names cannot grow the report without end.
func TestEndlessBotNamesShareARow(t *testing.T) {
	var b bytes.Buffer
	for i := 0; i < maxUnknownBots+50; i++ {
		fmt.Fprintf(&b, "1.2.3.4 - - [03/Feb/2025:08:00:01 +0000] \"GET /p HTTP/1.1\" 200 1 \"-\" \"Made%dBot/1.0\"\n", i)
	}
	rep := analyze(t, Options{Names: []string{"-"}, Stdin: &b})
	if len(rep.Crawlers) != maxUnknownBots+1 {
		t.Fatalf("%d rows", len(rep.Crawlers))
	}
	if other := row(t, rep, "other bots", Unverified); other.Hits != 50 {
		t.Errorf("other bots: %d hits", other.Hits)
	}
}

// TestTruncatedGzipIsAnError: a gzip file cut short is an I/O error with
// the file's name, not a quietly shorter log.
func TestTruncatedGzipIsAnError(t *testing.T) {
	plain, _ := os.ReadFile(testdata("combined.log"))
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(bytes.Repeat(plain, 50))
	zw.Close()
	p := filepath.Join(t.TempDir(), "cut.log.gz")
	os.WriteFile(p, gz.Bytes()[:gz.Len()/2], 0o644)
	_, err := Analyze(context.Background(), Options{Names: []string{p}})
	if err == nil || !strings.Contains(err.Error(), "cut.log.gz") {
		t.Errorf("truncated gzip: %v", err)
	}
}

// TestFetchConclusionsNameOtherReadings: a 401 for robots.txt means "no
// restrictions" to Google but "fully restricted" to Koster's 1996 draft;
// the conclusion says which readings differ.
func TestFetchConclusionsNameOtherReadings(t *testing.T) {
	c := &CrawlerStats{Identity: Identity{Engine: "google"}, RobotsFetches: map[int]int64{401: 2, 200: 1}}
	fc := c.FetchConclusions()
	if len(fc) != 2 || fc[0].Status != 200 || len(fc[0].Others) != 0 {
		t.Fatalf("conclusions %+v", fc)
	}
	if fc[1].Decision.Outcome != "allow-all" {
		t.Errorf("google on 401: %s", fc[1].Decision.Outcome)
	}
	found := false
	for _, o := range fc[1].Others {
		found = found || (o.Engine == "draft1996" && o.Outcome == "disallow-all")
	}
	if !found {
		t.Errorf("401: other readings %+v, want draft1996 disallow-all", fc[1].Others)
	}
}
