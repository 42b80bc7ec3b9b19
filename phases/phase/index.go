package phase

import (
	"context"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// NextIndex is the language-independent index (directories, leaves,
// lookups, reverse edges, signals) of the snapshot being built, as it
// stands now: the base's published index with the entries of every file
// the run changed so far replaced, or, without a published base, one built
// from every file. It costs what the run changed, not what the snapshot
// holds.
//
// only names the keyspaces the caller reads (none: all); a full run builds
// just those, so it holds no more of the snapshot than it asks for.
func (st *State) NextIndex(only ...byte) snapshot.KV {
	if st.Full || st.Base == nil || st.Base.Index == nil {
		// A full run keeps a base only to measure its delta against: its
		// index says nothing about what the run built. Its entries are
		// every file's, so they are held as sorted runs, not one by one.
		return everyFileIndex(st.Next.Files, Workers(st.Config.Concurrency), st.Scratch, only)
	}
	changed := st.Next.Files.Changed()
	var es []snapshot.Entry
	hidden := make(map[string]bool, len(changed))
	for _, p := range changed {
		hidden[p] = true
		if f := st.Next.Files.Get(p); f != nil {
			es = append(es, snapshot.GenericEntries(f, only...)...)
		}
	}
	return &snapshot.Overlay{Base: st.Base.Index, Hidden: func(o string) bool { return hidden[o] }, Extra: snapshot.NewMemKV(es)}
}

// everyFileIndex is the index of every record of files, built on workers
// (snapshot.RunsOnWorkers), each decoding only the parts of a record the
// keyspaces need.
func everyFileIndex(files *snapshot.FileSet, workers int, scratch string, only []byte) snapshot.KV {
	keep := snapshot.PartsFor(only...)
	// NextIndex has no context to stop on: the run checks its own between
	// phases.
	runs, err := snapshot.RunsOnWorkers(context.Background(), files.Paths(), workers, scratch, func(r *snapshot.Runs, p string) {
		if f := files.GetParts(p, keep); f != nil {
			r.Add(snapshot.GenericEntries(f, only...)...)
		}
	})
	if err != nil {
		return snapshot.ErrKV{Err: err}
	}
	kv, err := snapshot.Merged(runs...)
	if err != nil {
		return snapshot.ErrKV{Err: err}
	}
	return kv
}
