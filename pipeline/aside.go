package pipeline

import (
	"fmt"

	"github.com/lgraph/lgraph/internal/snapshot"
	"github.com/lgraph/lgraph/phases/phase"
)

// refsAside holds, by path, the references a full run's records gave up
// once resolved (snapshot.PackRefs). No phase after explicit reads a
// reference, yet as structs they are the largest part of every file's
// facts; publishing puts each file's back into its record as it encodes it,
// so the published bytes are those of a run that never set them aside.
type refsAside map[string][]byte

// setRefsAside moves the references of every record of the snapshot being
// built into a refsAside. Records are replaced, not mutated.
func setRefsAside(st *phase.State) refsAside {
	aside := refsAside{}
	for p, f := range st.Next.Files.All() {
		if f.Facts == nil || len(f.Facts.Refs) == 0 {
			continue
		}
		aside[p] = snapshot.PackRefs(f.Facts.Refs)
		ff := *f.Facts
		ff.Refs = nil
		nf := *f
		nf.Facts = &ff
		st.Next.Files.Set(&nf)
	}
	return aside
}

// record returns f with its references back, when they were set aside (a
// phase that gave a record new facts gave it their references too).
func (a refsAside) record(f *snapshot.File) (*snapshot.File, error) {
	b, ok := a[f.Path]
	if !ok || f.Facts == nil || f.Facts.Refs != nil {
		return f, nil
	}
	refs, err := snapshot.UnpackRefs(b)
	if err != nil {
		return nil, fmt.Errorf("record of %s: %w", f.Path, err)
	}
	ff := *f.Facts
	ff.Refs = refs
	nf := *f
	nf.Facts = &ff
	return &nf, nil
}
