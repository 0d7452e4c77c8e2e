package cli

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// fynePackages lists the fyne.io packages the main package links with tags.
func fynePackages(t *testing.T, tags string) []string {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-tags", tags, "github.com/robots-studio/robots-studio")
	// The window's build is cgo (GLFW): listed with cgo on, whatever this
	// test runs under (make test also runs these tests with CGO_ENABLED=0).
	cmd.Env = append(os.Environ(), "CGO_ENABLED=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	var fyne []string
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, "fyne.io/") {
			fyne = append(fyne, p)
		}
	}
	return fyne
}

// TestHeadlessBuildLinksNoFyne: `-tags headless` builds the command line
// alone, and it must not link any Fyne package (translations come from the
// Fyne-free internal/i18n, the icon is plain bytes in assets). The window's
// build is listed too, to show the check sees Fyne where it is.
func TestHeadlessBuildLinksNoFyne(t *testing.T) {
	if p := fynePackages(t, "headless"); len(p) > 0 {
		t.Errorf("the headless build links %d Fyne packages: %s", len(p), strings.Join(p, " "))
	}
	if p := fynePackages(t, ""); len(p) == 0 {
		t.Error("the window's build links no fyne.io package: the check cannot see Fyne")
	}
}
