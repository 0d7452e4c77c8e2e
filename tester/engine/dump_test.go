package engine

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/internal/corpus"
	"github.com/robots-studio/robots-studio/tester/msg"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// TestVerdictDump writes every engine's verdict on the corpus (own and, when
// present, real files) and the fuzz seeds to the file named by
// VERDICT_DUMP, one line per (file, engine, agent, URL): the answer, the
// group's lines, the deciding line and why. A structural change of the
// engines runs it before and after and compares the two files (`cmp`).
// That comparison means something only if the dump is the same every time
// and covers every engine alike, which is what the test asserts: it makes
// the dump twice and compares the two, and every engine has one line per
// (file, agent, URL).
func TestVerdictDump(t *testing.T) {
	first, second := sha256.New(), sha256.New()
	out := bufio.NewWriter(devNullOr(t, os.Getenv("VERDICT_DUMP")))
	perEngine := dumpVerdicts(t, io.MultiWriter(out, first))
	if err := out.Flush(); err != nil {
		t.Fatal(err)
	}
	again := dumpVerdicts(t, second)
	if !bytes.Equal(first.Sum(nil), second.Sum(nil)) {
		t.Error("two dumps of the same corpus differ: a before/after cmp would report changes that are not there")
	}
	want := perEngine[All()[0].Info().ID]
	if want < 1000 {
		t.Fatalf("only %d verdicts per engine", want)
	}
	for _, e := range All() {
		id := e.Info().ID
		if perEngine[id] != want || again[id] != want {
			t.Errorf("%s: %d and %d verdicts, want %d like every engine", id, perEngine[id], again[id], want)
		}
	}
}

// dumpVerdicts writes the dump to w and counts its lines per engine.
func dumpVerdicts(t *testing.T, w io.Writer) map[string]int {
	inputs := map[string][]byte{}
	for name, data := range corpus.Files(t) {
		inputs[name] = data
	}
	for i, s := range readingSeeds() {
		inputs[fmt.Sprintf("seed-%02d", i)] = []byte(s)
	}
	agents := []string{"Googlebot", "googlebot/2.1", "Googlebot-Image", "bingbot", "YandexBot", "Yandex", "StackRambler",
		"Lycos_Spider_(Rex)/1.0 libwww/3.1", "GPTBot", "a", "b", "e", "cybermapper", ""}
	lines := map[string]int{}
	for _, name := range corpus.Names(inputs) {
		doc := syntax.Parse(inputs[name])
		rng := rand.New(rand.NewSource(7))
		urls := append(agreementPaths(doc, 120, rng), "https://example.com/", "/a\x00b", "/u?a=1?sle=1", "/e%3Af", "/robots.txt?x=1", "/robots.txt;p")
		for _, e := range All() {
			c := e.Compile(doc)
			for _, agent := range agents {
				for _, u := range urls {
					v := c.Query(agent, u)
					fmt.Fprintf(w, "%s\t%s\t%q\t%q\t%v\t%s\t%s\t%v\t%s\t%s\n", name, e.Info().ID, agent, u, v.Allowed, groupLines(v.Group), ruleLine(v.Rule), v.Why, delayOf(v.Delay), notesOf(v.Notes))
					lines[e.Info().ID]++
				}
			}
		}
	}
	return lines
}

func devNullOr(t *testing.T, path string) *os.File {
	if path == "" {
		path = os.DevNull
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func groupLines(g *Group) string {
	if g == nil {
		return "-"
	}
	parts := make([]string, len(g.Lines))
	for i, n := range g.Lines {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ",")
}

func ruleLine(r *Rule) string {
	if r == nil {
		return "-"
	}
	return strconv.Itoa(r.Line)
}

func delayOf(d *Delay) string {
	if d == nil {
		return "-"
	}
	return fmt.Sprintf("%g@%d", d.Seconds, d.Line)
}

// notesOf is the notes as rendered in English, in order.
func notesOf(notes []msg.Text) string {
	parts := make([]string, len(notes))
	for i, n := range notes {
		parts[i] = n.String()
	}
	return strings.Join(parts, " | ")
}
