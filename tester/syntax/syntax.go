// Package syntax is the one robots.txt parser of Robots Studio. Parse walks the
// bytes once and returns a Document that loses nothing: every line with its
// byte offsets, its kind, the spans of key, value and comment, and the flags a
// linter or an engine needs (typo, missing colon, too long, BOM, NUL…).
// Highlighting, lint and every engine read this Document; nothing else parses
// robots.txt text.
package syntax

import "bytes"

// Kind is what a line is, as far as the text alone can tell.
type Kind uint8

// Line kinds. Field kinds are recognised case-insensitively; Google's accepted
// typos and "key starts with the field name" lines carry FlagTypo / FlagKeyPrefix
// so that stricter engines can refuse them.
const (
	Blank         Kind = iota // empty or whitespace only
	Comment                   // only a comment
	UserAgent                 // User-agent
	Allow                     // Allow
	Disallow                  // Disallow
	Sitemap                   // Sitemap
	Host                      // Host (Yandex)
	CrawlDelay                // Crawl-delay
	CleanParam                // Clean-param (Yandex)
	RequestRate               // Request-rate
	VisitTime                 // Visit-time
	Noindex                   // Noindex (Google until 2019)
	ContentSignal             // Content-Signal (Cloudflare's Content Signals Policy)
	ContentUsage              // Content-Usage (IETF AI Preferences drafts)
	Unknown                   // a key/value line with a field no engine reads
	Invalid                   // text that is neither a comment nor key/value
)

var kindNames = [...]string{"blank", "comment", "user-agent", "allow", "disallow", "sitemap", "host",
	"crawl-delay", "clean-param", "request-rate", "visit-time", "noindex", "content-signal", "content-usage",
	"unknown", "invalid"}

// String returns the kind's stable lower-case name (used in JSON and tests).
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind?"
}

// IsRule reports whether k is Allow or Disallow.
func (k Kind) IsRule() bool { return k == Allow || k == Disallow }

// IsField reports whether the line has a key and a value.
func (k Kind) IsField() bool { return k >= UserAgent && k <= Unknown }

// EOL is a line terminator.
type EOL uint8

// Line terminators.
const (
	EOLNone EOL = iota // last line without a terminator
	EOLLF              // \n
	EOLCRLF            // \r\n
	EOLCR              // \r alone
)

// Bytes returns the terminator's bytes.
func (e EOL) Bytes() []byte {
	switch e {
	case EOLLF:
		return []byte{'\n'}
	case EOLCRLF:
		return []byte{'\r', '\n'}
	case EOLCR:
		return []byte{'\r'}
	}
	return nil
}

// Flags are facts about one line.
type Flags uint16

// Line flags.
const (
	FlagTypo         Flags = 1 << iota // key is a misspelling Google accepts (Dissallow, useragent…)
	FlagKeyPrefix                      // key only starts with the field name ("Disallowed:")
	FlagMissingColon                   // key and value separated by whitespace only
	FlagTooLong                        // longer than MaxLineBytes: Google ignores the rest
	FlagBOM                            // the line starts after a UTF-8 byte order mark
	FlagNUL                            // contains a NUL byte: Google stops reading the line there
	FlagComment                        // has a # comment
	FlagNonASCII                       // the value has bytes ≥ 0x80
	FlagBadUTF8                        // the line is not valid UTF-8
	FlagIndented                       // starts with whitespace
)

// MaxLineBytes is how many bytes of one line Google's parser keeps (its buffer
// is 2083×8 = 16,664 bytes including the terminating NUL).
const MaxLineBytes = 2083*8 - 1

// GoogleMaxBytes is how much of a robots.txt Google reads: 500 KiB.
const GoogleMaxBytes = 500 * 1024

// Span is a half-open byte range [Start, End) in Document.Src.
type Span struct{ Start, End int32 }

// Len is the span's length in bytes.
func (s Span) Len() int { return int(s.End - s.Start) }

// Empty reports whether the span covers no byte.
func (s Span) Empty() bool { return s.End <= s.Start }

// Line is one line of the file. Offsets index Document.Src.
type Line struct {
	Start   int32 // first byte of the line (after the BOM on line 1)
	End     int32 // end of the line's content, before the terminator
	Next    int32 // first byte of the next line (after the terminator)
	Cut     int32 // where Google stops reading the content: End, or earlier at a NUL or MaxLineBytes
	Key     Span  // field name (trimmed); empty for blank, comment and invalid lines
	Value   Span  // value (trimmed, before any comment)
	Comment Span  // from '#' to Cut; empty when there is none
	Kind    Kind
	EOL     EOL
	Flags   Flags
}

// Has reports whether all flags f are set.
func (l *Line) Has(f Flags) bool { return l.Flags&f == f }

// Lenient are the flags of a key that only Google's lenient parser reads as
// its field: a misspelling, a longer word, a missing colon.
const Lenient = FlagTypo | FlagKeyPrefix | FlagMissingColon

// Standard reports whether the line's field name is written the way the
// standards write it (none of Lenient): what every reading but Google's
// requires before it reads the line as its field.
func (l *Line) Standard() bool { return l.Flags&Lenient == 0 }

// Content is the line without its terminator.
func (l *Line) Content() Span { return Span{l.Start, l.End} }

// Document is a parsed robots.txt. Src is the exact input; Lines tile it:
// Src[:Lines[0].Start] is the BOM (if any) and each line covers [Start, Next).
type Document struct {
	Src   []byte
	Lines []Line
	BOM   bool // the file starts with EF BB BF
}

// Line returns line n (1-based). It panics when n is out of range, like a slice.
func (d *Document) Line(n int) *Line { return &d.Lines[n-1] }

// Text returns the bytes of span s as a string.
func (d *Document) Text(s Span) string {
	if s.Empty() {
		return ""
	}
	return string(d.Src[s.Start:s.End])
}

// Bytes returns the bytes of span s without copying.
func (d *Document) Bytes(s Span) []byte { return d.Src[s.Start:s.End] }

// Key returns line n's field name, Value its value (both trimmed).
func (d *Document) Key(n int) string { return d.Text(d.Lines[n-1].Key) }

// Value returns line n's value.
func (d *Document) Value(n int) string { return d.Text(d.Lines[n-1].Value) }

// WholeValue is line n's value read past Google's line limit (MaxLineBytes):
// up to its comment or its end, blanks trimmed. Within the limit it is the
// Value span.
func (d *Document) WholeValue(n int) Span {
	l := &d.Lines[n-1]
	if !l.Has(FlagTooLong) || l.Value.End < l.Value.Start {
		return l.Value
	}
	end := int(l.End)
	if h := bytes.IndexByte(d.Src[l.Value.Start:end], '#'); h >= 0 {
		end = int(l.Value.Start) + h
	}
	for end > int(l.Value.Start) && isBlank(d.Src[end-1]) {
		end--
	}
	return Span{l.Value.Start, int32(end)}
}

// RuleText is line n as a rule is quoted to a user: key, colon, value, without
// comment or surrounding blanks ("Disallow: /p").
func (d *Document) RuleText(n int) string {
	l := &d.Lines[n-1]
	if !l.Kind.IsField() {
		return d.Text(Span{l.Start, l.Cut})
	}
	return d.Text(l.Key) + ": " + d.Text(l.Value)
}

// LineAt returns the 1-based number of the line containing byte offset off.
func (d *Document) LineAt(off int) int {
	lo, hi := 0, len(d.Lines)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if int(d.Lines[mid].Start) <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo + 1
}

// Reassemble rebuilds the input from the line table alone (BOM, then every
// line's content and terminator). It equals Src for every input; the fuzz test
// proves it.
func (d *Document) Reassemble() []byte {
	out := make([]byte, 0, len(d.Src))
	if d.BOM {
		out = append(out, bom...)
	}
	for i := range d.Lines {
		l := &d.Lines[i]
		out = append(out, d.Src[l.Start:l.End]...)
		out = append(out, l.EOL.Bytes()...)
	}
	return out
}

// Endings counts the line terminators of each kind.
func (d *Document) Endings() (lf, crlf, cr int) {
	for i := range d.Lines {
		switch d.Lines[i].EOL {
		case EOLLF:
			lf++
		case EOLCRLF:
			crlf++
		case EOLCR:
			cr++
		}
	}
	return
}

// DominantEOL is the terminator most lines use (LF for a one-line file).
func (d *Document) DominantEOL() EOL {
	lf, crlf, cr := d.Endings()
	switch {
	case crlf > lf && crlf >= cr:
		return EOLCRLF
	case cr > lf && cr > crlf:
		return EOLCR
	}
	return EOLLF
}

// FinalNewline reports whether the file ends with a line terminator.
func (d *Document) FinalNewline() bool {
	n := len(d.Lines)
	return n > 1 && d.Lines[n-1].Start == d.Lines[n-1].End && d.Lines[n-2].EOL != EOLNone
}
