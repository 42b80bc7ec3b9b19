package odb

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
)

// deltaRepo is a repository whose blobs are packed in long delta chains,
// with what git says each blob holds.
func deltaRepo(t *testing.T) (gitDir string, blobs map[plumbing.Hash][]byte) {
	t.Helper()
	r := newRepo(t)
	history(t, r, 0, 20)
	r.Git("repack", "-adf", "--depth=50", "--window=50")
	gitDir = filepath.Join(r.Dir, ".git")
	stock := openStock(t, gitDir)
	blobs = map[plumbing.Hash][]byte{}
	for _, g := range allObjects(t, r, gitDir) {
		if g.typ != plumbing.BlobObject {
			continue
		}
		o, err := stock.EncodedObject(plumbing.BlobObject, g.hash)
		if err != nil {
			t.Fatal(err)
		}
		blobs[g.hash] = readAll(t, o)
	}
	return gitDir, blobs
}

// TestBlobReadAgainInflatesOnlyItself: a blob read for itself is not
// kept (a full run reads every blob once per phase, and kept blobs would
// only push out one another), but the bases it was made from are, so
// reading it again inflates one entry, its own, whole or delta.
func TestBlobReadAgainInflatesOnlyItself(t *testing.T) {
	gitDir, blobs := deltaRepo(t)
	if kinds, _ := entryKinds(t, openStore(t, gitDir)); kinds[ofsDelta] == 0 {
		t.Fatalf("no deltas among %v: the test does not test chains", kinds)
	}
	for h := range blobs {
		s := openStore(t, gitDir) // nothing cached: no other read made h a base
		if _, err := s.Blob(h); err != nil {
			t.Fatal(err)
		}
		before := s.inflated.Load()
		if _, err := s.Blob(h); err != nil {
			t.Fatal(err)
		}
		if n := s.inflated.Load() - before; n != 1 {
			t.Fatalf("reading blob %s again inflated %d entries, want 1 (itself, from a cached base)", h, n)
		}
	}
}

// TestBlobBytesAreTheCallers: the bytes Blob returns may be changed
// without changing what a later read returns, also for a blob the cache
// keeps because others are deltas of it.
func TestBlobBytesAreTheCallers(t *testing.T) {
	gitDir, blobs := deltaRepo(t)
	s := openStore(t, gitDir)
	for range 2 { // the second round reads bases from the cache
		for h, want := range blobs {
			got, err := s.Blob(h)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("blob %s differs from git's", h)
			}
			clear(got)
		}
	}
	if s.cache.hits == 0 {
		t.Fatal("no read was answered by the cache: the test does not test shared bytes")
	}
}
