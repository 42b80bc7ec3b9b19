package gitrepo

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/utils/merkletrie"
)

// Action classifies one change.
type Action string

// Change actions, as git names them.
const (
	Added    Action = "A"
	Modified Action = "M"
	Deleted  Action = "D"
	Renamed  Action = "R"
)

// Change is one path-level change between two trees. For Added only To is
// set, for Deleted only From; Modified and Renamed have both.
type Change struct {
	Action Action
	From   *Entry
	To     *Entry
}

// Path is the change's current path (the old one for a deletion).
func (c Change) Path() string {
	if c.To != nil {
		return c.To.Path
	}
	return c.From.Path
}

// Diff compares two trees of r with rename detection (git's default 60%
// similarity). Changes come sorted by path.
func (r *Repo) Diff(ctx context.Context, from, to *object.Tree) ([]Change, error) {
	raw, err := diffTrees(ctx, r.objects.Tree, from, to)
	if err != nil {
		return nil, fmt.Errorf("diff trees: %w", err)
	}
	// go-git's rename detection opens each side as a File, which refuses
	// a name it would not check out (a newline, a ".git" component) and
	// fails the whole diff; such a change is kept as it is, unpaired.
	var plain, odd object.Changes
	for _, ch := range raw {
		if goGitOpens(ch.From.Name) && goGitOpens(ch.To.Name) {
			plain = append(plain, ch)
		} else {
			odd = append(odd, ch)
		}
	}
	changes, err := object.DetectRenames(plain, &object.DiffTreeOptions{RenameScore: 60, RenameLimit: 1000})
	if err != nil {
		return nil, fmt.Errorf("diff trees: %w", err)
	}
	changes = append(changes, odd...)
	out := make([]Change, 0, len(changes))
	for _, ch := range changes {
		c, err := convert(ch)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path() < out[j].Path() })
	return out, nil
}

func convert(ch *object.Change) (Change, error) {
	action, err := ch.Action()
	if err != nil {
		return Change{}, fmt.Errorf("classify change: %w", err)
	}
	entry := func(e object.ChangeEntry) *Entry {
		return &Entry{Path: e.Name, Blob: e.TreeEntry.Hash.String(), Mode: e.TreeEntry.Mode}
	}
	switch action {
	case merkletrie.Insert:
		return Change{Action: Added, To: entry(ch.To)}, nil
	case merkletrie.Delete:
		return Change{Action: Deleted, From: entry(ch.From)}, nil
	default:
		c := Change{Action: Modified, From: entry(ch.From), To: entry(ch.To)}
		if ch.From.Name != ch.To.Name {
			c.Action = Renamed
		}
		return c, nil
	}
}

// goGitOpens reports whether go-git lets a tree entry of this name out as
// a File (empty for a side of a change that has none). The lookup in an
// empty tree validates the name and reads nothing.
func goGitOpens(name string) bool {
	if name == "" {
		return true
	}
	_, err := (&object.Tree{}).FindEntry(name)
	return errors.Is(err, object.ErrEntryNotFound) || errors.Is(err, object.ErrDirectoryNotFound)
}
