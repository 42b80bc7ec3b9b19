package freshness

import (
	"github.com/lgraph/lgraph/internal/snapshot"
)

// indexedFile is what the working tree is compared with for one indexed
// file: its path, the SHA-256 of the bytes indexed and their git blob id.
type indexedFile struct {
	path   string
	sum    [32]byte
	hasSum bool // false when the record holds no valid digest
	blob   [20]byte
}

// leafChunks streams a published snapshot's files in path order from its
// leaf index (52 bytes a file, no record decoded) to fn, statChunk files at
// a time, so what a read holds does not grow with the repository. Each
// chunk's paths share one allocation; fn must not keep the slice. It
// returns how many files the leaf index holds.
func leafChunks(kv snapshot.KV, fn func([]indexedFile) error) (int, error) {
	var (
		chunk = make([]indexedFile, 0, statChunk)
		names []byte
		ends  []int
		count int
	)
	flush := func() error {
		all := string(names)
		start := 0
		for i := range chunk {
			chunk[i].path = all[start:ends[i]]
			start = ends[i]
		}
		err := fn(chunk)
		chunk, names, ends = chunk[:0], names[:0], ends[:0]
		return err
	}
	err := kv.Scan([]byte{snapshot.KsLeaf}, func(k, v []byte) error {
		var f indexedFile
		if leaf, ok := snapshot.ParseLeaf(v); ok {
			f.sum, f.hasSum, f.blob = leaf.SHA256, true, leaf.Blob
		}
		names = append(names, k[1:]...)
		ends = append(ends, len(names))
		chunk = append(chunk, f)
		count++
		if len(chunk) == statChunk {
			return flush()
		}
		return nil
	})
	if err == nil && len(chunk) > 0 {
		err = flush()
	}
	return count, err
}

// recordFiles lists the files of a snapshot held in memory (or one whose
// leaf index lacks a file) from its records, in path order.
func recordFiles(s *snapshot.Snapshot) ([]indexedFile, error) {
	paths := s.Paths()
	out := make([]indexedFile, len(paths))
	for i, p := range paths {
		out[i].path = p
		if f := s.Files.Get(p); f != nil {
			if v, ok := snapshot.LeafValue(f); ok {
				leaf, _ := snapshot.ParseLeaf(v)
				out[i].sum, out[i].hasSum, out[i].blob = leaf.SHA256, true, leaf.Blob
			}
		}
	}
	return out, s.Files.Err()
}

// stagedIndexed reports whether the blob git staged for an indexed file is
// the one indexed: the leaf index carries each file's blob id, so this
// reads no record whatever the size of the repository.
func stagedIndexed(f *indexedFile, e *indexEntry) bool { return f.blob == e.blob }
