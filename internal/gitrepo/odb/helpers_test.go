package odb

import (
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing"
	gocache "github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/storage/filesystem"

	"github.com/lgraph/lgraph/internal/gittest"
)

func newRepo(t *testing.T) *gittest.Repo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	return gittest.New(t)
}

// fileText is file j as of commit i: mostly stable lines with a few that
// change every commit, so that packing makes long delta chains.
func fileText(i, j int) string {
	var b strings.Builder
	for k := range 120 + 7*j {
		if k%23 == (i+j)%23 {
			fmt.Fprintf(&b, "line %d of file %d, rewritten in commit %d\n", k, j, i)
		} else {
			fmt.Fprintf(&b, "line %d of file %d: func f%d(x int) int { return x * %d }\n", k, j, k, k+j)
		}
	}
	return b.String()
}

// history commits from..to-1: changing most files each time, renaming one
// now and then, with an empty file and a file of over 64 KiB.
func history(t *testing.T, r *gittest.Repo, from, to int) []string {
	t.Helper()
	var commits []string
	for i := from; i < to; i++ {
		files := map[string]string{"empty.txt": "", "big.txt": strings.Repeat(fileText(i, 40), 8)}
		for j := range 24 {
			if (i+j)%4 != 0 {
				files[fmt.Sprintf("src/pkg%d/file%d.go", j%4, j)] = fileText(i, j)
			}
		}
		r.Write(files)
		if i%5 == 4 {
			r.Move(fmt.Sprintf("src/pkg%d/file%d.go", i%4, i%24), fmt.Sprintf("moved/file%d_%d.go", i%24, i))
		}
		commits = append(commits, r.Commit(fmt.Sprintf("commit %d", i)))
	}
	return commits
}

// gitObject is what git says about one object.
type gitObject struct {
	hash plumbing.Hash
	typ  plumbing.ObjectType
	size int64
}

// allObjects lists every object of the repository at dir, alternates
// included, as git itself sees them.
func allObjects(t *testing.T, r *gittest.Repo, dir string) []gitObject {
	t.Helper()
	out := r.Git("-C", dir, "cat-file", "--batch-all-objects", "--batch-check=%(objectname) %(objecttype) %(objectsize)")
	var objs []gitObject
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		typ, err := plumbing.ParseObjectType(f[1])
		size, serr := strconv.ParseInt(f[2], 10, 64)
		if err != nil || serr != nil || !plumbing.IsHash(f[0]) {
			t.Fatalf("cat-file line %q", line)
		}
		objs = append(objs, gitObject{plumbing.NewHash(f[0]), typ, size})
	}
	return objs
}

func readAll(t *testing.T, o plumbing.EncodedObject) []byte {
	t.Helper()
	rd, err := o.Reader()
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	data, err := io.ReadAll(rd)
	if err != nil {
		t.Fatalf("read %s: %v", o.Hash(), err)
	}
	return data
}

func openStore(t *testing.T, gitDir string) *Store {
	t.Helper()
	s, err := Open(filepath.Join(gitDir, "objects"), DefaultCacheBytes)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// stock is go-git's filesystem storage of a repository and of each of its
// alternates, which go-git itself does not follow from an osfs root.
type stock []*filesystem.Storage

// stockContents reads each of objs through go-git's own object storage:
// what a read through the store must give back.
func stockContents(t *testing.T, gitDir string, objs []gitObject) map[plumbing.Hash][]byte {
	t.Helper()
	stock := openStock(t, gitDir)
	want := make(map[plumbing.Hash][]byte, len(objs))
	for _, g := range objs {
		o, err := stock.EncodedObject(plumbing.AnyObject, g.hash)
		if err != nil {
			t.Fatal(err)
		}
		want[g.hash] = readAll(t, o)
	}
	return want
}

func openStock(t *testing.T, gitDir string) stock {
	t.Helper()
	var out stock
	for _, d := range openStore(t, gitDir).dirs {
		st := filesystem.NewStorage(osfs.New(filepath.Dir(d.path)), gocache.NewObjectLRUDefault())
		t.Cleanup(func() { st.Close() })
		out = append(out, st)
	}
	return out
}

func (s stock) EncodedObject(typ plumbing.ObjectType, h plumbing.Hash) (o plumbing.EncodedObject, err error) {
	for _, st := range s {
		if o, err = st.EncodedObject(typ, h); err == nil {
			return o, nil
		}
	}
	return nil, err
}

// entryKinds counts the pack entries of s by kind; forwardRefs counts
// REF_DELTAs whose base sits after them, which only a thin pack completed
// by index-pack --fix-thin has.
func entryKinds(t *testing.T, s *Store) (kinds map[plumbing.ObjectType]int, forwardRefs int) {
	t.Helper()
	kinds = map[plumbing.ObjectType]int{}
	for _, d := range s.dirs {
		packs, err := d.packList()
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range packs {
			for pos := range p.idx.Count() {
				off, err := p.idx.OffsetAt(pos)
				if err != nil {
					t.Fatal(err)
				}
				e, _, err := p.header(off)
				if err != nil {
					t.Fatal(err)
				}
				kinds[e.kind]++
				if e.kind == refDelta {
					if base, ok, _ := p.idx.FindOffset(e.ref); ok && base > off {
						forwardRefs++
					}
				}
			}
		}
	}
	return kinds, forwardRefs
}
