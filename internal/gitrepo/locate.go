package gitrepo

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/go-git/go-git/v5/config"
)

// Locate names the directories a repository opened in dir would use,
// without opening it: the working tree top ("" when bare), the git
// directory and the common git directory. It reads a few small files
// (.git, commondir), as git's discovery does, so a read can find its
// store's warm process before it pays for opening the repository.
func Locate(dir string, getenv func(string) string) (top, gitDir, common string, err error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", "", "", fmt.Errorf("locate repository %s: %w", dir, err)
	}
	top, gitDir, err = locate(abs, getenv)
	if err != nil {
		return "", "", "", err
	}
	return top, gitDir, commonDir(gitDir), nil
}

// locate finds the working tree top ("" when bare) and git directory git
// would use in dir: from GIT_DIR and GIT_WORK_TREE when set, else by
// walking up (findTop).
func locate(dir string, getenv func(string) string) (top, gitDir string, err error) {
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	env := getenv("GIT_DIR")
	if env == "" {
		return findTop(dir)
	}
	gitDir = absFrom(dir, env)
	if fi, err := os.Stat(gitDir); err == nil && !fi.IsDir() {
		if gitDir, err = readGitFile(gitDir); err != nil {
			return "", "", err
		}
	}
	if !isGitDir(gitDir) {
		return "", "", fmt.Errorf("GIT_DIR %s is not a git directory: unset GIT_DIR or point it at one", env)
	}
	switch wt := getenv("GIT_WORK_TREE"); {
	case wt != "":
		return absFrom(dir, wt), gitDir, nil
	case bareConfig(gitDir):
		return "", gitDir, nil
	}
	// git takes the current directory as the top of the working tree.
	return dir, gitDir, nil
}

func absFrom(dir, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(dir, p)
}

// isGitDir reports whether dir looks like a git directory as git's
// discovery tests it: HEAD, objects/ and refs/ (a linked worktree's git
// dir has commondir instead of its own objects).
func isGitDir(dir string) bool {
	if fi, err := os.Stat(filepath.Join(dir, "HEAD")); err != nil || fi.IsDir() {
		return false
	}
	common := commonDir(dir)
	for _, sub := range []string{"objects", "refs"} {
		if fi, err := os.Stat(filepath.Join(common, sub)); err != nil || !fi.IsDir() {
			return false
		}
	}
	return true
}

// bareConfig reports whether the git directory's config says core.bare =
// true.
func bareConfig(gitDir string) bool {
	f, err := os.Open(filepath.Join(commonDir(gitDir), "config"))
	if err != nil {
		return false
	}
	defer f.Close()
	cfg, err := config.ReadConfig(f)
	return err == nil && cfg.Core.IsBare
}
