//go:build !js

package aitab

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/robots-studio/robots-studio/tester/aiaccess"
	"github.com/robots-studio/robots-studio/tester/crawlers/sources"
)

// TestCompileRefusesUpdatedRanges: without ranges in the catalogue the
// note says how to read them; after a catalogue update read GPTBot's
// published ranges (served over loopback), the nginx and Cloudflare rules
// the tab shows refuse them, and the note names the file, the day it was
// read and what nginx's address test sees behind a proxy.
func TestCompileRefusesUpdatedRanges(t *testing.T) {
	store, err := sources.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sources.Open("") })
	src := "User-agent: *\nDisallow: /private/\n"
	tab, _ := newTestTab(t, src)
	tab.stance.SetSelected(aiaccess.StanceName(aiaccess.NoAI).String())
	tab.atServer.SetChecked(true)
	tab.target.SetSelectedIndex(int(targetServer)) // nginx
	if !strings.Contains(tab.note, "IP ranges of GPTBot (https://openai.com/gptbot.json), but the catalogue holds none") ||
		strings.Contains(tab.preview, "geo ") {
		t.Fatalf("before the update: note\n%s\nrule\n%s", tab.note, tab.preview)
	}

	srv := httptest.NewServer(http.FileServer(http.Dir("../../tester/crawlers/sources/testdata")))
	t.Cleanup(srv.Close)
	if _, err := store.Update(context.Background(), []string{srv.URL + "/gptbot.json"}, sources.Options{}); err != nil {
		t.Fatal(err)
	}
	tab.atServer.SetChecked(false) // any change of the policy compiles it again
	tab.atServer.SetChecked(true)
	if !strings.Contains(tab.preview, "geo $robots_studio_refused_ip {") || !strings.Contains(tab.preview, "    20.171.206.0/23 1;") {
		t.Errorf("the nginx rule does not refuse GPTBot's ranges:\n%s", tab.preview)
	}
	for _, want := range []string{"GPTBot (" + srv.URL + "/gptbot.json, ", "⚠ geo tests $remote_addr"} {
		if !strings.Contains(tab.note, want) {
			t.Errorf("no %q in the note:\n%s", want, tab.note)
		}
	}
	if strings.Contains(tab.note, "IP ranges of GPTBot (https://openai.com/gptbot.json), but the catalogue holds none") {
		t.Errorf("the ranges were read, yet the note says they are missing:\n%s", tab.note)
	}
	tab.target.SetSelectedIndex(int(targetServer) + len(aiaccess.Servers) - 1) // Cloudflare
	if !strings.Contains(tab.preview, "ip.src in {") || !strings.Contains(tab.preview, "20.171.206.0/23") {
		t.Errorf("the Cloudflare rule does not refuse GPTBot's ranges:\n%s", tab.preview)
	}
}
