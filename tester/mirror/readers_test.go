package mirror

import (
	"testing"

	"github.com/robots-studio/robots-studio/tester/engine"
	"github.com/robots-studio/robots-studio/tester/syntax"
)

// hostReader is an engine that reads like Google but states that it takes
// Host as the name of the main mirror, as Yandex did, and that robots named
// hostbot are its operator's.
type hostReader struct{ engine.Engine }

func (h hostReader) Info() engine.Info {
	info := h.Engine.Info()
	info.ID, info.Order, info.Name = "hostbot", 998, "hostbot"
	info.RobotNames = []string{"hostbot"}
	info.Traits.Host = engine.HostMirror
	return info
}

func init() {
	google, _ := engine.Get("google")
	engine.Register(hostReader{google})
}

// TestHostGoesToTheGroupsOfEveryMirrorReader: the groups that get a Host
// line are those a reading that takes Host as the main mirror reads, known
// by the engines' traits, not by the letters "yandex" in a name.
func TestHostGoesToTheGroupsOfEveryMirrorReader(t *testing.T) {
	src := "User-agent: HostBot-Images\nDisallow: /a\n\nUser-agent: Googlebot\nDisallow: /b\n\nUser-agent: YandexBot\nDisallow: /c\n"
	a := Analyse(syntax.Parse([]byte(src)))
	if len(a.Groups) != 3 {
		t.Fatalf("%d groups", len(a.Groups))
	}
	for i, want := range []bool{true, false, true} {
		if got := a.Groups[i].ForMirrorReaders(); got != want {
			t.Errorf("group %d (%v): ForMirrorReaders %v, want %v", i, a.Groups[i].Agents, got, want)
		}
	}
	if ch := PlanHost(syntax.Parse([]byte(src)), mustName(t, "www.example.com"), Options{}); len(ch.Groups) != 2 || ch.Groups[0] != 0 || ch.Groups[1] != 2 {
		t.Errorf("Host planned in groups %v, want [0 2]", ch.Groups)
	}
}
