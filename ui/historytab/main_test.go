package historytab

import (
	"testing"

	"github.com/robots-studio/robots-studio/ui/uitest"
)

// TestMain starts every test in English with the theme the window ships.
func TestMain(m *testing.M) { uitest.Main(m) }
