package gitrepo

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// TestDiffTreesAgreesWithGoGit: on random histories (edits, additions,
// deletions, mode changes, files replaced by directories and back, whole
// directories moved), the diff that reads only changed subtrees lists the
// changes go-git's full diff lists, in both directions.
func TestDiffTreesAgreesWithGoGit(t *testing.T) {
	r := newRepo(t)
	rnd := rand.New(rand.NewSource(1))
	names := []string{"a", "b", "c/d", "c/e/f", "c/e/g", "h/i", "h/j/k", "a/x", "b/y/z", "c"}
	live := map[string]bool{}
	var commits []string
	for i := range 40 {
		for range 1 + rnd.Intn(4) {
			p := names[rnd.Intn(len(names))]
			if rnd.Intn(2) == 0 {
				p += fmt.Sprint(rnd.Intn(2))
			}
			switch op := rnd.Intn(5); {
			case op == 0 && live[p]:
				r.Remove(p)
				delete(live, p)
			case op == 1 && live[p]:
				if err := os.Chmod(filepath.Join(r.Dir, p), 0o755); err != nil {
					t.Fatal(err)
				}
			default:
				if conflicts(live, p) {
					continue
				}
				r.Write(map[string]string{p: fmt.Sprintf("%s v%d\n", p, i)})
				live[p] = true
			}
		}
		r.Git("add", "-A")
		r.Git("commit", "-q", "--allow-empty", "-m", fmt.Sprint(i))
		commits = append(commits, strings.TrimSpace(r.Git("rev-parse", "HEAD")))
	}
	repo, err := Open(r.Dir)
	if err != nil {
		t.Fatal(err)
	}
	defer repo.Close()
	ctx := context.Background()
	for i := range commits {
		for _, j := range []int{i - 1, i - 5, 0} {
			if j < 0 || j == i {
				continue
			}
			from, to := tree(t, repo, commits[j]), tree(t, repo, commits[i])
			for _, pair := range [][2]*object.Tree{{from, to}, {to, from}, {nil, to}, {from, nil}} {
				got, err := diffTrees(ctx, repo.objects.Tree, pair[0], pair[1])
				if err != nil {
					t.Fatal(err)
				}
				want, err := object.DiffTreeWithOptions(ctx, pair[0], pair[1], nil)
				if err != nil {
					t.Fatal(err)
				}
				if g, w := describe(got), describe(want); !slices.Equal(g, w) {
					t.Fatalf("commits %d -> %d: got %q, go-git %q", j, i, g, w)
				}
			}
		}
	}
}

// conflicts reports whether p cannot be a file beside the live ones (a
// prefix of it is a file, or it is a prefix of one): git would refuse.
// Such paths are skipped; replacing a file by a directory happens when
// the file was removed first.
func conflicts(live map[string]bool, p string) bool {
	for q := range live {
		if q != p && (isUnder(q, p) || isUnder(p, q)) {
			return true
		}
	}
	return false
}

func isUnder(p, dir string) bool {
	for d := path.Dir(p); d != "."; d = path.Dir(d) {
		if d == dir {
			return true
		}
	}
	return false
}

func tree(t *testing.T, repo *Repo, commit string) *object.Tree {
	t.Helper()
	tr, err := repo.Tree(commit)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// describe names each change by action and both sides, sorted.
func describe(cs object.Changes) []string {
	var out []string
	for _, c := range cs {
		a, err := c.Action()
		if err != nil {
			out = append(out, "error "+err.Error())
			continue
		}
		out = append(out, fmt.Sprintf("%v %s %s %v | %s %s %v", a, c.From.Name, c.From.TreeEntry.Hash, c.From.TreeEntry.Mode, c.To.Name, c.To.TreeEntry.Hash, c.To.TreeEntry.Mode))
	}
	slices.Sort(out)
	return out
}

// TestDiffOfWideDirectoryBuildsNothingPerEntry: comparing two versions of a
// directory of 5,000 files that differ in one walks both tree objects in
// step, in place; it used to build a map of each side's entries and a
// sorted list of their names (about a megabyte for one changed file), and
// then go-git's decoded entries (a string and a slot each).
func TestDiffOfWideDirectoryBuildsNothingPerEntry(t *testing.T) {
	var from, to object.Tree
	for i := range 5000 {
		e := object.TreeEntry{Name: fmt.Sprintf("f%04d.py", i), Mode: filemode.Regular, Hash: plumbing.NewHash(fmt.Sprintf("%040x", i+1))}
		from.Entries = append(from.Entries, e)
		if i == 2500 {
			e.Hash = plumbing.NewHash(fmt.Sprintf("%040x", 9999999))
		}
		to.Entries = append(to.Entries, e)
	}
	objects := treeObjects{}
	objects.add(t, &from)
	objects.add(t, &to)
	ctx := context.Background()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	out, err := diffTrees(ctx, objects.read, &from, &to)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 1 || out[0].To.Name != "f2500.py" {
		t.Fatalf("changes %v, want f2500.py modified", describe(out))
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 4<<10 {
		t.Errorf("diffing one changed file of 5,000 allocated %d bytes, want under 4 KiB", n)
	}
	// A tree object written out of git's order is read sorted.
	slices.Reverse(from.Entries)
	objects.add(t, &from)
	out, err = diffTrees(ctx, objects.read, &from, &to)
	if err != nil || len(out) != 1 || out[0].To.Name != "f2500.py" {
		t.Fatalf("out of order: changes %v (%v), want f2500.py modified", describe(out), err)
	}
}

// TestDiffRefusesMalformedTrees: a tree object cut short or with a bad
// mode fails the diff with the directory named, never a partial list.
func TestDiffRefusesMalformedTrees(t *testing.T) {
	good := object.Tree{Entries: []object.TreeEntry{{Name: "a.py", Mode: filemode.Regular, Hash: plumbing.NewHash(fmt.Sprintf("%040x", 1))}}}
	objects := treeObjects{}
	objects.add(t, &good)
	whole := objects[good.Hash]
	for name, data := range map[string][]byte{
		"cut short": whole[:len(whole)-3],
		"bad mode":  append([]byte("10x644"), whole[6:]...),
		"no NUL":    []byte("100644 a.py" + strings.Repeat("x", 20)),
	} {
		bad := object.Tree{Hash: plumbing.NewHash(fmt.Sprintf("%040x", 77))}
		objects[bad.Hash] = data
		if out, err := diffTrees(context.Background(), objects.read, &bad, &good); err == nil || !strings.Contains(err.Error(), "malformed tree") {
			t.Errorf("%s: changes %v, error %v; want a malformed tree error", name, describe(out), err)
		}
	}
}

// treeObjects holds encoded tree objects by hash, for diffTrees to read.
type treeObjects map[plumbing.Hash][]byte

// add encodes t as git does, in its entries' order (go-git's encoder
// refuses one out of git's order), sets its hash and keeps its content.
func (o treeObjects) add(t *testing.T, tree *object.Tree) {
	t.Helper()
	var data []byte
	for _, e := range tree.Entries {
		data = fmt.Appendf(data, "%o %s\x00", uint32(e.Mode), e.Name)
		data = append(data, e.Hash[:]...)
	}
	tree.Hash = plumbing.ComputeHash(plumbing.TreeObject, data)
	o[tree.Hash] = data
}

func (o treeObjects) read(h plumbing.Hash) ([]byte, error) {
	if data, ok := o[h]; ok {
		return data, nil
	}
	return nil, plumbing.ErrObjectNotFound
}

// TestDiffReadsAnEmptyName: an entry with an empty name (git fsck's
// complaint) is read as go-git reads it, not a failed diff: the path it
// makes has an empty component, which PathProblem skips downstream.
func TestDiffReadsAnEmptyName(t *testing.T) {
	objects := treeObjects{}
	sub := object.Tree{Entries: []object.TreeEntry{{Name: "", Mode: filemode.Regular, Hash: plumbing.NewHash(fmt.Sprintf("%040x", 5))}}}
	objects.add(t, &sub)
	top := object.Tree{Entries: []object.TreeEntry{{Name: "d", Mode: filemode.Dir, Hash: sub.Hash}}}
	objects.add(t, &top)
	out, err := diffTrees(context.Background(), objects.read, nil, &top)
	if err != nil || len(out) != 1 || out[0].To.Name != "d/" {
		t.Fatalf("changes %v (%v), want d/ added", describe(out), err)
	}
	if PathProblem(out[0].To.Name) != PathUnsafe {
		t.Fatalf("path %q is not skipped as unsafe", out[0].To.Name)
	}
}
