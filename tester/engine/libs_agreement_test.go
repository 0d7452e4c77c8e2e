package engine

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/testenv"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// The library readings (urllib, protego, robots-parser) are emulations; these
// tests hold each to the real library, run once per library in one process
// fed JSON lines (testdata/libs), on generated files, agents and URLs. Every
// answer that differs must belong to a class written down in libDiffClasses
// (and docs/engines.md), or the test fails.

// libFiles and libQueries per file: 1,000 × 120 = 120,000 queries a library.
// LIB_AGREEMENT_FILES=n LIB_AGREEMENT_SEED=s run a longer or another
// comparison by hand.
const (
	libFiles      = 1000
	libQueriesPer = 120
)

// libRun is the number of files and the seed of this run.
func libRun() (files int, seed int64) {
	files, seed = libFiles, 35
	if n, err := strconv.Atoi(os.Getenv("LIB_AGREEMENT_FILES")); err == nil && n > 0 {
		files = n
	}
	if s, err := strconv.ParseInt(os.Getenv("LIB_AGREEMENT_SEED"), 10, 64); err == nil {
		seed = s
	}
	return files, seed
}

type libJob struct {
	Robots  string      `json:"robots"`
	Queries [][2]string `json:"queries"`
}

type libAnswer struct {
	A       []*int `json:"a"`
	Err     string `json:"err"`
	Version string `json:"version"`
	RFC9309 bool   `json:"rfc9309"`
	Host    string `json:"host"` // the Host the library keeps (Protego, robots-parser)
}

// libDiffClass is a known kind of disagreement: its name and how to tell
// it (why it stays is written in docs/engines.md).
type libDiffClass struct {
	name string
	is   func(robots, agent, url string) bool
}

// libDiffClasses are the disagreements each library's reading keeps, by
// engine id. Each is explained in docs/engines.md.
var libDiffClasses = map[string][]libDiffClass{}

// TestLibraryReadingsAgree runs each library on the same generated queries
// as its reading and reports the agreement; any disagreement outside the
// known classes fails.
func TestLibraryReadingsAgree(t *testing.T) {
	files, seed := libRun()
	jobs := append(libJobs(rand.New(rand.NewSource(seed)), files), libTricky...)
	for _, lib := range []struct {
		id  string
		cmd func(t *testing.T) *exec.Cmd
	}{
		{"urllib", urllibCmd},
		{"protego", protegoCmd},
		{"robots-parser", robotsParserCmd},
	} {
		t.Run(lib.id, func(t *testing.T) {
			cmd := lib.cmd(t)
			if cmd == nil {
				return
			}
			head, answers := runLibrary(t, cmd, jobs)
			e, _ := Get(lib.id)
			compareLibrary(t, e, head, jobs, answers)
		})
	}
}

// debianPython is Debian's python3, whose library the readings describe,
// else the first python3 on PATH.
func debianPython() string {
	if _, err := os.Stat("/usr/bin/python3"); err == nil {
		return "/usr/bin/python3"
	}
	if p, err := exec.LookPath("python3"); err == nil {
		return p
	}
	return ""
}

func urllibCmd(t *testing.T) *exec.Cmd {
	py := debianPython()
	if py == "" {
		testenv.Need(t, "python3 is not installed: apt-get install python3")
		return nil
	}
	return exec.Command(py, filepath.Join("testdata", "libs", "urllib_robotparser.py"))
}

func protegoCmd(t *testing.T) *exec.Cmd {
	py := debianPython()
	if py == "" || exec.Command(py, "-c", "import protego").Run() != nil {
		testenv.Need(t, "python3 cannot import protego: apt-get install python3-protego")
		return nil
	}
	return exec.Command(py, filepath.Join("testdata", "libs", "protego_parser.py"))
}

// nodeLibs is where make test-npm installs robots-parser (npm ci).
const nodeLibs = "testdata/libs/node"

func robotsParserCmd(t *testing.T) *exec.Cmd {
	node, err := exec.LookPath("node")
	if err != nil {
		testenv.Need(t, "node is not installed: apt-get install nodejs")
		return nil
	}
	if _, err := os.Stat(filepath.Join(nodeLibs, "node_modules", "robots-parser", "package.json")); err != nil {
		testenv.Need(t, "robots-parser is not installed: make test-npm (npm ci --prefix tester/engine/"+nodeLibs+")")
		return nil
	}
	return exec.Command(node, filepath.Join("testdata", "libs", "robots_parser.js"), nodeLibs)
}

// runLibrary feeds jobs to the library's process and returns its first line
// (its version) and one answer per job.
func runLibrary(t *testing.T, cmd *exec.Cmd, jobs []libJob) (libAnswer, []libAnswer) {
	t.Helper()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		w := bufio.NewWriter(stdin)
		enc := json.NewEncoder(w)
		for _, j := range jobs {
			if enc.Encode(j) != nil {
				break
			}
		}
		w.Flush()
		stdin.Close()
	}()
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	var head libAnswer
	var out []libAnswer
	for sc.Scan() {
		var a libAnswer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("%s: bad output line %.200q: %v", cmd.Path, sc.Text(), err)
		}
		if head.Version == "" {
			head = a
			continue
		}
		out = append(out, a)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v: %v\n%s", cmd.Args, err, stderr.String())
	}
	if len(out) != len(jobs) {
		t.Fatalf("%v answered %d of %d files\n%s", cmd.Args, len(out), len(jobs), stderr.String())
	}
	return head, out
}

// compareLibrary asks the reading every query and counts the agreement.
func compareLibrary(t *testing.T, e Engine, head libAnswer, jobs []libJob, answers []libAnswer) {
	t.Helper()
	id := e.Info().ID
	if head.RFC9309 {
		testenv.Need(t, fmt.Sprintf("python3 %s has the RFC 9309 robotparser (3.13.14+); the urllib reading is the module of 3.11 and 3.12", head.Version))
		return
	}
	total, agree, libErrors := 0, 0, 0
	classes := map[string]int{}
	var unknown []string
	for i, j := range jobs {
		c := e.Compile(syntax.Parse([]byte(j.Robots)))
		a := answers[i]
		for k, q := range j.Queries {
			total++
			var lib *int
			if a.Err == "" {
				lib = a.A[k]
			}
			if lib == nil {
				libErrors++
			}
			got := c.Query(q[0], q[1]).Allowed
			if lib != nil && got == (*lib == 1) {
				agree++
				continue
			}
			cls := ""
			for _, dc := range libDiffClasses[id] {
				if dc.is(j.Robots, q[0], q[1]) {
					cls = dc.name
					break
				}
			}
			if cls == "" {
				libWord := "error " + a.Err
				if lib != nil {
					libWord = fmt.Sprint(*lib == 1)
				}
				unknown = append(unknown, fmt.Sprintf("agent %q url %q: reading allowed=%v, library %s\n%q", q[0], q[1], got, libWord, j.Robots))
				continue
			}
			classes[cls]++
		}
	}
	names := make([]string, 0, len(classes))
	for n := range classes {
		names = append(names, n)
	}
	sort.Strings(names)
	var parts []string
	for _, n := range names {
		parts = append(parts, fmt.Sprintf("%s %d", n, classes[n]))
	}
	t.Logf("%s %s: %d of %d queries agree (%.4f%%); library errors %d; known differences: %s",
		id, head.Version, agree, total, 100*float64(agree)/float64(total), libErrors, strings.Join(parts, ", "))
	if total < 100_000 {
		t.Errorf("only %d queries", total)
	}
	for i, u := range unknown {
		if i == 10 {
			t.Errorf("… and %d more", len(unknown)-10)
			break
		}
		t.Errorf("unclassified difference: %s", u)
	}
}

// Generated files: the fields each library reads, spelt as the standards and
// as the libraries' own quirks spell them, with the values that tell the
// readings apart.
var (
	libKeys = []string{"User-agent", "user-agent", "USER-AGENT", "User-Agent", "useragent", "User agent", "user agent",
		"Allow", "allow", "ALLOW", "Disallow", "disallow", "DISALLOW", "Dissallow", "disalow",
		"Crawl-delay", "crawl delay", "Request-rate", "Sitemap", "Host", "Noindex", "Foo", ""}
	libSeps   = []string{":", ": ", ": ", ": ", " : ", ":\t", " ", "  ", ":  "}
	libAgents = []string{"*", "*", "bot", "Bot", "mybot", "Googlebot", "googlebot-news", "Googlebot/2.1", "*bot", "b*t",
		"bot/1.0", "my bot", "", "a", "BOT ", "MJ12bot", "AI2Bot", "%62ot", "* foo", "Scrapy", "python-urllib", "robøt",
		"\u212abot", "b:t", "bot #x", "\u00a0bot"}
	libPaths = []string{"/", "", "/a", "/a/", "/a*", "/a$", "/*.php$", "/a*b", "/a$b", "*", "$", "a", "/%7Ea", "/~a", "/é",
		"/%C3%A9", "/%c3%a9", "/a?b", "/a?", "/a;p", "/a;", "/index.html", "/d/index.html", "//a", "/a%2Fb", "/a%2fb",
		"/A", "/a b", "/**a", "/a**$", "/a*$", "/%", "/%zz", "/a%25", "/a%2a", "/p=1", "/?q=", "/a.php?x=1&y=2",
		"/[x]", "/a|b", "/a^b", "/a`b", "/a{b}", "/a'b", "/a\"b", "/a<b>", "/café/", "/\u00a0a", "/a\\b", "/./a",
		"/a/../b", "/a/./", "/%2e/a", "http://example.com/x", "/x/*/y", "/*", "/$", "/a%24", "/d/", "/x?y=1$",
		"/%E9", "/%C3", "/a%00", "/\u212a", "/a:b", "//x/y", "/a#", "/a?b=c*", "/a;b?c", "/%2A", "/d/index.html$", "/a\tb",
		"/%F0%9F%98%80", "/😀", "/a%2", "/..", "/a/%2e%2e/b", "/a\\..\\b"}
	libBlank = []string{"", "", "", "  ", "\t", "# comment", " # indented comment"}
	libEOL   = []string{"\n", "\n", "\n", "\n", "\n", "\n", "\n", "\n", "\n", "\r\n", "\r\n", "\r", "\v", "\f", "\u2028", "\u0085"}
	libAsk   = []string{"bot", "Bot/2.0", "MyBot/1.0", "Googlebot", "googlebot-news", "x", "", "*", "BOT", "b t",
		"Mozilla/5.0 (compatible; bot/1.0)", "MJ12bot", "AI2Bot", "Scrapy/2.11 (+https://scrapy.org)", "Python-urllib/3.11", " bot "}
)

func oneOf[T any](rng *rand.Rand, list []T) T { return list[rng.Intn(len(list))] }

// libRobots writes a generated file: groups of User-agent lines and rules,
// with blank lines, comments, other fields and the odd misspelling between.
func libRobots(rng *rand.Rand) string {
	var b strings.Builder
	if rng.Intn(40) == 0 {
		b.WriteString("\ufeff")
	}
	eol := "\n"
	if rng.Intn(8) == 0 {
		eol = oneOf(rng, libEOL)
	}
	line := func(key, value string) {
		if rng.Intn(12) == 0 {
			b.WriteString(" ")
		}
		b.WriteString(key)
		b.WriteString(oneOf(rng, libSeps))
		b.WriteString(value)
		if rng.Intn(15) == 0 {
			b.WriteString(" # note")
		}
		if rng.Intn(20) == 0 {
			b.WriteString(oneOf(rng, libEOL))
		} else {
			b.WriteString(eol)
		}
	}
	uaKey := func() string {
		if rng.Intn(6) == 0 {
			return oneOf(rng, libKeys[:7])
		}
		return "User-agent"
	}
	ruleKey := func() string {
		if rng.Intn(6) == 0 {
			return oneOf(rng, libKeys[7:15])
		}
		return oneOf(rng, []string{"Allow", "Disallow", "Disallow"})
	}
	if rng.Intn(6) == 0 {
		line(ruleKey(), oneOf(rng, libPaths))
	}
	for g := rng.Intn(4) + 1; g > 0; g-- {
		for n := rng.Intn(3) + 1; n > 0; n-- {
			line(uaKey(), oneOf(rng, libAgents))
		}
		if rng.Intn(5) == 0 {
			b.WriteString(oneOf(rng, libBlank) + eol)
		}
		for n := rng.Intn(6); n > 0; n-- {
			switch rng.Intn(12) {
			case 0:
				line(oneOf(rng, libKeys[15:]), oneOf(rng, []string{"1", "2.5", "x", "", "http://example.com/s.xml"}))
			case 1:
				b.WriteString(oneOf(rng, libBlank) + eol)
			default:
				line(ruleKey(), oneOf(rng, libPaths))
			}
		}
		if rng.Intn(2) == 0 {
			b.WriteString(oneOf(rng, libBlank) + eol)
		}
	}
	return b.String()
}

// libAskedPaths are the URLs asked of a file: its rules' paths varied (cut,
// extended, wildcards filled in, escaped and re-cased) and fixed ones.
func libAskedPaths(doc *syntax.Document, rng *rand.Rand, n int) []string {
	var values []string
	for i := range doc.Lines {
		if doc.Lines[i].Kind.IsRule() {
			values = append(values, doc.Value(i+1))
		}
	}
	fills := []string{"", "x", "/", "a/b", ".php", "?q=1", "%2F", "é", "$", "*", "%7E", "~", "#f", " ", "%e9", "%C3%A9", "?", ";p", "/..", "\\", "%", "'"}
	var out []string
	for len(out) < n {
		var p string
		if len(values) == 0 || rng.Intn(4) == 0 {
			p = oneOf(rng, libPaths)
		} else {
			var b strings.Builder
			for _, r := range oneOf(rng, values) {
				switch {
				case r == '*':
					b.WriteString(oneOf(rng, fills))
				case r == '$' && rng.Intn(2) == 0:
				default:
					b.WriteRune(r)
				}
			}
			p = b.String()
		}
		switch rng.Intn(7) {
		case 0:
			if len(p) > 0 {
				p = strings.ToValidUTF8(p[:rng.Intn(len(p))], "")
			}
		case 1:
			p += oneOf(rng, fills)
		case 2:
			p = strings.ToUpper(p)
		case 3:
			p = strings.ReplaceAll(p, "~", "%7e")
		}
		if !strings.HasPrefix(p, "/") {
			p = "/" + p
		}
		out = append(out, "http://example.com"+p)
	}
	return out
}

// libJobs generates the files and their queries.
func libJobs(rng *rand.Rand, files int) []libJob {
	jobs := make([]libJob, files)
	for i := range jobs {
		robots := libRobots(rng)
		doc := syntax.Parse([]byte(robots))
		urls := libAskedPaths(doc, rng, libQueriesPer)
		qs := make([][2]string, libQueriesPer)
		for k := range qs {
			qs[k] = [2]string{oneOf(rng, libAsk), urls[k]}
		}
		jobs[i] = libJob{Robots: robots, Queries: qs}
	}
	return jobs
}

// libTricky are files and URLs the generator reaches rarely or never, each
// a difference once found between a reading and its library: asked of every
// library in every run.
var libTricky = []libJob{
	{Robots: "User-agent: *\nDisallow: /x/*/y\nDisallow: /a/c\nDisallow: /a^b\nAllow: /a/.b/\n",
		Queries: [][2]string{
			{"bot", "http://example.com/x/.php/y/.."}, // Node's URL keeps these dot segments
			{"bot", "http://example.com/a/.b/../c"},
			{"bot", "http://example.com/a/..b/../c"}, // and resolves these
			{"bot", "http://example.com/.a/../a/c"},
			{"bot", "http://example.com/a/.b/%2e%2e/c"},
			{"bot", "http://example.com/a/.b/ /../../c"},
			{"bot", "http://example.com/a^b"}, // `^` stays as it is in a path
			{"bot", "http://example.com/a/.b/x"},
		}},
	{Robots: "User-agent: b*t\nDisallow: //a/b\nDisallow: //c\nAllow: /d/index.html\nDisallow: /d/\n\nUser-agent: a\n\nUser-agent: c\nDisallow: /\n",
		Queries: [][2]string{
			{"bot", "http://example.com/b"}, // Protego reads //a/b as /b
			{"bot", "http://example.com/c"},
			{"bot", "http://example.com/d/"}, // and index.html's Allow as allowing /d/
			{"bot", "http://example.com/d/x"},
			{"a", "http://example.com/x"}, // urllib drops a record cut by an empty line
			{"ca", "http://example.com/x"},
		}},
}
