package wiki

import (
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/phase"
)

// modReader reads what the module inputs of a run are made of from its
// index: each module's listing (KsDir) and used-by counts (KsUsedBy),
// whether a path is an indexed file, and how a member is used. One
// serves every slice of modules a run writes.
type modReader struct {
	idx   snapshot.KV
	globs []string
	files *indexedFiles
	uses  func(snapshot.Member) (phase.UseCounts, error)
	// members and usedBy read their keyspace once, in directory order,
	// on a run that asks every directory (nil: a prefix scan per module,
	// an update's few): each prefix scan seeks every run of a full run's
	// index, so at 100,000 files the seeks cost more than the entries.
	members, usedBy *snapshot.GroupCursor
}

// newModReader reads idx; in order when the run asks every directory's
// input, in ascending order.
func newModReader(st *phase.State, idx snapshot.KV, inOrder bool) (*modReader, error) {
	r := &modReader{idx: idx, globs: st.Config.Wiki.Modules, files: &indexedFiles{idx: idx}, uses: useCounts(st, idx)}
	if !inOrder {
		return r, nil
	}
	if st.Full {
		// Every record is listed in its directory, and a full run holds
		// its records in memory: the index has no leaf to read.
		r.files.records = st.Next.Files.Has
	} else if err := r.files.readLeaves(); err != nil {
		return nil, err
	}
	r.members = snapshot.NewGroupCursor(idx, snapshot.KsDir)
	r.usedBy = snapshot.NewGroupCursor(idx, snapshot.KsUsedBy)
	return r, nil
}

// Close ends the ordered reads, if any.
func (r *modReader) Close() {
	if r.members != nil {
		r.members.Close()
		r.usedBy.Close()
	}
}

// scanFunc reads a module's entries of one keyspace, as a KV's Scan of
// the module's prefix would.
type scanFunc func(fn func(k, v []byte) error) error

// dirEntries are a module's listing and used-by counts.
type dirEntries struct{ members, usedBy scanFunc }

// entries returns the entries of each of dirs: scans for a worker to run,
// or, read in order, the entries copied out of the one pass (on the
// caller, in the order of dirs, which must ascend from one call to the
// next). An unselected directory has none: its input is never made.
func (r *modReader) entries(dirs []string) ([]dirEntries, error) {
	out := make([]dirEntries, len(dirs))
	for i, dir := range dirs {
		if !selected(dir, r.globs) {
			continue
		}
		if r.members == nil {
			out[i] = dirEntries{members: r.scan(snapshot.KsDir, dir), usedBy: r.scan(snapshot.KsUsedBy, dir)}
			continue
		}
		members, err := r.members.Group(dir)
		if err != nil {
			return nil, err
		}
		usedBy, err := r.usedBy.Group(dir)
		if err != nil {
			return nil, err
		}
		out[i] = dirEntries{members: members.Each, usedBy: usedBy.Each}
	}
	return out, nil
}

func (r *modReader) scan(ks byte, dir string) scanFunc {
	return func(fn func(k, v []byte) error) error { return r.idx.Scan(snapshot.Prefix(ks, dir), fn) }
}
