package phase

import (
	"sync"
	"sync/atomic"

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

// indexBatch is how many files a worker of everyFileIndex takes at a time.
const indexBatch = 64

// everyFileIndex is the index of every record of files, built on workers:
// each takes the next batch of paths, decodes the parts of their records
// the keyspaces need and sorts their entries into runs of its own, read as
// one afterwards. Every index key holds the path of the file it comes
// from, so no key is added by two workers and the entries read back are
// the same however the files were split (as the publisher's index).
func everyFileIndex(files *snapshot.FileSet, workers int, scratch string, only []byte) snapshot.KV {
	paths := files.Paths()
	keep := snapshot.PartsFor(only...)
	runs := make([]*snapshot.Runs, max(1, workers))
	var next atomic.Int64
	var wg sync.WaitGroup
	for i := range runs {
		r := snapshot.NewRuns(snapshot.DefaultRunBytes/len(runs), scratch)
		runs[i] = r
		wg.Go(func() {
			for {
				lo := int(next.Add(indexBatch)) - indexBatch
				if lo >= len(paths) {
					break
				}
				for _, p := range paths[lo:min(lo+indexBatch, len(paths))] {
					if f := files.GetParts(p, keep); f != nil {
						r.Add(snapshot.GenericEntries(f, only...)...)
					}
				}
			}
			r.Cut() // the last sort on this worker, not on the merge's
		})
	}
	wg.Wait()
	kv, err := snapshot.Merged(runs...)
	if err != nil {
		return snapshot.ErrKV{Err: err}
	}
	return kv
}
