package wiki

import (
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/phase"
)

// modReader reads what the module inputs of a run are made of: each
// module's members (from its listing, KsDir, or a full run's records),
// whether a path is an indexed file, and how a member is used (its use
// counts, "used by" included). One serves every slice of modules a run
// writes.
type modReader struct {
	idx     snapshot.KV
	globs   []string
	indexed *indexedFiles
	uses    func(snapshot.Member) (phase.UseCounts, error)
	// members reads the listings once, in directory order, on a run that
	// asks every directory (nil: a prefix scan per module, an update's
	// few): each prefix scan seeks every run of a full run's index, so at
	// 100,000 files the seeks cost more than the entries.
	members *snapshot.GroupCursor
	// byDir lists a full run's paths by directory: its members are read
	// from its records, which it holds, not from listings it would encode,
	// sort, write and read back (nil: from the listings).
	byDir map[string][]string
	files *snapshot.FileSet
}

// newModReader reads idx; in order when the run asks every directory's
// input, in ascending order. A full run's members are read from its
// records (its index holds no listing).
func newModReader(st *phase.State, idx snapshot.KV, inOrder bool) (*modReader, error) {
	r := &modReader{idx: idx, globs: st.Config.Wiki.Modules, indexed: &indexedFiles{idx: idx}, uses: useCounts(st, idx)}
	if st.Full {
		// Every record is listed in its directory, and a full run holds
		// its records: its index has no listing nor leaf to read.
		r.indexed.records = st.Next.Files.Has
		r.byDir, r.files = pathsByDir(st.Next.Files.Paths()), st.Next.Files
	}
	if !inOrder {
		return r, nil
	}
	if !st.Full {
		if err := r.indexed.readLeaves(); err != nil {
			return nil, err
		}
		r.members = snapshot.NewGroupCursor(idx, snapshot.KsDir)
	}
	return r, nil
}

// pathsByDir lists paths by directory; paths come sorted (FileSet.Paths),
// so each directory's list is in order as appended.
func pathsByDir(paths []string) map[string][]string {
	out := map[string][]string{}
	for _, p := range paths {
		d := dirOf(p)
		out[d] = append(out[d], p)
	}
	return out
}

// fullDirs are the directories of a full run's records, which its
// listings would name.
func fullDirs(st *phase.State) map[string]bool {
	out := map[string]bool{}
	for _, p := range st.Next.Files.Paths() {
		out[dirOf(p)] = true
	}
	return out
}

// Close ends the ordered reads, if any.
func (r *modReader) Close() {
	if r.members != nil {
		r.members.Close()
	}
}

// scanFunc reads a module's entries of one keyspace, as a KV's Scan of
// the module's prefix would.
type scanFunc func(fn func(k, v []byte) error) error

// memberFunc gives each member of a module (a code file: no project file).
type memberFunc func(fn func(m snapshot.Member) error) error

// dirEntries are a module's members.
type dirEntries struct {
	members memberFunc
}

// listed reads the members of a module from its listing.
func listed(scan scanFunc) memberFunc {
	return func(fn func(m snapshot.Member) error) error {
		return scan(func(k, v []byte) error {
			m, member, err := snapshot.ParseDirValue(snapshot.Owner(k), v)
			if err != nil || !member {
				return err
			}
			return fn(m)
		})
	}
}

// recorded reads the members of a module of a full run from its records,
// decoding what a listing holds (FileSet.Member: what ParseDirValue reads
// of DirValue) and no more.
func (r *modReader) recorded(dir string) memberFunc {
	return func(fn func(m snapshot.Member) error) error {
		for _, p := range r.byDir[dir] {
			m, member, _ := r.files.Member(p)
			if !member {
				continue
			}
			if err := fn(m); err != nil {
				return err
			}
		}
		return nil
	}
}

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
		switch {
		case r.byDir != nil:
			out[i].members = r.recorded(dir)
		case r.members != nil:
			members, err := r.members.Group(dir)
			if err != nil {
				return nil, err
			}
			out[i].members = listed(members.Each)
		default:
			out[i].members = listed(r.scan(snapshot.KsDir, dir))
		}
	}
	return out, nil
}

func (r *modReader) scan(ks byte, dir string) scanFunc {
	return func(fn func(k, v []byte) error) error { return r.idx.Scan(snapshot.Prefix(ks, dir), fn) }
}
