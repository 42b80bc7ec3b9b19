package pipeline

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/lgraph/lgraph/internal/freshness"
	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/phases/inventory"
)

// target is the tree a run indexes: a commit, or the working tree on top
// of HEAD (an overlay that reads use until the next commit).
type target struct {
	head     gitrepo.Head
	ref      string // the ref the run publishes
	worktree bool
	// entries lists every blob of the target tree.
	entries func(ctx context.Context) ([]gitrepo.Entry, error)
	// read returns a blob's bytes by id.
	read func(id string) ([]byte, error)
	// changes diffs a base commit's tree against the target.
	changes func(ctx context.Context, baseCommit string, base *snapshot.Snapshot) ([]gitrepo.Change, error)
}

// WorktreeRef is the ref name of a branch's working-tree overlay.
func WorktreeRef(branch string) string { return store.WorktreeRef(branch) }

func commitTarget(repo *gitrepo.Repo, head gitrepo.Head, ref string) (*target, error) {
	tree, err := repo.Tree(head.Commit)
	if err != nil {
		return nil, err
	}
	return &target{
		head: head, ref: ref, read: repo.ReadBlob,
		entries: func(ctx context.Context) ([]gitrepo.Entry, error) { return gitrepo.Walk(ctx, tree) },
		changes: func(ctx context.Context, baseCommit string, _ *snapshot.Snapshot) ([]gitrepo.Change, error) {
			from, err := repo.Tree(baseCommit)
			if err != nil {
				return nil, err
			}
			return repo.Diff(ctx, from, tree)
		},
	}, nil
}

// worktreeTarget indexes the files of HEAD with their working-tree content
// (a file deleted in the working tree is gone) and the code files staged or
// created since (untracked, not ignored). Blob ids are git's
// own hashes of the working bytes, so unchanged files are cache hits.
func worktreeTarget(ctx context.Context, o Options, head gitrepo.Head, branch string) (*target, error) {
	repo, rules := o.Repo, inventory.NewRules(o.Config)
	tree, err := repo.Tree(head.Commit)
	if err != nil {
		return nil, err
	}
	tracked, err := gitrepo.Walk(ctx, tree)
	if err != nil {
		return nil, err
	}
	var attrFiles []string
	for _, e := range tracked {
		attrFiles = append(attrFiles, e.Path)
	}
	conv := repo.NewConversion(repo.WorktreeAttributes(attrFiles))
	files := &worktreeFiles{top: repo.Top, conv: conv, byBlob: map[string]string{}}
	notCheckedOut := freshness.NotCheckedOut(repo.GitDir())
	var entries []gitrepo.Entry
	for _, e := range tracked {
		// A path lgraph skips is never opened: it may not exist as a file
		// (too long) or may lead out of the working tree.
		// A file behind a filter driver (LFS) is as HEAD has it: lgraph
		// runs no filter, so its working bytes cannot be turned into a blob.
		if !e.Regular() || gitrepo.PathProblem(e.Path) != "" || conv.Filtered(e.Path) {
			entries = append(entries, e)
			continue
		}
		id, err := files.hash(e.Path)
		if errors.Is(err, os.ErrNotExist) {
			// Outside a sparse checkout the file is as HEAD has it, as
			// git status says; otherwise it was deleted.
			if notCheckedOut(e.Path) {
				entries = append(entries, e)
			}
			continue
		}
		if err != nil {
			return nil, err
		}
		e.Blob = id
		entries = append(entries, e)
	}
	added, err := newWorktreeFiles(ctx, o, head, rules, tracked, files)
	if err != nil {
		return nil, err
	}
	entries = append(entries, added...)
	return &target{
		head: head, ref: WorktreeRef(branch), worktree: true,
		entries: func(context.Context) ([]gitrepo.Entry, error) { return entries, nil },
		read: func(id string) ([]byte, error) {
			if data, ok, err := files.read(id); ok || err != nil {
				return data, err
			}
			return repo.ReadBlob(id)
		},
		changes: func(ctx context.Context, baseCommit string, base *snapshot.Snapshot) ([]gitrepo.Change, error) {
			baseTree := tracked
			if baseCommit != head.Commit {
				t, err := repo.Tree(baseCommit)
				if err != nil {
					return nil, err
				}
				if baseTree, err = gitrepo.Walk(ctx, t); err != nil {
					return nil, err
				}
			}
			return synthesize(base, entries, baseTree), nil
		},
	}, nil
}

// newWorktreeFiles lists the code files of the working tree that HEAD's
// tree lacks: staged additions and files git neither tracks nor ignores,
// found by the same search (git's index, ignore rules, the inventory's
// rules) that makes a read call the tree dirty.
func newWorktreeFiles(ctx context.Context, o Options, head gitrepo.Head, rules inventory.Rules, tracked []gitrepo.Entry, files *worktreeFiles) ([]gitrepo.Entry, error) {
	// HEAD's code files stand in for an index of HEAD: git's index vouches
	// for most of them by stat data, so the search reads only what is new
	// or changed (those changed are hashed already and are skipped below).
	known := snapshot.New()
	for _, e := range tracked {
		if rules.Candidate(e) {
			known.Files.Set(&snapshot.File{Path: e.Path, Blob: e.Blob})
		}
	}
	// The stat cache reads keep (file hashes, verdicts, directory listings)
	// holds facts about the working tree, whatever snapshot they came from.
	block, err := freshness.Check(ctx, freshness.Input{Repo: o.Repo, Head: head, Ref: &store.Ref{Commit: head.Commit},
		Snap: known, Candidate: rules.Candidate, IsCode: rules.IsCode,
		StatCache: o.Store.StatCachePath(), RulesKey: inventory.RulesKey(o.Config)})
	if err != nil {
		return nil, fmt.Errorf("list new working-tree files: %w", err)
	}
	inHead := make(map[string]bool, len(tracked))
	for _, e := range tracked {
		inHead[e.Path] = true
	}
	var out []gitrepo.Entry
	for _, p := range block.StalePaths {
		if inHead[p] {
			continue
		}
		id, err := files.hash(p)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, gitrepo.Entry{Path: p, Blob: id, Mode: filemode.Regular})
	}
	return out, nil
}

// worktreeFiles maps blob ids to the working-tree files that hold them.
// A file's blob is what git would store: its bytes after git's clean
// conversion (CRLF to LF under text, eol or core.autocrlf).
type worktreeFiles struct {
	top    string
	conv   *gitrepo.Conversion
	mu     sync.Mutex
	byBlob map[string]string
}

func (w *worktreeFiles) load(p string) ([]byte, error) {
	data, err := os.ReadFile(filepath.Join(w.top, filepath.FromSlash(p)))
	if err != nil {
		return nil, err
	}
	return w.conv.Clean(p, data), nil
}

func (w *worktreeFiles) hash(p string) (string, error) {
	data, err := w.load(p)
	if err != nil {
		return "", err
	}
	id := plumbing.ComputeHash(plumbing.BlobObject, data).String()
	w.mu.Lock()
	w.byBlob[id] = p
	w.mu.Unlock()
	return id, nil
}

func (w *worktreeFiles) read(id string) ([]byte, bool, error) {
	w.mu.Lock()
	p, ok := w.byBlob[id]
	w.mu.Unlock()
	if !ok {
		return nil, false, nil
	}
	data, err := w.load(p)
	if err != nil {
		return nil, true, fmt.Errorf("read %s: %w", p, err)
	}
	if plumbing.ComputeHash(plumbing.BlobObject, data).String() != id {
		return nil, true, fmt.Errorf("%s changed while it was being indexed: run lgraph update --worktree again", p)
	}
	return data, true, nil
}

// synthesize diffs a snapshot against a list of entries by path and blob.
// A file of the snapshot's commit (baseTree) that the snapshot does not
// hold (not code, or skipped for its attributes or bytes) is diffed as
// the commit has it, so that skip counts move by the difference.
func synthesize(base *snapshot.Snapshot, entries, baseTree []gitrepo.Entry) []gitrepo.Change {
	var out []gitrepo.Change
	inBase := make(map[string]gitrepo.Entry, len(baseTree))
	for _, e := range baseTree {
		inBase[e.Path] = e
	}
	seen := map[string]bool{}
	for i := range entries {
		e := entries[i]
		if gitrepo.PathProblem(e.Path) != "" {
			continue // never in a snapshot; the base's skip counts stand
		}
		seen[e.Path] = true
		b := base.Files.Get(e.Path)
		h, tracked := inBase[e.Path]
		switch {
		case b == nil && tracked && h.Blob == e.Blob:
		case b == nil && tracked:
			out = append(out, gitrepo.Change{Action: gitrepo.Modified, From: &h, To: &e})
		case b == nil:
			out = append(out, gitrepo.Change{Action: gitrepo.Added, To: &e})
		case b.Blob != e.Blob:
			out = append(out, gitrepo.Change{Action: gitrepo.Modified, From: &gitrepo.Entry{Path: e.Path, Blob: b.Blob, Mode: e.Mode}, To: &e})
		}
	}
	for _, p := range base.Paths() {
		if !seen[p] {
			out = append(out, gitrepo.Change{Action: gitrepo.Deleted, From: &gitrepo.Entry{Path: p, Blob: base.Files.Get(p).Blob}})
		}
	}
	for _, e := range baseTree {
		if !seen[e.Path] && !base.Files.Has(e.Path) && gitrepo.PathProblem(e.Path) == "" {
			out = append(out, gitrepo.Change{Action: gitrepo.Deleted, From: &e})
		}
	}
	return out
}

// dropOverlay removes a branch's working-tree overlay once a commit
// snapshot supersedes it.
func dropOverlay(s *store.Store, branch string) error {
	return s.RemoveRef(WorktreeRef(branch))
}
