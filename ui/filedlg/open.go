package filedlg

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"

	"github.com/robots-studio/robots-studio/ui/webfile"
)

// Pick says which files Open offers.
type Pick struct {
	// Dir is where the desktop's dialog starts ("": the dialog's own start).
	Dir string
	// Exts lists the extensions offered (".html", ".htm"); none means any file.
	Exts []string
	// Web, when not nil, is what the browser's picker offers in place of
	// Exts (an empty list: any file). The desktop's dialog filters on
	// Exts; a page's picker cannot be switched to "all files" by the
	// user, so it may need to offer more.
	Web []string
	// Title and Confirm replace the desktop dialog's title and the label
	// of its confirm button ("": Fyne's "Open File" and "Open").
	Title, Confirm string
	// Size is the desktop dialog's size (zero: Fyne's own).
	Size fyne.Size
	// Multiple lets the browser's picker take several files at once (the
	// desktop's dialog picks one).
	Multiple bool
	// Failed hears why a chosen file could not be opened on the desktop;
	// nil drops the error, as the cancelled dialog it then looks like.
	Failed func(err error)
}

// Open lets the user pick a file to open: in the browser the page's picker
// (the file arrives under the page's /picked folder), on the desktop Fyne's
// open dialog made for w, starting in p.Dir. then gets the picked paths, at
// least one, on the UI goroutine; a cancelled pick calls nothing. The file
// is then read from its path (textfile.Load, os.Open), bounded as the
// caller reads.
func Open(w fyne.Window, p Pick, then func(paths []string)) {
	if webfile.Enabled {
		exts := p.Exts
		if p.Web != nil {
			exts = p.Web
		}
		webfile.Pick(webfile.Accept(exts...), p.Multiple, then)
		return
	}
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			if p.Failed != nil {
				p.Failed(err)
			}
			return
		}
		if r == nil {
			return
		}
		path := r.URI().Path()
		r.Close()
		then([]string{path})
	}, w)
	if len(p.Exts) > 0 {
		d.SetFilter(storage.NewExtensionFileFilter(p.Exts))
	}
	if p.Title != "" {
		d.SetTitleText(p.Title)
	}
	if p.Confirm != "" {
		d.SetConfirmText(p.Confirm)
	}
	if !p.Size.IsZero() {
		d.Resize(p.Size)
	}
	StartIn(d, p.Dir)
	Show(d, w)
}
