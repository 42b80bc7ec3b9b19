package pipeline

import (
	"time"

	"github.com/lgraph/lgraph/config"
	"github.com/lgraph/lgraph/internal/store"
	"github.com/lgraph/lgraph/llm"
	"github.com/lgraph/lgraph/phases/enrich"
	"github.com/lgraph/lgraph/phases/explicit"
	"github.com/lgraph/lgraph/phases/implicit"
	"github.com/lgraph/lgraph/phases/inventory"
	"github.com/lgraph/lgraph/phases/phase"
	"github.com/lgraph/lgraph/phases/wiki"
)

// ShallowVersion is the snapshot Versions key of the shallow boundary the
// snapshot's history was read within (gitrepo.ShallowKey), absent for a
// complete history.
const ShallowVersion = "shallow"

// Versions are the producing-code versions a snapshot records; a mismatch
// makes the next update rebuild what that code produced.
func Versions(p llm.Provider, cfg *config.Config) map[string]string {
	return map[string]string{"inventory": inventory.Version, "explicit": explicit.Version, "implicit": implicit.Version,
		"explorer": implicit.ExplorerVersion(cfg, p), "enrich": enrich.Version(p), "wiki": wiki.Version(p)}
}

// publish writes the snapshot and switches the branch ref to it. Until the
// ref's rename lands, readers and the next run see the previous baseline.
func publish(o Options, st *phase.State, t *target, base *store.Ref, run *store.Run, aside refsAside) error {
	next := st.Next
	next.Branch, next.Commit, next.ConfigKey = t.ref, t.head.Commit, o.Config.OutputKey()
	next.Versions["inventory"] = inventory.Version
	if key := o.Repo.ShallowKey(); key != "" {
		next.Versions[ShallowVersion] = key
	} else {
		delete(next.Versions, ShallowVersion)
	}
	tree, err := contentRoot(st)
	if err != nil {
		return err
	}
	root, n := tree.root, tree.leaves
	next.ContentRoot, next.LeafCount = root, n
	run.Knowledge = knowledgeDelta(st)
	st.Hit("publish-start")
	tables, err := writeSnapshot(o, st, base, tree, aside)
	if err != nil {
		return err
	}
	st.Hit("publish-snapshot-written")
	ref := &store.Ref{Branch: t.ref, Commit: t.head.Commit, Tables: tables, ContentRoot: root, LeafCount: n, Run: run.ID, Published: time.Now().UTC(), Worktree: t.worktree,
		ConfigKey: next.ConfigKey, Versions: next.Versions}
	if err := o.Store.Publish(ref, o.Config.SnapshotsPerRepo); err != nil {
		return err
	}
	if !t.worktree && o.Commit == "" {
		if err := dropOverlay(o.Store, t.ref); err != nil {
			return err
		}
	}
	st.Hit("publish-ref-written")
	run.Outcome = store.OutcomePublished
	run.Root = root
	return nil
}
