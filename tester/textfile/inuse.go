package textfile

import (
	"errors"

	"github.com/robots-studio/robots-studio/tester/msg"
)

// ErrInUse: another program holds the file open in a way that forbids
// replacing or writing it (on Windows a file opened without
// FILE_SHARE_DELETE cannot be renamed over). Nothing was written.
var ErrInUse = errors.New("file in use by another program")

// The sentence for ErrInUse; its key is in the platform translation area,
// as only Windows produces it.
var msgInUse = msg.Def("platform.file.in_use", "another program has the file open and does not let it be replaced; nothing was written and the original is unchanged — close the file there (or wait a moment) and save again")
