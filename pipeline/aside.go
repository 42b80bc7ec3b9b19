package pipeline

import (
	"fmt"
	"slices"

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
// built into a refsAside, and holds each record's resolution in slices of
// its exact length with its lookup keys interned: resolution appends
// (leaving up to half of every slice unused) and builds each key anew,
// though most keys are looked up from many files. Records are replaced,
// not mutated.
func setRefsAside(st *phase.State) refsAside {
	aside, keys := refsAside{}, map[string]string{}
	for p, f := range st.Next.Files.All() {
		nf := *f
		if f.Facts != nil && len(f.Facts.Refs) > 0 {
			aside[p] = snapshot.PackRefs(f.Facts.Refs)
			ff := *f.Facts
			ff.Refs = nil
			nf.Facts = &ff
		}
		nf.Res.Edges = slices.Clone(f.Res.Edges)
		nf.Res.Lookups = make([]string, len(f.Res.Lookups))
		for i, k := range f.Res.Lookups {
			nf.Res.Lookups[i] = intern(keys, k)
		}
		if len(nf.Res.Lookups) == 0 {
			nf.Res.Lookups = f.Res.Lookups // nil stays nil
		}
		st.Next.Files.Set(&nf)
	}
	return aside
}

func intern(seen map[string]string, s string) string {
	if v, ok := seen[s]; ok {
		return v
	}
	seen[s] = s
	return s
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
