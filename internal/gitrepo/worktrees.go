package gitrepo

import (
	"os"
	"path/filepath"
	"strings"
)

// Worktrees lists the working tree tops of every worktree of the repository
// whose common git directory is commonDir, from git's own metadata: the main
// worktree (the directory holding commonDir when it is named .git) and each
// linked worktree recorded in commonDir/worktrees/*/gitdir. A worktree whose
// record cannot be read is left out; callers that must not miss one also ask
// CommonDirAt of the directories around a path.
func Worktrees(commonDir string) []string {
	var tops []string
	if filepath.Base(commonDir) == ".git" {
		tops = append(tops, filepath.Dir(commonDir))
	}
	records, _ := filepath.Glob(filepath.Join(commonDir, "worktrees", "*", "gitdir"))
	for _, rec := range records {
		data, err := os.ReadFile(rec)
		if err != nil {
			continue
		}
		// The record names the worktree's .git file; relative records
		// (worktree.useRelativePaths) are relative to the record's directory.
		dotGit := strings.TrimSpace(string(data))
		if dotGit == "" {
			continue
		}
		if !filepath.IsAbs(dotGit) {
			dotGit = filepath.Join(filepath.Dir(rec), dotGit)
		}
		tops = append(tops, filepath.Dir(filepath.Clean(dotGit)))
	}
	return tops
}

// CommonDirAt reports the common git directory of the repository dir is the
// top of a worktree of: dir/.git is a git directory or a "gitdir:" file. It
// finds worktrees that metadata does not list, like the main worktree of a
// repository cloned with --separate-git-dir.
func CommonDirAt(dir string) (string, bool) {
	dotGit := filepath.Join(dir, ".git")
	fi, err := os.Stat(dotGit)
	if err != nil {
		return "", false
	}
	gitDir := dotGit
	if !fi.IsDir() {
		if gitDir, err = readGitFile(dotGit); err != nil {
			return "", false
		}
	}
	if fi, err := os.Stat(gitDir); err != nil || !fi.IsDir() {
		return "", false
	}
	return commonDir(gitDir), true
}
