package explicit

import (
	"sort"
	"strings"

	"github.com/lgraph/lgraph/facts"
	"github.com/lgraph/lgraph/lang"
	"github.com/lgraph/lgraph/snapshot"
)

// Edge kinds (DESIGN §7).
const (
	EdgeImports    = "imports"
	EdgeCalls      = "calls"
	EdgeContains   = "contains"
	EdgeReferences = "references"
	EdgeExtends    = "extends"
	EdgeImplements = "implements"
)

// resolver resolves one file against the index. Its output is a pure
// function of the file's facts and the index entries under its lookups.
type resolver struct {
	idx     *Index
	f       *snapshot.File
	spec    *lang.Spec
	ids     []string
	byQual  map[string]int // qualified name -> first symbol index
	lookups map[string]bool
	edges   map[snapshot.Edge]bool
	// modBind maps a qualifier (alias, package name or import path) to the
	// files an import bound it to; nameBind maps imported names likewise.
	modBind  map[string][]string
	nameBind map[string][]string
	// external holds the names bound by imports that resolve to no file of
	// the repository (standard library, third-party packages).
	external    map[string]bool
	importedSet map[string]bool
	openScopes  [][]string // wildcard and dot imports
	unresolved  int
}

// Resolve computes a file's edges. The file's facts must be set.
func Resolve(idx *Index, f *snapshot.File) snapshot.Resolution {
	spec := idx.langs.Get(f.Lang)
	if spec == nil || f.Facts == nil {
		return snapshot.Resolution{}
	}
	r := &resolver{
		idx: idx, f: f, spec: spec,
		ids:     snapshot.SymbolIDs(f.Path, f.Facts.Symbols),
		byQual:  map[string]int{},
		lookups: map[string]bool{}, edges: map[snapshot.Edge]bool{},
		modBind: map[string][]string{}, nameBind: map[string][]string{}, external: map[string]bool{},
	}
	for i, s := range f.Facts.Symbols {
		if _, ok := r.byQual[s.Qualified]; !ok {
			r.byQual[s.Qualified] = i
		}
	}
	r.contains()
	for _, imp := range f.Facts.Imports {
		r.importEdge(imp)
	}
	for _, ref := range f.Facts.Refs {
		r.reference(ref)
	}
	r.inheritance()
	return r.result()
}

func (r *resolver) result() snapshot.Resolution {
	res := snapshot.Resolution{Unresolved: r.unresolved}
	for e := range r.edges {
		res.Edges = append(res.Edges, e)
	}
	sort.Slice(res.Edges, func(i, j int) bool { return edgeLess(res.Edges[i], res.Edges[j]) })
	for k := range r.lookups {
		res.Lookups = append(res.Lookups, k)
	}
	sort.Strings(res.Lookups)
	return res
}

func edgeLess(a, b snapshot.Edge) bool {
	if a.Source != b.Source {
		return a.Source < b.Source
	}
	if a.Target != b.Target {
		return a.Target < b.Target
	}
	if a.Kind != b.Kind {
		return a.Kind < b.Kind
	}
	return a.Via < b.Via
}

func (r *resolver) add(src, dst, kind, via string) {
	r.edges[snapshot.Edge{Source: src, Target: dst, Kind: kind, Via: via}] = true
}

// idOf returns the node id of the symbol with a qualified name in this file,
// or the file's id for "" or an unknown name.
func (r *resolver) idOf(qualified string) string {
	if i, ok := r.byQual[qualified]; ok && qualified != "" {
		return r.ids[i]
	}
	return snapshot.FileID(r.f.Path)
}

func (r *resolver) contains() {
	for i, s := range r.f.Facts.Symbols {
		r.add(r.idOf(s.Parent), r.ids[i], EdgeContains, "")
	}
}

// lookupModule returns the files defining a module key, recording the lookup.
func (r *resolver) lookupModule(key string) []string {
	k := moduleKey(r.spec.Family, key)
	r.lookups[k] = true
	return r.idx.modules[k]
}

// lookupName returns the definitions of a simple name, recording the lookup.
func (r *resolver) lookupName(name string) []def {
	k := nameKey(r.spec.Family, name)
	r.lookups[k] = true
	return r.idx.names[k]
}

func (r *resolver) importEdge(imp facts.Import) {
	var targets []string
	for _, cand := range r.spec.ImportCandidates(imp, r.f.Path, r.idx.project) {
		if targets = r.lookupModule(cand); len(targets) > 0 {
			r.bindImport(imp, cand, targets)
			break
		}
	}
	if len(targets) == 0 {
		r.bindExternal(imp)
	}
	for _, t := range targets {
		if t != r.f.Path {
			r.add(snapshot.FileID(r.f.Path), snapshot.FileID(t), EdgeImports, imp.Path)
		}
	}
}

// bindExternal records the local name an unresolved import binds, so calls
// through it are not guessed at: the alias, else the package name Go would
// use (last path element without a major-version suffix), else the first
// segment (Python's import a.b binds a).
func (r *resolver) bindExternal(imp facts.Import) {
	switch {
	case imp.Alias == "_" || imp.Alias == "." || imp.Kind == "wildcard":
		return
	case imp.Alias != "":
		r.external[imp.Alias] = true
		return
	}
	r.external[imp.Path] = true
	if r.spec.Family == "go" {
		parts := strings.Split(imp.Path, "/")
		last := parts[len(parts)-1]
		if len(parts) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
			last = parts[len(parts)-2]
		}
		last, _, _ = strings.Cut(last, ".")
		last = strings.TrimPrefix(strings.TrimPrefix(last, "go-"), "go")
		r.external[last] = true
		r.external[lastSegment(imp.Path)] = true
		return
	}
	if r.spec.Family == "python" && len(imp.Names) == 0 {
		first, _, _ := strings.Cut(imp.Path, ".")
		r.external[first] = true
	}
}

func (r *resolver) bindImport(imp facts.Import, key string, targets []string) {
	switch {
	case imp.Alias == "_":
	case imp.Alias == "." || imp.Kind == "wildcard":
		r.openScopes = append(r.openScopes, targets)
	case imp.Alias != "":
		r.modBind[imp.Alias] = targets
	default:
		r.modBind[imp.Path] = targets
		r.modBind[r.defaultBinding(imp.Path, targets)] = targets
	}
	for _, name := range imp.Names {
		r.nameBind[name] = targets
		if r.spec.Family == "python" && !r.definesIn(name, targets) {
			// "from pkg import mod" may name a submodule rather than a symbol.
			if sub := r.lookupModule(key + "." + name); len(sub) > 0 {
				r.modBind[name] = sub
				for _, t := range sub {
					r.add(snapshot.FileID(r.f.Path), snapshot.FileID(t), EdgeImports, imp.Path)
				}
			}
		}
	}
}

// defaultBinding is the name an unaliased import binds: the target's
// declared package (Go) or the last segment of the import path.
func (r *resolver) defaultBinding(importPath string, targets []string) string {
	if t := r.idx.files[targets[0]]; t != nil && t.Facts != nil && t.Facts.Package != "" && r.spec.Family == "go" {
		return t.Facts.Package
	}
	return lastSegment(importPath)
}

func (r *resolver) definesIn(name string, targets []string) bool {
	for _, d := range r.lookupName(name) {
		if contains(targets, d.Path) {
			return true
		}
	}
	return false
}

func lastSegment(s string) string {
	i := strings.LastIndexAny(s, "/.:\\")
	return s[i+1:]
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
