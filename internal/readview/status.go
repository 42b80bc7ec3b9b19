package readview

import (
	"github.com/lgraph/lgraph/internal/hooks"
	"github.com/lgraph/lgraph/internal/store"
)

// StatusResult is what `lgraph status --json` and the MCP lgraph_status
// tool answer, field for field.
type StatusResult struct {
	Branch        string `json:"branch"`
	Head          string `json:"head"`
	IndexedCommit string `json:"indexed_commit"`
	CommitsBehind int    `json:"commits_behind"`
	// CommitsAhead counts the indexed commit's commits HEAD does not reach
	// (HEAD reset back, or moved to another line): with CommitsBehind, as
	// git status says a branch and its upstream stand.
	CommitsAhead int          `json:"commits_ahead"`
	Status       string       `json:"status"`
	StalePaths   []string     `json:"stale_paths"`
	ContentRoot  string       `json:"content_root"`
	LeafCount    int          `json:"leaf_count"`
	LastRun      *store.Run   `json:"last_run"`
	Branches     []*store.Ref `json:"branches"`
	StoreDir     string       `json:"store_dir"`
	StoreBytes   int64        `json:"store_bytes"`
	// FilesSkipped counts, by reason, the files the run that published the
	// index did not index because of their path (gitrepo.PathProblem), their git
	// attributes or an LFS pointer (gitrepo.Attributes.SkipReason, gitrepo.IsLFSPointer).
	FilesSkipped map[string]int `json:"files_skipped,omitempty"`
	// UpdateRunning names the writer running on the store now.
	UpdateRunning *store.Writer `json:"update_running,omitempty"`
	// HookFailure is the last background update a git hook started, when
	// it failed (see the hook log it names).
	HookFailure *hooks.Failure `json:"last_hook_failure,omitempty"`
}

// maxBehind bounds the commits counted between the index and HEAD.
const maxBehind = 10000

// Status gathers the view's status: freshness, commits behind, the last
// run, every branch's baseline and the store's size.
func (v *View) Status() (StatusResult, error) {
	res := StatusResult{
		Branch: v.Fresh.Branch, Head: v.Head.Commit, IndexedCommit: v.Fresh.IndexedCommit,
		Status: v.Fresh.Status, StalePaths: v.Fresh.StalePaths, ContentRoot: v.Fresh.ContentRoot,
		LeafCount: v.Fresh.LeafCount, StoreDir: v.Env.Store.Dir, StoreBytes: v.Env.Store.Size(),
	}
	if v.Ref != nil && v.Ref.Commit != v.Head.Commit && v.Env.Repo.HasCommit(v.Ref.Commit) {
		d, _ := v.Env.Repo.AheadBehind(v.Ref.Commit, v.Head.Commit, maxBehind)
		res.CommitsAhead, res.CommitsBehind = d.Ahead, d.Behind
	}
	if runs, _, err := v.Env.Store.Runs(1); err == nil && len(runs) > 0 {
		res.LastRun = runs[0]
	}
	res.FilesSkipped = filesSkipped(v.Env.Store, v.Ref)
	res.UpdateRunning = v.Env.Store.Writer()
	res.HookFailure = hooks.LastFailure(v.Env.Store.Dir)
	var err error
	res.Branches, err = v.Env.Store.Refs()
	return res, err
}
