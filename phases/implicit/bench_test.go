package implicit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkExtract runs the signal rules over real source files (this
// repository's own Go code), as a phase run over changed files would, and
// over a generated Python module dense in what the rules look at:
// docstrings, comments, SQL literals and environment reads.
func BenchmarkExtract(b *testing.B) {
	var goFiles [][]byte
	matches, _ := filepath.Glob("../../*/*.go")
	for _, m := range matches {
		if data, err := os.ReadFile(m); err == nil {
			goFiles = append(goFiles, data)
		}
	}
	b.Run("go-tree", func(b *testing.B) { benchFiles(b, "go", goFiles) })
	b.Run("python-dense", func(b *testing.B) { benchFiles(b, "python", [][]byte{densePython(2000)}) })
}

func benchFiles(b *testing.B, family string, files [][]byte) {
	var size int64
	for _, f := range files {
		size += int64(len(f))
	}
	b.SetBytes(size)
	b.ReportAllocs()
	b.ResetTimer()
	signals := 0
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			signals += len(Extract(family, f))
		}
	}
	b.ReportMetric(float64(len(files)), "files/op")
	b.ReportMetric(float64(signals)/float64(b.N), "signals/op")
}

// densePython returns n functions, each with a docstring, a comment, an
// environment read through a constant and an SQL statement.
func densePython(n int) []byte {
	var sb strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, "KEY_%d = \"SERVICE_%d_URL\"\n\n\ndef load_%d(cur):\n", i, i%50, i)
		fmt.Fprintf(&sb, "    \"\"\"Load the rows from the table this function owns.\"\"\"\n")
		fmt.Fprintf(&sb, "    # select everything from the cache first\n")
		fmt.Fprintf(&sb, "    url = os.environ.get(KEY_%d)\n", i)
		fmt.Fprintf(&sb, "    cur.execute(\"SELECT id, name FROM table_%d t JOIN users u ON u.id = t.user_id WHERE t.id = %%s\", (url,))\n", i%30)
		fmt.Fprintf(&sb, "    return cur.fetchall()\n\n\n")
	}
	return []byte(sb.String())
}
