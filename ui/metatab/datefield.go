package metatab

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/robots-studio/robots-studio/editor/keys"
)

// dateField is unavailable_after's date entry. Fyne's DateEntry counts an
// empty field as an error (its validator parses "" as a date) and Fyne's
// entry shows its error as soon as it has once had the keyboard: tabbing
// through the empty field turned it red. Empty means "not set" here; only
// a date typed wrong is an error, shown once the field is left. Esc and
// the function keys go on to the window, as from the app's other fields.
type dateField struct {
	widget.DateEntry
}

func newDateField() *dateField {
	d := &dateField{}
	d.ExtendBaseWidget(d)
	d.Wrapping = fyne.TextWrap(fyne.TextTruncateClip) // as NewDateEntry
	return d
}

// CreateRenderer lets DateEntry set its validator, then lets an empty
// field pass it.
func (d *dateField) CreateRenderer() fyne.WidgetRenderer {
	r := d.DateEntry.CreateRenderer()
	if parse := d.Validator; parse != nil {
		d.Validator = func(in string) error {
			if strings.TrimSpace(in) == "" {
				return nil
			}
			return parse(in)
		}
	}
	return r
}

// TypedKey hands the window the keys a date field does nothing with.
func (d *dateField) TypedKey(k *fyne.KeyEvent) {
	if keys.WindowKey(k.Name) {
		keys.PassOn(d, k)
		return
	}
	d.DateEntry.TypedKey(k)
}
