package inventory

import (
	"context"
	"path"
	"slices"
	"strings"

	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/phases/phase"
)

// attrFilesVersion names the form of the cached list of a commit's
// attributes files.
const attrFilesVersion = "attrfiles-1"

// attributes reads the git attributes of the commit the run indexes (a
// working-tree run uses HEAD's: an uncommitted .gitattributes edit counts
// from its commit) and reports whether they differ from the base's, which
// makes every file's skip verdict open again.
func (p Phase) attributes(ctx context.Context, st *phase.State) (*gitrepo.Attributes, bool, error) {
	if st.Repo == nil || st.Commit == "" {
		return gitrepo.NewAttributes(nil, nil), false, nil
	}
	files, err := p.targetAttrFiles(ctx, st)
	if err != nil {
		return nil, false, err
	}
	changed := false
	switch {
	case st.Full || st.Base == nil || st.Base.Commit == st.Commit:
	case st.AttrChanges != nil:
		changed = len(st.AttrChanges) > 0
	default:
		baseFiles, err := p.attrFiles(ctx, st, st.Base.Commit)
		// A base commit that cannot be read any more (force-pushed and
		// collected) may have had other attributes.
		changed = err != nil || !slices.Equal(baseFiles, files)
	}
	attrs, err := st.Repo.TreeAttributes(files)
	return attrs, changed, err
}

// targetAttrFiles lists the indexed commit's attributes files: cached, or
// the base commit's list with the commit diff's attribute changes applied,
// or, failing both, from a walk of the tree.
func (p Phase) targetAttrFiles(ctx context.Context, st *phase.State) ([]gitrepo.Entry, error) {
	if st.AttrChanges != nil && st.Base != nil && !st.Full {
		var base []gitrepo.Entry
		if found, err := st.Cache.Get(attrFilesKey(st.Base.Commit), &base); err == nil && found {
			files := applyAttrChanges(base, st.AttrChanges)
			return files, st.Cache.Put(attrFilesKey(st.Commit), files)
		}
	}
	return p.attrFiles(ctx, st, st.Commit)
}

func attrFilesKey(commit string) string { return "attrs/" + attrFilesVersion + "/" + commit }

// applyAttrChanges folds a commit diff's attribute file changes into a
// list, kept sorted by path as a tree walk lists it.
func applyAttrChanges(files []gitrepo.Entry, changes []gitrepo.Change) []gitrepo.Entry {
	byPath := map[string]gitrepo.Entry{}
	for _, e := range files {
		byPath[e.Path] = e
	}
	for _, c := range changes {
		if c.From != nil {
			delete(byPath, c.From.Path)
		}
		if c.To != nil && path.Base(c.To.Path) == gitrepo.AttributesFile && c.To.Regular() {
			byPath[c.To.Path] = *c.To
		}
	}
	out := make([]gitrepo.Entry, 0, len(byPath))
	for _, e := range byPath {
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b gitrepo.Entry) int { return strings.Compare(a.Path, b.Path) })
	return out
}

// attrFiles lists a commit's attributes files, cached by commit: the list
// costs a walk of every tree, done once per commit.
func (p Phase) attrFiles(ctx context.Context, st *phase.State, commit string) ([]gitrepo.Entry, error) {
	key := attrFilesKey(commit)
	var files []gitrepo.Entry
	if found, err := st.Cache.Get(key, &files); err != nil || found {
		return files, err
	}
	tree, err := st.Repo.Tree(commit)
	if err != nil {
		return nil, err
	}
	named, err := gitrepo.WalkNamed(ctx, tree, gitrepo.AttributesFile)
	if err != nil {
		return nil, err
	}
	files = []gitrepo.Entry{}
	for _, e := range named {
		if e.Regular() {
			files = append(files, e)
		}
	}
	slices.SortFunc(files, func(a, b gitrepo.Entry) int { return strings.Compare(a.Path, b.Path) })
	return files, st.Cache.Put(key, files)
}
