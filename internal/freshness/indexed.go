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

// indexedFiles lists the snapshot's files in path order with their
// digests and blob ids: from the leaf index of a published snapshot (a
// sequential read of 52 bytes a file, no record decoded), else from the
// records.
func indexedFiles(s *snapshot.Snapshot) ([]indexedFile, error) {
	if s.Index != nil {
		out := make([]indexedFile, 0, s.Files.Len())
		err := s.Index.Scan([]byte{snapshot.KsLeaf}, func(k, v []byte) error {
			f := indexedFile{path: string(k[1:])}
			if leaf, ok := snapshot.ParseLeaf(v); ok {
				f.sum, f.hasSum, f.blob = leaf.SHA256, true, leaf.Blob
			}
			out = append(out, f)
			return nil
		})
		if err != nil {
			return nil, err
		}
		// Only a file without a valid digest lacks a leaf entry; then
		// the records say which.
		if len(out) == s.Files.Len() {
			return out, nil
		}
	}
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
