package gitrepo

import (
	"context"
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

// Diff compares two trees with rename detection (git's default 60%
// similarity). Changes come sorted by path.
func Diff(ctx context.Context, from, to *object.Tree) ([]Change, error) {
	changes, err := object.DiffTreeWithOptions(ctx, from, to, &object.DiffTreeOptions{
		DetectRenames: true, RenameScore: 60, RenameLimit: 1000,
	})
	if err != nil {
		return nil, fmt.Errorf("diff trees: %w", err)
	}
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
