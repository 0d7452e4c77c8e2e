package lessons

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"unicode/utf8"

	builtin "github.com/robots-studio/robots-studio/assets/lessons"
	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/textfile"
)

// Limits on what Open reads: a lesson is a few small text files, so anything
// bigger is a mistake (or a zip bomb) and is refused before it is read.
const (
	MaxFileSize  = 1 << 20 // one file of the lesson
	MaxTotalSize = 4 << 20 // all the files Open reads, together
	MaxZipFiles  = 64      // entries in a lesson .zip
)

// DataFile is the name of a lesson's data file.
const DataFile = "lesson.json"

// bodyFile names the lesson's text in lang.
func bodyFile(lang string) string { return "text." + lang + ".md" }

// Error is a lesson that cannot be read, with a one-line reason.
type Error struct {
	Path string   // the folder or zip
	Text msg.Text // the reason in plain words
	Err  error    // the underlying error, if any
}

func (e *Error) Error() string {
	if e.Path == "" {
		return e.Text.String()
	}
	return e.Path + ": " + e.Text.String()
}

func (e *Error) Unwrap() error { return e.Err }

var (
	msgNoData        = msg.Def("lessons.err.no_data", "no lesson.json here: a lesson is a folder (or a .zip of one) with lesson.json, an example robots.txt and text.en.md, text.ru.md, text.pl.md")
	msgBadJSON       = msg.Def("lessons.err.json", "lesson.json, line {{.Line}}, column {{.Col}}: {{.Err}}")
	msgBadJSONField  = msg.Def("lessons.err.json_field", "lesson.json: {{.Err}}")
	msgFormat        = msg.Def("lessons.err.format", "lesson.json is in format {{.Got}}; this Robots Studio reads format {{.Want}}")
	msgNoFormat      = msg.Def("lessons.err.no_format", "lesson.json has no \"format\" (write \"format\": 1)")
	msgBadID         = msg.Def("lessons.err.id", "lesson.json: the id {{.ID}} must be lower-case letters, digits and dashes")
	msgUnknownEngine = msg.Def("lessons.err.engine", "lesson.json, {{.Where}}: unknown engine {{.Engine}} (known: {{.Known}})")
	msgNoExample     = msg.Def("lessons.err.no_example", "lesson.json names no example robots.txt (\"example\")")
	msgBadExample    = msg.Def("lessons.err.example_name", "lesson.json: the example {{.Name}} must be a file name in the lesson's folder")
	msgMissingFile   = msg.Def("lessons.err.missing_file", "{{.Name}} is missing (lesson.json names it)")
	msgTooBig        = msg.Def("lessons.err.too_big", "{{.Name}} is larger than {{.Limit}} bytes; lesson files are small texts")
	msgTotalTooBig   = msg.Def("lessons.err.total_too_big", "the lesson's files are larger than {{.Limit}} bytes together")
	msgTooMany       = msg.Def("lessons.err.too_many", "the zip holds more than {{.Limit}} files; a lesson has a few")
	msgNotUTF8       = msg.Def("lessons.err.utf8", "{{.Name}} is not UTF-8 text")
	msgNotFile       = msg.Def("lessons.err.not_file", "{{.Name}} is not a regular file")
	msgBadZip        = msg.Def("lessons.err.zip", "not a readable .zip file")
	msgZipLayout     = msg.Def("lessons.err.zip_layout", "the zip must hold one lesson folder (or lesson.json at its top)")
	msgZipOutside    = msg.Def("lessons.err.zip_outside", "the zip names files outside itself (a name starts with ../, / or a drive); a lesson zip holds one folder")
	msgReadFailed    = msg.Def("lessons.err.read", "{{.Name}} could not be read")
	msgBadAnswer     = msg.Def("lessons.err.answer", "lesson.json, question {{.N}}: \"answer\" must be \"allowed\" or \"blocked\", not {{.Got}}")
	msgBadAnswerFor  = msg.Def("lessons.err.answer_for", "lesson.json, question {{.N}}: the answer for {{.Engine}} must be \"allowed\" or \"blocked\", not {{.Got}}")
	msgBothForms     = msg.Def("lessons.err.both_forms", "lesson.json, question {{.N}}: give either \"engine\" and \"answer\" or \"answers\" (one per reading), not both")
	msgNoForm        = msg.Def("lessons.err.no_form", "lesson.json, question {{.N}}: no answer: give \"engine\" and \"answer\", or \"answers\" with one per reading")
	msgNoBuiltin     = msg.Def("lessons.err.builtin", "built-in lesson {{.Name}}: {{.Err}}")
	whereReadings    = msg.Def("lessons.where.readings", "readings")
	whereQuestion    = msg.Def("lessons.where.question", "question {{.N}}")
	whereExpect      = msg.Def("lessons.where.expect", "exercise {{.N}}, expectation {{.M}}")
)

// reader reads the files of one lesson folder with the size limits.
type reader struct {
	fsys  fs.FS
	where string // for errors
	total int64
}

func (r *reader) fail(t msg.Text, err error) error { return &Error{Path: r.where, Text: t, Err: err} }

// read returns a file of the lesson; missing files are fs.ErrNotExist.
func (r *reader) read(name string) ([]byte, error) {
	// Look before opening: opening a named pipe with no writer would wait
	// for ever.
	if st, err := fs.Stat(r.fsys, name); err == nil && !st.Mode().IsRegular() {
		return nil, r.fail(msg.New(msgNotFile, "Name", name), nil)
	}
	f, err := r.fsys.Open(name)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		return nil, r.fail(msg.New(msgReadFailed, "Name", name), err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, r.fail(msg.New(msgReadFailed, "Name", name), err)
	}
	if !st.Mode().IsRegular() {
		return nil, r.fail(msg.New(msgNotFile, "Name", name), nil)
	}
	if st.Size() > MaxFileSize {
		return nil, r.fail(msg.New(msgTooBig, "Name", name, "Limit", MaxFileSize), nil)
	}
	// The size a zip declares may lie: read one byte more than allowed.
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, r.fail(msg.New(msgReadFailed, "Name", name), err)
	}
	if len(data) > MaxFileSize {
		return nil, r.fail(msg.New(msgTooBig, "Name", name, "Limit", MaxFileSize), nil)
	}
	r.total += int64(len(data))
	if r.total > MaxTotalSize {
		return nil, r.fail(msg.New(msgTotalTooBig, "Limit", MaxTotalSize), nil)
	}
	if !utf8.Valid(data) {
		return nil, r.fail(msg.New(msgNotUTF8, "Name", name), nil)
	}
	return data, nil
}

// Open reads the lesson in a folder or a .zip file.
func Open(p string) (*Lesson, error) {
	st, err := os.Stat(p)
	if err != nil {
		// textfile words a missing or unreadable path for the user
		_, lerr := textfile.Load(p, nil)
		if lerr == nil {
			lerr = err
		}
		return nil, lerr
	}
	if st.IsDir() {
		l, err := load(&reader{fsys: os.DirFS(p), where: p})
		if err != nil {
			return nil, err
		}
		l.Origin, l.Dir = p, filepath.Base(filepath.Clean(p))
		return l, nil
	}
	return openZip(p)
}

func openZip(p string) (*Lesson, error) {
	f, err := textfile.OpenStream(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, &Error{Path: p, Text: msg.New(msgBadZip), Err: err}
	}
	if st.Size() > MaxTotalSize+MaxZipFiles*1024 {
		return nil, &Error{Path: p, Text: msg.New(msgTotalTooBig, "Limit", MaxTotalSize)}
	}
	zr, err := zip.NewReader(f, st.Size())
	if errors.Is(err, zip.ErrInsecurePath) {
		return nil, &Error{Path: p, Text: msg.New(msgZipOutside), Err: err}
	}
	if err != nil {
		return nil, &Error{Path: p, Text: msg.New(msgBadZip), Err: err}
	}
	if len(zr.File) > MaxZipFiles {
		return nil, &Error{Path: p, Text: msg.New(msgTooMany, "Limit", MaxZipFiles)}
	}
	for _, zf := range zr.File {
		if outsideZip(zf.Name) {
			return nil, &Error{Path: p, Text: msg.New(msgZipOutside)}
		}
	}
	dir, err := zipRoot(zr)
	if err != nil {
		return nil, &Error{Path: p, Text: msg.New(msgZipLayout), Err: err}
	}
	var fsys fs.FS = zr
	if dir != "." {
		if fsys, err = fs.Sub(zr, dir); err != nil {
			return nil, &Error{Path: p, Text: msg.New(msgZipLayout), Err: err}
		}
	}
	l, err := load(&reader{fsys: fsys, where: p})
	if err != nil {
		return nil, err
	}
	l.Origin = p
	if dir != "." {
		l.Dir = dir
	} else {
		l.Dir = strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
	}
	return l, nil
}

// outsideZip reports whether a zip entry is named outside the folder the
// zip would unpack into: absolute, on a drive, or climbing out with "..".
func outsideZip(name string) bool {
	n := strings.ReplaceAll(name, `\`, "/")
	if strings.HasPrefix(n, "/") || len(n) >= 2 && n[1] == ':' {
		return true
	}
	c := path.Clean(n)
	return c == ".." || strings.HasPrefix(c, "../")
}

// zipRoot finds the folder of the zip that holds lesson.json: the top, or
// the one folder at the top.
func zipRoot(zr *zip.Reader) (string, error) {
	tops := map[string]bool{}
	for _, f := range zr.File {
		name := strings.TrimPrefix(f.Name, "./")
		if name == DataFile {
			return ".", nil
		}
		top, _, _ := strings.Cut(name, "/")
		if top != "" && top != "__MACOSX" {
			tops[top] = true
		}
	}
	if len(tops) != 1 {
		return "", fmt.Errorf("%d folders at the top", len(tops))
	}
	for top := range tops {
		return top, nil
	}
	return "", nil
}

// Builtin returns the lessons the app ships, sorted by Order.
func Builtin() ([]*Lesson, error) {
	entries, err := fs.ReadDir(builtin.FS, ".")
	if err != nil {
		return nil, err
	}
	var out []*Lesson
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		var l *Lesson
		sub, err := fs.Sub(builtin.FS, e.Name())
		if err == nil {
			l, err = load(&reader{fsys: sub})
		}
		if err != nil {
			return nil, &Error{Text: msg.New(msgNoBuiltin, "Name", e.Name(), "Err", err.Error()), Err: err}
		}
		l.Dir = e.Name()
		out = append(out, l)
	}
	sortLessons(out)
	return out, nil
}

// load reads lesson.json, the example and the texts from r.
func load(r *reader) (*Lesson, error) {
	data, err := r.read(DataFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, r.fail(msg.New(msgNoData), nil)
	}
	if err != nil {
		return nil, err
	}
	l, t := decode(data)
	if !t.IsZero() {
		return nil, r.fail(t, nil)
	}
	if l.Example == "" {
		return nil, r.fail(msg.New(msgNoExample), nil)
	}
	if !fs.ValidPath(l.Example) || strings.Contains(l.Example, "/") || l.Example == "." {
		return nil, r.fail(msg.New(msgBadExample, "Name", l.Example), nil)
	}
	robots, err := r.read(l.Example)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, r.fail(msg.New(msgMissingFile, "Name", l.Example), nil)
	}
	if err != nil {
		return nil, err
	}
	l.Robots = robots
	for _, lang := range Languages {
		b, err := r.read(TranslatedName(l.Example, lang))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if l.Translated == nil {
			l.Translated = map[string][]byte{}
		}
		l.Translated[lang] = b
	}
	l.Body = map[string]string{}
	for _, lang := range Languages {
		body, err := r.read(bodyFile(lang))
		if errors.Is(err, fs.ErrNotExist) {
			continue // Verify reports a missing language
		}
		if err != nil {
			return nil, err
		}
		l.Body[lang] = string(body)
	}
	return l, nil
}

// decode parses lesson.json and checks what makes the lesson unusable: the
// format, the id, the engines and the answers. It returns a zero Text when
// all is well.
func decode(data []byte) (*Lesson, msg.Text) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	l := &Lesson{}
	if err := dec.Decode(l); err != nil {
		return nil, jsonError(data, err)
	}
	if dec.More() {
		line, col := lineCol(data, dec.InputOffset())
		return nil, msg.New(msgBadJSON, "Line", line, "Col", col, "Err", "text after the JSON object")
	}
	switch {
	case l.Format == 0:
		return nil, msg.New(msgNoFormat)
	case l.Format != FormatVersion:
		return nil, msg.New(msgFormat, "Got", l.Format, "Want", FormatVersion)
	case !idPattern.MatchString(l.ID):
		return nil, msg.New(msgBadID, "ID", fmt.Sprintf("%q", l.ID))
	}
	if t := checkEngine(l.Readings, msg.New(whereReadings)); !t.IsZero() {
		return nil, t
	}
	for i, q := range l.Questions {
		if t := questionForm(q, i); !t.IsZero() {
			return nil, t
		}
		if t := checkEngine(l.Asked(q), msg.New(whereQuestion, "N", i+1)); !t.IsZero() {
			return nil, t
		}
		if !q.PerReading() && q.Answer != Allowed && q.Answer != Blocked {
			return nil, msg.New(msgBadAnswer, "N", i+1, "Got", fmt.Sprintf("%q", q.Answer))
		}
		for _, id := range l.Asked(q) {
			if a := q.Answers[id]; q.PerReading() && a != Allowed && a != Blocked {
				return nil, msg.New(msgBadAnswerFor, "N", i+1, "Engine", id, "Got", fmt.Sprintf("%q", a))
			}
		}
	}
	for i, ex := range l.Exercises {
		for j, c := range ex.Expect {
			if t := checkEngine([]string{c.Engine}, msg.New(whereExpect, "N", i+1, "M", j+1)); !t.IsZero() {
				return nil, t
			}
		}
	}
	return l, msg.Text{}
}

// questionForm checks that question i (0-based) states its answer in one
// form: "engine" and "answer", or "answers" per reading.
func questionForm(q Question, i int) msg.Text {
	single := q.Engine != "" || q.Answer != ""
	switch {
	case single && q.PerReading():
		return msg.New(msgBothForms, "N", i+1)
	case !single && !q.PerReading():
		return msg.New(msgNoForm, "N", i+1)
	}
	return msg.Text{}
}

func checkEngine(ids []string, where msg.Text) msg.Text {
	for _, id := range ids {
		if _, ok := engine.Get(id); !ok {
			return msg.New(msgUnknownEngine, "Where", where, "Engine", fmt.Sprintf("%q", id), "Known", strings.Join(engine.IDs(), ", "))
		}
	}
	return msg.Text{}
}

// jsonError words a decoding error with its line and column when it has an
// offset.
func jsonError(data []byte, err error) msg.Text {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		// Offset counts the byte that broke the syntax: point at it.
		line, col := lineCol(data, max(syn.Offset-1, 0))
		return msg.New(msgBadJSON, "Line", line, "Col", col, "Err", syn.Error())
	case errors.As(err, &typ):
		line, col := lineCol(data, typ.Offset)
		return msg.New(msgBadJSON, "Line", line, "Col", col, "Err", fmt.Sprintf("%s must be %s, not %s", typ.Field, typ.Type, typ.Value))
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		line, col := lineCol(data, int64(len(data)))
		return msg.New(msgBadJSON, "Line", line, "Col", col, "Err", "unexpected end of the file")
	}
	return msg.New(msgBadJSONField, "Err", strings.TrimPrefix(err.Error(), "json: "))
}

// lineCol turns a byte offset into a 1-based line and column (in characters).
func lineCol(data []byte, off int64) (line, col int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	before := data[:off]
	line = bytes.Count(before, []byte("\n")) + 1
	start := bytes.LastIndexByte(before, '\n') + 1
	return line, utf8.RuneCount(before[start:]) + 1
}

// join is path.Join for zip names (kept here so Export and Open agree).
func join(dir, name string) string { return path.Join(dir, name) }
