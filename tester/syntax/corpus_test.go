package syntax

import (
	"testing"

	"github.com/robots-studio/robots-studio/internal/corpus"
)

func corpusFiles(t testing.TB) map[string][]byte { return corpus.Files(t) }
