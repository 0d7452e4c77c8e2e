package accesslog

import (
	"bytes"
	"time"
)

// Hit is one parsed log line. Its byte slices point into the line (valid
// until the reader moves on); Target is the request target as logged.
type Hit struct {
	Host   []byte // client address or host name
	VHost  []byte // the virtual host, when the format records it
	Method []byte
	Target []byte // request target as logged ("/a?b", "http://h/a"); empty when the request is "-" or garbled
	UA     []byte // User-Agent; empty when "-" or not logged
	Status int    // 0 when not logged
	Time   Stamp
}

// Stamp is a log time: seconds since the Unix epoch and the offset from UTC
// the server wrote, so it can be shown as the log showed it. The local time
// zone of the machine reading the log plays no part.
type Stamp struct {
	Unix   int64
	Offset int32 // seconds east of UTC
	Valid  bool
}

// Time returns the stamp in the log's own offset.
func (s Stamp) Time() time.Time {
	return time.Unix(s.Unix, 0).In(time.FixedZone("", int(s.Offset)))
}

// String is RFC 3339 in the log's own offset, or "-".
func (s Stamp) String() string {
	if !s.Valid {
		return "-"
	}
	return s.Time().Format(time.RFC3339)
}

// Parse reads one line (without its line end) in format f. It reports
// false when the line does not fit the format.
func (f *Format) Parse(line []byte, h *Hit) bool {
	*h = Hit{}
	pos := 0
	quoted := false
	var path, query []byte
	for i := range f.elems {
		e := &f.elems[i]
		if e.lit != "" {
			if !bytes.HasPrefix(line[pos:], []byte(e.lit)) {
				return false
			}
			pos += len(e.lit)
			quoted = e.lit[len(e.lit)-1] == '"'
			continue
		}
		end := len(line)
		if i+1 < len(f.elems) {
			end = findLiteral(line, pos, f.elems[i+1].lit, quoted)
			if end < 0 {
				return false
			}
		} else if !quoted {
			// A bare last field is one word; the rest is extra fields.
			if j := bytes.IndexByte(line[pos:], ' '); j >= 0 {
				end = pos + j
			}
		}
		v := line[pos:end]
		pos = end
		if len(v) == 1 && v[0] == '-' {
			v = nil
		}
		switch e.field {
		case fHost:
			h.Host = v
		case fVHost:
			h.VHost = v
		case fUA:
			h.UA = v
		case fMethod:
			h.Method = v
		case fRequest:
			h.Method, h.Target = splitRequest(v)
		case fTarget:
			h.Target = v
		case fPath:
			path = v
		case fQuery:
			query = v
		case fStatus:
			h.Status = atoi3(v)
		case fTime:
			h.Time = parseCLFTime(v)
		case fTimeISO:
			h.Time = parseISOTime(v)
		}
	}
	if pos != len(line) && (f.strict || line[pos] != ' ') {
		return false
	}
	if h.Target == nil && path != nil {
		h.Target = path
		if len(query) > 0 {
			// %U and %q (or $uri and $args) apart: glue them; this is
			// the one case that allocates.
			t := make([]byte, 0, len(path)+1+len(query))
			t = append(t, path...)
			if query[0] != '?' {
				t = append(t, '?')
			}
			h.Target = append(t, query...)
		}
	}
	return true
}

// findLiteral finds lit in line from pos. Inside a quoted field a
// backslash escapes the next byte (Apache writes \" and \\ there): an
// occurrence after an odd run of backslashes is part of the value.
func findLiteral(line []byte, pos int, lit string, quoted bool) int {
	for from := pos; ; {
		j := indexLit(line[from:], lit)
		if j < 0 {
			return -1
		}
		j += from
		if !quoted {
			return j
		}
		k := j
		for k > pos && line[k-1] == '\\' {
			k--
		}
		if (j-k)%2 == 0 {
			return j
		}
		from = j + 1
	}
}

// indexLit is bytes.Index for the short literals between a format's
// fields: the first byte by IndexByte, then the rest compared in place.
func indexLit(b []byte, lit string) int {
	if lit == "" {
		return 0
	}
	for i := 0; ; {
		j := bytes.IndexByte(b[i:], lit[0])
		if j < 0 {
			return -1
		}
		i += j
		if len(b)-i < len(lit) {
			return -1
		}
		if string(b[i+1:i+len(lit)]) == lit[1:] {
			return i
		}
		i++
	}
}

// splitRequest splits "GET /a b HTTP/1.1" into the method and the target
// (everything between the first and the last space, when there are three
// or more words; the second word otherwise).
func splitRequest(r []byte) (method, target []byte) {
	sp := bytes.IndexByte(r, ' ')
	if sp < 0 {
		return nil, nil
	}
	method, rest := r[:sp], r[sp+1:]
	if last := bytes.LastIndexByte(rest, ' '); last >= 0 && bytes.HasPrefix(rest[last+1:], []byte("HTTP/")) {
		rest = rest[:last]
	}
	return method, rest
}

func atoi3(v []byte) int {
	if len(v) != 3 {
		return 0
	}
	n := 0
	for _, c := range v {
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + int(c-'0')
	}
	return n
}

func num(v []byte) (int, bool) {
	if len(v) == 0 {
		return 0, false
	}
	n := 0
	for _, c := range v {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

var months = [12]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}

// parseCLFTime reads "17/May/2015:10:05:03 +0000" (Apache %t, nginx
// $time_local) with the offset it carries.
func parseCLFTime(v []byte) Stamp {
	if len(v) != 26 || v[2] != '/' || v[6] != '/' || v[11] != ':' || v[14] != ':' || v[17] != ':' || v[20] != ' ' {
		return Stamp{}
	}
	mon := -1
	for i, m := range months {
		if string(v[3:6]) == m {
			mon = i
			break
		}
	}
	day, ok1 := num(v[0:2])
	year, ok2 := num(v[7:11])
	hh, ok3 := num(v[12:14])
	mm, ok4 := num(v[15:17])
	ss, ok5 := num(v[18:20])
	off, ok6 := parseOffset(v[21:])
	if mon < 0 || !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) {
		return Stamp{}
	}
	return stamp(year, mon+1, day, hh, mm, ss, off)
}

// parseOffset reads "+hhmm", "-hhmm" or "+hh:mm" into seconds.
func parseOffset(v []byte) (int, bool) {
	if len(v) == 6 && v[3] == ':' {
		v = append(append([]byte{}, v[:3]...), v[4:]...)
	}
	if len(v) != 5 || (v[0] != '+' && v[0] != '-') {
		return 0, false
	}
	h, ok1 := num(v[1:3])
	m, ok2 := num(v[3:5])
	if !ok1 || !ok2 || h > 23 || m > 59 {
		return 0, false
	}
	s := h*3600 + m*60
	if v[0] == '-' {
		s = -s
	}
	return s, true
}

// parseISOTime reads "2015-05-17T10:05:03+00:00" (nginx $time_iso8601).
func parseISOTime(v []byte) Stamp {
	if len(v) < 20 || v[4] != '-' || v[7] != '-' || v[10] != 'T' || v[13] != ':' || v[16] != ':' {
		return Stamp{}
	}
	year, ok1 := num(v[0:4])
	mon, ok2 := num(v[5:7])
	day, ok3 := num(v[8:10])
	hh, ok4 := num(v[11:13])
	mm, ok5 := num(v[14:16])
	ss, ok6 := num(v[17:19])
	rest := v[19:]
	off, ok7 := 0, true
	if !(len(rest) == 1 && rest[0] == 'Z') {
		off, ok7 = parseOffset(rest)
	}
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6 && ok7) {
		return Stamp{}
	}
	return stamp(year, mon, day, hh, mm, ss, off)
}

func stamp(year, mon, day, hh, mm, ss, off int) Stamp {
	if mon < 1 || mon > 12 || day < 1 || day > 31 || hh > 23 || mm > 59 || ss > 60 {
		return Stamp{}
	}
	u := time.Date(year, time.Month(mon), day, hh, mm, ss, 0, time.UTC).Unix() - int64(off)
	return Stamp{Unix: u, Offset: int32(off), Valid: true}
}
