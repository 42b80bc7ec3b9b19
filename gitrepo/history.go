package gitrepo

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
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

// TouchedDirs lists, sorted, the directories holding a path the commit
// changed against its first parent (against the empty tree for a root
// commit): "." for the top level. The tree diff skips equal subtrees by
// hash, so its cost follows what the commit changed.
func (r *Repo) TouchedDirs(ctx context.Context, id string) ([]string, error) {
	c, err := object.GetCommit(r.objects, plumbing.NewHash(id))
	if err != nil {
		return nil, fmt.Errorf("read commit %.12s: %w", id, err)
	}
	to, err := c.Tree()
	if err != nil {
		return nil, fmt.Errorf("read tree of %.12s: %w", id, err)
	}
	var from *object.Tree
	if len(c.ParentHashes) > 0 {
		// A shallow clone's boundary commit has no parent here: it is
		// compared with the empty tree, as git log shows it.
		p, err := object.GetCommit(r.objects, c.ParentHashes[0])
		switch {
		case errors.Is(err, plumbing.ErrObjectNotFound):
		case err != nil:
			return nil, fmt.Errorf("read parent of %.12s: %w", id, err)
		default:
			if from, err = p.Tree(); err != nil {
				return nil, fmt.Errorf("read tree of %.12s: %w", p.Hash, err)
			}
		}
	}
	changes, err := object.DiffTreeWithOptions(ctx, from, to, nil)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return nil, err
		}
		return nil, fmt.Errorf("diff %.12s against its parent: %w", id, err)
	}
	seen := map[string]bool{}
	for _, ch := range changes {
		for _, name := range []string{ch.From.Name, ch.To.Name} {
			if name == "" {
				continue
			}
			dir := "."
			if i := strings.LastIndexByte(name, '/'); i >= 0 {
				dir = name[:i]
			}
			seen[dir] = true
		}
	}
	dirs := make([]string, 0, len(seen))
	for d := range seen {
		dirs = append(dirs, d)
	}
	slices.Sort(dirs)
	return dirs, nil
}
