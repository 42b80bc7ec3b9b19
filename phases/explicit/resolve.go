package explicit

import (
	"slices"
	"sort"
	"strings"

	"github.com/lgraph/lgraph/internal/edgekind"
	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/nodeid"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// resolver resolves one file against the index. Its output is a pure
// function of the file's facts and the index entries under its lookups.
type resolver struct {
	idx      *Index
	f        *snapshot.File
	language lang.Language
	traits   *lang.Traits
	family   string
	ids      []string
	byQual   map[string]int // qualified name -> first symbol index
	// byNameParent is the file's symbols by (name, parent); see symbolsIn.
	byNameParent []int
	lookups      map[lookup]bool
	// edges are the edges found, in the order found and with repeats:
	// result sorts them and drops the repeats (a set of them cost a map
	// entry per edge of every file).
	edges []snapshot.Edge
	// bindings are the file's imports that resolved to repository files;
	// modBind maps a qualifier (alias, package name or import path) and
	// nameBind an imported name to one of them.
	bindings []*binding
	modBind  map[string]*binding
	nameBind map[string]*binding
	// scopedBind maps (function, local name) to the import inside that
	// function that binds the name (see importScope).
	scopedBind map[[2]string]*binding
	// external holds the names bound by imports that resolve to no file of
	// the repository (standard library, third-party packages).
	external    map[string]bool
	importedSet map[string]bool
	openScopes  []*binding // wildcard, dot and namespace imports
	// staticScopes are imports that open a type's members (C# using
	// static Ns.T); nsScopes the namespaces a C# file declares and their
	// parents, innermost first (no imports: they make no imports edges).
	staticScopes []*binding
	nsScopes     []*binding
	unresolved   int
	// sites are the calls that failed to resolve for want of a receiver
	// type, or of the definition of a name imported from repository
	// files; untyped is set while resolving one once only its name is left.
	sites   []snapshot.Site
	untyped bool
	// caller is the node of the call being resolved, which overload
	// choice avoids in a tie (see overloads).
	caller string
	// line is the line of the reference being resolved (see
	// Traits.NearestDefinition).
	line int
	// instantiated are the overloads a dependent C++ call may reach in
	// its template's instantiations, per scope (viableOverloads).
	instantiated [][]*def
	// unionAlts are the other methods a call typed by a union alias
	// reaches (unionTargets), set by resolve.
	unionAlts []def
	// ancestry caches each type's bases (see ancestors).
	ancestry map[string]ancestry
	// typesByQualified caches typeByQualified's answers: a file asks for
	// its own types again and again (every method's receiver), and each
	// answer filters every definition of the type's name, which a large
	// repository has many of. Its lookups are recorded the first time.
	typesByQualified map[[2]string]typeFound
	// aliases caches the type each C++ alias name names (aliasTarget).
	aliases map[string]string
	// deduced caches the classes a template parameter is deduced to
	// (deducedTypes), per file.
	deduced map[deduction][]*def
	// testOnly is set for a file only other such files may see (a Go
	// _test.go file): only those may reach into them.
	testOnly bool
}

// binding is one import that resolved to files, and which of those files
// the file's references actually reached through it.
type binding struct {
	imp     facts.Import
	key     string
	targets []string
	used    map[string]bool
	// orig maps a local name the import binds to the name the module
	// gives it (from m import a as b: b -> a).
	orig map[string]string
}

// origName is the module's name for a local name bound by b.
func (b *binding) origName(local string) string {
	if o, ok := b.orig[local]; ok {
		return o
	}
	return local
}

// newBinding is a binding of key's files, targets, to imp, with nothing
// used yet and no local name renamed.
func newBinding(imp facts.Import, key string, targets []string) *binding {
	return &binding{imp: imp, key: key, targets: targets, used: map[string]bool{}, orig: map[string]string{}}
}

func (b *binding) use(path string) {
	if b != nil {
		b.used[path] = true
	}
}

// Resolve computes a file's edges. The file's facts must be set.
func Resolve(idx *Index, f *snapshot.File) snapshot.Resolution {
	l := idx.langs.Get(f.Lang)
	if l == nil || f.Facts == nil {
		return snapshot.Resolution{}
	}
	t := l.Traits()
	sc := idx.resolveScratch()
	r := &resolver{
		idx: idx, f: f, language: l, traits: t, family: lang.FamilyOf(f.Lang),
		ids:     snapshot.SymbolIDs(f.Path, f.Facts.Symbols),
		byQual:  map[string]int{},
		lookups: sc.lookups, edges: sc.edges[:0],
		modBind: map[string]*binding{}, nameBind: map[string]*binding{}, scopedBind: map[[2]string]*binding{},
		external: map[string]bool{},
		testOnly: t.TestOnly != nil && t.TestOnly(f.Path),
	}
	for i, s := range f.Facts.Symbols {
		if _, ok := r.byQual[s.Qualified]; !ok {
			r.byQual[s.Qualified] = i
		}
	}
	r.contains()
	for _, imp := range f.Facts.Imports {
		r.bindImport(imp)
	}
	r.bindNamespaces()
	for _, ref := range f.Facts.Refs {
		r.reference(ref)
	}
	r.inheritance()
	r.importEdges()
	res := r.result()
	sc.keep(r)
	return res
}

func (r *resolver) result() snapshot.Resolution {
	res := snapshot.Resolution{Unresolved: r.unresolved, Sites: sortedSites(r.sites)}
	// edgeCompare orders every field, so equal edges end side by side
	// and the distinct ones in one order whatever the order found;
	// slices.SortFunc needs no reflection to swap them.
	slices.SortFunc(r.edges, edgeCompare)
	edges := slices.Compact(r.edges)
	// Of exact length: a full run holds every file's resolution at once,
	// and appending would leave up to half of each slice unused.
	if len(edges) > 0 {
		res.Edges = make([]snapshot.Edge, len(edges))
		copy(res.Edges, edges)
	}
	if len(r.lookups) > 0 {
		res.Lookups = make([]string, 0, len(r.lookups))
	}
	for k := range r.lookups {
		res.Lookups = append(res.Lookups, k.String())
	}
	sort.Strings(res.Lookups)
	return res
}

// edgeCompare orders edges by source, target, kind, via and resolver.
func edgeCompare(a, b snapshot.Edge) int {
	if c := strings.Compare(a.Source, b.Source); c != 0 {
		return c
	}
	if c := strings.Compare(a.Target, b.Target); c != 0 {
		return c
	}
	if c := strings.Compare(a.Kind, b.Kind); c != 0 {
		return c
	}
	if c := strings.Compare(a.Via, b.Via); c != 0 {
		return c
	}
	return strings.Compare(a.ResolvedBy, b.ResolvedBy)
}

func (r *resolver) add(src, dst, kind, via, by string) {
	r.edges = append(r.edges, snapshot.Edge{Source: src, Target: dst, Kind: kind, Via: via, ResolvedBy: by})
}

// idOf returns the node id of the symbol with a qualified name in this file,
// or the file's id for "" or an unknown name.
func (r *resolver) idOf(qualified string) string {
	if i, ok := r.byQual[qualified]; ok && qualified != "" {
		return r.ids[i]
	}
	return nodeid.File(r.f.Path)
}

func (r *resolver) contains() {
	for i, s := range r.f.Facts.Symbols {
		r.add(r.idOf(s.Parent), r.ids[i], edgekind.Contains, "", "")
	}
}

// lookupModule returns the files defining a module key, recording the
// lookup. A file outside tests never sees the files only tests may see.
func (r *resolver) lookupModule(key string) []string {
	k := moduleKey(r.family, key)
	r.lookups[k] = true
	paths := r.idx.modulePaths(k)
	if r.traits.TestOnly == nil || r.testOnly {
		return paths
	}
	var out []string
	for _, p := range paths {
		if !r.traits.TestOnly(p) {
			out = append(out, p)
		}
	}
	return out
}

// lookupName returns the definitions of a simple name, recording the lookup.
func (r *resolver) lookupName(name string) []def {
	k := nameKey(r.family, name)
	r.lookups[k] = true
	return r.idx.nameDefs(k)
}

// visible reports whether this file may refer to a definition at all: a
// file outside tests cannot reach one only tests may see (a Go _test.go).
func (r *resolver) visible(d *def) bool {
	return r.traits.TestOnly == nil || r.testOnly || !r.traits.TestOnly(d.Path)
}

// bindImport resolves an import to files and records what it binds; the
// import edges are added once the references say which files are used.
func (r *resolver) bindImport(imp facts.Import) {
	if imp.Kind == facts.ImportSelf {
		return // an export of the file's own declarations (see reexports)
	}
	cands := r.language.ImportCandidates(imp, r.f.Path, r.idx.project)
	for _, cand := range cands {
		if targets := r.lookupModule(cand); len(targets) > 0 && imp.Kind == facts.ImportPlugin {
			// Loaded by the framework: an imports edge, and no name bound.
			r.bindings = append(r.bindings, newBinding(imp, cand, targets))
			return
		} else if len(targets) > 0 {
			r.bind(imp, cand, targets)
			r.bindPackageHead(imp)
			return
		}
	}
	if imp.Kind == facts.ImportPlugin {
		return
	}
	if r.traits.NamespacePackages && r.bindSubmodules(imp, cands) {
		return
	}
	r.bindExternal(imp)
}

// bindSubmodules binds "from pkg import mod" where pkg is a namespace
// package (a directory without __init__.py, so no file is the module pkg):
// each imported name that is a submodule binds it. It reports whether any
// name was bound; the rest stay outside names.
func (r *resolver) bindSubmodules(imp facts.Import, cands []string) bool {
	bound := false
	for i, name := range imp.Names {
		found := false
		for _, cand := range cands {
			if sub := r.lookupModule(cand + "." + name); len(sub) > 0 {
				b := newBinding(imp, cand+"."+name, sub)
				for _, t := range sub {
					b.used[t] = true
				}
				r.bindings = append(r.bindings, b)
				r.modBind[imp.LocalName(i)] = b
				bound, found = true, true
				break
			}
		}
		if !found {
			r.external[imp.LocalName(i)] = true
		}
	}
	return bound
}

// bindExternal records the local name an unresolved import binds, so calls
// through it are not guessed at: the alias, else its path and the names the
// language says it binds (Traits.ExternalNames: Go's package name, Python's
// first segment), and the names it imports.
func (r *resolver) bindExternal(imp facts.Import) {
	for i := range imp.Names {
		r.external[imp.LocalName(i)] = true
	}
	switch {
	case imp.Alias == "_" || imp.Alias == "." || imp.Kind == "wildcard":
		return
	case imp.Alias != "":
		r.external[imp.Alias] = true
		return
	}
	r.external[imp.Path] = true
	if r.traits.ExternalNames != nil {
		for _, name := range r.traits.ExternalNames(imp) {
			r.external[name] = true
		}
	}
}

func (r *resolver) bind(imp facts.Import, key string, targets []string) {
	b := newBinding(imp, key, targets)
	r.bindings = append(r.bindings, b)
	switch {
	case imp.Alias == "_":
	case imp.Alias == "." || imp.Kind == "wildcard":
		r.openScopes = append(r.openScopes, b)
	case imp.Kind == "static" && len(imp.Names) > 0:
		r.staticScopes = append(r.staticScopes, b)
	case imp.Alias != "":
		r.modBind[imp.Alias] = b
	case r.traits.NamesOnlyImports && len(imp.Names) > 0:
		// from m import a binds a, never m: a local named m is no module.
	default:
		r.modBind[imp.Path] = b
		r.modBind[r.defaultBinding(imp.Path, targets)] = b
	}
	scope := r.importScope(imp)
	for i, name := range imp.Names {
		local := imp.LocalName(i)
		if scope != "" {
			r.scopedBind[[2]string{scope, local}] = b
		} else {
			r.nameBind[local] = b
		}
		b.orig[local] = name
		if sep := r.traits.SubmoduleSep; sep != "" && !r.definesIn(name, targets) {
			// "from pkg import mod" (Rust "use a::b") may name a submodule rather than a symbol.
			if sub := r.lookupModule(key + sep + name); len(sub) > 0 {
				sb := newBinding(imp, key+"."+name, sub)
				for _, t := range sub {
					sb.used[t] = true
				}
				r.bindings = append(r.bindings, sb)
				r.modBind[local] = sb
			}
		}
	}
}

// importEdges adds an imports edge per file an import reached. An import
// of a module that is one file links to it; an import of a package or
// namespace (many files) links to the files whose declarations the
// references used. A Go import whose uses were all missed still links to
// the package's files (Traits.UnusedImportsLink); elsewhere an unused
// namespace import links to nothing. Where an import always names a
// namespace (Traits.ImportsNamespaces), so it does whatever number of
// files it has.
func (r *resolver) importEdges() {
	from := nodeid.File(r.f.Path)
	for _, b := range r.bindings {
		targets := b.targets
		if (len(targets) > 1 || r.traits.ImportsNamespaces) && (len(b.used) > 0 || !r.traits.UnusedImportsLink) && b.imp.Alias != "_" {
			targets = sortedSet(b.used)
		}
		for _, t := range targets {
			if t != r.f.Path {
				r.add(from, nodeid.File(t), edgekind.Imports, b.imp.Path, "")
			}
		}
	}
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// defaultBinding is the name an unaliased import binds: the target's
// declared package (Traits.PackageClauseBinds) or the last segment of the
// import path.
func (r *resolver) defaultBinding(importPath string, targets []string) string {
	if r.traits.PackageClauseBinds {
		if pkg := r.idx.pkgOf(targets[0]); pkg != "" {
			return pkg
		}
	}
	return lastSegment(importPath)
}

func (r *resolver) definesIn(name string, targets []string) bool {
	return len(r.filterIn(name, targets, nil, anyDef)) > 0
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
