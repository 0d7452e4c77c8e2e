// Command statusq answers the real-window test's questions about the status
// file the window writes (ROBOTS_STUDIO_STATUS) and about its recovery
// copies, so the test needs nothing beyond Go, Xvfb and xdotool.
//
//	statusq STATUS_FILE CHECK...    exit 0 when every check holds
//	statusq --recovery FILE TEXT    exit 0 when the recovery record holds TEXT
//	statusq --tests STATUS_FILE     print where the window saves the test set
//	statusq --get STATUS_FILE KEY   print rows_in_view, path_chars, third_row (the tour's figures) or tab
//
// A CHECK is title_has=TEXT, modified=true|false, tab=TITLE (the tab
// shown), focus_has=TEXT (the widget with the keyboard: "editor", or
// "entry: " and its placeholder), line=N (the editor's cursor line),
// dialog=true|false, or result=CRAWLER|PATH|ALLOWED|LINE.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/robots-studio/robots-studio/ui/statusdoc"
)

func main() {
	if len(os.Args) == 4 && os.Args[1] == "--recovery" {
		var rec struct {
			Text []byte `json:"text"` // base64 in the file
		}
		data, err := os.ReadFile(os.Args[2])
		if err != nil || json.Unmarshal(data, &rec) != nil || !bytes.Contains(rec.Text, []byte(os.Args[3])) {
			os.Exit(1)
		}
		return
	}
	if len(os.Args) == 3 && os.Args[1] == "--tests" {
		s, ok := statusdoc.Read(os.Args[2])
		if !ok || s.Tests == "" {
			os.Exit(1)
		}
		fmt.Println(s.Tests)
		return
	}
	if len(os.Args) == 4 && os.Args[1] == "--get" {
		s, ok := statusdoc.Read(os.Args[2])
		if !ok {
			os.Exit(1)
		}
		switch os.Args[3] {
		case "rows_in_view":
			fmt.Println(s.RowsInView)
		case "path_chars":
			fmt.Println(s.PathChars)
		case "third_row":
			fmt.Println(s.ThirdRow[0], s.ThirdRow[1])
		case "tab":
			fmt.Println(s.Tab)
		default:
			os.Exit(2)
		}
		return
	}
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: statusq STATUS_FILE CHECK... | statusq --recovery FILE TEXT | statusq --tests STATUS_FILE")
		os.Exit(2)
	}
	s, ok := statusdoc.Read(os.Args[1])
	if !ok {
		os.Exit(1)
	}
	for _, check := range os.Args[2:] {
		if !holds(&s, check) {
			os.Exit(1)
		}
	}
}

func holds(s *statusdoc.Doc, check string) bool {
	key, want, _ := strings.Cut(check, "=")
	switch key {
	case "title_has":
		return strings.Contains(s.Title, want)
	case "modified":
		return strconv.FormatBool(s.Modified) == want
	case "tab":
		return s.Tab == want
	case "focus_has":
		return strings.Contains(s.Focus, want)
	case "line":
		return strconv.Itoa(s.Line) == want
	case "dialog":
		return strconv.FormatBool(s.Dialog) == want
	case "result":
		f := strings.Split(want, "|")
		if len(f) != 4 {
			return false
		}
		for _, r := range s.Results {
			if r.Crawler == f[0] && r.Path == f[1] && strconv.FormatBool(r.Allowed) == f[2] && strconv.Itoa(r.Line) == f[3] {
				return true
			}
		}
	}
	return false
}
