package inventory

import (
	"context"
	"path"
	"slices"

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
	files, err := p.attrFiles(ctx, st, st.Commit)
	if err != nil {
		return nil, false, err
	}
	changed := false
	if !st.Full && st.Base != nil && st.Base.Commit != st.Commit {
		baseFiles, err := p.attrFiles(ctx, st, st.Base.Commit)
		// A base commit that cannot be read any more (force-pushed and
		// collected) may have had other attributes.
		changed = err != nil || !slices.Equal(baseFiles, files)
	}
	attrs, err := st.Repo.TreeAttributes(files)
	return attrs, changed, err
}

// attrFiles lists a commit's attributes files, cached by commit: the list
// costs a walk of every tree, done once per commit.
func (p Phase) attrFiles(ctx context.Context, st *phase.State, commit string) ([]gitrepo.Entry, error) {
	key := "attrs/" + attrFilesVersion + "/" + commit
	var files []gitrepo.Entry
	if found, err := st.Cache.Get(key, &files); err != nil || found {
		return files, err
	}
	tree, err := st.Repo.Tree(commit)
	if err != nil {
		return nil, err
	}
	all, err := gitrepo.Walk(ctx, tree)
	if err != nil {
		return nil, err
	}
	files = []gitrepo.Entry{}
	for _, e := range all {
		if path.Base(e.Path) == gitrepo.AttributesFile && e.Regular() {
			files = append(files, e)
		}
	}
	return files, st.Cache.Put(key, files)
}
