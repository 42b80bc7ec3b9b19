package store

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"
)

// TestBehindWriterKeepsTheBytes: writes of every size, across and within
// buffer bounds, reach the writer behind in order and unchanged.
func TestBehindWriterKeepsTheBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var want, got bytes.Buffer
	b := newBehindWriter(&got, 100)
	for range 2000 {
		p := make([]byte, rng.IntN(350))
		for i := range p {
			p[i] = byte(rng.Uint32())
		}
		want.Write(p)
		if n, err := b.Write(p); n != len(p) || err != nil {
			t.Fatalf("Write = %d, %v", n, err)
		}
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Fatalf("%d bytes written behind, %d written to it, or not the same", got.Len(), want.Len())
	}
}

// failAfter accepts n bytes, then fails every write.
type failAfter struct{ n int }

var errDiskFull = errors.New("disk full")

func (f *failAfter) Write(p []byte) (int, error) {
	if f.n < len(p) {
		return 0, errDiskFull
	}
	f.n -= len(p)
	return len(p), nil
}

// TestBehindWriterReportsTheError: an error of the writer behind comes
// back from Close (and from a later Write), and nothing hangs.
func TestBehindWriterReportsTheError(t *testing.T) {
	b := newBehindWriter(&failAfter{n: 250}, 100)
	chunk := bytes.Repeat([]byte{'x'}, 70)
	var werr error
	for range 100 {
		if _, werr = b.Write(chunk); werr != nil {
			break
		}
	}
	if err := b.Close(); !errors.Is(err, errDiskFull) {
		t.Fatalf("Close = %v, want the writer's error", err)
	}
	if werr != nil && !errors.Is(werr, errDiskFull) {
		t.Fatalf("Write = %v", werr)
	}
}
