package explicit

import (
	"slices"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/phase"
)

// asideOnFullRun starts the set of references a full run keeps out of its
// records (phase.State.RefsAside). A shard keeps its references: it only
// extracts, and its facts are what it uploads.
func (p Phase) asideOnFullRun(st *phase.State) error {
	if !st.Full || p.ExtractOnly || st.RefsAside != nil {
		return nil
	}
	spill, err := snapshot.NewRefSpill(st.Scratch)
	if err != nil {
		return err
	}
	st.RefsAside = spill
	// Nor does a full run hold its records as structs or on the heap:
	// packed into a scratch file, the snapshot being built costs a span per
	// file.
	return st.Next.Files.Pack(st.Scratch)
}

// withoutRefs sets ff's references aside under path, as soon as the file
// is parsed, and returns its facts without them; with nothing to set them
// aside in, ff is returned as it is.
func withoutRefs(aside *snapshot.RefSpill, path string, ff *facts.File) (*facts.File, error) {
	if aside == nil || ff == nil || len(ff.Refs) == 0 {
		return ff, nil
	}
	if err := aside.Put(path, ff.Refs); err != nil {
		return nil, err
	}
	out := *ff
	out.Refs = nil
	return &out, nil
}

// resolveRecord resolves f, with its references read back from aside when
// they were set aside there.
func resolveRecord(idx *Index, aside *snapshot.RefSpill, f *snapshot.File) (snapshot.Resolution, error) {
	withRefs, err := aside.Restore(f)
	if err != nil {
		return Resolve(idx, f), err
	}
	return Resolve(idx, withRefs), nil
}

// interner hands out one copy of each string: a full run holds every
// file's resolution until it publishes, and most lookup keys and edge
// targets are built anew by each of the many files that name them.
type interner map[string]string

func (in interner) of(s string) string {
	if v, ok := in[s]; ok {
		return v
	}
	in[s] = s
	return s
}

// compact returns res holding interned strings and its sites in a slice of
// their length. Its content is unchanged.
func (in interner) compact(res snapshot.Resolution) snapshot.Resolution {
	for i, k := range res.Lookups {
		res.Lookups[i] = in.of(k)
	}
	for i := range res.Edges {
		e := &res.Edges[i]
		e.Target, e.Via = in.of(e.Target), in.of(e.Via)
	}
	if cap(res.Sites) > len(res.Sites) {
		res.Sites = slices.Clip(slices.Clone(res.Sites))
	}
	return res
}
