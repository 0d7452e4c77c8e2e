package sitemap

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/xml"
	"errors"
	"hash/maphash"
	"io"
	"runtime"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/robots-studio/robots-studio/tester/msg"
)

// Options say where a sitemap lives and what to do with its URLs.
type Options struct {
	File string // the name findings carry (a path, "-", a URL)
	// URL is the sitemap's own address; its host and directory bound what
	// it may list. Empty when unknown: then the URLs must share the host
	// of the first one.
	URL string
	// RobotsHosts are the hosts (scheme://host[:port]) whose robots.txt
	// names this sitemap: their URLs may be listed wherever the sitemap is.
	RobotsHosts []string
	// OnEntry receives every URL as it is read (pages for a urlset,
	// sitemaps for an index).
	OnEntry func(Entry)
	// Progress receives the number of input bytes read so far, about every
	// 256 KiB.
	Progress func(read int64)
	// Context stops the reading when it is cancelled.
	Context context.Context
	// Workers is how many cores the reading may use: 1 keeps it on one
	// goroutine; any other number (0: all) lets the search for duplicates
	// of a long sitemap run on a goroutine of its own, beside the reading.
	Workers int
}

// Result is what reading a sitemap found.
type Result struct {
	Kind     Kind
	Gzip     bool
	URLs     int   // entries listed (pages, or sitemaps for an index)
	Size     int64 // bytes after decompression
	Findings []Finding
	// Stopped is the finding where reading stopped (a bare &, broken
	// XML, a limit), nil when the file was read to its end: past it,
	// URLs counts only the entries before that point.
	Stopped *Finding
}

// errStopped ends reading past hardLimit.
var errStopped = errors.New("sitemap: read limit reached")

// Read checks the sitemap in r as it streams by. Problems of the file are
// findings in the Result; the error is for reading failures and
// cancellation only.
func Read(r io.Reader, opt Options) (*Result, error) {
	rs, ok := r.(io.ReadSeeker)
	if !ok {
		return readWith(r, opt, false)
	}
	start, err := rs.Seek(0, io.SeekCurrent)
	if err != nil {
		return readWith(r, opt, false)
	}
	// The fast XML reader first; when it gives up (see fastTokens), the
	// file is read again from its start with encoding/xml, and the entries
	// the fast reading already passed on are not passed on again (they are
	// the same: FuzzReadFast).
	onEntry, progress := opt.OnEntry, opt.Progress
	passed, most := 0, int64(0)
	opt.OnEntry = func(e Entry) {
		passed++
		if onEntry != nil {
			onEntry(e)
		}
	}
	if progress != nil {
		opt.Progress = func(n int64) {
			if n > most {
				most = n
				progress(n)
			}
		}
	}
	res, err := readWith(r, opt, true)
	if !errors.Is(err, errSlowPath) {
		return res, err
	}
	if _, err := rs.Seek(start, io.SeekStart); err != nil {
		return nil, err
	}
	skip := passed
	opt.OnEntry = func(e Entry) {
		if skip > 0 {
			skip--
			return
		}
		if onEntry != nil {
			onEntry(e)
		}
	}
	return readWith(r, opt, false)
}

// readWith is Read with the fast XML reader (fast) or encoding/xml.
func readWith(r io.Reader, opt Options, fast bool) (*Result, error) {
	ctx := opt.Context
	if ctx == nil {
		ctx = context.Background()
	}
	raw := &counter{r: r, ctx: ctx, progress: opt.Progress, limit: -1}
	br := bufio.NewReaderSize(raw, 64*1024)
	s := newState(opt)
	defer s.dups.join() // on every way out: the goroutine of the search ends
	var in io.Reader = br
	if head, _ := br.Peek(2); len(head) == 2 && head[0] == 0x1f && head[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			if ctxErr := ctx.Err(); ctxErr != nil {
				return nil, ctxErr
			}
			s.stop(CodeMalformed, pos{1, 1, 0}, msg.New(msgMalformed, "Error", err.Error()))
			return s.finish(), nil
		}
		zr.Multistream(true)
		s.res.Gzip = true
		in = zr
	}
	un := &counter{r: in, ctx: ctx, limit: hardLimit}
	s.size = un
	ub := bufio.NewReaderSize(un, 64*1024)
	// A BOM is allowed before the XML declaration; skip it for both kinds.
	if b, _ := ub.Peek(3); bytes.Equal(b, []byte("\xEF\xBB\xBF")) {
		ub.Discard(3)
		s.bom = 3
	}
	// A file saved as UTF-16 is named as such, then read through as the
	// text it holds (a wrong encoding should not hide the rest).
	if enc, bom := sniffUTF16(ub); enc != "" {
		ub.Discard(bom)
		s.utf16 = true
		s.add(CodeNotUTF8, pos{1, 1, 0}, msg.New(msgUTF16, "Encoding", enc))
		ub = bufio.NewReaderSize(&utf16Reader{r: ub, big: enc == "UTF-16BE"}, 64*1024)
	}
	var err error
	if isXML(ub) {
		if fast && !s.utf16 {
			ft := newFastTokens(ub)
			// Where reading stops at hardLimit depends on how far the
			// reader read ahead: a file that long is left to encoding/xml.
			ft.giveUp = func() bool { return un.n > hardLimit-1<<20 }
			err = s.readXML(tokenSource{fast: ft}, nil)
			if errors.Is(err, errSlowPath) {
				return nil, err
			}
		} else {
			guard := &tokenGuard{r: ub, limit: maxToken}
			err = s.readXML(tokenSource{dec: xml.NewDecoder(guard)}, guard)
		}
	} else {
		s.res.Kind = KindText
		err = s.readText(ub)
	}
	switch {
	case errors.Is(err, errStopped):
		s.stop(CodeStopped, s.at(), msg.New(msgStopped, "Size", un.n))
	case err != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)):
		return nil, err
	case err != nil && raw.err != nil:
		return nil, raw.err
	case err != nil:
		// A broken gzip stream or a read error inside it.
		s.stop(CodeMalformed, s.at(), msg.New(msgMalformed, "Error", err.Error()))
	}
	return s.finish(), nil
}

var msgUTF16 = msg.Def("sitemap.utf16", "the file is encoded as {{.Encoding}}; sitemaps must be UTF-8: save it as UTF-8 (the rest of it was checked as the text it holds)")

// sniffUTF16 recognises UTF-16 by its byte order mark, or without one by
// the zero byte beside each of the first two ASCII characters (a sitemap
// starts with "<?", "<u" or "ht"); it returns the encoding and the length
// of the mark.
func sniffUTF16(br *bufio.Reader) (enc string, bom int) {
	b, _ := br.Peek(4)
	switch {
	case len(b) >= 2 && b[0] == 0xFF && b[1] == 0xFE:
		return "UTF-16LE", 2
	case len(b) >= 2 && b[0] == 0xFE && b[1] == 0xFF:
		return "UTF-16BE", 2
	case len(b) == 4 && b[0] != 0 && b[0] < 0x80 && b[1] == 0 && b[2] != 0 && b[2] < 0x80 && b[3] == 0:
		return "UTF-16LE", 0
	case len(b) == 4 && b[0] == 0 && b[1] != 0 && b[1] < 0x80 && b[2] == 0 && b[3] != 0 && b[3] < 0x80:
		return "UTF-16BE", 0
	}
	return "", 0
}

// utf16Reader decodes UTF-16 to UTF-8 as it is read; a lone surrogate or
// an odd last byte becomes U+FFFD.
type utf16Reader struct {
	r    io.Reader
	big  bool
	in   [32 * 1024]byte
	inN  int
	buf  []byte // decoded, backing out
	out  []byte // decoded and not returned yet
	high rune   // a high surrogate waiting for its pair
	err  error
}

func (u *utf16Reader) Read(p []byte) (int, error) {
	for len(u.out) == 0 {
		if u.err != nil {
			if u.high != 0 || u.inN > 0 {
				u.high, u.inN = 0, 0
				u.out = utf8.AppendRune(u.buf[:0], utf8.RuneError)
				break
			}
			return 0, u.err
		}
		n, err := u.r.Read(u.in[u.inN:])
		u.inN += n
		u.err = err
		out := u.buf[:0]
		i := 0
		for ; i+1 < u.inN; i += 2 {
			c := rune(u.in[i]) | rune(u.in[i+1])<<8
			if u.big {
				c = rune(u.in[i])<<8 | rune(u.in[i+1])
			}
			switch {
			case c >= 0xDC00 && c < 0xE000 && u.high != 0:
				out = utf8.AppendRune(out, utf16.DecodeRune(u.high, c))
				u.high = 0
				continue
			case u.high != 0:
				out = utf8.AppendRune(out, utf8.RuneError)
				u.high = 0
			}
			switch {
			case c >= 0xD800 && c < 0xDC00:
				u.high = c
			case c >= 0xDC00 && c < 0xE000:
				out = utf8.AppendRune(out, utf8.RuneError)
			default:
				out = utf8.AppendRune(out, c)
			}
		}
		u.inN = copy(u.in[:], u.in[i:u.inN])
		u.buf, u.out = out, out
	}
	n := copy(p, u.out)
	u.out = u.out[n:]
	return n, nil
}

// isXML looks past leading white space: a sitemap whose first character is
// '<' is XML, anything else a text sitemap.
func isXML(br *bufio.Reader) bool {
	for n := 1; n <= 4096; n *= 2 {
		b, err := br.Peek(n)
		if t := bytes.TrimLeft(b, " \t\r\n"); len(t) > 0 {
			return t[0] == '<'
		}
		if err != nil {
			return false
		}
	}
	return false
}

// counter counts the bytes read through it, reports progress, stops at
// limit and when the context is cancelled.
type counter struct {
	r        io.Reader
	ctx      context.Context
	progress func(int64)
	n        int64
	limit    int64 // -1: none
	next     int64 // next progress report
	err      error // the underlying reader's error, other than EOF
}

func (c *counter) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	if c.limit >= 0 {
		if c.n >= c.limit {
			return 0, errStopped
		}
		if rest := c.limit - c.n; int64(len(p)) > rest {
			p = p[:rest]
		}
	}
	n, err := c.r.Read(p)
	c.n += int64(n)
	if err != nil && err != io.EOF {
		c.err = err
	}
	if c.progress != nil && c.n >= c.next {
		c.progress(c.n)
		c.next = c.n + 256*1024
	}
	return n, err
}

// state is one file being read.
type state struct {
	opt       Options
	res       Result
	size      *counter
	scope     scope
	line      int // position of the token being handled
	col       int
	off       int // and its byte offset (offset)
	perCode   map[string]int
	urls      urlSplitter
	dups      duplicates
	over      pos // where the entry limit was passed
	oldOver   pos
	big       pos // where the file passed 50 MB
	rootAt    pos
	rootSpace string // the root's namespace: its children share it, even a wrong one
	oldBig    pos    // where it passed 10 MB
	utf16     bool   // the file is UTF-16, read decoded
	bom       int64  // bytes of a UTF-8 byte order mark skipped
}

func newState(opt Options) *state {
	return &state{opt: opt, scope: newScope(opt.URL, opt.RobotsHosts), perCode: map[string]int{},
		dups: duplicates{file: opt.File, seed: maphash.MakeSeed()}, line: 1, col: 1, rootAt: pos{1, 1, 0}, size: &counter{}}
}

// pos is where a finding is: the line and column people read, and the
// byte offset, the span's start, by which diag.List orders findings.
type pos struct{ line, col, off int }

// offset is the offset in the file of the reader's offset in: a UTF-8
// byte order mark skipped counts (in a UTF-16 file the offset is in the
// text as decoded, as the reader has no other).
func (s *state) offset(in int64) int { return int(s.bom + in) }

// at is the position of the token being handled.
func (s *state) at() pos { return pos{s.line, s.col, s.off} }

// add records a finding; past maxFindingsCode of one code it only counts.
func (s *state) add(code string, at pos, text msg.Text) *Finding {
	s.perCode[code]++
	if s.perCode[code] > maxFindingsCode {
		return nil
	}
	s.res.Findings = append(s.res.Findings, newFinding(s.opt.File, code, at, text))
	return &s.res.Findings[len(s.res.Findings)-1]
}

// stop is add for a finding that ends the reading: the first one is the
// Result's Stopped.
func (s *state) stop(code string, at pos, text msg.Text) {
	s.add(code, at, text)
	if s.res.Stopped == nil {
		f := newFinding(s.opt.File, code, at, text)
		s.res.Stopped = &f
	}
}

// newFinding is a finding of file at at (line and column at least 1 each).
func newFinding(file, code string, at pos, text msg.Text) Finding {
	return Finding{Diagnostic: newDiagAt(code, text, at.off), File: file, Line: max(at.line, 1), Col: max(at.col, 1)}
}

// finish adds the findings only known at the end: limits, emptiness, and
// how many findings were counted but not listed.
func (s *state) finish() *Result {
	// The duplicates join the other findings: each at its URL's position,
	// after the others there (sortFindings keeps that order), so where
	// they were found does not change the report.
	s.dups.join()
	s.perCode[CodeDuplicate] += s.dups.count
	s.res.Findings = append(s.res.Findings, s.dups.findings...)
	s.res.Size = s.size.n
	limit, oldLimit := MaxURLs, 0
	code, oldCode, text, oldText := CodeTooManyURLs, "", msgTooManyURLs, ""
	if s.res.Kind == KindIndex {
		limit, oldLimit = MaxSitemaps, OldMaxSitemaps
		code, oldCode, text, oldText = CodeTooManyMaps, CodeOldMaps, msgTooManyMaps, msgOldMaps
	}
	if s.res.URLs > limit {
		s.add(code, s.over, msg.New(text, "Count", s.res.URLs))
	} else if oldLimit > 0 && s.res.URLs > oldLimit {
		s.add(oldCode, s.oldOver, msg.New(oldText, "Count", s.res.URLs))
	}
	switch {
	case s.big.line > 0:
		s.add(CodeTooBig, s.big, msg.New(msgTooBig, "Size", s.size.n))
	case s.oldBig.line > 0:
		s.add(CodeOldSize, s.oldBig, msg.New(msgOldSize, "Size", s.size.n))
	}
	broken := s.perCode[CodeMalformed] + s.perCode[CodeUnescaped] + s.perCode[CodeNotUTF8] + s.perCode[CodeStopped]
	if s.res.URLs == 0 && s.res.Kind != KindUnknown && broken == 0 {
		s.add(CodeEmpty, s.rootAt, msg.New(msgEmpty))
	}
	for _, c := range Codes() {
		if n := s.perCode[c]; n > maxFindingsCode {
			s.res.Findings = append(s.res.Findings, newFinding(s.opt.File, CodeMore, s.at(),
				msg.New(msgMore, "Count", n-maxFindingsCode, "Code", c)))
		}
	}
	sortFindings(s.res.Findings)
	return &s.res
}

// sizeCheck notes where the file passes the old and the current size
// limit; finish reports the one that applies.
func (s *state) sizeCheck(n int64) {
	if s.oldBig.line == 0 && n > OldMaxBytes {
		s.oldBig = s.at()
	}
	if s.big.line == 0 && n > MaxBytes {
		s.big = s.at()
	}
}

// runeCount measures a value that arrives in pieces, possibly too long to
// keep: its characters without the white space around it.
type runeCount struct {
	n       int  // characters up to the last one that is not white space
	ws      int  // white space after that, counted in if more text follows
	started bool // a character other than white space was seen
}

func (c *runeCount) add(p []byte) {
	if !c.started {
		for len(p) > 0 && isSpace(p[0]) {
			p = p[1:]
		}
		if len(p) == 0 {
			return
		}
		c.started = true
	}
	t := p
	for len(t) > 0 && isSpace(t[len(t)-1]) {
		t = t[:len(t)-1]
	}
	if len(t) > 0 {
		c.n += c.ws + utf8.RuneCount(t)
		c.ws = 0
	}
	c.ws += len(p) - len(t)
}

// entry handles one listed URL: counts it, checks it, reports duplicates
// and passes it on. n is its length in characters (loc may be cut short).
func (s *state) entry(loc string, n int, at pos) {
	s.res.URLs++
	switch s.res.URLs {
	case MaxURLs + 1:
		s.over = at
	case OldMaxSitemaps + 1:
		s.oldOver = at
	}
	if !s.checkLoc(loc, n, at) {
		return
	}
	s.dups.list(listed{loc: loc, at: at}, s.opt.Workers != 1 && runtime.GOMAXPROCS(0) > 1)
	if s.opt.OnEntry != nil {
		s.opt.OnEntry(Entry{Loc: loc, Line: at.line, Col: at.col, Off: at.off, Index: s.res.Kind == KindIndex})
	}
}

// duplicates finds the URLs listed again. From dupsBeside URLs on, when
// the reading may use more than one core, it does so on a goroutine of its
// own, beside the reading, and its findings join the others when the
// reading ends (join): the report is the same either way (FuzzReadFast
// reads every input both ways).
type duplicates struct {
	file     string
	seed     maphash.Seed
	seen     seenURLs  // URL hash → line of its first listing
	findings []Finding // CodeDuplicate, the first maxFindingsCode of them
	count    int       // CodeDuplicate findings, listed or not
	checked  int       // URLs checked on the reading's goroutine
	queue    chan []listed
	batch    []listed
	done     chan struct{}
}

// listed is a URL as the search for duplicates takes it.
type listed struct {
	loc string
	at  pos
}

// dupsBeside is how many URLs are checked for duplicates on the reading's
// goroutine before the others go to their own (a variable for the tests).
var dupsBeside = 4096

// list checks l, now or (beside: more than one core may be used) on the
// goroutine of the search once it runs.
func (d *duplicates) list(l listed, beside bool) {
	if d.queue == nil {
		if !beside || d.checked < dupsBeside {
			d.checked++
			d.check(l)
			return
		}
		d.queue, d.done = make(chan []listed, 4), make(chan struct{})
		go func() {
			defer close(d.done)
			for b := range d.queue {
				for _, l := range b {
					d.check(l)
				}
			}
		}()
	}
	if d.batch = append(d.batch, l); len(d.batch) == 256 {
		d.queue <- d.batch
		d.batch = make([]listed, 0, 256)
	}
}

func (d *duplicates) check(l listed) {
	h := maphash.String(d.seed, l.loc)
	if first, dup := d.seen.get(h); dup {
		if d.count++; d.count <= maxFindingsCode {
			d.findings = append(d.findings, newFinding(d.file, CodeDuplicate, l.at,
				msg.New(msgDuplicate, "URL", l.loc, "Line", int(first))))
		}
	} else if d.seen.n < MaxURLs {
		// Past the limit the file is in error anyway; keeping memory flat
		// matters more than finding duplicates there.
		d.seen.put(h, int32(l.at.line))
	}
}

// join waits for the search's goroutine, if one runs, to check what it
// was given; then findings and count are complete.
func (d *duplicates) join() {
	if d.queue == nil {
		return
	}
	if len(d.batch) > 0 {
		d.queue <- d.batch
	}
	close(d.queue)
	<-d.done
	d.queue, d.batch = nil, nil
}

// seenURLs maps the hash of each URL listed to the line it was first
// listed on: an open-addressing table (linear probing, at most half full),
// several times cheaper than a Go map for the 50,000 entries of a full
// sitemap, of which nearly every lookup misses. The hashes are apart from
// the lines, so a miss reads only them (half the memory to go through).
type seenURLs struct {
	hashes []uint64 // 0: empty (a hash of 0 is kept as 1)
	lines  []int32
	n      int
}

// slot is where h is, or the empty slot it would take.
func (t *seenURLs) slot(h uint64) int {
	mask := uint64(len(t.hashes) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		if x := t.hashes[i]; x == h || x == 0 {
			return int(i)
		}
	}
}

func (t *seenURLs) get(h uint64) (int32, bool) {
	if t.n == 0 {
		return 0, false
	}
	i := t.slot(max(h, 1))
	return t.lines[i], t.hashes[i] != 0
}

// put adds h, which get does not find.
func (t *seenURLs) put(h uint64, line int32) {
	if 2*(t.n+1) > len(t.hashes) {
		hashes, lines := t.hashes, t.lines
		size := max(1024, 2*len(hashes))
		t.hashes, t.lines = make([]uint64, size), make([]int32, size)
		for i, x := range hashes {
			if x != 0 {
				j := t.slot(x)
				t.hashes[j], t.lines[j] = x, lines[i]
			}
		}
	}
	h = max(h, 1)
	i := t.slot(h)
	t.hashes[i], t.lines[i] = h, line
	t.n++
}

// readText reads a text sitemap: one URL a line, UTF-8.
func (s *state) readText(br *bufio.Reader) error {
	const maxLine = 64 * 1024
	var long []byte
	next := int(s.bom) // the offset of the next line
	for line := 1; ; line++ {
		s.line, s.col, s.off = line, 1, next
		var length runeCount // of the whole line, kept or not
		b, err := br.ReadSlice('\n')
		for errors.Is(err, bufio.ErrBufferFull) {
			next += len(b)
			length.add(b)
			if len(long) < maxLine {
				long = append(long, b...)
			}
			b, err = br.ReadSlice('\n')
		}
		next += len(b)
		length.add(b)
		if long != nil {
			if len(long) < maxLine {
				b = append(long, b...)
			} else {
				b = long
			}
			long = nil
		}
		if err != nil && err != io.EOF {
			return err
		}
		s.sizeCheck(s.size.n)
		text := strings.TrimSpace(string(b))
		if text != "" {
			if !utf8.ValidString(text) {
				s.add(CodeNotUTF8, s.at(), msg.New(msgNotUTF8))
			} else if !isAbsolute(text) {
				s.res.URLs++
				s.add(CodeNotAbsolute, s.at(), msg.New(msgTextNotURL, "URL", clip(text)))
			} else {
				s.entry(text, length.n, s.at())
			}
		}
		if err == io.EOF {
			return nil
		}
	}
}

// element is an open sitemap-protocol element.
type element struct {
	name string
	at   pos
	// for url and sitemap: the child elements seen and the <loc> text
	seen   uint8 // childBit of each child seen
	loc    string
	locLen int // characters of the <loc> text, all of it
	locAt  pos
	text   []byte    // for loc, lastmod, changefreq, priority (the start of a long one)
	length runeCount // of the whole text
	textAt pos
}

// protocolElement says where each element of the protocol may stand
// (parent), and which bit marks it among the children of url and sitemap
// that may appear once; known is false for another name.
func protocolElement(name string) (parent string, bit uint8, known bool) {
	switch name {
	case "url":
		return "urlset", 0, true
	case "sitemap":
		return "sitemapindex", 0, true
	case "loc":
		return "url", 1, true
	case "lastmod":
		return "url", 2, true
	case "changefreq":
		return "url", 4, true
	case "priority":
		return "url", 8, true
	}
	return "", 0, false
}

// tokenGuard feeds the XML decoder and refuses to give it more than limit
// bytes for one token, so no text, tag or comment is held whole however
// long it is. The decoder reads it byte by byte (it is an io.ByteReader).
type tokenGuard struct {
	r     *bufio.Reader
	n     int64 // bytes given to the decoder
	mark  int64 // n when the token being read began
	limit int64
	fired bool // a token reached the limit
}

var errTokenTooLong = errors.New("sitemap: one token is longer than the limit")

func (g *tokenGuard) ReadByte() (byte, error) {
	if g.n-g.mark >= g.limit {
		g.fired = true
		return 0, errTokenTooLong
	}
	b, err := g.r.ReadByte()
	if err == nil {
		g.n++
	}
	return b, err
}

func (g *tokenGuard) Read(p []byte) (int, error) {
	room := g.limit - (g.n - g.mark)
	if room <= 0 {
		g.fired = true
		return 0, errTokenTooLong
	}
	if int64(len(p)) > room {
		p = p[:room]
	}
	n, err := g.r.Read(p)
	g.n += int64(n)
	return n, err
}

var (
	msgStoppedToken = msg.Def("sitemap.stopped_token", "reading stopped here: a text, tag or comment longer than 1 MiB (1,048,576 bytes); the rest of the file was not checked")
	msgStoppedDepth = msg.Def("sitemap.stopped_depth", "reading stopped here: elements nested more than {{.Limit}} deep (a sitemap needs three levels, its extensions a few more); the rest of the file was not checked")
	msgStoppedOpen  = msg.Def("sitemap.stopped_open", "reading stopped here: the start tags still open take more than 1 MiB (1,048,576 bytes); the rest of the file was not checked")
)

// tokenSource is what readXML reads: fastTokens or encoding/xml's Decoder
// (behind a tokenGuard), called directly (no interface on the way).
type tokenSource struct {
	fast *fastTokens
	dec  *xml.Decoder
}

func (d tokenSource) next() (token, error) {
	if d.fast != nil {
		return d.fast.next()
	}
	return decoderNext(d.dec)
}

func (d tokenSource) InputPos() (line, column int) {
	if d.fast != nil {
		return d.fast.InputPos()
	}
	return d.dec.InputPos()
}

func (d tokenSource) InputOffset() int64 {
	if d.fast != nil {
		return d.fast.InputOffset()
	}
	return d.dec.InputOffset()
}

// token is what readXML uses of an XML token, without boxing it.
type token struct {
	kind tokenKind
	name xml.Name // of a start or end
	text []byte   // of text, valid until the next token
}

type tokenKind uint8

const (
	tokOther tokenKind = iota // a comment, a declaration, a directive
	tokStart
	tokEnd
	tokText
)

// decoderNext gives encoding/xml's next token as a token.
func decoderNext(d *xml.Decoder) (token, error) {
	tok, err := d.Token()
	switch t := tok.(type) {
	case xml.StartElement:
		return token{kind: tokStart, name: t.Name}, err
	case xml.EndElement:
		return token{kind: tokEnd, name: t.Name}, err
	case xml.CharData:
		return token{kind: tokText, text: t}, err
	}
	return token{}, err
}

// readXML reads a urlset or sitemapindex token by token. Elements outside
// the protocol are skipped, but still counted: the depth, the bytes of the
// open start tags and the size of each token are bounded (maxDepth,
// maxOpenTags, maxToken), so memory stays flat whatever the input.
func (s *state) readXML(d tokenSource, guard *tokenGuard) error {
	if dec := d.dec; dec != nil {
		dec.CharsetReader = func(label string, in io.Reader) (io.Reader, error) {
			// A UTF-16 file that says so is already named and decoded.
			said16 := s.utf16 && strings.HasPrefix(strings.ToLower(label), "utf-16")
			if !strings.EqualFold(label, "utf-8") && !strings.EqualFold(label, "utf8") && !said16 {
				s.add(CodeEncodingDecl, pos{1, 1, 0}, msg.New(msgEncodingDecl, "Encoding", clip(label)))
			}
			return in, nil
		}
	}
	// Protocol elements nest three deep at most (urlset, url, loc): deeper
	// ones are reported and skipped, so three reused slots hold the stack.
	var slots [3]element
	stack := make([]*element, 0, len(slots))
	push := func(name string) *element {
		e := &slots[len(stack)]
		text := e.text[:0]
		*e = element{name: name, at: s.at(), text: text}
		stack = append(stack, e)
		return e
	}
	var open [maxDepth]int64 // bytes of each open start tag
	depth := 0               // elements open, of the protocol or not
	openBytes := int64(0)
	skipFrom := 0 // > 0: inside an element skipped, opened at this depth
	for {
		s.line, s.col = d.InputPos()
		start := d.InputOffset()
		s.off = s.offset(start)
		if guard != nil {
			guard.mark = guard.n
		}
		var t token
		var err error
		if ft := d.fast; ft != nil { // called directly: the fast reader's common case
			t.kind, err = ft.read()
			switch t.kind {
			case tokStart, tokEnd:
				t.name = ft.name
			case tokText:
				t.text = ft.text
			}
		} else {
			t, err = d.next()
		}
		if err != nil && errors.Is(err, errSlowPath) {
			return err
		}
		// The size is the bytes read so far: up to the token for XML in
		// UTF-8 (the same wherever reading ahead stops, so for both
		// readers), the bytes taken in for UTF-16.
		if n := s.size.n; n > OldMaxBytes {
			if !s.utf16 {
				n = s.bom + d.InputOffset()
			}
			s.sizeCheck(n)
		}
		if guard != nil && guard.fired {
			// Reported where the token began; what was read of it is dropped.
			s.stop(CodeStopped, s.at(), msg.New(msgStoppedToken))
			return nil
		}
		if err == io.EOF {
			if len(stack) > 0 {
				s.add(CodeMalformed, s.at(), msg.New(msgMalformed, "Error", "unexpected end of file"))
			}
			return nil
		}
		if err != nil {
			var syn *xml.SyntaxError
			if !errors.As(err, &syn) {
				return err
			}
			var at pos
			at.line, at.col = d.InputPos()
			at.off = s.offset(d.InputOffset())
			switch {
			case strings.Contains(syn.Msg, "UTF-8"):
				s.stop(CodeNotUTF8, at, msg.New(msgNotUTF8))
			case strings.Contains(syn.Msg, "entity"):
				s.stop(CodeUnescaped, at, msg.New(msgUnescaped, "Error", syn.Msg))
			default:
				s.stop(CodeMalformed, at, msg.New(msgMalformed, "Error", syn.Msg))
			}
			return nil
		}
		switch t.kind {
		case tokStart:
			if depth == maxDepth {
				s.stop(CodeStopped, s.at(), msg.New(msgStoppedDepth, "Limit", maxDepth))
				return nil
			}
			open[depth] = d.InputOffset() - start
			openBytes += open[depth]
			depth++
			if openBytes > maxOpenTags {
				s.stop(CodeStopped, s.at(), msg.New(msgStoppedOpen))
				return nil
			}
			if skipFrom > 0 {
				continue
			}
			if len(stack) == 0 {
				if !s.root(t.name) {
					return nil
				}
				push(t.name.Local)
				continue
			}
			if t.name.Space != Namespace && t.name.Space != s.rootSpace {
				// An extension (image:, news:, xhtml:…): not ours to check.
				skipFrom = depth
				continue
			}
			parent := stack[len(stack)-1]
			if !s.placed(t.name.Local, parent) {
				skipFrom = depth
				continue
			}
			e := push(t.name.Local)
			e.textAt.line, e.textAt.col = d.InputPos()
			e.textAt.off = s.offset(d.InputOffset())
		case tokText:
			if skipFrom == 0 && len(stack) == 3 {
				stack[2].length.add(t.text)
				if len(stack[2].text) < 8*MaxLocLen {
					stack[2].text = append(stack[2].text, t.text...)
				}
			}
		case tokEnd:
			depth--
			openBytes -= open[depth]
			if skipFrom > 0 {
				if depth < skipFrom {
					skipFrom = 0
				}
				continue
			}
			e := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			switch len(stack) {
			case 2:
				s.value(e, stack[1])
			case 1:
				s.closeEntry(e)
			}
		}
	}
}

// root checks the root element; false when the file is no sitemap.
func (s *state) root(t xml.Name) bool {
	switch t.Local {
	case "urlset":
		s.res.Kind = KindURLSet
	case "sitemapindex":
		s.res.Kind = KindIndex
	default:
		s.add(CodeRoot, s.at(), msg.New(msgRoot, "Name", clip(t.Local)))
		return false
	}
	s.scope.index = s.res.Kind == KindIndex
	s.rootSpace = t.Space
	s.rootAt = s.at()
	if t.Space != Namespace {
		s.add(CodeNamespace, s.at(), msg.New(msgNamespace, "Name", t.Local, "Space", clip(t.Space)))
	}
	return true
}

// placed reports whether an element of the protocol may stand in parent,
// and reports it when not.
func (s *state) placed(name string, parent *element) bool {
	if name == "sitemapindex" || name == "urlset" {
		if name == "sitemapindex" {
			s.add(CodeNestedIndex, s.at(), msg.New(msgNestedIndex))
		} else {
			s.add(CodeMisplaced, s.at(), msg.New(msgMisplaced, "Name", name, "Parent", parent.name, "Want", "—"))
		}
		return false
	}
	want, bit, known := protocolElement(name)
	if name == "loc" || name == "lastmod" {
		if parent.name == "url" || parent.name == "sitemap" {
			want = parent.name
		}
	}
	if !known {
		s.add(CodeMisplaced, s.at(), msg.New(msgUnknownElem, "Name", clip(name)))
		return false
	}
	if want != parent.name {
		s.add(CodeMisplaced, s.at(), msg.New(msgMisplaced, "Name", name, "Parent", parent.name, "Want", want))
		return false
	}
	if parent.name != "url" && parent.name != "sitemap" {
		return true
	}
	if parent.seen&bit != 0 {
		s.add(CodeRepeated, s.at(), msg.New(msgRepeated, "Name", name, "Parent", parent.name))
		return false
	}
	parent.seen |= bit
	return true
}

var msgUnknownElem = msg.Def("sitemap.unknown_element", "<{{.Name}}> is not an element of the sitemap protocol; extensions (images, news, hreflang) use their own namespace")

// value checks a closed loc, lastmod, changefreq or priority element.
func (s *state) value(e, parent *element) {
	raw := e.text
	// v is a view of the text, read before the next token: a value kept
	// (a <loc>, a message) is copied.
	vb := bytes.TrimSpace(raw)
	v := ""
	if len(vb) > 0 {
		v = unsafe.String(&vb[0], len(vb))
	}
	at := e.textAt
	lead := 0
	for lead < len(raw) && isSpace(raw[lead]) {
		lead++
	}
	if lead > 0 {
		// Point at the value, not at the white space before it.
		at.off += lead
		if nl := bytes.LastIndexByte(raw[:lead], '\n'); nl >= 0 {
			at.line += bytes.Count(raw[:lead], []byte{'\n'})
			at.col = 1 + lead - (nl + 1)
		} else {
			at.col += lead
		}
	}
	switch e.name {
	case "loc":
		v = strings.Clone(v)
		parent.loc, parent.locLen, parent.locAt = v, e.length.n, at
		if v == "" {
			parent.locAt.line = -1
		}
	case "lastmod":
		switch checkW3C(v) {
		case w3cBad:
			s.add(CodeLastmod, at, msg.New(msgLastmod, "Value", clip(strings.Clone(v))))
		case w3cNoZone:
			s.add(CodeLastmodZone, at, msg.New(msgLastmodZone, "Value", clip(strings.Clone(v))))
		}
	case "changefreq":
		if !isChangefreq(v) {
			s.add(CodeChangefreq, at, msg.New(msgChangefreq, "Value", clip(strings.Clone(v))))
		}
	case "priority":
		if !validPriority(v) {
			s.add(CodePriority, at, msg.New(msgPriority, "Value", clip(strings.Clone(v))))
		}
	}
}

// closeEntry finishes a <url> or <sitemap>.
func (s *state) closeEntry(e *element) {
	if e.name != "url" && e.name != "sitemap" {
		return
	}
	if e.loc == "" {
		s.res.URLs++
		s.add(CodeNoLoc, e.at, msg.New(msgNoLoc, "Name", e.name))
		return
	}
	s.entry(e.loc, e.locLen, e.locAt)
}

// clip shortens a value quoted in a message.
func clip(v string) string {
	const max = 120
	if len(v) <= max {
		return v
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(v[cut]) {
		cut--
	}
	return v[:cut] + "…"
}
