package odb

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
)

// TestConcurrentReads reads every object from several goroutines at once
// through one store (run with -race to check the sharing).
func TestConcurrentReads(t *testing.T) {
	r := newRepo(t)
	history(t, r, 0, 20)
	r.Git("repack", "-adf", "--depth=50")
	gitDir := filepath.Join(r.Dir, ".git")
	objs := allObjects(t, r, gitDir)
	want := stockContents(t, gitDir, objs)
	s := openStore(t, gitDir)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for w := range 8 {
		wg.Go(func() {
			for i := range objs {
				g := objs[(i*7+w*131)%len(objs)] // each worker in its own order
				o, err := s.EncodedObject(plumbing.AnyObject, g.hash)
				if err != nil {
					errs <- err
					return
				}
				if got := o.(*object).data; !bytes.Equal(got, want[g.hash]) {
					errs <- errors.New("content of " + g.hash.String() + " differs")
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

// TestFindsObjectsPackedAfterOpen: a commit made and packed (old packs
// deleted) after the store listed its packs is still found, and so are the
// objects of the deleted packs.
func TestFindsObjectsPackedAfterOpen(t *testing.T) {
	r := newRepo(t)
	first := history(t, r, 0, 5)
	r.Git("repack", "-ad")
	gitDir := filepath.Join(r.Dir, ".git")
	s := openStore(t, gitDir)
	if err := s.HasEncodedObject(plumbing.NewHash(first[0])); err != nil {
		t.Fatal(err)
	}
	later := history(t, r, 5, 8)
	r.Git("repack", "-ad")
	for _, c := range append(first, later...) {
		if _, err := s.EncodedObject(plumbing.CommitObject, plumbing.NewHash(c)); err != nil {
			t.Fatalf("read commit %s after repack: %v", c, err)
		}
	}
}

func TestClosedStoreRefusesReads(t *testing.T) {
	r := newRepo(t)
	commits := history(t, r, 0, 3)
	r.Git("repack", "-ad")
	s, err := Open(filepath.Join(r.Dir, ".git", "objects"), DefaultCacheBytes)
	if err != nil {
		t.Fatal(err)
	}
	h := plumbing.NewHash(commits[0])
	if _, err := s.EncodedObject(plumbing.CommitObject, h); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.EncodedObject(plumbing.CommitObject, h); !errors.Is(err, ErrClosed) {
		t.Fatalf("read after Close: %v, want ErrClosed", err)
	}
	if _, err := s.IterEncodedObjects(plumbing.AnyObject); !errors.Is(err, ErrClosed) {
		t.Fatalf("iterate after Close: %v, want ErrClosed", err)
	}
}

// TestCorruptPackFailsCleanly flips bytes through a pack: every read
// either returns git's content or an error, never a panic or wrong bytes.
func TestCorruptPackFailsCleanly(t *testing.T) {
	r := newRepo(t)
	history(t, r, 0, 10)
	r.Git("repack", "-adf", "--depth=50")
	gitDir := filepath.Join(r.Dir, ".git")
	objs := allObjects(t, r, gitDir)
	want := stockContents(t, gitDir, objs)
	packs, err := filepath.Glob(filepath.Join(gitDir, "objects/pack/*.pack"))
	if err != nil || len(packs) != 1 {
		t.Fatalf("packs %v, %v", packs, err)
	}
	data, err := os.ReadFile(packs[0])
	if err != nil {
		t.Fatal(err)
	}
	os.Chmod(packs[0], 0o644)
	for i := 12 + 97; i < len(data)-20; i += len(data) / 9 {
		data[i] ^= 0x55
	}
	if err := os.WriteFile(packs[0], data, 0o644); err != nil {
		t.Fatal(err)
	}
	s := openStore(t, gitDir)
	failed := 0
	for _, g := range objs {
		o, err := s.EncodedObject(plumbing.AnyObject, g.hash)
		if err != nil {
			failed++
			continue
		}
		if !bytes.Equal(o.(*object).data, want[g.hash]) {
			t.Fatalf("%s read from a corrupt pack without an error, with wrong content", g.hash)
		}
	}
	if failed == 0 {
		t.Fatal("no read failed: the corruption was not noticed")
	}
}
