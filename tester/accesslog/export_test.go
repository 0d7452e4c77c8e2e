package accesslog

// SetChunkSize makes the reader's chunks about n bytes until restore is
// called, so a small log is read in many chunks.
func SetChunkSize(n int) (restore func()) {
	prev := chunkSize
	chunkSize = n
	return func() { chunkSize = prev }
}
