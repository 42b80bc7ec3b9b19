package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/gittest"
)

// codeBlobs makes n blobs of code-like text, about size bytes each.
func codeBlobs(n, size int) map[string][]byte {
	blobs := map[string][]byte{}
	for i := range n {
		var b strings.Builder
		for k := 0; b.Len() < size; k++ {
			fmt.Fprintf(&b, "func f%d_%d(x int) int { return x * %d } // line %d\n", i, k, k*i+7, k)
		}
		blobs[fmt.Sprintf("%040x", i)] = []byte(b.String())
	}
	return blobs
}

// countingRead reads blobs from a map and counts the reads of each id.
type countingRead struct {
	blobs map[string][]byte
	mu    sync.Mutex
	reads map[string]int
}

func (c *countingRead) read(id string) ([]byte, error) {
	c.mu.Lock()
	c.reads[id]++
	c.mu.Unlock()
	return bytes.Clone(c.blobs[id]), nil
}

// sweeps reads every blob rounds times, in the same order each round, as
// a full run's phases do, and checks the bytes.
func sweeps(t *testing.T, get func(string) ([]byte, error), blobs map[string][]byte, rounds int) {
	t.Helper()
	for range rounds {
		for id, want := range blobs {
			got, err := get(id)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("blob %s read through the memo differs", id)
			}
		}
	}
}

// TestMemoReadsATreeBeyondItsBoundOnce: a tree of code half again as
// large as the memo's bound is read from git once however many phases
// read it: what does not fit as read is kept compressed.
func TestMemoReadsATreeBeyondItsBoundOnce(t *testing.T) {
	const bound = 1 << 20
	blobs := codeBlobs(300, 5000) // 1.5 MB
	c := &countingRead{blobs: blobs, reads: map[string]int{}}
	sweeps(t, memoize(c.read, bound), blobs, 4)
	for id, n := range c.reads {
		if n != 1 {
			t.Fatalf("blob %s read from git %d times, want once", id, n)
		}
	}
}

// TestMemoStaysWithinItsBound: a tree ten times the bound is read, the
// memo holds no more than the bound, and what it could not keep is read
// from git again.
func TestMemoStaysWithinItsBound(t *testing.T) {
	const bound = 256 << 10
	blobs := codeBlobs(500, 5000) // 2.5 MB
	c := &countingRead{blobs: blobs, reads: map[string]int{}}
	m := newMemo(c.read, bound)
	sweeps(t, m.get, blobs, 2)
	held := 0
	for _, e := range m.kept {
		if e.packed {
			held += len(e.data)
		} else {
			held += cap(e.data)
		}
	}
	if held != m.held || held > bound || held < bound*3/4 {
		t.Fatalf("the memo holds %d bytes (counted %d), want most of the bound (%d) and no more", held, m.held, bound)
	}
	again := 0
	for _, n := range c.reads {
		if n > 1 {
			again++
		}
	}
	if kept := len(m.kept); again != len(blobs)-kept {
		t.Fatalf("%d blobs read again, want the %d not kept", again, len(blobs)-kept)
	}
}

// TestMemoKeepsASmallTreeAsRead: a tree within the bound is held as read,
// with nothing compressed, and read from git once.
func TestMemoKeepsASmallTreeAsRead(t *testing.T) {
	const bound = 1 << 20
	blobs := codeBlobs(150, 5000) // 0.75 MB
	c := &countingRead{blobs: blobs, reads: map[string]int{}}
	m := newMemo(c.read, bound)
	sweeps(t, m.get, blobs, 4)
	for id, e := range m.kept {
		if e.packed {
			t.Fatalf("blob %s kept compressed, want all kept as read", id)
		}
	}
	if len(m.kept) != len(blobs) {
		t.Fatalf("%d blobs kept, want all %d", len(m.kept), len(blobs))
	}
	for id, n := range c.reads {
		if n != 1 {
			t.Fatalf("blob %s read from git %d times, want once", id, n)
		}
	}
}

// BenchmarkFullRunReads reads every blob of a packed 12 MB tree four
// times through the memo, as a full run's inventory, explicit, implicit
// and enrich phases do: with a bound above the tree (kept as read), at
// half of it (the oldest compressed) and at a sixteenth (most read from
// git again each time).
func BenchmarkFullRunReads(b *testing.B) {
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("git not installed")
	}
	r := gittest.New(b)
	files := map[string]string{}
	for id, data := range codeBlobs(2000, 6000) {
		files["src/"+id[30:32]+"/f"+id[32:]+".go"] = string(data)
	}
	r.Write(files)
	r.Commit("tree")
	r.Git("repack", "-adf", "--window=0")
	tree := 12 << 20
	for _, bound := range []int{2 * tree, tree / 2, tree / 16} {
		b.Run(fmt.Sprintf("bound=%dKiB", bound>>10), func(b *testing.B) {
			for b.Loop() {
				repo, err := gitrepo.Open(r.Dir)
				if err != nil {
					b.Fatal(err)
				}
				head, err := repo.Head()
				if err != nil {
					b.Fatal(err)
				}
				t, err := repo.Tree(head.Commit)
				if err != nil {
					b.Fatal(err)
				}
				entries, err := gitrepo.Walk(context.Background(), t)
				if err != nil {
					b.Fatal(err)
				}
				read := memoize(repo.ReadBlob, bound)
				for range 4 {
					for _, e := range entries {
						if _, err := read(e.Blob); err != nil {
							b.Fatal(err)
						}
					}
				}
				repo.Close()
			}
		})
	}
}

// TestMemoCompressesOutsideItsLock: the memo compresses the blobs it
// pushes out without holding its lock, so the other workers' reads (the
// inventory reads every blob on every core) do not wait on each
// compression; the blob being compressed stays readable as read meanwhile.
func TestMemoCompressesOutsideItsLock(t *testing.T) {
	blobs := codeBlobs(40, 5000)
	m := newMemo(func(id string) ([]byte, error) { return bytes.Clone(blobs[id]), nil }, 64<<10)
	compressions, compress := 0, m.pack
	m.pack = func(data []byte) ([]byte, bool) {
		compressions++
		if !m.mu.TryLock() {
			t.Fatal("the memo compresses under its lock")
		}
		m.mu.Unlock()
		return compress(data)
	}
	sweeps(t, m.get, blobs, 2)
	if compressions == 0 {
		t.Fatal("nothing was compressed: the test checks nothing")
	}
}
