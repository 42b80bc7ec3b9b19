package snapshot_test

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/all"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// realFacts extracts the facts of one of this package's own files: a
// real Go file of 600 lines, not a made-up shape.
func realFacts(b *testing.B) *facts.File {
	b.Helper()
	src, err := os.ReadFile("packed.go")
	if err != nil {
		b.Fatal(err)
	}
	ps := lang.NewParsers()
	defer ps.Close()
	f, err := ps.Extract(context.Background(), all.Registry().Get("go"), src)
	if err != nil {
		b.Fatal(err)
	}
	return f
}

// BenchmarkFactsValue compares the cache's encoding of a file's facts
// (snapshot.EncodeFacts) with the JSON it replaced, both ways: an init
// encodes every file's, an update decodes those of the files it finds
// in the cache.
func BenchmarkFactsValue(b *testing.B) {
	f := realFacts(b)
	bin := snapshot.EncodeFacts(f)
	js, err := json.Marshal(f)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("encode/binary", func(b *testing.B) {
		b.SetBytes(int64(len(bin)))
		for b.Loop() {
			snapshot.EncodeFacts(f)
		}
	})
	b.Run("encode/json", func(b *testing.B) {
		b.SetBytes(int64(len(js)))
		for b.Loop() {
			if _, err := json.Marshal(f); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("decode/binary", func(b *testing.B) {
		b.SetBytes(int64(len(bin)))
		for b.Loop() {
			if _, err := snapshot.DecodeFacts(bin); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("decode/json", func(b *testing.B) {
		b.SetBytes(int64(len(js)))
		for b.Loop() {
			var out facts.File
			if err := json.Unmarshal(js, &out); err != nil {
				b.Fatal(err)
			}
		}
	})
}
