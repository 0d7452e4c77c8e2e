package lint

import (
	"bytes"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/robots-studio/robots-studio/tester/diag"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

var (
	msgBOM         = msg.Def("lint.bom", "the file starts with a byte order mark: it is read as part of the first field name, and that line lost, by {{.Lose}} (by the libraries among them when given the file decoded as plain UTF-8); the others skip it (google/robotstxt on GitHub skips it; RFC 9309 does not mention it)")
	msgFixBOM      = msg.Def("lint.fix.bom", "Remove the byte order mark")
	msgDamagedBOM  = msg.Def("lint.bom.damaged", "the file starts with a damaged byte order mark (bytes C3 AF C2 BB C2 BF, shown as \"ï»¿\"): no crawler recognises the field on this line, so the rules under it belong to no group")
	msgDamagedBOMC = msg.Def("lint.bom.damaged_harmless", "the file starts with a damaged byte order mark (bytes C3 AF C2 BB C2 BF, shown as \"ï»¿\"); it is harmless on this line, but remove it")
	msgStrayBOM    = msg.Def("lint.bom.stray", "a byte order mark in the middle of the file (files joined together?): every crawler reads the field on this line as unknown")
	msgFixDamaged  = msg.Def("lint.fix.damaged_bom", "Remove the damaged byte order mark")
	msgTooLong     = msg.Def("lint.too_long", "this line is {{.Bytes}} bytes long; the line limit of {{.Engines}} is {{.Limit}} bytes: the rest from here is ignored (google/robotstxt on GitHub)")
	msgTooBig      = msg.Def("lint.too_big", "the file is {{.Size}} bytes; the read limit of {{.Engines}} is {{.Limit}} bytes: nothing after this point is read, so the rules there are lost (Google Search Central: robots.txt specification; Yandex Webmaster help; RFC 9309 §2.5)")
	msgTooBigQuiet = msg.Def("lint.too_big.quiet", "the file is {{.Size}} bytes; the read limit of {{.Engines}} is {{.Limit}} bytes: nothing after this point is read, but no rule follows, so nothing is lost (Google Search Central: robots.txt specification; RFC 9309 §2.5)")
	msgCROnly      = msg.Def("lint.cr_only", "{{.Count}} lines end with a lone CR (old Mac style): the major crawlers accept it, but tools that split lines at LF see one long line")
	_              = msg.One("lint.cr_only", "{{.Count}} line ends with a lone CR (old Mac style): the major crawlers accept it, but tools that split lines at LF see one long line")
	msgFixCR       = msg.Def("lint.fix.cr", "End the lines with LF")
	msgNUL         = msg.Def("lint.nul", "a NUL byte: the line ends here for {{.Engines}}")
	msgBadUTF8     = msg.Def("lint.bad_utf8", "{{.Count}} lines are not valid UTF-8 (a legacy encoding such as Windows-1251?): RFC 9309 expects UTF-8; the raw bytes are %-encoded by {{.Encode}}, so for them such rules match only URLs encoded the same way (RFC 9309 §2.2)")
	_              = msg.One("lint.bad_utf8", "{{.Count}} line is not valid UTF-8 (a legacy encoding such as Windows-1251?): RFC 9309 expects UTF-8; the raw bytes are %-encoded by {{.Encode}}, so for them such rules match only URLs encoded the same way (RFC 9309 §2.2)")
	msgFileName    = msg.Def("lint.file_name", "the file is named `{{.Name}}`: crawlers fetch exactly /robots.txt, in lower case, from the root of the host (RFC 9309 §2.3)")
)

var bomBytes = []byte{0xEF, 0xBB, 0xBF}

// checkEncoding: BOM, damaged BOM, BOMs inside the file, NUL bytes, invalid UTF-8.
func checkEncoding(s *state) {
	doc := s.doc
	if doc.BOM {
		s.report(finding{code: "RS029", sev: diag.Info, start: 0, end: 0, engines: s.f.historic | s.f.bomKey, text: msg.New(msgBOM, "Lose", s.names(s.f.historic|s.f.bomKey)),
			fix: newFix(msg.New(msgFixBOM), false, (s.f.historic | s.f.bomKey).names(s.all), Edit{Start: 0, End: len(bomBytes)})})
	}
	first := &doc.Lines[0]
	if bytes.HasPrefix(doc.Src[first.Start:first.End], damagedBOM) {
		a := int(first.Start)
		f := finding{code: "RS030", sev: diag.Error, start: a, end: a + len(damagedBOM), engines: s.every, text: msg.New(msgDamagedBOM),
			fix: newFix(msg.New(msgFixDamaged), true, s.every.names(s.all), Edit{Start: a, End: a + len(damagedBOM)})}
		if s.m.damaged == 0 {
			f.sev, f.text = diag.Warning, msg.New(msgDamagedBOMC)
		}
		s.report(f)
	}
	bad, badFirst, badRule := 0, 0, false
	for n := 1; n <= len(doc.Lines); n++ {
		l := &doc.Lines[n-1]
		if n > 1 && bytes.HasPrefix(doc.Src[l.Start:l.End], bomBytes) {
			a := int(l.Start)
			sev := diag.Warning
			if l.Kind == syntax.Unknown && int(l.Key.End) > a+3 {
				if k, _ := syntax.KeyKind(doc.Src[a+3 : l.Key.End]); k != syntax.Unknown {
					sev = diag.Error
				}
			}
			s.report(finding{code: "RS030", sev: sev, start: a, end: a + 3, engines: s.every, text: msg.New(msgStrayBOM),
				fix: newFix(msg.New(msgFixBOM), true, s.every.names(s.all), Edit{Start: a, End: a + 3})})
		}
		if l.Has(syntax.FlagNUL) {
			i := bytes.IndexByte(doc.Src[l.Start:l.End], 0) + int(l.Start)
			s.report(finding{code: "RS039", sev: diag.Warning, start: i, end: i + 1, engines: s.f.nulCut,
				text: msg.New(msgNUL, "Engines", (s.f.nulCut & s.selected).text(s.all))})
		}
		if l.Has(syntax.FlagBadUTF8) {
			if bad++; badFirst == 0 {
				badFirst = n
			}
			badRule = badRule || l.Kind.IsField() && !l.Value.Empty() && !utf8Valid(doc.Bytes(l.Value))
		}
	}
	if bad > 0 {
		sev := diag.Info
		if badRule {
			sev = diag.Warning
		}
		a, b := s.lineSpan(badFirst)
		s.report(finding{code: "RS040", sev: sev, start: a, end: b, engines: s.f.encodes, text: msg.New(msgBadUTF8, "Count", bad, "Encode", s.names(s.f.encodes&^s.f.utf8Only))})
	}
}

// checkSize: lines that engines with a line limit cut (Traits.LineLimit),
// files that engines with a read limit stop reading (Traits.ReadLimit); one
// finding per limit, naming the selected engines that have it.
func checkSize(s *state) {
	doc := s.doc
	for _, lim := range s.f.lineLimits {
		e := lim.Engines & s.selected
		if e == 0 {
			continue
		}
		for n := 1; n <= len(doc.Lines); n++ {
			l := &doc.Lines[n-1]
			cut := int(l.Start) + lim.Bytes
			if int(l.End) <= cut || l.Kind == syntax.Comment || !l.Comment.Empty() && int(l.Comment.Start) < cut {
				continue // only a comment is cut
			}
			s.report(finding{code: "RS031", sev: diag.Error, start: cut, end: int(l.End), engines: e,
				text: msg.New(msgTooLong, "Bytes", int(l.End-l.Start), "Engines", e.text(s.all), "Limit", lim.Bytes)})
		}
	}
	for _, lim := range s.f.readLimits {
		e := lim.Engines & s.selected
		if e == 0 || len(doc.Src) <= lim.Bytes {
			continue
		}
		stop := doc.LineAt(lim.Bytes)
		lost := false
		for n := stop; n <= len(doc.Lines) && !lost; n++ {
			k := s.kind(n)
			lost = k == syntax.UserAgent || k.IsRule()
		}
		f := finding{code: "RS032", sev: diag.Error, start: lim.Bytes, end: int(doc.Lines[stop-1].End), engines: e,
			text: msg.New(msgTooBig, "Size", len(doc.Src), "Engines", e.text(s.all), "Limit", lim.Bytes)}
		if !lost {
			f.sev, f.text = diag.Warning, msg.New(msgTooBigQuiet, "Size", len(doc.Src), "Engines", e.text(s.all), "Limit", lim.Bytes)
		}
		s.report(f)
	}
}

// checkLineEnds: lone CR line ends.
func checkLineEnds(s *state) {
	_, _, cr := s.doc.Endings()
	if cr == 0 {
		return
	}
	var edits []Edit
	first := 0
	for n := 1; n <= len(s.doc.Lines); n++ {
		if l := &s.doc.Lines[n-1]; l.EOL == syntax.EOLCR {
			if first == 0 {
				first = n
			}
			edits = append(edits, Edit{Start: int(l.End), End: int(l.Next), Text: []byte{'\n'}})
		}
	}
	l := &s.doc.Lines[first-1]
	s.report(finding{code: "RS033", sev: diag.Warning, start: int(l.Start), end: int(l.End),
		text: msg.New(msgCROnly, "Count", cr), fix: newFix(msg.New(msgFixCR), false, nil, edits...)})
}

// checkFileName: the file must be called robots.txt, in lower case.
func checkFileName(s *state) {
	base := filepath.Base(s.opts.FileName)
	if s.opts.FileName == "" || base == "robots.txt" || !strings.EqualFold(base, "robots.txt") {
		return
	}
	a, b := s.lineSpan(1)
	s.report(finding{code: "RS042", sev: diag.Warning, start: a, end: b, engines: s.every, text: msg.New(msgFileName, "Name", base)})
}

func utf8Valid(b []byte) bool { return utf8.Valid(b) }
