package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// codegraphPackage is the npm package the init time is compared with.
const codegraphPackage = "@colbymchenry/codegraph"

// codegraphResult is codegraph's init, or why it could not run.
type codegraphResult struct {
	init        sample
	version     string
	unavailable string
}

// codegraphEnv keeps codegraph's init to indexing: no usage statistics sent
// and no background watcher left behind.
var codegraphEnv = []string{"CODEGRAPH_TELEMETRY=0", "DO_NOT_TRACK=1", "CODEGRAPH_NO_DAEMON=1"}

// codegraphInit installs codegraph into cacheDir when it is not there, then
// times `codegraph init --yes` (as its README says) on a worktree of clone
// at commit, so the clone stays clean. What keeps codegraph from running is
// returned as unavailable, not as an error: the table says it.
func codegraphInit(ctx context.Context, cacheDir, clone, commit string) (codegraphResult, error) {
	bin, err := installCodegraph(ctx, cacheDir)
	if err != nil {
		return codegraphResult{unavailable: err.Error()}, nil
	}
	version, err := exec.CommandContext(ctx, bin, "--version").Output()
	if err != nil {
		return codegraphResult{unavailable: fmt.Sprintf("%s --version: %v", bin, err)}, nil
	}
	var res codegraphResult
	err = withTemp(func(tmp string) error {
		wt := filepath.Join(tmp, "tree")
		if _, err := git(ctx, clone, "worktree", "add", "-q", "--detach", wt, commit); err != nil {
			return err
		}
		defer git(ctx, clone, "worktree", "remove", "--force", wt)
		progress("codegraph init on " + commit[:9])
		s, err := timeCmdIn(ctx, codegraphEnv, bin, "init", "--yes", wt)
		if err != nil {
			res.unavailable = "codegraph init failed: " + failureLine(err.Error())
			return nil
		}
		res.init, res.version = s, strings.TrimSpace(string(version))
		progress(fmt.Sprintf("codegraph init: CPU %.1f s, wall %.1f s, %.0f MB", s.cpu.Seconds(), s.wall.Seconds(), rssMB(s)))
		return nil
	})
	return res, err
}

// installCodegraph returns codegraph's command in cacheDir, installing the
// package there with npm first when it is missing.
func installCodegraph(ctx context.Context, cacheDir string) (string, error) {
	bin := filepath.Join(cacheDir, "node_modules", ".bin", "codegraph")
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	if _, err := exec.LookPath("npm"); err != nil {
		return "", errors.New("npm is not installed")
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return "", err
	}
	progress("npm install " + codegraphPackage + " into " + cacheDir)
	out, err := exec.CommandContext(ctx, "npm", "install", "--prefix", cacheDir, "--no-audit", "--no-fund", codegraphPackage).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("npm install %s: %v: %s", codegraphPackage, err, lastLine(string(out)))
	}
	if _, err := os.Stat(bin); err != nil {
		return "", fmt.Errorf("npm install %s left no %s", codegraphPackage, bin)
	}
	return bin, nil
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// failureLine is the last line of a failed command's output that is
// neither GNU time's note of the exit status nor its peak memory.
func failureLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		l := strings.TrimSpace(lines[i])
		if _, err := strconv.Atoi(l); err == nil || l == "" || strings.HasPrefix(l, "Command exited with") {
			continue
		}
		return l
	}
	return lastLine(s)
}
