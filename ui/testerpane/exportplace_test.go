package testerpane

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/tester/testset"
)

// TestExportIsNamedAfterTheFileAndSaysWhereItWent: Export… names the file
// after the robots.txt (not results.csv for every site), and after writing
// says how many rows went where.
func TestExportIsNamedAfterTheFileAndSaysWhereItWent(t *testing.T) {
	p, w := newTestPane(t, privateRobots)
	if got := p.export.exportName(".csv"); got != "results.csv" {
		t.Errorf("without a file the export is %q", got)
	}
	dir := t.TempDir()
	p.SetExportPlace(func() (string, string) { return dir, "linkedin.robots.txt" })
	if got := p.export.exportName(".csv"); got != "linkedin.robots-results.csv" {
		t.Errorf("export name %q, want linkedin.robots-results.csv", got)
	}
	p.SetTestSet(&testset.Set{Crawlers: []string{"Googlebot", "bingbot"}, Paths: []string{"/private/a"}})
	target := filepath.Join(dir, p.export.exportName(".csv"))
	out, err := storage.Writer(storage.NewFileURI(target))
	if err != nil {
		t.Fatal(err)
	}
	p.export.writeExport(out, []byte("crawler,path\n"), 2)
	if data, err := os.ReadFile(target); err != nil || string(data) != "crawler,path\n" {
		t.Fatalf("the export holds %q (%v)", data, err)
	}
	var said string
	for _, o := range test.LaidOutObjects(w.Canvas().Overlays().Top()) {
		if l, ok := o.(*widget.Label); ok {
			said += l.Text + "\n"
		}
	}
	if !strings.Contains(said, "2 results written to "+target) {
		t.Errorf("after the export the window says %q", said)
	}
}
