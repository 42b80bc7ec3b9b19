package gitrepo

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/storage/filesystem"

	"github.com/lgraph/lgraph/internal/gittest"
)

// BenchmarkOpenRead10 opens a repository whose pack holds n blobs (most of
// them deltas) and reads 10 of them: what an update of a 10-file commit
// pays for git access. With odb the cost stays flat as n grows; go-git's
// own storage (the old gitrepo, kept here as the baseline) decodes the
// whole .idx and maps every offset to its object on the first delta.
func BenchmarkOpenRead10(b *testing.B) {
	for _, n := range []int{5_000, 50_000} {
		dir, blobs := bigPackRepo(b, n)
		b.Run(fmt.Sprintf("blobs=%d/store=odb", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				repo, err := Open(dir)
				if err != nil {
					b.Fatal(err)
				}
				for _, id := range blobs {
					if _, err := repo.ReadBlob(id); err != nil {
						b.Fatal(err)
					}
				}
				repo.Close()
			}
			b.ReportMetric(float64(len(blobs)), "objects/op")
		})
		b.Run(fmt.Sprintf("blobs=%d/store=go-git", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				goGitRead(b, filepath.Join(dir, ".git"), blobs)
			}
			b.ReportMetric(float64(len(blobs)), "objects/op")
		})
	}
}

// goGitRead reads blobs the way gitrepo did before odb: go-git's
// filesystem storage with packs kept open.
func goGitRead(b *testing.B, gitDir string, blobs []string) {
	st := filesystem.NewStorageWithOptions(osfs.New(gitDir), cache.NewObjectLRU(32*cache.MiByte),
		filesystem.Options{KeepDescriptors: true, ExclusiveAccess: true})
	defer st.Close()
	for _, id := range blobs {
		o, err := st.EncodedObject(plumbing.BlobObject, plumbing.NewHash(id))
		if err != nil {
			b.Fatal(err)
		}
		rd, err := o.Reader()
		if err != nil {
			b.Fatal(err)
		}
		if _, err := io.Copy(io.Discard, rd); err != nil {
			b.Fatal(err)
		}
		rd.Close()
	}
}

// bigPackRepo writes n similar blobs with git fast-import (which stores
// each as a delta of the one before, up to its depth limit), packs them
// with git repack and returns the repository and 10 blob ids spread
// across the tree.
func bigPackRepo(b *testing.B, n int) (string, []string) {
	b.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("git not installed")
	}
	r := gittest.New(b)
	cmd := exec.Command("git", "fast-import", "--quiet", "--depth=50")
	cmd.Dir = r.Dir
	in, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(in)
	for i := range n {
		body := blobText(i)
		fmt.Fprintf(w, "blob\nmark :%d\ndata %d\n%s\n", i+1, len(body), body)
	}
	fmt.Fprintf(w, "commit refs/heads/main\ncommitter T <t@example.com> 1700000000 +0000\ndata 3\nbig\n")
	for i := range n {
		fmt.Fprintf(w, "M 100644 :%d d%03d/f%06d.txt\n", i+1, i%200, i)
	}
	w.WriteString("\n")
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	in.Close()
	if err := cmd.Wait(); err != nil {
		b.Fatalf("git fast-import: %v", err)
	}
	r.Git("repack", "-ad")
	repo, err := Open(r.Dir)
	if err != nil {
		b.Fatal(err)
	}
	defer repo.Close()
	tree, err := repo.Tree(r.Git("rev-parse", "main"))
	if err != nil {
		b.Fatal(err)
	}
	entries, err := Walk(context.Background(), tree)
	if err != nil || len(entries) != n {
		b.Fatalf("walk: %d entries of %d, %v", len(entries), n, err)
	}
	var blobs []string
	for i := range 10 {
		blobs = append(blobs, entries[i*n/10+n/20].Blob)
	}
	return r.Dir, blobs
}

// blobText is a source-like file that differs from its neighbours in a
// few lines.
func blobText(i int) string {
	var s strings.Builder
	for k := range 60 {
		if k%20 == i%20 {
			fmt.Fprintf(&s, "\tlog.Printf(\"file %d, step %d\")\n", i, k)
		} else {
			fmt.Fprintf(&s, "\tx%d := compute(x%d, %d) // shared line\n", k, k+1, k*k)
		}
	}
	return s.String()
}
