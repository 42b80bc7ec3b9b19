package odb

import (
	"bytes"
	"errors"
	"path/filepath"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// scenario builds a repository whose objects sit in one particular way and
// returns its git dir; want names the pack entry kinds that must occur.
type scenario struct {
	name  string
	build func(t *testing.T, r *gittest.Repo) string
	want  func(t *testing.T, kinds map[plumbing.ObjectType]int, forwardRefs int)
}

func wantKinds(need ...plumbing.ObjectType) func(*testing.T, map[plumbing.ObjectType]int, int) {
	return func(t *testing.T, kinds map[plumbing.ObjectType]int, _ int) {
		for _, k := range need {
			if kinds[k] == 0 {
				t.Fatalf("no pack entry of kind %d among %v: the scenario does not test it", k, kinds)
			}
		}
	}
}

func repacked(args ...string) func(*testing.T, *gittest.Repo) string {
	return func(t *testing.T, r *gittest.Repo) string {
		history(t, r, 0, 20)
		r.Git(args...)
		return filepath.Join(r.Dir, ".git")
	}
}

var scenarios = []scenario{
	{"loose objects only", func(t *testing.T, r *gittest.Repo) string {
		history(t, r, 0, 8)
		return filepath.Join(r.Dir, ".git")
	}, wantKinds()},
	{"ofs deltas without rev", repacked("-c", "pack.writeReverseIndex=false", "repack", "-adf", "--depth=50", "--window=50"),
		wantKinds(plumbing.BlobObject, plumbing.TreeObject, plumbing.CommitObject, ofsDelta)},
	{"ofs deltas with rev", repacked("-c", "pack.writeReverseIndex=true", "repack", "-adf", "--depth=50", "--window=50"),
		wantKinds(ofsDelta)},
	{"ref deltas", repacked("-c", "repack.useDeltaBaseOffset=false", "repack", "-adf", "--depth=50"),
		wantKinds(refDelta)},
	{"several packs and loose objects", func(t *testing.T, r *gittest.Repo) string {
		history(t, r, 0, 12)
		r.Git("repack", "-ad", "--depth=50")
		history(t, r, 12, 20)
		r.Git("repack", "-d") // a second pack of what was loose
		history(t, r, 20, 26)
		return filepath.Join(r.Dir, ".git")
	}, wantKinds(ofsDelta)},
	{"thin pack completed by fetch", func(t *testing.T, r *gittest.Repo) string {
		commits := history(t, r, 0, 20)
		r.Git("branch", "old", commits[10])
		dst := filepath.Join(t.TempDir(), "dst")
		r.Git("init", "-q", dst)
		r.Git("-C", dst, "fetch", "-q", r.Dir, "old:refs/heads/old")
		r.Git("-C", dst, "-c", "fetch.unpackLimit=1", "-c", "transfer.unpackLimit=1", "fetch", "-q", r.Dir, "main:refs/heads/main")
		return filepath.Join(dst, ".git")
	}, func(t *testing.T, kinds map[plumbing.ObjectType]int, forwardRefs int) {
		if forwardRefs == 0 {
			t.Fatalf("no REF_DELTA to a base appended after it among %v: the fetch kept no thin pack", kinds)
		}
	}},
	{"alternates", func(t *testing.T, r *gittest.Repo) string {
		history(t, r, 0, 10)
		r.Git("repack", "-ad")
		dst := filepath.Join(t.TempDir(), "dst")
		r.Git("clone", "-q", "--shared", r.Dir, dst)
		r.Git("-C", dst, "commit", "-q", "--allow-empty", "-m", "own commit")
		return filepath.Join(dst, ".git")
	}, wantKinds(ofsDelta)},
}

// TestStoreMatchesGitAndGoGit reads every object git lists, each way the
// objects can be stored, and compares it with what git reports and with
// what go-git's own storage reads.
func TestStoreMatchesGitAndGoGit(t *testing.T) {
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel() // most of the time is spent waiting for git
			r := newRepo(t)
			gitDir := sc.build(t, r)
			objs := allObjects(t, r, gitDir)
			s, stock := openStore(t, gitDir), openStock(t, gitDir)
			kinds, forwardRefs := entryKinds(t, s)
			sc.want(t, kinds, forwardRefs)
			for _, g := range objs {
				checkObject(t, s, g, stock)
			}
			checkIteration(t, s, objs)
			if _, err := s.EncodedObject(plumbing.AnyObject, plumbing.NewHash("00000000000000000000000000000000000000aa")); !errors.Is(err, plumbing.ErrObjectNotFound) {
				t.Fatalf("reading a missing object: %v, want ErrObjectNotFound", err)
			}
		})
	}
}

func checkObject(t *testing.T, s *Store, g gitObject, stock stock) {
	t.Helper()
	o, err := s.EncodedObject(g.typ, g.hash)
	if err != nil {
		t.Fatalf("read %s: %v", g.hash, err)
	}
	data := readAll(t, o)
	if o.Hash() != g.hash || o.Type() != g.typ || o.Size() != g.size || int64(len(data)) != g.size {
		t.Fatalf("%s: got %s %s of %d bytes (%d read); git says %s of %d", g.hash, o.Hash(), o.Type(), o.Size(), len(data), g.typ, g.size)
	}
	if plumbing.ComputeHash(g.typ, data) != g.hash {
		t.Fatalf("%s: content hashes to %s", g.hash, plumbing.ComputeHash(g.typ, data))
	}
	so, err := stock.EncodedObject(plumbing.AnyObject, g.hash)
	if err != nil {
		t.Fatalf("go-git reads %s: %v", g.hash, err)
	}
	if so.Type() != o.Type() || !bytes.Equal(readAll(t, so), data) {
		t.Fatalf("%s differs from go-git's read", g.hash)
	}
	if size, err := s.EncodedObjectSize(g.hash); err != nil || size != g.size {
		t.Fatalf("EncodedObjectSize(%s) = %d, %v; git says %d", g.hash, size, err, g.size)
	}
	if err := s.HasEncodedObject(g.hash); err != nil {
		t.Fatalf("HasEncodedObject(%s): %v", g.hash, err)
	}
	other := plumbing.BlobObject
	if g.typ == plumbing.BlobObject {
		other = plumbing.TreeObject
	}
	if _, err := s.EncodedObject(other, g.hash); !errors.Is(err, plumbing.ErrObjectNotFound) {
		t.Fatalf("reading %s %s as a %s: %v, want ErrObjectNotFound", g.typ, g.hash, other, err)
	}
}

// checkIteration walks the store and finds exactly git's objects, each
// once, with their content.
func checkIteration(t *testing.T, s *Store, objs []gitObject) {
	t.Helper()
	want := map[plumbing.Hash]gitObject{}
	for _, g := range objs {
		want[g.hash] = g
	}
	it, err := s.IterEncodedObjects(plumbing.AnyObject)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[plumbing.Hash]bool{}
	err = it.ForEach(func(o plumbing.EncodedObject) error {
		g, ok := want[o.Hash()]
		if !ok || seen[o.Hash()] || o.Type() != g.typ || o.Size() != g.size {
			t.Fatalf("iteration yields %s %s of %d (listed by git: %v, seen before: %v)", o.Hash(), o.Type(), o.Size(), ok, seen[o.Hash()])
		}
		seen[o.Hash()] = true
		return nil
	})
	if err != nil || len(seen) != len(want) {
		t.Fatalf("iteration yields %d of git's %d objects (%v)", len(seen), len(want), err)
	}
	it, err = s.IterEncodedObjects(plumbing.CommitObject)
	if err != nil {
		t.Fatal(err)
	}
	commits := 0
	it.ForEach(func(o plumbing.EncodedObject) error {
		if o.Type() != plumbing.CommitObject {
			t.Fatalf("commit iteration yields a %s", o.Type())
		}
		commits++
		return nil
	})
	wantCommits := 0
	for _, g := range objs {
		if g.typ == plumbing.CommitObject {
			wantCommits++
		}
	}
	if commits != wantCommits {
		t.Fatalf("commit iteration yields %d, git lists %d", commits, wantCommits)
	}
}
