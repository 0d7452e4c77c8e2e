package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func TestServesAtRootAndSubPath(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"index.html":            "<!DOCTYPE html>",
		"loader.js":             "// js",
		"manifest.webmanifest":  "{}",
		"robots-studio.wasm.gz": "\x1f\x8b gz",
		"x.wasm":                "\x00asm",
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(handler(dir, cleanSub("some/sub/path")))
	defer srv.Close()
	want := map[string]string{
		"index.html":            "text/html; charset=utf-8",
		"loader.js":             "text/javascript; charset=utf-8",
		"manifest.webmanifest":  "application/manifest+json",
		"robots-studio.wasm.gz": "application/gzip",
		"x.wasm":                "application/wasm",
	}
	for _, prefix := range []string{"/", "/some/sub/path/"} {
		for name, typ := range want {
			res, err := http.Get(srv.URL + prefix + name)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != 200 || string(body) != files[name] {
				t.Errorf("%s%s: %d %q", prefix, name, res.StatusCode, body)
			}
			if got := res.Header.Get("Content-Type"); got != typ {
				t.Errorf("%s%s: Content-Type %q, want %q", prefix, name, got, typ)
			}
			if enc := res.Header.Get("Content-Encoding"); enc != "" {
				t.Errorf("%s%s: Content-Encoding %q: files must go out as they are", prefix, name, enc)
			}
		}
	}
	res, err := http.Get(srv.URL + "/some/sub/path/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if string(body) != files["index.html"] {
		t.Errorf("the sub-path's folder URL gave %q, want index.html", body)
	}
}

func TestCleanSub(t *testing.T) {
	for in, want := range map[string]string{"": "/", "/": "/", "a/b": "/a/b/", "/a/b/": "/a/b/", "/a/../b": "/b/"} {
		if got := cleanSub(in); got != want {
			t.Errorf("cleanSub(%q) = %q, want %q", in, got, want)
		}
	}
}
