package store

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// TestWritebackFileWritesWhatItIsGiven: the writeback advice every few
// megabytes changes nothing in the file: its bytes are what was written,
// in order, across many advice points and a last short stretch.
func TestWritebackFileWritesWhatItIsGiven(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "t"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := &writebackFile{f: f}
	r := rand.New(rand.NewPCG(1, 2))
	var want bytes.Buffer
	for want.Len() < 3*writebackBytes+12345 {
		b := make([]byte, 1+r.IntN(1<<20))
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		if n, err := w.Write(b); err != nil || n != len(b) {
			t.Fatalf("write: %d, %v", n, err)
		}
		want.Write(b)
	}
	if w.started == 0 || w.started > w.written {
		t.Errorf("writeback started for %d of %d bytes", w.started, w.written)
	}
	got, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("file holds %d bytes unlike the %d written", len(got), want.Len())
	}
}
