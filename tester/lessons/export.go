package lessons

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"time"

	"github.com/robots-studio/robots-studio/tester/textfile"
)

// Marshal encodes the lesson's data as lesson.json: indented, with a final
// newline, HTML characters unescaped (so `<` in a text stays readable).
func (l *Lesson) Marshal() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(l); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// zipTime stamps every entry, so one lesson always exports to the same bytes.
var zipTime = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// Zip returns the lesson as a .zip holding one folder named after the
// lesson (its folder name, else its id) that Open reads back.
func (l *Lesson) Zip() ([]byte, error) {
	data, err := l.Marshal()
	if err != nil {
		return nil, err
	}
	dir := l.Name()
	files := []struct {
		name string
		data []byte
	}{{DataFile, data}, {l.Example, l.Robots}}
	for _, lang := range Languages {
		if b, ok := l.Translated[lang]; ok {
			files = append(files, struct {
				name string
				data []byte
			}{TranslatedName(l.Example, lang), b})
		}
	}
	for _, lang := range Languages {
		if body, ok := l.Body[lang]; ok {
			files = append(files, struct {
				name string
				data []byte
			}{bodyFile(lang), []byte(body)})
		}
	}
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, f := range files {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: join(dir, f.name), Method: zip.Deflate, Modified: zipTime})
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(f.data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Export writes the lesson to zipPath as a .zip that Open reads back
// identically; the file is replaced atomically, never left half-written.
func Export(l *Lesson, zipPath string) error {
	data, err := l.Zip()
	if err != nil {
		return err
	}
	return textfile.WriteAtomic(zipPath, data)
}
