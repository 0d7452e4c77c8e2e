package wintest

import (
	"bytes"
	"debug/pe"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
)

// utf16le is s as Windows stores text in resources.
func utf16le(s string) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return b
}

// TestReleaseArchive: the .zip's two programs are 64-bit Windows programs,
// the window without a console (GUI subsystem) and the command line with
// one, each carrying the icon, a manifest and version information that
// names the product and the version in the archive's name, and the same
// version linked in for --version and Help ▸ About.
func TestReleaseArchive(t *testing.T) {
	dir := winDist(t)
	version := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(distZip), "robots-studio-"), "-windows-amd64.zip")
	for _, c := range []struct {
		name      string
		subsystem uint16
	}{
		{"robots-studio.exe", pe.IMAGE_SUBSYSTEM_WINDOWS_GUI},
		{"robots-studio-cli.exe", pe.IMAGE_SUBSYSTEM_WINDOWS_CUI},
	} {
		path := filepath.Join(dir, c.name)
		f, err := pe.Open(path)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if f.Machine != pe.IMAGE_FILE_MACHINE_AMD64 {
			t.Errorf("%s: machine %#x, want amd64", c.name, f.Machine)
		}
		opt, ok := f.OptionalHeader.(*pe.OptionalHeader64)
		if !ok {
			t.Fatalf("%s: not a PE32+ program", c.name)
		}
		if opt.Subsystem != c.subsystem {
			t.Errorf("%s: subsystem %d, want %d", c.name, opt.Subsystem, c.subsystem)
		}
		rsrc := f.Section(".rsrc")
		if rsrc == nil {
			t.Errorf("%s: no resources (icon, manifest, version information)", c.name)
			f.Close()
			continue
		}
		data, err := rsrc.Data()
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"ProductName", "Robots Studio", "ProductVersion", version, "FileDescription", "CompanyName"} {
			if !bytes.Contains(data, utf16le(want)) {
				t.Errorf("%s: the version information lacks %q", c.name, want)
			}
		}
		if !bytes.Contains(data, []byte("<assembly")) || !bytes.Contains(data, []byte("PerMonitorV2")) {
			t.Errorf("%s: no application manifest", c.name)
		}
		if !bytes.Contains(data, []byte("\x89PNG")) {
			t.Errorf("%s: no 256-pixel (PNG) icon image", c.name)
		}
		bin, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(bin, []byte(version)) {
			t.Errorf("%s: the version %s is not linked in (internal/version.Version)", c.name, version)
		}
	}
}
