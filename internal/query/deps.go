package query

import (
	"maps"
	"sort"

	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// DepsResult is the answer of deps and rdeps.
type DepsResult struct {
	File NodeRef `json:"file"`
	// Direction is "deps" (files File depends on) or "rdeps" (files that
	// depend on File).
	Direction string    `json:"direction"`
	Files     []FileDep `json:"files"`
}

// FileDep is one file on the other end of a file-level dependency.
type FileDep struct {
	Path string `json:"path"`
	// Kinds are the edge kinds that carry the dependency, sorted.
	Kinds []string `json:"kinds"`
	// Via are the import paths, names and (implicit edges) shared keys
	// the edges go through, sorted.
	Via []string `json:"via"`
	// ViaByKind splits Via by edge kind, so a filter on kinds keeps the
	// vias of the kinds it keeps.
	ViaByKind map[string][]string `json:"-"`
	// Summary explains why the depending file uses the other, when the
	// enrichment phase wrote one.
	Summary string `json:"summary,omitempty"`
	Mark
}

// Deps lists the files a file depends on: its imports, plus the calls,
// references, extends and implements edges from the file or its symbols to
// symbols of other files, and the implicit edges to the files sharing a key
// with it, grouped by file and sorted by path.
func (ix *Index) Deps(fileID string) DepsResult {
	p := nodeid.PathOf(fileID)
	deps := ix.fileDeps(p, false)
	if f := ix.snap.Files.Get(p); f != nil {
		for i := range deps {
			deps[i].Summary = f.EdgeSummaries[deps[i].Path]
		}
	}
	return DepsResult{File: ix.ref(fileID), Direction: "deps", Files: deps}
}

// RDeps lists the files that depend on a file, as Deps does the other way.
func (ix *Index) RDeps(fileID string) DepsResult {
	p := nodeid.PathOf(fileID)
	deps := ix.fileDeps(p, true)
	for i := range deps {
		deps[i].Summary = ix.snap.Files.EdgeSummary(deps[i].Path, p)
	}
	return DepsResult{File: ix.ref(fileID), Direction: "rdeps", Files: deps}
}

// fileDeps groups the dependency edges out of (or, reverse, into) a file
// and its symbols by the file at their far end, leaving out edges inside
// the file.
func (ix *Index) fileDeps(p string, reverse bool) []FileDep {
	via := map[string]map[string]map[string]bool{} // other file -> kind -> vias
	add := func(e snapshot.Edge) {
		other := nodeid.PathOf(far(e, reverse))
		if !dependencyKinds[e.Kind] || other == p || other == "" {
			return
		}
		if via[other] == nil {
			via[other] = map[string]map[string]bool{}
		}
		if via[other][e.Kind] == nil {
			via[other][e.Kind] = map[string]bool{}
		}
		if e.Via != "" {
			via[other][e.Kind][e.Via] = true
		}
	}
	f := ix.snap.Files.Get(p)
	switch {
	case f == nil:
	case !reverse:
		for _, e := range f.Res.Edges { // every edge of a file starts in it
			add(e)
		}
		for _, e := range f.Implicit {
			add(e)
		}
	default:
		for _, e := range ix.into(ix.fileAndSymbols(f)) {
			add(e)
		}
	}
	out := make([]FileDep, 0, len(via))
	for other, byKind := range via {
		d := FileDep{Path: other, Kinds: []string{}, ViaByKind: map[string][]string{}, Mark: ix.mark(other)}
		all := map[string]bool{}
		for k, vs := range byKind {
			d.Kinds = append(d.Kinds, k)
			d.ViaByKind[k] = sortedSet(vs)
			maps.Copy(all, vs)
		}
		sort.Strings(d.Kinds)
		d.Via = sortedSet(all)
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// fileAndSymbols is the set of a file's id and its symbols' ids.
func (ix *Index) fileAndSymbols(f *snapshot.File) map[string]bool {
	ids := ix.symbolIDs(f)
	set := make(map[string]bool, len(ids)+1)
	set[nodeid.File(f.Path)] = true
	for _, id := range ids {
		set[id] = true
	}
	return set
}
