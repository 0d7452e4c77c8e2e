package lessons

import (
	"errors"
	"strings"
	"testing"
)

// TestZipEntriesOutsideTheZipAreRefused: a zip whose entries are all
// named under ../ (or one absolute folder) is a clear error, not a crash.
func TestZipEntriesOutsideTheZipAreRefused(t *testing.T) {
	t.Setenv("LC_ALL", "en_US.UTF-8")
	for _, prefix := range []string{"../", "../../up/", "./../x/", "/abs/"} {
		files := map[string]string{}
		for k, v := range goodFiles() {
			files[prefix+k] = v
		}
		_, err := Open(writeZip(t, files))
		var le *Error
		if !errors.As(err, &le) || !strings.Contains(err.Error(), "outside") {
			t.Errorf("entries under %s: %v", prefix, err)
		}
	}
}
