package snapshot

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"
)

// Encode writes s as zstd-compressed gob.
func Encode(w io.Writer, s *Snapshot) error {
	zw, err := zstd.NewWriter(w, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1))
	if err != nil {
		return fmt.Errorf("encode snapshot: %w", err)
	}
	if err := gob.NewEncoder(zw).Encode(s); err != nil {
		zw.Close()
		return fmt.Errorf("encode snapshot: %w", err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("encode snapshot: %w", err)
	}
	return nil
}

// Decode reads a snapshot written by Encode.
func Decode(data []byte) (*Snapshot, error) {
	zr, err := zstd.NewReader(bytes.NewReader(data), zstd.WithDecoderConcurrency(1))
	if err != nil {
		return nil, fmt.Errorf("decode snapshot: %w", err)
	}
	defer zr.Close()
	s := New()
	if err := gob.NewDecoder(zr).Decode(s); err != nil {
		return nil, fmt.Errorf("decode snapshot: %w", err)
	}
	if s.Files == nil {
		s.Files = map[string]*File{}
	}
	if s.Modules == nil {
		s.Modules = map[string]*Module{}
	}
	return s, nil
}
