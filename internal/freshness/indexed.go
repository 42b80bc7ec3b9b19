package freshness

import (
	"encoding/hex"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// indexedFile is what the working tree is compared with for one indexed
// file: its path and the SHA-256 of the bytes indexed.
type indexedFile struct {
	path   string
	sum    [32]byte
	hasSum bool // false when the record holds no valid digest
}

// indexedFiles lists the snapshot's files in path order with their
// digests: from the leaf index of a published snapshot (a sequential read
// of 32 bytes a file, no record decoded), else from the records.
func indexedFiles(s *snapshot.Snapshot) ([]indexedFile, error) {
	if s.Index != nil {
		out := make([]indexedFile, 0, s.Files.Len())
		err := s.Index.Scan([]byte{snapshot.KsLeaf}, func(k, v []byte) error {
			f := indexedFile{path: string(k[1:])}
			if len(v) == len(f.sum) {
				copy(f.sum[:], v)
				f.hasSum = true
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
			n, err := hex.Decode(out[i].sum[:], []byte(f.SHA256))
			out[i].hasSum = err == nil && n == len(out[i].sum)
		}
	}
	return out, s.Files.Err()
}

// stagedIndexed reports whether the blob git staged for an indexed path is
// the one indexed. Where git's cache tree proves a directory's staged
// entries equal to the indexed commit's tree, it is, with no record read;
// elsewhere (a directory git invalidated by staging, a working-tree
// snapshot) the record's blob id decides.
func (w *worktree) stagedIndexed(p string, e *indexEntry) bool {
	if w.proven == nil {
		w.proven = w.prove()
	}
	if underProven(w.proven, p) {
		return true
	}
	f := w.in.Snap.Files.Get(p)
	return f != nil && sameBlob(e, f.Blob)
}

// prove finds the directories whose staged entries are the indexed
// commit's tree. A working-tree snapshot holds the blobs of the working
// bytes, not the commit's, so nothing is proven for it.
func (w *worktree) prove() map[string]bool {
	if w.idx == nil || w.idx.tree == nil || w.in.Ref.Worktree {
		return map[string]bool{}
	}
	tree, err := w.in.Repo.Tree(w.in.Ref.Commit)
	if err != nil {
		return map[string]bool{} // a commit gone from the repository proves nothing
	}
	return provenDirs(w.idx.tree, tree)
}
