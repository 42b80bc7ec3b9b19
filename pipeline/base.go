package pipeline

import (
	"fmt"
	"path"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/gitrepo"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/inventory"
)

// baseChoice is the typed decision of where a run starts.
type baseChoice struct {
	ref      *store.Ref
	snap     *snapshot.Snapshot
	commit   string
	full     bool
	reason   string
	upToDate bool
}

// chooseBase decides between up to date, incremental from the branch's
// baseline, incremental from another branch's snapshot, and full, with a
// reason a user can read.
func chooseBase(o Options, head gitrepo.Head, branch string) (baseChoice, error) {
	cfgKey := o.Config.OutputKey()
	if o.Full {
		// Rebuild from nothing, but keep the published snapshot as the base
		// the run's knowledge delta is measured against.
		full := baseChoice{full: true, reason: "a full rebuild was requested"}
		if ref, snap, err := o.Store.LoadPublished(branch); err == nil && ref != nil {
			full.ref, full.snap, full.commit = ref, snap, ref.Commit
		}
		return full, nil
	}
	ref, snap, err := o.Store.LoadPublished(branch)
	if err != nil {
		// An unreadable snapshot (older format, damage) is rebuilt, not fatal.
		return baseChoice{full: true, reason: fmt.Sprintf("the published snapshot of %s is unreadable (%v)", branch, err)}, nil
	}
	if ref != nil {
		switch {
		case snap.ConfigKey != cfgKey:
			return baseChoice{full: true, reason: "include/exclude/size settings changed since the last index"}, nil
		case !o.Repo.HasCommit(ref.Commit):
			return baseChoice{full: true, reason: fmt.Sprintf("baseline commit %.12s no longer exists (history rewritten, force-pushed or garbage-collected)", ref.Commit)}, nil
		case snap.Versions[ShallowVersion] != o.Repo.ShallowKey():
			// The history derived from the old boundary (the wiki's) is
			// out of date although no commit is new.
			return baseChoice{ref: ref, snap: snap, commit: ref.Commit, full: true, reason: "the shallow clone's history boundary moved (fetch --deepen or --unshallow)"}, nil
		case ref.Commit == head.Commit && upToDate(snap, provider(o), o.Config):
			return baseChoice{ref: ref, snap: snap, commit: ref.Commit, upToDate: true}, nil
		}
		return baseChoice{ref: ref, snap: snap, commit: ref.Commit}, nil
	}
	return otherBranchBase(o, branch, cfgKey)
}

// upToDate reports whether a snapshot was made by this lgraph's phases.
func upToDate(s *snapshot.Snapshot, p llm.Provider, cfg *config.Config) bool {
	for name, v := range Versions(p, cfg) {
		if s.Versions[name] != v {
			return false
		}
	}
	return true
}

// otherBranchBase starts a branch never indexed from the most recently
// published snapshot of another branch, so it costs only the files that differ.
func otherBranchBase(o Options, branch, cfgKey string) (baseChoice, error) {
	refs, err := o.Store.Refs()
	if err != nil {
		return baseChoice{}, err
	}
	for _, r := range refs {
		if r.Worktree || !o.Repo.HasCommit(r.Commit) || r.Versions[ShallowVersion] != o.Repo.ShallowKey() {
			continue
		}
		snap, err := o.Store.OpenSnapshot(r)
		if err != nil {
			continue
		}
		if snap.ConfigKey != cfgKey {
			snap.Close()
			continue
		}
		return baseChoice{ref: r, snap: snap, commit: r.Commit, reason: fmt.Sprintf("first index of %s: starting from %s at %.12s", branch, r.Branch, r.Commit)}, nil
	}
	return baseChoice{full: true, reason: fmt.Sprintf("no previous index of %s", branch)}, nil
}

// relevant keeps the changes that touch indexed files or could add one.
func relevant(changes []gitrepo.Change, base *snapshot.Snapshot, o Options) []gitrepo.Change {
	rules := inventory.NewRules(o.Config)
	var out []gitrepo.Change
	for _, c := range changes {
		keep := false
		// A file skipped for its path, or a candidate skipped for its bytes
		// or attributes (not in the snapshot), is kept so the inventory
		// counts it.
		if c.From != nil && (base.Files.Get(c.From.Path) != nil || rules.Candidate(*c.From) || rules.Skipped(*c.From) != "") {
			keep = true
		}
		if c.To != nil && (rules.Candidate(*c.To) || rules.Skipped(*c.To) != "") {
			keep = true
		}
		if keep {
			out = append(out, c)
		}
	}
	return out
}

// attrChanges picks the changes to git attributes files out of a commit
// diff; never nil, so the inventory tells "none" from "not a commit diff".
func attrChanges(changes []gitrepo.Change) []gitrepo.Change {
	out := []gitrepo.Change{}
	for _, c := range changes {
		if (c.From != nil && path.Base(c.From.Path) == gitrepo.AttributesFile) || (c.To != nil && path.Base(c.To.Path) == gitrepo.AttributesFile) {
			out = append(out, c)
		}
	}
	return out
}
