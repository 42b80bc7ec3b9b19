package pipeline

import (
	"context"
	"errors"
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
func publish(ctx context.Context, o Options, st *phase.State, t *target, base *store.Ref, run *store.Run, aside refsAside) error {
	next := st.Next
	next.Branch, next.Commit, next.ConfigKey = t.ref, t.head.Commit, o.Config.OutputKey()
	next.Versions["inventory"] = inventory.Version
	if key := o.Repo.ShallowKey(); key != "" {
		next.Versions[ShallowVersion] = key
	} else {
		delete(next.Versions, ShallowVersion)
	}
	tables, root, n, err := writeBeside(st, func(tally *firstTally) ([]string, string, int, error) {
		return writeTree(ctx, o, st, base, aside, tally)
	}, run)
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

// writeBeside runs write and sets the run's tally of what changed. A first
// index's tally is counted by write itself (firstTally), as it reads each
// record for its index entries. On another full run that tally reads
// every record once more, so it runs beside the snapshot's writing, whose
// last stretch (one writer copying the index out in key order) leaves a
// core free; an update's reads its few touched files first.
func writeBeside(st *phase.State, write func(*firstTally) ([]string, string, int, error), run *store.Run) ([]string, string, int, error) {
	if st.Base == nil {
		tally := newFirstTally(st)
		tables, root, n, err := write(tally)
		run.Knowledge = tally.delta()
		return tables, root, n, err
	}
	if !st.Full {
		run.Knowledge = knowledgeDelta(st)
		return write(nil)
	}
	knowledge := make(chan *store.Delta, 1)
	go func() { knowledge <- knowledgeDelta(st) }()
	tables, root, n, err := write(nil)
	run.Knowledge = <-knowledge
	return tables, root, n, err
}

// writeTree computes the snapshot's content root and writes its tables;
// it returns their names, the root and its leaf count. tally, if not nil,
// counts the records a full write reads (a first index has no base, so
// it writes in full). A full write computes the root from the digests
// its index pass reads anyway (streamAll); an update patches the base's
// tree first.
func writeTree(ctx context.Context, o Options, st *phase.State, base *store.Ref, aside refsAside, tally *firstTally) ([]string, string, int, error) {
	if writesInFull(st, base) {
		st.Hit("publish-start")
		tables, tree, err := writeFull(ctx, o, st, aside, tally)
		return tables, tree.root, tree.leaves, err
	}
	if tally != nil {
		return nil, "", 0, errors.New("publish: a run with no base wrote a delta layer")
	}
	tree, err := contentRoot(ctx, st, publishWorkers(o.Config))
	if err != nil {
		return nil, "", 0, err
	}
	st.Next.ContentRoot, st.Next.LeafCount = tree.root, tree.leaves
	st.Mark("publish.tree")
	st.Hit("publish-start")
	tables, err := writeDelta(o, st, base, tree)
	return tables, tree.root, tree.leaves, err
}
