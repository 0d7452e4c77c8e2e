// Command zipdir writes a .zip of the files given, each stored under its
// base name with its mode and modification time: the release archives of
// build/windows.sh, without needing a zip program.
//
//	go run ./build/zipdir OUT.zip FILE...
package main

import (
	"archive/zip"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: zipdir OUT.zip FILE...")
		os.Exit(2)
	}
	if err := write(os.Args[1], os.Args[2:]); err != nil {
		fmt.Fprintln(os.Stderr, "zipdir:", err)
		os.Exit(1)
	}
}

func write(out string, files []string) error {
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	zw := zip.NewWriter(f)
	for _, name := range files {
		if err := add(zw, name); err != nil {
			f.Close()
			os.Remove(out)
			return err
		}
	}
	if err := zw.Close(); err != nil {
		f.Close()
		os.Remove(out)
		return err
	}
	return f.Close()
}

func add(zw *zip.Writer, name string) error {
	src, err := os.Open(name)
	if err != nil {
		return err
	}
	defer src.Close()
	st, err := src.Stat()
	if err != nil {
		return err
	}
	h, err := zip.FileInfoHeader(st)
	if err != nil {
		return err
	}
	h.Name = filepath.Base(name)
	h.Method = zip.Deflate
	w, err := zw.CreateHeader(h)
	if err != nil {
		return err
	}
	_, err = io.Copy(w, src)
	return err
}
