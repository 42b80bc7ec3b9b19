package freshness

import (
	"slices"
	"strings"
)

// NotCheckedOut returns a test of whether git's index of the repository
// whose git directory is gitDir keeps a path out of the working tree: a
// skip-worktree entry (a sparse checkout, or update-index --skip-worktree)
// or a path under a sparse-index directory entry. Such a file is as HEAD
// has it although the working tree lacks it, as git status says. Without a
// readable index nothing is kept out.
func NotCheckedOut(gitDir string) func(p string) bool {
	idx, err := readGitIndex(gitDir)
	if err != nil || idx == nil {
		return func(string) bool { return false }
	}
	defer idx.close()
	var skipped, dirs []string
	for i := range idx.len() {
		// The paths are cloned: the test outlives the read, and would
		// otherwise keep every path of the index alive.
		switch e := idx.entry(i); {
		case e.sparseTree:
			dirs = append(dirs, strings.Clone(e.path))
		case e.stage == 0 && e.skipWorktree:
			skipped = append(skipped, strings.Clone(e.path))
		}
	}
	return func(p string) bool {
		if _, found := slices.BinarySearch(skipped, p); found {
			return true
		}
		for _, d := range dirs {
			if strings.HasPrefix(p, d) {
				return true
			}
		}
		return false
	}
}
