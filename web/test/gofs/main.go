//go:build js && wasm

// Command gofs checks, inside the browser, that Go's own file code works on
// web/vfs.js: the os package, filepath, bufio, and the app's tester/textfile
// (atomic save, streaming, read-only refusal). web/test/gofs.html runs it
// with a picked file's path as its argument and reads the outcome from
// globalThis.goFSResult = {passed, failed, failures}.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall/js"
	"time"

	"github.com/robots-studio/robots-studio/tester/textfile"
)

var (
	passed   int
	failures []string
	current  string
)

func check(ok bool, format string, args ...any) {
	if ok {
		passed++
		return
	}
	failures = append(failures, current+": "+fmt.Sprintf(format, args...))
}

func must(err error, what string) bool {
	check(err == nil, "%s: %v", what, err)
	return err == nil
}

func main() {
	if len(os.Args) < 3 {
		failures = append(failures, "usage: gofs PICKED-LOG LINES")
		report()
		return
	}
	picked := os.Args[1]
	var lines int
	fmt.Sscan(os.Args[2], &lines)

	current = "home and temp"
	home, err := os.UserHomeDir()
	must(err, "UserHomeDir")
	check(home == "/home/web", "home is %q", home)
	check(os.TempDir() == "/tmp", "TempDir is %q", os.TempDir())
	cfg, err := os.UserConfigDir()
	must(err, "UserConfigDir")
	check(cfg == "/home/web/.config", "config dir is %q", cfg)
	wd, err := os.Getwd()
	must(err, "Getwd")
	check(wd == home, "working folder is %q", wd)

	current = "MkdirAll and ReadDir"
	dir := filepath.Join(cfg, "robots-studio", "gofs")
	os.RemoveAll(dir)
	if must(os.MkdirAll(filepath.Join(dir, "sets", "deep"), 0o755), "MkdirAll") {
		must(os.MkdirAll(filepath.Join(dir, "sets", "deep"), 0o755), "MkdirAll again")
		for _, n := range []string{"b.txt", "a.txt", "c.txt"} {
			must(os.WriteFile(filepath.Join(dir, "sets", n), []byte(n), 0o644), "WriteFile "+n)
		}
		entries, err := os.ReadDir(filepath.Join(dir, "sets"))
		must(err, "ReadDir")
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
			if e.Name() == "deep" {
				check(e.IsDir(), "deep is not a folder")
			}
		}
		check(slices.Equal(names, []string{"a.txt", "b.txt", "c.txt", "deep"}), "ReadDir gave %v", names)
		f, err := os.Open(filepath.Join(dir, "sets"))
		if must(err, "Open folder") {
			some, err := f.Readdirnames(2)
			check(err == nil && len(some) == 2, "Readdirnames(2) gave %v, %v", some, err)
			f.Close()
		}
	}

	current = "atomic save keeps the exact bytes"
	path := filepath.Join(dir, "robots.txt")
	first := []byte("\xef\xbb\xbfUser-agent: *\r\nDisallow: /caf\xe9\r\n")
	second := []byte("User-agent: *\r\nDisallow: /\xff\xfe\r\n\x00end")
	if must(textfile.WriteAtomic(path, first), "first save") {
		got, err := os.ReadFile(path)
		check(err == nil && bytes.Equal(got, first), "first save read back %q, %v", got, err)
		must(os.Chmod(path, 0o600), "Chmod")
		must(textfile.WriteAtomic(path, second), "save over the file")
		got, err = os.ReadFile(path)
		check(err == nil && bytes.Equal(got, second), "second save read back %q, %v", got, err)
		st, err := os.Stat(path)
		check(err == nil && st.Mode().Perm() == 0o600, "mode after save: %v, %v", st.Mode(), err)
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			check(!strings.HasSuffix(e.Name(), ".tmp"), "temp file left: %s", e.Name())
		}
		data, err := textfile.Load(path, nil)
		check(err == nil && bytes.Equal(data, second), "textfile.Load: %q, %v", data, err)
	}

	current = "links and times"
	link := filepath.Join(dir, "link.txt")
	if must(os.Symlink("robots.txt", link), "Symlink") {
		target, err := filepath.EvalSymlinks(link)
		check(err == nil && target == path, "EvalSymlinks gave %q, %v", target, err)
		must(textfile.WriteAtomic(link, first), "save through the link")
		lst, err := os.Lstat(link)
		check(err == nil && lst.Mode()&fs.ModeSymlink != 0, "the link is no longer a link: %v, %v", lst, err)
		got, _ := os.ReadFile(path)
		check(bytes.Equal(got, first), "save through the link did not reach the target: %q", got)
	}
	when := time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)
	if must(os.Chtimes(path, when, when), "Chtimes") {
		st, _ := os.Stat(path)
		check(st.ModTime().Equal(when), "mtime is %v", st.ModTime())
	}

	current = "errors Go code tests for"
	_, err = os.Stat(filepath.Join(dir, "missing"))
	check(errors.Is(err, fs.ErrNotExist), "Stat of a missing file: %v", err)
	err = os.Mkdir(dir, 0o755)
	check(errors.Is(err, fs.ErrExist), "Mkdir of an existing folder: %v", err)
	err = os.Remove(filepath.Join(dir, "sets"))
	check(err != nil && !errors.Is(err, fs.ErrNotExist), "Remove of a full folder: %v", err)
	_, err = textfile.Load(filepath.Join(dir, "sets"), nil)
	check(errors.Is(err, textfile.ErrIsDir), "Load of a folder: %v", err)
	_, err = textfile.Load(filepath.Join(dir, "missing"), nil)
	check(errors.Is(err, textfile.ErrMissing), "Load of a missing file: %v", err)
	err = os.Rename("/tmp", filepath.Join(dir, "tmp"))
	check(err != nil, "moving /tmp into the home worked")

	current = "temp files and RemoveAll"
	tf, err := os.CreateTemp("", "gofs-*.txt")
	if must(err, "CreateTemp") {
		check(strings.HasPrefix(tf.Name(), "/tmp/gofs-"), "temp file at %s", tf.Name())
		tf.WriteString("temp")
		tf.Close()
		os.Remove(tf.Name())
	}
	must(os.RemoveAll(filepath.Join(dir, "sets")), "RemoveAll")
	_, err = os.Stat(filepath.Join(dir, "sets"))
	check(errors.Is(err, fs.ErrNotExist), "after RemoveAll: %v", err)

	current = "a picked log streams, seeks and is read-only"
	st, err := os.Stat(picked)
	if must(err, "Stat picked") {
		check(st.Mode().Perm() == 0o444, "picked mode %v", st.Mode())
		n := 0
		var size int64
		err := textfile.Lines(picked, nil, func(line string) error {
			n++
			size += int64(len(line)) + 1
			if n == 1 {
				check(line == "line 1 of the log", "first line %q", line)
			}
			return nil
		})
		must(err, "textfile.Lines")
		check(n == lines, "%d lines read, want %d", n, lines)
		check(size == st.Size(), "%d bytes read, stat says %d", size, st.Size())
		f, err := textfile.OpenStream(picked)
		if must(err, "OpenStream") {
			br := bufio.NewReaderSize(f, 1<<16)
			total, err := io.Copy(io.Discard, br)
			check(err == nil && total == st.Size(), "io.Copy read %d, %v", total, err)
			_, err = f.Seek(5, io.SeekStart)
			must(err, "Seek")
			head := make([]byte, 4)
			_, err = io.ReadFull(f, head)
			check(err == nil && string(head) == "1 of", "read after Seek: %q, %v", head, err)
			buf := make([]byte, 17)
			_, err = f.ReadAt(buf, st.Size()-int64(len(fmt.Sprintf("line %d of the log\n", lines))))
			want := fmt.Sprintf("line %d of the log\n", lines)[:len(buf)]
			check(err == nil && string(buf) == want, "ReadAt near the end: %q, %v", buf, err)
			f.Close()
		}
		err = os.WriteFile(picked, []byte("x"), 0o644)
		check(errors.Is(err, fs.ErrPermission), "writing a picked file: %v", err)
		err = textfile.WriteAtomic(picked, []byte("x"))
		check(errors.Is(err, textfile.ErrReadOnly), "saving over a picked file: %v", err)
		err = os.WriteFile(filepath.Join(filepath.Dir(picked), "new.txt"), []byte("x"), 0o644)
		check(errors.Is(err, fs.ErrPermission), "creating a file among picks: %v", err)
	}
	_, err = os.Stat("/picked/999999/none.txt")
	check(errors.Is(err, fs.ErrNotExist), "a pick that is not there: %v", err)

	report()
}

func report() {
	list := make([]any, len(failures))
	for i, f := range failures {
		list[i] = f
	}
	js.Global().Set("goFSResult", map[string]any{
		"passed": passed, "failed": len(failures), "failures": list,
	})
}
