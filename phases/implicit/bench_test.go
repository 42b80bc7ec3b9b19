package implicit

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkExtract runs the signal rules over real source files (this
// repository's own Go code), as a phase run over changed files would.
func BenchmarkExtract(b *testing.B) {
	var files [][]byte
	var size int64
	matches, _ := filepath.Glob("../../*/*.go")
	for _, m := range matches {
		if data, err := os.ReadFile(m); err == nil {
			files = append(files, data)
			size += int64(len(data))
		}
	}
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			Extract("go", f)
		}
	}
}
