// Package gitrepo is lgraph's only door to git: it opens a repository with
// go-git, names HEAD, diffs two trees with rename detection and reads blobs.
package gitrepo

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/osfs"
	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/storage/filesystem"
	"github.com/go-git/go-git/v5/storage/filesystem/dotgit"
)

// ErrEmptyRepo reports a repository whose HEAD names no commit yet.
var ErrEmptyRepo = errors.New("the repository has no commits yet: commit something, then run lgraph init")

// Repo is an open git repository. Close releases the pack files it keeps
// open.
type Repo struct {
	git     *git.Repository
	storage *filesystem.Storage
	// mu serializes object reads on git: the pack files kept open are
	// shared descriptors that go-git seeks, so concurrent reads would
	// interleave. Blob reads, which phases make in parallel, each take a
	// handle of their own from pool instead.
	mu     sync.Mutex
	gitDir string
	poolMu sync.Mutex
	pool   []*handle
	// Top is the working tree root (absolute); empty for a bare repository.
	Top string
	// CommonDir is the git directory shared by every worktree (absolute).
	CommonDir string
}

// Open finds the repository holding dir (walking up like git does) and
// opens it, following linked worktrees to their common directory.
func Open(dir string) (*Repo, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("open repository %s: %w", dir, err)
	}
	top, gitDir, err := findTop(abs)
	if err != nil {
		return nil, err
	}
	common := commonDir(gitDir)
	// Pack files stay open between object reads and objects are cached:
	// with go-git's defaults every object read reopens the pack, which
	// made a 10-file tree diff in a 20,000-file repository cost ~75 ms.
	// ExclusiveAccess lets it list the packs once; a Repo lives for one
	// command (the MCP server opens one per call).
	repo := &Repo{Top: top, CommonDir: common, gitDir: gitDir}
	h, err := repo.openHandle()
	if err != nil {
		return nil, fmt.Errorf("open repository %s: %w", top, err)
	}
	repo.git, repo.storage = h.git, h.storage
	return repo, nil
}

// handle is one go-git view of the repository with its own open packs.
type handle struct {
	git     *git.Repository
	storage *filesystem.Storage
}

func (r *Repo) openHandle() (*handle, error) {
	var fs billy.Filesystem = osfs.New(r.gitDir)
	if r.CommonDir != r.gitDir {
		fs = dotgit.NewRepositoryFilesystem(osfs.New(r.gitDir), osfs.New(r.CommonDir))
	}
	st := filesystem.NewStorageWithOptions(fs, cache.NewObjectLRU(32*cache.MiByte),
		filesystem.Options{KeepDescriptors: true, ExclusiveAccess: true})
	g, err := git.Open(st, osfs.New(r.Top))
	if err != nil {
		st.Close()
		return nil, err
	}
	return &handle{git: g, storage: st}, nil
}

// Close releases the repository's open pack files.
func (r *Repo) Close() error {
	err := r.storage.Close()
	r.poolMu.Lock()
	for _, h := range r.pool {
		if cerr := h.storage.Close(); err == nil {
			err = cerr
		}
	}
	r.pool = nil
	r.poolMu.Unlock()
	if err != nil {
		return fmt.Errorf("close repository %s: %w", r.Top, err)
	}
	return nil
}

// findTop walks up from dir to the directory holding .git.
func findTop(dir string) (top, gitDir string, err error) {
	for d := dir; ; d = filepath.Dir(d) {
		candidate := filepath.Join(d, ".git")
		if fi, statErr := os.Stat(candidate); statErr == nil {
			if fi.IsDir() {
				return d, candidate, nil
			}
			target, readErr := readGitFile(candidate)
			if readErr != nil {
				return "", "", readErr
			}
			return d, target, nil
		}
		if filepath.Dir(d) == d {
			return "", "", fmt.Errorf("%s is not inside a git repository: run lgraph from a git working tree or pass --repo DIR", dir)
		}
	}
}

// readGitFile follows a ".git" file ("gitdir: PATH") of a linked worktree.
func readGitFile(p string) (string, error) {
	data, err := os.ReadFile(p)
	if err != nil {
		return "", fmt.Errorf("read %s: %w", p, err)
	}
	line := strings.TrimSpace(string(data))
	target, ok := strings.CutPrefix(line, "gitdir:")
	if !ok {
		return "", fmt.Errorf("%s: not a gitdir file", p)
	}
	target = strings.TrimSpace(target)
	if !filepath.IsAbs(target) {
		target = filepath.Join(filepath.Dir(p), target)
	}
	return filepath.Clean(target), nil
}

// commonDir resolves the "commondir" file a linked worktree's git dir holds.
func commonDir(gitDir string) string {
	data, err := os.ReadFile(filepath.Join(gitDir, "commondir"))
	if err != nil {
		return gitDir
	}
	c := strings.TrimSpace(string(data))
	if !filepath.IsAbs(c) {
		c = filepath.Join(gitDir, c)
	}
	return filepath.Clean(c)
}

// Head is what HEAD names right now.
type Head struct {
	Commit string // full hex id
	// Branch is the short branch name, or "" when HEAD is detached.
	Branch string
}

// Head resolves HEAD through refs only; it touches no pack.
func (r *Repo) Head() (Head, error) {
	ref, err := r.git.Head()
	if errors.Is(err, plumbing.ErrReferenceNotFound) {
		return Head{}, ErrEmptyRepo
	}
	if err != nil {
		return Head{}, fmt.Errorf("resolve HEAD: %w", err)
	}
	h := Head{Commit: ref.Hash().String()}
	if ref.Name().IsBranch() {
		h.Branch = ref.Name().Short()
	}
	return h, nil
}

// HasCommit reports whether the object store holds the commit.
func (r *Repo) HasCommit(id string) bool {
	if !plumbing.IsHash(id) {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	_, err := r.git.CommitObject(plumbing.NewHash(id))
	return err == nil
}

// Tree returns the root tree of a commit.
func (r *Repo) Tree(commit string) (*object.Tree, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	c, err := r.git.CommitObject(plumbing.NewHash(commit))
	if err != nil {
		return nil, fmt.Errorf("read commit %s: %w", commit, err)
	}
	t, err := c.Tree()
	if err != nil {
		return nil, fmt.Errorf("read tree of %s: %w", commit, err)
	}
	return t, nil
}

// CountCommits counts the commits reachable from to but not from, stopping at
// limit; used for "N commits behind".
func (r *Repo) CountCommits(from, to string, limit int) (int, error) {
	if from == to {
		return 0, nil
	}
	iter, err := r.git.Log(&git.LogOptions{From: plumbing.NewHash(to)})
	if err != nil {
		return 0, fmt.Errorf("log %s: %w", to, err)
	}
	defer iter.Close()
	n := 0
	for n < limit {
		c, err := iter.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return n, fmt.Errorf("log %s: %w", to, err)
		}
		if c.Hash.String() == from {
			break
		}
		n++
	}
	return n, nil
}

// Entry is one blob in a tree.
type Entry struct {
	Path string
	Blob string // hex id
	Mode filemode.FileMode
}

// Regular reports whether the entry is a plain file (not a symlink or submodule).
func (e Entry) Regular() bool {
	return e.Mode == filemode.Regular || e.Mode == filemode.Executable || e.Mode == filemode.Deprecated
}

// Walk lists every blob of a tree (submodules included with their mode).
func Walk(ctx context.Context, t *object.Tree) ([]Entry, error) {
	var out []Entry
	w := object.NewTreeWalker(t, true, nil)
	defer w.Close()
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		name, e, err := w.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("walk tree: %w", err)
		}
		if e.Mode == filemode.Dir {
			continue
		}
		out = append(out, Entry{Path: name, Blob: e.Hash.String(), Mode: e.Mode})
	}
}

// take borrows an idle handle, opening one when none is idle (so there are
// at most as many as concurrent readers).
func (r *Repo) take() (*handle, error) {
	r.poolMu.Lock()
	if n := len(r.pool); n > 0 {
		h := r.pool[n-1]
		r.pool = r.pool[:n-1]
		r.poolMu.Unlock()
		return h, nil
	}
	r.poolMu.Unlock()
	return r.openHandle()
}

func (r *Repo) give(h *handle) {
	r.poolMu.Lock()
	r.pool = append(r.pool, h)
	r.poolMu.Unlock()
}

// ReadBlob returns a blob's bytes. Safe for concurrent use.
func (r *Repo) ReadBlob(id string) ([]byte, error) {
	h, err := r.take()
	if err != nil {
		return nil, fmt.Errorf("read blob %s: %w", id, err)
	}
	defer r.give(h)
	b, err := h.git.BlobObject(plumbing.NewHash(id))
	if err != nil {
		return nil, fmt.Errorf("read blob %s: %w", id, err)
	}
	rd, err := b.Reader()
	if err != nil {
		return nil, fmt.Errorf("read blob %s: %w", id, err)
	}
	defer rd.Close()
	var buf bytes.Buffer
	buf.Grow(int(b.Size))
	if _, err := io.Copy(&buf, rd); err != nil {
		return nil, fmt.Errorf("read blob %s: %w", id, err)
	}
	return buf.Bytes(), nil
}

// GitDir is the repository's own git directory (a linked worktree's, not
// the common one): where its index and HEAD live.
func (r *Repo) GitDir() string { return r.gitDir }
