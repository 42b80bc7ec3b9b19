package freshness

import (
	"context"
	"sort"
	"time"

	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
)

// Statuses of a freshness block.
const (
	Fresh   = "fresh"
	Behind  = "behind"
	Dirty   = "dirty"
	Unknown = "unknown"
)

// Block is the freshness block every read carries (docs/design.md §5).
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
	// StatCache is the store file where stat data learned between reads is
	// kept (file hashes, verdicts, directory listings); empty learns
	// nothing and reads every file git's index does not vouch for.
	StatCache string
	// IsCode reports whether a working-tree file the snapshot lacks would
	// be indexed: size is its length, head returns its first SniffLen
	// bytes (read only when called). Nil skips the search for new files.
	IsCode func(path string, size int64, head func() []byte) bool
	// RulesKey names the rules IsCode applies: verdicts the stat cache
	// holds from other rules are not used.
	RulesKey string
	// Getenv reads the environment (HOME, XDG_CONFIG_HOME, GIT_CONFIG_*)
	// to find git's global excludes file; nil is os.Getenv.
	Getenv func(string) string
}

// Check compares the indexed tree with HEAD (by tree diff) and with the
// working tree by content, as git status does: an indexed file whose stat
// data git's index (or the stat cache) vouches for is judged by its blob
// id, any other is hashed; a timestamp alone never makes a file stale.
// Paths lgraph does not index are never stale.
func Check(ctx context.Context, in Input) (Block, error) {
	b := Block{Algorithm: Algorithm, HeadCommit: in.Head.Commit, Branch: in.Head.Branch, Status: Unknown, StalePaths: []string{}}
	b.Branch = store.HeadRef(b.Branch, in.Head.Worktree)
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
	dirty, err := worktreeStale(in, time.Now())
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
	changes, err := in.Repo.Diff(ctx, from, to)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, c := range changes {
		if c.From != nil && in.Snap.Files.Has(c.From.Path) {
			out = append(out, c.From.Path)
		}
		if c.To != nil && in.Candidate(*c.To) {
			out = append(out, c.To.Path)
		}
	}
	return out, nil
}
