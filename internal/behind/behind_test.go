package behind

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"testing"
)

// TestWriterKeepsTheBytes: writes of every size, across and within
// buffer bounds, reach the writer behind in order and unchanged.
func TestWriterKeepsTheBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var want, got bytes.Buffer
	b := NewWriter(100, &got)
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

// TestWriterReportsTheError: an error of the writer behind comes
// back from Close (and from a later Write), and nothing hangs.
func TestWriterReportsTheError(t *testing.T) {
	b := NewWriter(100, &failAfter{n: 250})
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

// meetWriter is a sink whose first Write waits until the other sink's
// first Write has begun (met is closed by whichever comes first and
// waited on by the other): two sinks written one after the other on one
// goroutine never meet, and the test hangs.
type meetWriter struct {
	mine, other chan struct{}
	got         bytes.Buffer
	first       bool
}

func (m *meetWriter) Write(p []byte) (int, error) {
	if !m.first {
		m.first = true
		close(m.mine)
		<-m.other
	}
	return m.got.Write(p)
}

// TestWriterSinksRunSideBySide: each sink is written on a goroutine
// of its own (the table file and its hash at once), and each gets every
// byte in order.
func TestWriterSinksRunSideBySide(t *testing.T) {
	a, b := make(chan struct{}), make(chan struct{})
	file, hash := &meetWriter{mine: a, other: b}, &meetWriter{mine: b, other: a}
	w := NewWriter(64, file, hash)
	var want bytes.Buffer
	for i := range 1000 {
		p := bytes.Repeat([]byte{byte(i)}, i%97)
		want.Write(p)
		if _, err := w.Write(p); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	for _, s := range []*meetWriter{file, hash} {
		if !bytes.Equal(s.got.Bytes(), want.Bytes()) {
			t.Fatalf("a sink got %d bytes of %d, or not the same", s.got.Len(), want.Len())
		}
	}
}
