package packidx

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/lgraph/lgraph/internal/gittest"
)

// gitEntry is one line of `git show-index`: what git itself reads from an
// .idx file.
type gitEntry struct {
	hash plumbing.Hash
	off  int64
}

// packedRepo builds a repository of a few commits and packs it with the
// given repack arguments; it returns the path of the single .idx.
func packedRepo(t *testing.T, repack ...string) (*gittest.Repo, string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	r := gittest.New(t)
	for i := range 6 {
		files := map[string]string{}
		for j := range 40 {
			files[fmt.Sprintf("dir%d/f%d.txt", j%5, j)] = strings.Repeat(fmt.Sprintf("line %d of file %d\n", i, j), 20+j)
		}
		r.Write(files)
		r.Commit(fmt.Sprintf("commit %d", i))
	}
	r.Git(repack...)
	idx, err := filepath.Glob(filepath.Join(r.Dir, ".git/objects/pack/pack-*.idx"))
	if err != nil || len(idx) != 1 {
		t.Fatalf("want one pack index, got %v (%v)", idx, err)
	}
	return r, idx[0]
}

func showIndex(t *testing.T, r *gittest.Repo, idxPath string) []gitEntry {
	t.Helper()
	cmd := exec.Command("git", "show-index")
	f, err := os.Open(idxPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd.Stdin, cmd.Dir = f, r.Dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git show-index: %v", err)
	}
	var entries []gitEntry
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		off, err := strconv.ParseInt(fields[0], 10, 64)
		if err != nil || len(fields) < 2 || !plumbing.IsHash(fields[1]) {
			t.Fatalf("show-index line %q", sc.Text())
		}
		entries = append(entries, gitEntry{hash: plumbing.NewHash(fields[1]), off: off})
	}
	return entries
}

func TestIndexAgreesWithGit(t *testing.T) {
	for _, tc := range []struct {
		name    string
		repack  []string
		withRev bool
	}{
		{"no rev", []string{"-c", "pack.writeReverseIndex=false", "repack", "-adf", "--depth=50"}, false},
		{"rev", []string{"-c", "pack.writeReverseIndex=true", "repack", "-adf", "--depth=50"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, path := packedRepo(t, tc.repack...)
			want := showIndex(t, r, path)
			x, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer x.Close()
			if x.Count() != len(want) || x.HasReverse() != tc.withRev {
				t.Fatalf("count %d, reverse %v; git lists %d, want reverse %v", x.Count(), x.HasReverse(), len(want), tc.withRev)
			}
			checkLookups(t, x, want)
			if tc.withRev {
				checkPackOrder(t, x, want)
			} else if _, _, err := x.FindByOffset(want[0].off); !errors.Is(err, ErrNoReverse) {
				t.Errorf("FindByOffset without .rev: %v, want ErrNoReverse", err)
			}
		})
	}
}

// checkLookups finds every object git lists, in name order, and a few
// names the pack does not hold.
func checkLookups(t *testing.T, x *Index, want []gitEntry) {
	t.Helper()
	for pos, e := range want {
		off, ok, err := x.FindOffset(e.hash)
		if err != nil || !ok || off != e.off {
			t.Fatalf("FindOffset(%s) = %d, %v, %v; git says %d", e.hash, off, ok, err, e.off)
		}
		if h, err := x.HashAt(pos); err != nil || h != e.hash {
			t.Fatalf("HashAt(%d) = %s, %v; git lists %s", pos, h, err, e.hash)
		}
		missing := e.hash
		missing[19] ^= 0xff
		if !slices.ContainsFunc(want, func(g gitEntry) bool { return g.hash == missing }) {
			if _, ok, err := x.FindOffset(missing); ok || err != nil {
				t.Fatalf("FindOffset(%s) found an object git does not list (%v)", missing, err)
			}
		}
	}
}

func checkPackOrder(t *testing.T, x *Index, want []gitEntry) {
	t.Helper()
	byOff := slices.Clone(want)
	slices.SortFunc(byOff, func(a, b gitEntry) int { return cmp.Compare(a.off, b.off) })
	for n, e := range byOff {
		pos, err := x.PackOrder(n)
		if err != nil {
			t.Fatal(err)
		}
		if h, _ := x.HashAt(pos); h != e.hash {
			t.Fatalf("PackOrder(%d) names %s, git's %d-th object by offset is %s", n, h, n, e.hash)
		}
		pos, ok, err := x.FindByOffset(e.off)
		if err != nil || !ok {
			t.Fatalf("FindByOffset(%d): %v, %v", e.off, ok, err)
		}
		if h, _ := x.HashAt(pos); h != e.hash {
			t.Fatalf("FindByOffset(%d) names %s, git says %s", e.off, h, e.hash)
		}
		if _, ok, _ := x.FindByOffset(e.off + 1); ok && !slices.ContainsFunc(want, func(g gitEntry) bool { return g.off == e.off+1 }) {
			t.Fatalf("FindByOffset(%d) found an object where none starts", e.off+1)
		}
	}
}

func TestClosedIndexRefusesReads(t *testing.T) {
	_, path := packedRepo(t, "-c", "pack.writeReverseIndex=true", "repack", "-ad")
	x, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	h, err := x.HashAt(0)
	if err != nil {
		t.Fatal(err)
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	if _, _, err := x.FindOffset(h); !errors.Is(err, ErrClosed) {
		t.Fatalf("FindOffset after Close: %v, want ErrClosed", err)
	}
	if _, err := x.PackOrder(0); !errors.Is(err, ErrClosed) {
		t.Fatalf("PackOrder after Close: %v, want ErrClosed", err)
	}
	if err := x.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
}
