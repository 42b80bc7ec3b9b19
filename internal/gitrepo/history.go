package gitrepo

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// Commit is what a module's history shows of one commit.
type Commit struct {
	Hash string // full hex id
	// Time is the committer time (Unix seconds): when the commit landed
	// on the line it is on.
	Time    int64
	Subject string
	// Title is a merge commit's first body line (the pull request's title
	// on the common code hosts); empty for other commits.
	Title string
	// Merge is set for a commit with more than one parent.
	Merge bool
}

// FirstParents walks the first-parent line from tip, newest first, until
// it meets stop (which it leaves out; found is then true) or has listed
// limit commits or reached the root. It reads one commit object per step.
func (r *Repo) FirstParents(ctx context.Context, tip, stop string, limit int) (out []Commit, found bool, err error) {
	id := tip
	for len(out) < limit {
		if err := ctx.Err(); err != nil {
			return nil, false, err
		}
		if id == stop {
			return out, true, nil
		}
		c, err := object.GetCommit(r.objects, plumbing.NewHash(id))
		if errors.Is(err, plumbing.ErrObjectNotFound) && id != tip {
			return out, false, nil // a shallow clone's boundary: its parents are not here
		}
		if err != nil {
			return nil, false, fmt.Errorf("first-parent history of %.12s: %w", tip, err)
		}
		out = append(out, commitOf(c))
		if len(c.ParentHashes) == 0 {
			return out, false, nil
		}
		id = c.ParentHashes[0].String()
	}
	return out, id == stop, nil
}

// ParentPresent reports whether a commit has a first parent and the
// object store holds it (false at a root, and at a shallow clone's
// boundary until the clone is deepened).
func (r *Repo) ParentPresent(id string) bool {
	c, err := object.GetCommit(r.objects, plumbing.NewHash(id))
	return err == nil && len(c.ParentHashes) > 0 && r.HasCommit(c.ParentHashes[0].String())
}

// CommitInfo reads one commit's history line.
func (r *Repo) CommitInfo(id string) (Commit, error) {
	c, err := object.GetCommit(r.objects, plumbing.NewHash(id))
	if err != nil {
		return Commit{}, fmt.Errorf("read commit %.12s: %w", id, err)
	}
	return commitOf(c), nil
}

func commitOf(c *object.Commit) Commit {
	subject, body, _ := strings.Cut(strings.TrimLeft(c.Message, "\n"), "\n")
	out := Commit{Hash: c.Hash.String(), Time: c.Committer.When.Unix(), Subject: strings.TrimSpace(subject), Merge: len(c.ParentHashes) > 1}
	if out.Merge {
		for _, line := range strings.Split(body, "\n") {
			if line = strings.TrimSpace(line); line != "" {
				out.Title = line
				break
			}
		}
	}
	return out
}

// ChangedDirs lists, sorted, the directories holding either side of a
// change ("." for the top level): for the diff of a commit against its
// first parent, what TouchedDirs names, so a run that diffed the two
// already need not diff them again.
func ChangedDirs(changes []Change) []string {
	seen := map[string]bool{}
	for _, c := range changes {
		if c.From != nil {
			seen[path.Dir(c.From.Path)] = true
		}
		if c.To != nil {
			seen[path.Dir(c.To.Path)] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// TouchedDirs lists, sorted, the directories holding a path the commit
// changed against its first parent (against the empty tree for a root
// commit): "." for the top level. Only the trees whose ids differ are read,
// so its cost follows what the commit changed, not the size of the tree.
func (r *Repo) TouchedDirs(ctx context.Context, id string) ([]string, error) {
	c, err := object.GetCommit(r.objects, plumbing.NewHash(id))
	if err != nil {
		return nil, fmt.Errorf("read commit %.12s: %w", id, err)
	}
	var from plumbing.Hash
	if len(c.ParentHashes) > 0 {
		// A shallow clone's boundary commit has no parent here: it is
		// compared with the empty tree, as git log shows it.
		p, err := object.GetCommit(r.objects, c.ParentHashes[0])
		switch {
		case errors.Is(err, plumbing.ErrObjectNotFound):
		case err != nil:
			return nil, fmt.Errorf("read parent of %.12s: %w", id, err)
		default:
			from = p.TreeHash
		}
	}
	seen := map[string]bool{}
	if err := r.diffDirs(ctx, from, c.TreeHash, ".", seen); err != nil {
		return nil, fmt.Errorf("diff %.12s against its parent: %w", id, err)
	}
	dirs := make([]string, 0, len(seen))
	for d := range seen {
		dirs = append(dirs, d)
	}
	slices.Sort(dirs)
	return dirs, nil
}

// diffDirs marks in seen each directory under dir (a repository path, "."
// for the top) holding an entry that differs between trees a and b (the
// zero hash: the empty tree). Equal subtrees are skipped by id, unread.
func (r *Repo) diffDirs(ctx context.Context, a, b plumbing.Hash, dir string, seen map[string]bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	ea, err := r.treeEntries(a)
	if err == nil {
		var eb map[string]object.TreeEntry
		if eb, err = r.treeEntries(b); err == nil {
			return r.diffTrees(ctx, ea, eb, dir, seen)
		}
	}
	// A partial clone (--filter=tree:0) lacks old trees: the directory
	// counts as changed, as the commit's tree may differ anywhere below.
	if errors.Is(err, ErrNotFetched) {
		seen[dir] = true
		return nil
	}
	return err
}

// diffTrees compares two trees' entries (see diffDirs).
func (r *Repo) diffTrees(ctx context.Context, ea, eb map[string]object.TreeEntry, dir string, seen map[string]bool) error {
	for name, y := range eb {
		x, ok := ea[name]
		delete(ea, name)
		if ok && x == y {
			continue
		}
		if err := r.diffEntry(ctx, x, y, ok, true, dir, name, seen); err != nil {
			return err
		}
	}
	for name, x := range ea {
		if err := r.diffEntry(ctx, x, object.TreeEntry{}, true, false, dir, name, seen); err != nil {
			return err
		}
	}
	return nil
}

// diffEntry marks what one differing entry changed: a file marks dir, a
// subtree is compared with the other side's subtree (or the empty tree).
func (r *Repo) diffEntry(ctx context.Context, x, y object.TreeEntry, hasX, hasY bool, dir, name string, seen map[string]bool) error {
	sub := name
	if dir != "." {
		sub = dir + "/" + name
	}
	var ta, tb plumbing.Hash
	if hasX && x.Mode == filemode.Dir {
		ta = x.Hash
	} else if hasX {
		seen[dir] = true
	}
	if hasY && y.Mode == filemode.Dir {
		tb = y.Hash
	} else if hasY {
		seen[dir] = true
	}
	if ta.IsZero() && tb.IsZero() {
		return nil
	}
	return r.diffDirs(ctx, ta, tb, sub, seen)
}

// treeEntries reads a tree's entries by name (none for the zero hash).
func (r *Repo) treeEntries(h plumbing.Hash) (map[string]object.TreeEntry, error) {
	if h.IsZero() {
		return map[string]object.TreeEntry{}, nil
	}
	t, err := object.GetTree(r.objects, h)
	if err != nil {
		return nil, fmt.Errorf("read tree %s: %w", h, r.missing(err))
	}
	out := make(map[string]object.TreeEntry, len(t.Entries))
	for _, e := range t.Entries {
		out[e.Name] = e
	}
	return out, nil
}
