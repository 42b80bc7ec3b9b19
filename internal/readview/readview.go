// Package readview opens what every read needs: the repository, the
// effective config, the store, the published snapshot of the current
// branch and its freshness block. The CLI and the MCP server share it, and
// neither ever opens the writer's cache, so a running update locks no
// reader out.
package readview

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/errcode"
	"github.com/lgraph/lgraph/internal/freshness"
	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/phases/inventory/classify"
)

// ErrUsage marks errors in what the user gave (config, flags, pins).
var ErrUsage = errcode.Sentinel(errcode.Usage, "usage")

// ErrRefused marks a read refused by a freshness pin.
var ErrRefused = errcode.Sentinel(errcode.Refused, "refused")

// ErrNotIndexed marks a read of a branch that was never indexed.
var ErrNotIndexed = errcode.Sentinel(errcode.NotIndexed, "not indexed yet: run lgraph init")

// Location says where a repository, its config and its store are.
type Location struct {
	// RepoDir is any directory inside the repository ("" is ".").
	RepoDir string
	// ConfigFile overrides .lgraph.yaml at the repository root.
	ConfigFile string
	// StoreDir overrides the store directory.
	StoreDir string
	// Environ is the process environment (for LGRAPH_* settings).
	Environ []string
}

// Env is an opened repository, config and store.
type Env struct {
	Repo   *gitrepo.Repo
	Loaded *config.Loaded
	Config *config.Config
	Store  *store.Store
}

// OpenEnv opens the repository, loads the config and opens the store
// (creating it only when create is set). overrides are flag values by key.
func OpenEnv(loc Location, create bool, overrides map[string]string) (*Env, error) {
	dir := loc.RepoDir
	if dir == "" {
		dir = "."
	}
	repo, err := gitrepo.OpenEnv(dir, loc.getenv)
	if err != nil {
		return nil, err
	}
	loaded, err := config.Load(loc.ConfigInputs(repo, overrides))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUsage, err)
	}
	s, err := store.Open(storeDir(loc.StoreDir, repo, &loaded.Config), create)
	if err != nil {
		return nil, err
	}
	return &Env{Repo: repo, Loaded: loaded, Config: &loaded.Config, Store: s}, nil
}

// getenv reads a variable of the location's environment (GIT_DIR,
// GIT_WORK_TREE), the last setting winning as in a process environment.
func (loc Location) getenv(key string) string {
	v := ""
	for _, kv := range loc.Environ {
		if k, val, ok := strings.Cut(kv, "="); ok && k == key {
			v = val
		}
	}
	return v
}

// ConfigInputs names what the config of an opened repository is built
// from: the user's files, .lgraph.yaml (or --config), the environment and
// flag overrides, and where the repository lies (its every worktree), so
// that no file of the repository passes for the user's.
func (loc Location) ConfigInputs(repo *gitrepo.Repo, overrides map[string]string) config.Inputs {
	in := config.Inputs{User: config.UserPathsFrom(loc.Environ), File: loc.ConfigFile, Explicit: loc.ConfigFile != "",
		RepoTop: repo.Top, GitDir: repo.GitDir(), CommonDir: repo.CommonDir, Environ: loc.Environ, Flags: overrides}
	if !in.Explicit && repo.Top != "" {
		in.File = filepath.Join(repo.Top, config.FileName)
	}
	return in
}

func storeDir(flag string, repo *gitrepo.Repo, cfg *config.Config) string {
	switch {
	case flag != "":
		return flag
	case cfg.Store != "":
		if filepath.IsAbs(cfg.Store) {
			return cfg.Store
		}
		return filepath.Join(repo.Top, cfg.Store)
	}
	return store.DefaultDir(repo.CommonDir)
}

// View is the graph a read answers from, with its freshness.
type View struct {
	Env   *Env
	Head  gitrepo.Head
	Ref   *store.Ref
	Snap  *snapshot.Snapshot
	Fresh freshness.Block
	stale map[string]bool
}

// Open loads the published snapshot of the current branch (its worktree
// overlay while that sits on HEAD) and computes its freshness block.
func Open(ctx context.Context, e *Env) (*View, error) {
	head, err := e.Repo.Head()
	if err != nil {
		return nil, err
	}
	branch := store.HeadRef(head.Branch, head.Worktree)
	ref, snap, err := load(e, branch, head.Commit)
	if err != nil {
		return nil, err
	}
	rules := classify.NewRules(e.Config)
	block, err := freshness.Check(ctx, freshness.Input{Repo: e.Repo, Head: head, Ref: ref, Snap: snap,
		Candidate: rules.Candidate, StatCache: e.Store.StatCachePath(), IsCode: rules.IsCode,
		RulesKey: classify.RulesKey(e.Config)})
	if err != nil {
		return nil, err
	}
	v := &View{Env: e, Head: head, Ref: ref, Snap: snap, Fresh: block, stale: map[string]bool{}}
	for _, p := range block.StalePaths {
		v.stale[p] = true
	}
	return v, nil
}

func load(e *Env, branch, head string) (*store.Ref, *snapshot.Snapshot, error) {
	ref, snap, err := e.Store.LoadPublished(store.WorktreeRef(branch))
	if err != nil {
		return nil, nil, err
	}
	if ref != nil && ref.Commit == head {
		return ref, snap, nil
	}
	return e.Store.LoadPublished(branch)
}

// RequireSnapshot refuses to answer when the branch was never indexed.
func (v *View) RequireSnapshot() error {
	if v.Snap == nil {
		return fmt.Errorf("branch %s is %w", v.Fresh.Branch, ErrNotIndexed)
	}
	return nil
}

// Pin is what a reader demands of the tree it is answered from.
type Pin struct {
	// ExpectRoot refuses any content root but this one.
	ExpectRoot string
	// Freshness is "allow_stale" (or "") or "require" (refuse unless fresh).
	Freshness string
}

// Enforce refuses to answer when the pin does not hold, saying what to run.
func (v *View) Enforce(p Pin) error {
	if err := v.RequireSnapshot(); err != nil {
		return err
	}
	switch p.Freshness {
	case "", "allow_stale":
	case "require":
		if v.Fresh.Status != freshness.Fresh {
			return fmt.Errorf("%w: the index is %s (%d stale %s): run %s, then ask again", ErrRefused, v.Fresh.Status, v.Fresh.ChangedFiles, filesWord(v.Fresh.ChangedFiles), fixFor(v.Fresh.Status))
		}
	default:
		return fmt.Errorf("%w: freshness %q: use allow_stale or require", ErrUsage, p.Freshness)
	}
	if p.ExpectRoot != "" && p.ExpectRoot != v.Fresh.ContentRoot {
		return fmt.Errorf("%w: the index describes content root %s, not %s: run lgraph update (or check out the tree you pinned), then ask again", ErrRefused, v.Fresh.ContentRoot, p.ExpectRoot)
	}
	return nil
}

// fixFor names the command that makes an index of this status fresh: an
// uncommitted edit is folded in only by an overlay of the working tree (a
// plain update indexes commits and would answer up_to_date).
func fixFor(status string) string {
	switch status {
	case freshness.Dirty:
		return "lgraph update --worktree (or commit, then lgraph update)"
	case freshness.Unknown:
		return "lgraph init"
	}
	return "lgraph update"
}

// Staleness says whether answers about a file may be out of date and what
// to do: update when the index is behind HEAD, read the file when only the
// working tree differs.
func (v *View) Staleness(path string) (stale bool, suggest string) {
	switch {
	case !v.stale[path]:
		return false, ""
	case v.Fresh.Status == freshness.Behind:
		return true, "update"
	}
	return true, "read_file"
}

// filesWord is "file" or "files", as n asks.
func filesWord(n int) string {
	if n == 1 {
		return "file"
	}
	return "files"
}
