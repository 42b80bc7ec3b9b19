package commands

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// Each step's recording is a file of its own, named by its order and
// step, and holding what it claims to: a CPU profile (gzipped protocol
// buffers) or an execution trace (its "go 1.N trace" header). The step
// traces are what make a 100,000-file init's idle cores readable: a whole
// init's trace is over 2 GB.
func TestStepRecordingsWriteOneFileAStep(t *testing.T) {
	profiles, traces := t.TempDir(), t.TempDir()
	g := NewGlobals(io.Discard, io.Discard, []string{
		"LGRAPH_TRACE=1", "LGRAPH_STEPPROFILES=" + profiles, "LGRAPH_STEPTRACES=" + traces,
	})
	step := g.stepTrace()
	step("inventory")
	step("explicit.parse")
	g.endSteps()

	steps := []string{"01-inventory", "02-explicit.parse", "03-end"}
	for _, d := range []struct {
		dir, ext string
		head     []byte
	}{
		{profiles, ".prof", []byte{0x1f, 0x8b}},
		{traces, ".trace", []byte("go 1.")},
	} {
		entries, err := os.ReadDir(d.dir)
		if err != nil {
			t.Fatal(err)
		}
		var got, want []string
		for _, e := range entries {
			got = append(got, e.Name())
		}
		for _, s := range steps {
			want = append(want, s+d.ext)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%s: %v, want %v", d.dir, got, want)
		}
		for _, name := range want {
			data, err := os.ReadFile(filepath.Join(d.dir, name))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(data, d.head) {
				t.Errorf("%s starts %q, want %q", name, data[:min(len(data), 8)], d.head)
			}
		}
	}
}
