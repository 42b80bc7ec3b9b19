package gitrepo

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

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
