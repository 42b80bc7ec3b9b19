package repogen

import (
	"errors"
	"fmt"
	"io"
	"sort"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// Branch returns the name of the checked-out branch.
func (r *Repo) Branch() (string, error) {
	name, _, err := r.git.head()
	return name.Short(), err
}

// Checkout switches to branch. With create, the branch is created at the
// current commit (and must not exist); otherwise it must exist, and the
// worktree, index and models are switched to its tip.
func (r *Repo) Checkout(branch string, create bool) error {
	cur, head, err := r.git.head()
	if err != nil {
		return err
	}
	ref := plumbing.NewBranchReferenceName(branch)
	if err := ref.Validate(); err != nil || branch == "" {
		return fmt.Errorf("checkout %q: invalid branch name", branch)
	}
	_, err = r.git.st.Reference(ref)
	exists := err == nil
	if err != nil && !errors.Is(err, plumbing.ErrReferenceNotFound) {
		return fmt.Errorf("checkout %s: %w", branch, err)
	}
	switch {
	case create && exists:
		return fmt.Errorf("checkout -b %s: branch already exists", branch)
	case !create && !exists:
		return fmt.Errorf("checkout %s: no such branch", branch)
	case create:
		if err := r.git.st.SetReference(plumbing.NewHashReference(ref, head)); err != nil {
			return fmt.Errorf("create branch %s: %w", branch, err)
		}
		r.saved[cur.Short()] = r.st.clone()
	case ref != cur:
		if err := r.switchTo(cur.Short(), branch); err != nil {
			return err
		}
	}
	if err := r.git.st.SetReference(plumbing.NewSymbolicReference(plumbing.HEAD, ref)); err != nil {
		return fmt.Errorf("checkout %s: set HEAD: %w", branch, err)
	}
	return nil
}

// switchTo replaces the current state with branch's and syncs the worktree.
func (r *Repo) switchTo(from, branch string) error {
	next := r.saved[branch]
	if next == nil {
		var err error
		if next, err = r.loadState(branch); err != nil {
			return err
		}
	}
	old := r.st
	r.saved[from] = old
	delete(r.saved, branch)
	r.st = next
	paths := make([]string, 0, len(old.files)+len(next.files))
	for p := range old.files {
		paths = append(paths, p)
	}
	for p := range next.files {
		if _, ok := old.files[p]; !ok {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	for _, p := range paths {
		content, ok := next.files[p]
		if !ok {
			if err := r.git.del(p); err != nil {
				return err
			}
		} else if prev, had := old.files[p]; !had || prev != content {
			if err := r.git.put(p, content); err != nil {
				return err
			}
		}
	}
	return r.git.writeIndex()
}

// loadState reads a branch created outside this Repo; its files carry no
// models, so random edits only add files to it until models exist.
func (r *Repo) loadState(branch string) (*state, error) {
	ref, err := r.git.st.Reference(plumbing.NewBranchReferenceName(branch))
	if err != nil {
		return nil, fmt.Errorf("read branch %s: %w", branch, err)
	}
	c, err := object.GetCommit(r.git.st, ref.Hash())
	if err != nil {
		return nil, fmt.Errorf("read commit of %s: %w", branch, err)
	}
	tree, err := c.Tree()
	if err != nil {
		return nil, fmt.Errorf("read tree of %s: %w", branch, err)
	}
	st := newState()
	err = tree.Files().ForEach(func(f *object.File) error {
		rd, err := f.Reader()
		if err != nil {
			return err
		}
		defer rd.Close()
		b, err := io.ReadAll(rd)
		st.files[f.Name] = string(b)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("read files of %s: %w", branch, err)
	}
	return st, nil
}
