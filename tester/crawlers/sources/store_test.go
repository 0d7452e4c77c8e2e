package sources

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/robots-studio/robots-studio/internal/testenv"
	"github.com/robots-studio/robots-studio/tester/accesslog"
	"github.com/robots-studio/robots-studio/tester/catalogue"
	"github.com/robots-studio/robots-studio/tester/crawlers"
)

func own(name string) catalogue.Crawler {
	return catalogue.Crawler{Name: name, Tokens: []string{name}, Purpose: catalogue.Monitor, RobotsTxt: catalogue.Obeys}
}

func entryNames(t *testing.T, s Store) []string {
	t.Helper()
	st, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range st.Entries {
		out = append(out, e.Name)
	}
	sort.Strings(out)
	return out
}

// leftovers lists the temporary files anywhere in the store.
func leftovers(s Store) []string {
	var out []string
	filepath.WalkDir(s.Dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && isTemp(d.Name()) {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// Rule: every read-modify-write holds the store's lock. Adds from several
// goroutines, each with its own Store value, all land.
func TestConcurrentAddsLoseNothing(t *testing.T) {
	s := newStore(t)
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 10; i++ {
				if err := (Store{Dir: s.Dir}).Put(own(fmt.Sprintf("Team-%d-%d", g, i))); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if got := entryNames(t, s); len(got) != 40 {
		t.Errorf("%d entries kept of 40 added: %v", len(got), got)
	}
	if left := leftovers(s); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// Rule: the lock holds between processes (the window and the command
// line): two processes adding at once lose nothing. The test binary runs
// itself as the second and third process.
func TestConcurrentAddsAcrossProcesses(t *testing.T) {
	if dir := os.Getenv("SOURCES_ADD_DIR"); dir != "" {
		for i := 0; i < 15; i++ {
			if err := (Store{Dir: dir}).Put(own(fmt.Sprintf("%s-%d", os.Getenv("SOURCES_ADD_NAME"), i))); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(3)
			}
		}
		return
	}
	s := newStore(t)
	var cmds []*exec.Cmd
	for _, name := range []string{"A", "B", "C"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestConcurrentAddsAcrossProcesses$")
		cmd.Env = append(os.Environ(), "SOURCES_ADD_DIR="+s.Dir, "SOURCES_ADD_NAME="+name)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if t.Failed() {
				t.Log(out.String())
			}
		})
		cmds = append(cmds, cmd)
	}
	for _, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Errorf("a process failed: %v", err)
		}
	}
	if got := entryNames(t, s); len(got) != 45 {
		t.Errorf("%d entries kept of 45 added by three processes", len(got))
	}
}

// Rule: a planted link inside the store is never followed: not as the
// temporary file, not as overlay.json, not as the ranges folder.
func TestPlantedLinksAreNotFollowed(t *testing.T) {
	s := newStore(t)
	if err := s.Put(own("First")); err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(t.TempDir(), "victim.txt")
	os.WriteFile(victim, []byte("precious\n"), 0o644)
	os.Symlink(victim, s.overlayPath()+".tmp")
	if err := s.Put(own("Second")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(victim); string(got) != "precious\n" {
		t.Fatalf("the link's target was written: %q", got)
	}
	if st, err := os.Lstat(s.overlayPath()); err != nil || !st.Mode().IsRegular() {
		t.Fatalf("overlay.json is no longer a regular file: %v %v", st.Mode(), err)
	}

	// overlay.json itself a link: refused, target untouched.
	os.Remove(s.overlayPath())
	os.Symlink(victim, s.overlayPath())
	if _, err := s.Load(); err == nil || !strings.Contains(err.Error(), "is a link") {
		t.Errorf("loading a linked overlay: %v", err)
	}
	if err := s.Put(own("Third")); err == nil {
		t.Error("a change over a linked overlay went through")
	}
	if got, _ := os.ReadFile(victim); string(got) != "precious\n" {
		t.Fatalf("the link's target was written: %q", got)
	}
	os.Remove(s.overlayPath())

	// The ranges folder a link to somewhere else: refused, nothing there
	// written or removed.
	elsewhere := t.TempDir()
	os.WriteFile(filepath.Join(elsewhere, "keep.txt"), []byte("x"), 0o644)
	os.RemoveAll(s.rangesDir())
	os.Symlink(elsewhere, s.rangesDir())
	src := filepath.Join(t.TempDir(), "gptbot.json")
	os.WriteFile(src, fixture(t, "gptbot.json"), 0o644)
	if _, err := s.Update(context.Background(), []string{src}, opts()); err == nil || !strings.Contains(err.Error(), "is a link") {
		t.Errorf("update through a linked ranges folder: %v", err)
	}
	if entries, _ := os.ReadDir(elsewhere); len(entries) != 1 {
		t.Errorf("the link's target folder changed: %v", entries)
	}
}

// storeSnapshot is every file of the store with its content.
func storeSnapshot(t *testing.T, dir string) map[string]string {
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() != "lock" {
			data, _ := os.ReadFile(p)
			rel, _ := filepath.Rel(dir, p)
			out[rel] = string(data)
		}
		return nil
	})
	return out
}

func restore(t *testing.T, snap map[string]string) Store {
	s := newStore(t)
	for rel, data := range snap {
		p := filepath.Join(s.Dir, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(data), 0o644)
	}
	return s
}

// checkWhole: the overlay loads, every range file it names is on disk
// with its content, and an undo (if any) changes something.
func checkWhole(t *testing.T, s Store, when string) {
	t.Helper()
	st, err := s.Load()
	if err != nil {
		t.Fatalf("%s: %v", when, err)
	}
	if files, _ := s.rangeFiles(st); len(files) != len(st.Ranges) {
		t.Errorf("%s: the overlay names %d range files, %d are on disk", when, len(st.Ranges), len(files))
	}
	before := overlayBytes(t, s)
	if _, err := s.Undo(); err == nil && bytes.Equal(before, overlayBytes(t, s)) {
		t.Errorf("%s: undo said done and changed nothing", when)
	}
}

// Rule: a change writes the new state completely, then switches to it. A
// kill before any of its writes (simulated by keeping the store as it was
// at that moment) leaves a whole store: the old state or the new one.
// A write that fails (a full disk) leaves the old state, no temporary
// file and no history entry.
func TestKillOrFailureBetweenSteps(t *testing.T) {
	dir := t.TempDir()
	gpt := filepath.Join(dir, "gptbot.json")
	os.WriteFile(gpt, fixture(t, "gptbot.json"), 0o644)
	team := filepath.Join(dir, "team.jsonl")
	os.WriteFile(team, []byte(`{"name":"Team-Bot","tokens":["Team-Bot"],"ua_patterns":["Team-Bot"],"purpose":"monitor","engine":"rfc9309","robots_txt":"obeys"}`+"\n"), 0o644)
	srcs := []string{gpt, filepath.Join(dir, "bingbot.json"), team}
	os.WriteFile(srcs[1], fixture(t, "bingbot.json"), 0o644)

	prepare := func() Store {
		s := newStore(t)
		if err := s.Put(own("Mine")); err != nil {
			t.Fatal(err)
		}
		return s
	}
	// Count the writes of the update.
	writes := 0
	s := prepare()
	beforeWrite = func(string) error { writes++; return nil }
	if _, err := s.Update(context.Background(), srcs, opts()); err != nil {
		t.Fatal(err)
	}
	beforeWrite = nil
	if writes < 4 {
		t.Fatalf("only %d writes: range files, history and overlay expected", writes)
	}
	for n := 1; n <= writes; n++ {
		s := prepare()
		old := overlayBytes(t, s)
		oldHistory := len(s.history())
		var killed map[string]string
		count := 0
		beforeWrite = func(path string) error {
			if count++; count == n {
				killed = storeSnapshot(t, s.Dir)
				return syscall.ENOSPC
			}
			return nil
		}
		_, err := s.Update(context.Background(), srcs, opts())
		beforeWrite = nil
		if !errors.Is(err, syscall.ENOSPC) {
			t.Fatalf("write %d failing: %v", n, err)
		}
		if !bytes.Equal(overlayBytes(t, s), old) {
			t.Errorf("write %d failed and the overlay changed", n)
		}
		if left := leftovers(s); len(left) != 0 {
			t.Errorf("write %d failed and left %v", n, left)
		}
		if h := len(s.history()); h != oldHistory {
			t.Errorf("write %d failed and left a history entry (%d, was %d)", n, h, oldHistory)
		}
		checkWhole(t, s, fmt.Sprintf("after write %d failed", n))

		k := restore(t, killed)
		checkWhole(t, k, fmt.Sprintf("killed before write %d", n))
		k = restore(t, killed)
		if _, err := k.Update(context.Background(), srcs, opts()); err != nil {
			t.Errorf("killed before write %d, the next update: %v", n, err)
		}
		checkWhole(t, k, fmt.Sprintf("killed before write %d, then updated", n))
	}
}

// Rule: an update compares with what is on disk: a range file the overlay
// names that is gone or damaged is written again, though nothing changed
// in the sources; a ranges folder that is a file fails the update and
// changes nothing.
func TestUpdateRepairsWhatTheDiskLost(t *testing.T) {
	src := filepath.Join(t.TempDir(), "gptbot.json")
	os.WriteFile(src, fixture(t, "gptbot.json"), 0o644)
	s := newStore(t)
	if _, err := s.Update(context.Background(), []string{src}, opts()); err != nil {
		t.Fatal(err)
	}
	files := s.RangeFiles()
	if len(files) != 1 {
		t.Fatalf("range files %v", files)
	}
	good, _ := os.ReadFile(files[0].Path)
	for _, damage := range []func(string){
		func(p string) { os.Remove(p) },
		func(p string) { os.WriteFile(p, []byte("{}"), 0o644) },
	} {
		damage(files[0].Path)
		rep, err := s.Update(context.Background(), []string{src}, opts())
		if err != nil || len(rep.Changes) != 0 || len(rep.Repaired) != 1 {
			t.Fatalf("update over a damaged range file: %+v, %v", rep, err)
		}
		if !strings.Contains(rep.Outcome(false).String(), filepath.Base(files[0].Path)) {
			t.Errorf("the outcome does not name the repaired file: %s", rep.Outcome(false))
		}
		if got, _ := os.ReadFile(files[0].Path); !bytes.Equal(got, good) {
			t.Errorf("not repaired: %q", got)
		}
	}

	before := overlayBytes(t, s)
	os.RemoveAll(s.rangesDir())
	os.WriteFile(s.rangesDir(), []byte("not a folder"), 0o644)
	os.WriteFile(src, bytes.Replace(fixture(t, "gptbot.json"), []byte(`"prefixes"`), []byte(`"creationTime": "2099-01-01", "prefixes"`), 1), 0o644)
	if _, err := s.Update(context.Background(), []string{src}, opts()); err == nil || !strings.Contains(err.Error(), "not a folder") {
		t.Errorf("ranges a file: %v", err)
	}
	if !bytes.Equal(overlayBytes(t, s), before) {
		t.Error("the update failed and changed overlay.json")
	}
}

// Rule: range files are named by their source: a URL and a file that both
// end in gptbot.json are kept side by side.
func TestTwoSourcesOneFileName(t *testing.T) {
	srv := newServer(t)
	srv.set("/gptbot.json", fixture(t, "gptbot.json"))
	local := filepath.Join(t.TempDir(), "gptbot.json")
	os.WriteFile(local, []byte(`{"prefixes": [{"ipv4Prefix": "192.0.2.0/24"}]}`), 0o644)
	s := newStore(t)
	if _, err := s.Update(context.Background(), []string{srv.URL + "/gptbot.json", local}, opts()); err != nil {
		t.Fatal(err)
	}
	files := s.RangeFiles()
	if len(files) != 2 || files[0].Path == files[1].Path {
		t.Fatalf("two sources, files %+v", files)
	}
	for _, f := range files {
		data, _ := os.ReadFile(f.Path)
		if want := f.Source == local; strings.Contains(string(data), "192.0.2.0/24") != want {
			t.Errorf("%s holds the other source's ranges: %s", f.Path, data)
		}
	}
}

// Rule: history keeps changes, not copies: twenty-five adds to a large
// overlay keep twenty small files, and undo walks back through them.
func TestHistoryKeepsChanges(t *testing.T) {
	s := newStore(t)
	var big []string
	for i := 0; i < 150; i++ {
		big = append(big, fmt.Sprintf(`{"name":"Bulk-%03d","tokens":["Bulk-%03d"],"purpose":"monitor","engine":"rfc9309","robots_txt":"obeys"}`, i, i))
	}
	src := filepath.Join(t.TempDir(), "team.jsonl")
	os.WriteFile(src, []byte(strings.Join(big, "\n")), 0o644)
	if _, err := s.Update(context.Background(), []string{src}, opts()); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 25; i++ {
		if err := s.Put(own(fmt.Sprintf("Mine-%02d", i))); err != nil {
			t.Fatal(err)
		}
	}
	h := s.history()
	if len(h) != keepHistory {
		t.Fatalf("%d history files, want %d", len(h), keepHistory)
	}
	overlay := len(overlayBytes(t, s))
	for _, n := range h {
		st, _ := os.Stat(s.historyPath(n))
		if st.Size()*20 > int64(overlay) {
			t.Errorf("history %d is %d bytes for one added entry (the overlay is %d): a copy, not a change", n, st.Size(), overlay)
		}
	}
	for i := 24; i >= 20; i-- {
		if _, err := s.Undo(); err != nil {
			t.Fatal(err)
		}
		names := entryNames(t, s)
		if want := fmt.Sprintf("Mine-%02d", i-1); names[len(names)-1] != want || len(names) != 150+i {
			t.Fatalf("after undo: %d entries, last %s; want %d, last %s", len(names), names[len(names)-1], 150+i, want)
		}
	}
}

// Rule: a history file kept before changes were (a whole earlier state)
// still undoes.
func TestUndoOfAnOldWholeState(t *testing.T) {
	s := newStore(t)
	if err := s.Put(own("Old")); err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(s.historyDir())
	os.MkdirAll(s.historyDir(), 0o755)
	whole, _ := json.Marshal(State{Version: 1, Entries: []catalogue.Crawler{}})
	os.WriteFile(s.historyPath(1), whole, 0o644)
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if got := entryNames(t, s); len(got) != 0 {
		t.Errorf("after undo %v", got)
	}
}

// Rule: a full disk (a real one: a small tmpfs) fails the change with the
// old state whole, no temporary file and no history entry.
func TestFullDisk(t *testing.T) {
	if os.Geteuid() != 0 {
		testenv.Need(t, "needs root to mount a small tmpfs")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir).CombinedOutput(); err != nil {
		testenv.Need(t, fmt.Sprintf("cannot mount tmpfs here: %v %s", err, out))
	}
	defer exec.Command("umount", dir).Run()
	t.Cleanup(func() { catalogue.Use(nil) })
	s := Store{Dir: filepath.Join(dir, "catalogue")}
	if err := s.Put(own("Small")); err != nil {
		t.Fatal(err)
	}
	before := overlayBytes(t, s)
	hist := len(s.history())
	big := own("Big")
	big.Note = catalogue.Localized{"en": strings.Repeat("x", 60<<10)}
	err := s.Put(big)
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("err %v, want ENOSPC", err)
	}
	if !bytes.Equal(overlayBytes(t, s), before) || len(s.history()) != hist || len(leftovers(s)) != 0 {
		t.Errorf("after a full disk: overlay same %v, history %d (was %d), left %v",
			bytes.Equal(overlayBytes(t, s), before), len(s.history()), hist, leftovers(s))
	}
}

// Rule: start-up does not read the overlay: OpenLazy reads it when the
// catalogue is first consulted (a damaged one is reported then, once),
// and Date reads only its head.
func TestOpenReadsTheOverlayOnFirstUse(t *testing.T) {
	root := t.TempDir()
	s := Store{Dir: filepath.Join(root, "catalogue")}
	t.Cleanup(func() { catalogue.Use(nil) })
	if err := s.Put(own("Lazy-Bot")); err != nil {
		t.Fatal(err)
	}
	// A day, then entries cut off: the head is whole, the rest is not.
	data := overlayBytes(t, s)
	head := bytes.Replace(data, []byte(`"version": 1,`), []byte(`"version": 1, "updated": "2099-01-02",`), 1)
	os.WriteFile(s.overlayPath(), head[:len(head)-20], 0o644)
	var broken []error
	OpenLazy(root, func(err error) { broken = append(broken, err) })
	if len(broken) != 0 {
		t.Fatalf("the overlay was read at open: %v", broken)
	}
	if got := s.Date(); got != "2099-01-02" {
		t.Errorf("Date = %q, want the overlay's day read from its head", got)
	}
	catalogue.All()
	catalogue.All()
	if len(broken) != 1 {
		t.Fatalf("the damaged overlay reported %d times on use, want once", len(broken))
	}
	os.WriteFile(s.overlayPath(), data, 0o644)
	OpenLazy(root, nil)
	if _, ok := crawlers.ByToken("Lazy-Bot"); !ok {
		t.Error("the overlay read on first use is not in the catalogue")
	}
}

// Rule: history is bounded in bytes too: changes that each rewrite much
// of a large catalogue keep fewer than twenty steps, never more than
// maxHistory bytes, and always the last one.
func TestHistoryBoundedInBytes(t *testing.T) {
	defer func(was int64) { maxHistory = was }(maxHistory)
	maxHistory = 64 << 10
	s := newStore(t)
	for _, fill := range "abcd" {
		c := own("Big")
		c.Note = catalogue.Localized{"en": strings.Repeat(string(fill), int(maxHistory/2))}
		if err := s.Put(c); err != nil {
			t.Fatal(err)
		}
	}
	var total int64
	for _, n := range s.history() {
		st, _ := os.Stat(s.historyPath(n))
		total += st.Size()
	}
	if total > maxHistory || len(s.history()) == 0 {
		t.Errorf("%d history files of %d bytes in all (limit %d)", len(s.history()), total, maxHistory)
	}
	if _, err := s.Undo(); err != nil {
		t.Fatal(err)
	}
	if st, _ := s.Load(); len(st.Entries) != 1 || st.Entries[0].Note["en"][0] != 'c' {
		t.Errorf("undo did not put back the last step")
	}
}

// Rule: two updates at once (the window and the command line) both land.
func TestConcurrentUpdatesBothLand(t *testing.T) {
	s := newStore(t)
	dir := t.TempDir()
	var srcs []string
	for _, team := range []string{"Red", "Blue"} {
		p := filepath.Join(dir, team+".jsonl")
		os.WriteFile(p, []byte(strings.ReplaceAll(teamLine, "Team-Bot", team+"-Bot")+"\n"), 0o644)
		srcs = append(srcs, p)
	}
	var wg sync.WaitGroup
	for _, src := range srcs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := (Store{Dir: s.Dir}).Update(context.Background(), []string{src}, opts()); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if got := entryNames(t, s); strings.Join(got, " ") != "Blue-Bot Red-Bot" {
		t.Errorf("entries after two updates at once: %v", got)
	}
}

// Rule: a store kept before range files were named by source (or one
// whose range files were lost) gets them written again when logs ask for
// them, so verification goes on without an update.
func TestRangeFilesOfAnOlderStore(t *testing.T) {
	src := filepath.Join(t.TempDir(), "gptbot.json")
	os.WriteFile(src, fixture(t, "gptbot.json"), 0o644)
	s := newStore(t)
	if _, err := s.Update(context.Background(), []string{src}, opts()); err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(s.rangesDir())
	os.MkdirAll(s.rangesDir(), 0o755)
	os.WriteFile(filepath.Join(s.rangesDir(), "gptbot-gptbot.json"), []byte(`{"GPTBot": []}`), 0o644)
	files := s.RangeFiles()
	if len(files) != 1 {
		t.Fatalf("range files %+v", files)
	}
	v := &accesslog.Verifier{}
	if err := v.LoadRanges(files[0].Path); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(s.rangesDir(), "gptbot-gptbot.json")); err == nil {
		t.Error("the old file name is still there")
	}
}

// Rule: a store on a read-only file system refuses a change with the
// system's reason and is left as it was (checked on a tmpfs remounted
// read-only, which holds for root too).
func TestReadOnlyStore(t *testing.T) {
	if os.Geteuid() != 0 {
		testenv.Need(t, "needs root to mount a small tmpfs")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", dir).CombinedOutput(); err != nil {
		testenv.Need(t, fmt.Sprintf("cannot mount tmpfs here: %v %s", err, out))
	}
	defer exec.Command("umount", dir).Run()
	t.Cleanup(func() { catalogue.Use(nil) })
	s := Store{Dir: filepath.Join(dir, "catalogue")}
	if err := s.Put(own("Before")); err != nil {
		t.Fatal(err)
	}
	before := storeSnapshot(t, s.Dir)
	if out, err := exec.Command("mount", "-o", "remount,ro", dir).CombinedOutput(); err != nil {
		testenv.Need(t, fmt.Sprintf("cannot remount read-only here: %v %s", err, out))
	}
	err := s.Put(own("After"))
	if !errors.Is(err, syscall.EROFS) {
		t.Errorf("err %v, want EROFS", err)
	}
	if _, err := s.Undo(); !errors.Is(err, syscall.EROFS) {
		t.Errorf("undo: %v, want EROFS", err)
	}
	if got := storeSnapshot(t, s.Dir); fmt.Sprint(got) != fmt.Sprint(before) {
		t.Errorf("the read-only store changed")
	}
	if got := entryNames(t, s); strings.Join(got, " ") != "Before" {
		t.Errorf("entries %v", got)
	}
}

// Rule: the ranges an update read are the store in use's InUseRanges (the
// AI policy's server rules refuse them); no store open, none.
func TestInUseRanges(t *testing.T) {
	root := t.TempDir()
	t.Cleanup(func() { Open("") })
	Open("")
	if got := InUseRanges(); got != nil {
		t.Fatalf("no store open, yet ranges: %v", got)
	}
	s, err := Open(root)
	if err != nil {
		t.Fatal(err)
	}
	if got := InUseRanges(); got != nil {
		t.Fatalf("no update read any, yet ranges: %v", got)
	}
	if _, err := s.Update(context.Background(), []string{filepath.Join("testdata", "gptbot.json")}, Options{}); err != nil {
		t.Fatal(err)
	}
	got := InUseRanges()
	if len(got) != 1 || got[0].Key != "GPTBot" || len(got[0].Prefixes) != 21 {
		t.Fatalf("after the update: %+v", got)
	}
}

// Rule: ranges an update writes are the ones InUseRanges gives next, even
// when the new overlay has the old one's size and time (the memo is keyed
// by both; the store's own write drops it).
func TestInUseRangesAfterASameSizeUpdate(t *testing.T) {
	t.Cleanup(func() { Open("") })
	s, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	orig, err := os.ReadFile(filepath.Join("testdata", "gptbot.json"))
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(t.TempDir(), "gptbot.json")
	update := func(data []byte) {
		t.Helper()
		if err := os.WriteFile(src, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Update(context.Background(), []string{src}, Options{}); err != nil {
			t.Fatal(err)
		}
	}
	update(orig)
	if got := InUseRanges(); len(got) != 1 || !slices.Contains(got[0].Prefixes, "132.196.86.0/24") {
		t.Fatalf("after the first update: %+v", got)
	}
	before, err := os.Stat(s.overlayPath())
	if err != nil {
		t.Fatal(err)
	}
	update(bytes.Replace(orig, []byte("132.196.86.0/24"), []byte("132.196.87.0/24"), 1))
	after, err := os.Stat(s.overlayPath())
	if err != nil || after.Size() != before.Size() {
		t.Fatalf("the second overlay is not the first one's size (%v): the test proves nothing", err)
	}
	if err := os.Chtimes(s.overlayPath(), before.ModTime(), before.ModTime()); err != nil {
		t.Fatal(err)
	}
	if got := InUseRanges(); len(got) != 1 || !slices.Contains(got[0].Prefixes, "132.196.87.0/24") {
		t.Errorf("after the second update, still: %+v", got)
	}
}
