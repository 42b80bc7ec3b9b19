package gitrepo

import (
	"errors"
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/storer"
)

// HasBranch reports whether the local branch exists (refs/heads/NAME).
func (r *Repo) HasBranch(name string) bool {
	_, err := r.git.Reference(plumbing.NewBranchReferenceName(name), false)
	return err == nil
}

// unbornHead explains a HEAD naming a branch with no commit: an empty
// repository, or an orphan branch (git checkout --orphan) in one that has
// commits on other branches.
func (r *Repo) unbornHead() error {
	sym, err := r.git.Storer.Reference(plumbing.HEAD)
	if err != nil || sym.Type() != plumbing.SymbolicReference || !sym.Target().IsBranch() {
		return ErrEmptyRepo
	}
	iter, err := r.git.Branches()
	if err != nil {
		return ErrEmptyRepo
	}
	other := ""
	_ = iter.ForEach(func(b *plumbing.Reference) error {
		other = b.Name().Short()
		return storer.ErrStop
	})
	if other == "" {
		return ErrEmptyRepo
	}
	return fmt.Errorf("%w: branch %s has no commits yet (an orphan branch): commit on it, or switch to a branch with commits such as %s",
		errUnborn, sym.Target().Short(), other)
}

// errUnborn marks a HEAD on a branch with no commit.
var errUnborn = errors.New("nothing to index")
