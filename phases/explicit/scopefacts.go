package explicit

import (
	"context"
	"iter"
	"maps"

	"github.com/lgraph/lgraph/internal/snapshot"

	"github.com/lgraph/lgraph/phases/phase"
)

// scopeFiles applies the languages' ScopeFacts (lang.Traits) with the
// project of the snapshot being built: to the facts of the files just
// parsed, and when the project's namespace macros changed, to every
// file's, read again from the cache (their stored facts were scoped by the
// old macros). A header that changes what a macro opens thus renames the
// symbols of every file using the macro, as a rebuild would.
func (p Phase) scopeFiles(ctx context.Context, st *phase.State, parsed []string) error {
	again := st.Base == nil || !maps.Equal(st.Base.Project.NamespaceMacros, st.Next.Project.NamespaceMacros)
	fresh := map[string]bool{}
	for _, path := range parsed {
		fresh[path] = true
	}
	for path, lng := range scopeCandidates(st.Next.Files, parsed, again) {
		// Most languages scope nothing: their records are not read.
		l := st.Langs.Get(lng)
		if l == nil || l.Traits().ScopeFacts == nil {
			continue
		}
		// The facts are all it changes (snapshot.FileSet.Edit).
		s, err := st.Next.Files.Edit(path, 0, snapshot.PartFacts|snapshot.PartRefs, func(f *snapshot.File) (*snapshot.File, error) {
			raw := f.Facts
			if !fresh[path] {
				ff, _, err := p.factsOf(ctx, st, f)
				if err != nil {
					return nil, err
				}
				raw = ff
			}
			scoped := l.Traits().ScopeFacts(raw, &st.Next.Project)
			// A full run sets references aside only once they are scoped: the
			// project's macros rename their callers and qualifiers too.
			scoped, err := withoutRefs(st.RefsAside, path, scoped)
			if err != nil || scoped == f.Facts {
				return nil, err
			}
			nf := *f
			nf.Facts = scoped
			return &nf, nil
		})
		if err != nil {
			return err
		}
		if s != nil {
			st.Next.Files.SetStaged(*s)
		}
	}
	return nil
}

// scopeCandidates are the paths scopeFiles looks at, with their languages:
// the files just parsed, or every file when all are scoped again. The
// whole set's languages come from the packed index (FileSet.Langs), not
// from each record's head: at 100,000 files reading every head, one by
// one, was 0.5 s of a full run's wall time.
func scopeCandidates(files *snapshot.FileSet, parsed []string, all bool) iter.Seq2[string, string] {
	if all {
		return files.Langs()
	}
	return func(yield func(string, string) bool) {
		for _, path := range parsed {
			if !yield(path, files.GetParts(path, 0).Lang) {
				return
			}
		}
	}
}

// scopedByProject says whether f's language rewrites its facts with the
// project's (lang.Traits.ScopeFacts).
func scopedByProject(st *phase.State, f *snapshot.File) bool {
	l := st.Langs.Get(f.Lang)
	return l != nil && l.Traits().ScopeFacts != nil
}
