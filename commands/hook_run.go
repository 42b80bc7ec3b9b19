package commands

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"

	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/hooks"
	"github.com/lgraph/lgraph/internal/readview"
	"github.com/lgraph/lgraph/internal/store"
)

// runHookRun is what an installed hook runs. It returns at once, leaving
// `lgraph hooks run --foreground` to update the worktree where git fired
// the hook, detached from git, its output appended to the store's hook
// log. The foreground form runs that update and records how it ended.
func runHookRun(ctx context.Context, g *Globals, args []string, foreground bool) error {
	hook := ""
	if len(args) > 0 {
		hook = args[0]
	}
	// post-checkout's third argument is 0 for a checkout of files, which
	// leaves HEAD where it was.
	if hook == "post-checkout" && len(args) >= 4 && args[3] == "0" {
		return nil
	}
	if foreground {
		return runHookUpdate(ctx, g, hook)
	}
	e, err := readview.OpenEnv(g.location(), true, nil)
	if err != nil {
		return logHookFailure(g, hook, err)
	}
	defer e.Repo.Close()
	log, err := hooks.OpenLog(e.Store.Dir)
	if err != nil {
		return err
	}
	defer log.Close()
	bin, err := os.Executable()
	if err != nil {
		return fmt.Errorf("hooks run: locate the lgraph binary: %w", err)
	}
	cmd := exec.Command(bin, append(childGlobals(g, e.Repo.Top), append([]string{"hooks", "run", "--foreground"}, args...)...)...)
	cmd.Dir, cmd.Env = e.Repo.Top, g.Environ
	cmd.Stdout, cmd.Stderr = log, log
	// Its own session: git's end (or a terminal closing) does not stop it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("hooks run: start the update: %w", err)
	}
	return cmd.Process.Release()
}

// childGlobals are the global flags the background update gets: the
// repository the hook fired in, and the store and config given.
func childGlobals(g *Globals, top string) []string {
	out := []string{"--repo", top}
	if g.ConfigFile != "" {
		out = append(out, "--config", g.ConfigFile)
	}
	if g.StoreDir != "" {
		out = append(out, "--store", g.StoreDir)
	}
	return out
}

// runHookUpdate runs the update a hook started, between a start and an end
// line in the log (its stdout and stderr).
func runHookUpdate(ctx context.Context, g *Globals, hook string) error {
	top := g.RepoDir
	if r, err := gitrepo.Open(dirOr(g.RepoDir)); err == nil {
		top = r.Top
		r.Close()
	}
	hooks.Started(g.Stdout, hook, top, time.Now())
	err := runIndex(ctx, indexOptions{command: "update", wait: true}, g)
	code, _ := exitCode(err)
	var rep reported
	if err != nil && !errors.As(err, &rep) {
		g.stderrf("lgraph: %s\n", err)
	}
	hooks.Ended(g.Stdout, hook, time.Now(), code, err)
	if err != nil {
		return reported{err}
	}
	return nil
}

func dirOr(d string) string {
	if d == "" {
		return "."
	}
	return d
}

// logHookFailure records a hook that could not even start its update (a
// broken config, an unreadable store) in the hook log of an existing
// store, so status shows it; git discards the hook's own output.
func logHookFailure(g *Globals, hook string, cause error) error {
	dir := g.StoreDir
	if dir == "" {
		r, err := gitrepo.Open(dirOr(g.RepoDir))
		if err != nil {
			return cause
		}
		dir = store.DefaultDir(r.CommonDir)
		r.Close()
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return cause
	}
	log, err := hooks.OpenLog(dir)
	if err != nil {
		return cause
	}
	defer log.Close()
	now := time.Now()
	hooks.Started(log, hook, dirOr(g.RepoDir), now)
	code, _ := exitCode(cause)
	hooks.Ended(log, hook, now, code, cause)
	return cause
}
