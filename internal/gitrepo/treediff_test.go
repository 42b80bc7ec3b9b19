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
				got, err := diffTrees(ctx, pair[0], pair[1])
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
// directory of 5,000 files that differ in one walks both entry lists in
// step; it used to build a map of each side's entries and a sorted list of
// their names, about a megabyte for one changed file.
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
	ctx := context.Background()
	var out object.Changes
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	err := diffInto(ctx, &out, "", &from, &to)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 1 || out[0].To.Name != "f2500.py" {
		t.Fatalf("changes %v, want f2500.py modified", describe(out))
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 64<<10 {
		t.Errorf("diffing one changed file of 5,000 allocated %d bytes, want under 64 KiB", n)
	}
	// A tree object written out of git's order is read sorted.
	slices.Reverse(from.Entries)
	out = nil
	if err := diffInto(ctx, &out, "", &from, &to); err != nil || len(out) != 1 || out[0].To.Name != "f2500.py" {
		t.Fatalf("out of order: changes %v (%v), want f2500.py modified", describe(out), err)
	}
}
