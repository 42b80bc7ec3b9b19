package freshness

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/lgraph/lgraph/gitrepo"
	"github.com/lgraph/lgraph/snapshot"
	"github.com/lgraph/lgraph/store"
)

// Statuses of a freshness block.
const (
	Fresh   = "fresh"
	Behind  = "behind"
	Dirty   = "dirty"
	Unknown = "unknown"
)

// Block is the freshness block every read carries (DESIGN §5).
type Block struct {
	Algorithm     string   `json:"algorithm"`
	ContentRoot   string   `json:"content_root"`
	LeafCount     int      `json:"leaf_count"`
	IndexedCommit string   `json:"indexed_commit"`
	Branch        string   `json:"branch"`
	HeadCommit    string   `json:"head_commit"`
	Status        string   `json:"status"`
	ChangedFiles  int      `json:"changed_files"`
	StalePaths    []string `json:"stale_paths"`
	Verified      bool     `json:"verified"`
	// Worktree is set when the answer comes from a working-tree overlay.
	Worktree bool `json:"worktree,omitempty"`
}

// Input is what Check needs to know.
type Input struct {
	Repo *gitrepo.Repo
	Head gitrepo.Head
	Ref  *store.Ref
	Snap *snapshot.Snapshot
	// Candidate reports whether a path at HEAD could be an indexed file.
	Candidate func(e gitrepo.Entry) bool
	// StatCache is a file where working-tree hashes are remembered by stat
	// data between reads; empty hashes every file every time.
	StatCache string
	// IsCode reports whether an untracked working-tree file would be
	// indexed (head reads its first bytes, for a shebang). Nil skips the
	// search for untracked files.
	IsCode func(path string, head func() []byte) bool
}

// Check compares the indexed tree with HEAD (by tree diff) and with the
// working tree (by content hash, never by timestamps).
func Check(ctx context.Context, in Input) (Block, error) {
	b := Block{Algorithm: Algorithm, HeadCommit: in.Head.Commit, Branch: in.Head.Branch, Status: Unknown, StalePaths: []string{}}
	if b.Branch == "" {
		b.Branch = store.DetachedRef
	}
	if in.Ref == nil || in.Snap == nil {
		return b, nil
	}
	b.ContentRoot, b.LeafCount, b.IndexedCommit, b.Worktree = in.Ref.ContentRoot, in.Ref.LeafCount, in.Ref.Commit, in.Ref.Worktree
	stale := map[string]bool{}
	if in.Ref.Commit != in.Head.Commit {
		paths, err := behindPaths(ctx, in)
		if err != nil {
			return b, err
		}
		for _, p := range paths {
			stale[p] = true
		}
	}
	dirty, err := dirtyPaths(in)
	if err != nil {
		return b, err
	}
	for _, p := range dirty {
		stale[p] = true
	}
	for p := range stale {
		b.StalePaths = append(b.StalePaths, p)
	}
	sort.Strings(b.StalePaths)
	b.ChangedFiles = len(b.StalePaths)
	b.Verified = true
	switch {
	case in.Ref.Commit != in.Head.Commit && !in.Ref.Worktree:
		b.Status = Behind
	case len(dirty) > 0:
		b.Status = Dirty
	default:
		b.Status = Fresh
	}
	return b, nil
}

func behindPaths(ctx context.Context, in Input) ([]string, error) {
	if !in.Repo.HasCommit(in.Ref.Commit) {
		return nil, nil
	}
	from, err := in.Repo.Tree(in.Ref.Commit)
	if err != nil {
		return nil, err
	}
	to, err := in.Repo.Tree(in.Head.Commit)
	if err != nil {
		return nil, err
	}
	changes, err := gitrepo.Diff(ctx, from, to)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, c := range changes {
		if c.From != nil && in.Snap.Files[c.From.Path] != nil {
			out = append(out, c.From.Path)
		}
		if c.To != nil && in.Candidate(*c.To) {
			out = append(out, c.To.Path)
		}
	}
	return out, nil
}

// dirtyPaths lists indexed files whose working-tree bytes differ from the
// indexed ones (or are gone).
func dirtyPaths(in Input) ([]string, error) {
	if in.Repo.Top == "" {
		return nil, nil
	}
	cache := loadStatCache(in.StatCache)
	defer cache.save()
	var out []string
	for _, p := range in.Snap.Paths() {
		sum, err := cache.hash(p, filepath.Join(in.Repo.Top, filepath.FromSlash(p)))
		if errors.Is(err, os.ErrNotExist) {
			out = append(out, p)
			continue
		}
		if err != nil {
			return nil, err
		}
		if sum != in.Snap.Files[p].SHA256 {
			out = append(out, p)
		}
	}
	if in.IsCode != nil {
		known := make(map[string]bool, len(in.Snap.Files))
		for p := range in.Snap.Files {
			known[p] = true
		}
		out = append(out, untracked(in.Repo.Top, known, in.IsCode)...)
	}
	return out, nil
}

func hashFile(name string) (string, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
