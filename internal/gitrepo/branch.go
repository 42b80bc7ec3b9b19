package gitrepo

import "github.com/go-git/go-git/v5/plumbing"

// HasBranch reports whether the local branch exists (refs/heads/NAME).
func (r *Repo) HasBranch(name string) bool {
	_, err := r.git.Reference(plumbing.NewBranchReferenceName(name), false)
	return err == nil
}
