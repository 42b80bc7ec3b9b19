package odb

import (
	"bufio"
	"bytes"
	stdzlib "compress/zlib"
	"errors"
	"io"
	"math/rand/v2"
	"testing"
)

// inflateStdlib is reader.inflate written with the standard library's
// zlib, which odb used before klauspost's: the reference for what a
// stream inflates to and whether it fails.
func inflateStdlib(src io.Reader, size, want int64) ([]byte, error) {
	zr, err := stdzlib.NewReader(bufio.NewReader(src))
	if err != nil {
		return nil, err
	}
	data := make([]byte, want)
	if _, err := io.ReadFull(zr, data); err != nil {
		return nil, err
	}
	if want < size {
		return data, nil
	}
	var one [1]byte
	if n, err := zr.Read(one[:]); n != 0 || err != io.EOF {
		if err == nil || err == io.EOF {
			err = ErrCorrupt
		}
		return nil, err
	}
	return data, nil
}

// TestInflateAgreesWithStdlib: odb inflates with klauspost's zlib, which
// is faster; on whole, cut, padded and corrupted streams it must return
// the standard library's bytes or fail where it fails, with the same
// error for a bad header or checksum, one reader reused throughout as
// the pool reuses them.
func TestInflateAgreesWithStdlib(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	r := &reader{}
	failed := 0
	for trial := range 400 {
		text := []byte(fileText(trial%40, trial%6))
		if trial%5 == 0 {
			text = text[:rng.IntN(len(text))]
		}
		var zbuf bytes.Buffer
		zw, err := stdzlib.NewWriterLevel(&zbuf, []int{1, 6, 9, 0}[trial%4])
		if err != nil {
			t.Fatal(err)
		}
		zw.Write(text)
		zw.Close()
		stream := zbuf.Bytes()
		size, want := int64(len(text)), int64(len(text))
		switch trial % 6 {
		case 1: // a byte flipped anywhere, header and checksum included
			stream[rng.IntN(len(stream))] ^= byte(1 + rng.IntN(255))
		case 2:
			stream = stream[:rng.IntN(len(stream))]
		case 3: // the header says less or more than the stream holds
			size = max(0, size+int64(rng.IntN(7))-3)
			want = size
		case 4: // only the first bytes, as header reads a delta's
			want = min(size, 20)
		case 5: // bytes after the stream, as the next pack entry
			stream = append(stream, 0x78, 0x9c, 1, 2, 3)
		}
		wantData, wantErr := inflateStdlib(bytes.NewReader(stream), size, want)
		r.br = bufio.NewReaderSize(bytes.NewReader(stream), 8<<10)
		got, err := r.inflate(size, want)
		if (err == nil) != (wantErr == nil) {
			t.Fatalf("trial %d: inflate error %v, the standard library's %v", trial, err, wantErr)
		}
		if err != nil {
			failed++
			for _, known := range []error{stdzlib.ErrHeader, stdzlib.ErrChecksum, io.ErrUnexpectedEOF} {
				if errors.Is(wantErr, known) != errors.Is(err, known) {
					t.Fatalf("trial %d: inflate error %v, the standard library's %v", trial, err, wantErr)
				}
			}
			continue
		}
		if !bytes.Equal(got, wantData) {
			t.Fatalf("trial %d: inflated bytes differ from the standard library's", trial)
		}
	}
	if failed == 0 {
		t.Fatal("no stream failed: the test does not test corrupt data")
	}
}
