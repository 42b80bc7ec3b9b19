package explicit

import (
	"context"
	"fmt"
	"hash/maphash"
	"path"
	"strings"
	"sync"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/snapshot"
)

// def is one definition as the resolver sees it.
type def struct {
	Path      string
	ID        string
	Name      string
	Qualified string
	Parent    string
	Kind      string
	// Type is the symbol's type chain (facts.Symbol.Type).
	Type string
	// Params are a callable's parameter types (facts.Symbol.Params): calls
	// choose among overloads by them.
	Params string
	// union are the members of the union a type alias names
	// (facts.Symbol.Union): a call on its value reaches each member's
	// method, so they are part of the key's digest.
	union []string
	// bases are the Extends and Implements names: member lookup follows
	// them, so they are part of the key's digest.
	bases string
	order int // source order within Path
	// applied, on a value of a generic class or interface, are the type
	// arguments it was used with (resolver.appliedType).
	applied *typeArgs
}

func fromDef(d snapshot.Def) def {
	return def{Path: d.Path, ID: d.ID, Name: d.Name, Qualified: d.Qualified, Parent: d.Parent, Kind: d.Kind, Type: d.Type, Params: d.Params, union: d.Union, bases: d.Bases, order: d.Order}
}

// basesOf is a symbol's bases as def.bases holds them.
func basesOf(s facts.Symbol) string {
	return strings.Join(s.Extends, ",") + ";" + strings.Join(s.Implements, ",")
}

// baseList splits bases back into names.
func (d *def) baseList() []string {
	return strings.FieldsFunc(d.bases, func(r rune) bool { return r == ',' || r == ';' })
}

// kindAlias marks an index entry for a name a file re-exports: its Type
// is the imported name's chain, or the bare name of the file's own
// declaration it exports under another name (facts.ImportSelf: JS export
// default f). It is no symbol and has no node.
const kindAlias = "alias"

// Lookup keys: what a file asked the index, recorded with its edges. A
// name is asked about broadly (every definition of it: "n") or narrowly,
// among the definitions with a given parent ("np"), in a given file ("nf")
// or directory ("nd"): a narrow answer changes only when those do.
//
// A key is held in its parts (lookup) while a file is resolved and
// written out as text ("np|family|name|parent") once per distinct key
// when its resolution is made: resolution records a key for each
// question it asks, most of them asked before (a package's files for each
// call into it), and building the text for each cost an allocation.
func moduleKey(family, key string) lookup { return lookup{kind: "m", family: family, name: key} }
func nameKey(family, name string) lookup  { return lookup{kind: "n", family: family, name: name} }
func starKey(family, path string) lookup  { return lookup{kind: "s", family: family, name: path} }
func parentKey(family, name, parent string) lookup {
	return lookup{kind: "np", family: family, name: name, arg: parent}
}
func fileKey(family, name, path string) lookup {
	return lookup{kind: "nf", family: family, name: name, arg: path}
}
func dirKey(family, name, dir string) lookup {
	return lookup{kind: "nd", family: family, name: name, arg: dir}
}

// lookup is a lookup key in parts: its kind, family and name (a module
// key or path for "m" and "s"), and for a narrow key the parent, file or
// directory.
type lookup struct {
	kind, family, name, arg string
}

// String is the key as resolutions record it.
func (k lookup) String() string {
	if len(k.kind) == 1 {
		return k.kind + "|" + k.family + "|" + k.name
	}
	return k.kind + "|" + k.family + "|" + k.name + "|" + k.arg
}

// narrowKeys are the narrow lookup keys a definition falls under.
func narrowKeys(family, name, parent, path string) []string {
	return []string{parentKey(family, name, parent).String(), fileKey(family, name, path).String(), dirKey(family, name, dirOf(path)).String()}
}

// Index answers "who defines this name", "which files are this module" and
// "what does this file re-export", per language family, from a KV of
// definition entries (snapshot.KsName, KsMember, KsModule, KsStar): a published
// snapshot's index with the touched files' entries replaced. Every answer
// the resolver uses goes through lookup keys so that a file's dependence on
// other files' definitions is recorded. Answers are cached per key.
type Index struct {
	langs   *lang.Registry
	project *lang.Project
	kv      snapshot.KV
	names   map[lookup][]def
	modules map[lookup][]string
	pkgs    map[string]string
	stars   map[lookup][]string
	// present tells the narrow lookups that find nothing without a read
	// (nil: it knows nothing). Views share it: it never changes.
	present *presence
	// cacheLimit is maxCachedKeys unless the run's budget or a test set it.
	cacheLimit int
	// release lets go of the mapping the KV reads its table through, if
	// it has one, and table is that table's, until Close or a full run's
	// publishing takes it (handOver).
	release func() error
	table   *snapshot.RunsKV
	// scratch is lent by one resolution through this index to the next.
	scratch *scratch
	// shared holds what the views of one index read, for each other (nil:
	// none; see views).
	shared *shared
}

// scratch is what a resolution lends the next through its index: its set
// of lookup keys and list of edges, emptied, their room kept. Each file's
// resolution made them anew, and grew them from nothing.
type scratch struct {
	lookups map[lookup]bool
	edges   []snapshot.Edge
}

// maxKeptLookups and maxKeptEdges bound what a scratch keeps: a map
// holds the room of the most keys it held, and reading the keys of the
// next file reads all of it.
const (
	maxKeptLookups = 1 << 12
	maxKeptEdges   = 1 << 14
)

func (idx *Index) resolveScratch() *scratch {
	if idx.scratch == nil {
		idx.scratch = &scratch{lookups: map[lookup]bool{}}
	}
	return idx.scratch
}

// keep takes back what r was lent, emptied.
func (sc *scratch) keep(r *resolver) {
	if len(r.lookups) > maxKeptLookups {
		sc.lookups = map[lookup]bool{}
	} else {
		clear(r.lookups)
	}
	clear(r.edges) // no strings of r's kept alive
	sc.edges = r.edges[:0]
	if cap(sc.edges) > maxKeptEdges {
		sc.edges = nil
	}
}

// BuildIndex indexes every file's definitions and module keys in memory.
func BuildIndex(files *snapshot.FileSet, langs *lang.Registry, project *lang.Project) *Index {
	var es []snapshot.Entry
	pk := newPresenceKeys()
	for _, f := range files.All() {
		fes := DefinitionEntries(f, langs, project)
		pk.addFile(fes)
		es = append(es, fes...)
	}
	idx := newIndex(langs, project, &snapshot.Overlay{Extra: snapshot.NewMemKV(es)})
	idx.present = pk.build()
	return idx
}

// buildIndexOnDisk indexes every file's definitions as BuildIndex does,
// held as one sorted table in an unlinked file of dir (snapshot.Runs): a
// full run's definitions held entry by entry took 70 MB of a 9,254-file
// init, through its whole resolution. Close releases the file.
//
// A packed set's records are decoded, turned into entries and sorted into
// runs on workers goroutines (definitionRuns), each compacting its own
// runs; this one then merges the workers' tables into one. Where the
// workers made entries and this goroutine sorted and wrote every run in
// turn, it was busy while they waited for it to take their batches: a
// core idle 1.2 s of the step's 2.7 s at 100,000 files.
func buildIndexOnDisk(ctx context.Context, files *snapshot.FileSet, langs *lang.Registry, project *lang.Project, dir string, workers int) (*Index, error) {
	if files.Packed() && workers > 1 {
		return definitionRuns(ctx, files, langs, project, dir, workers)
	}
	runs := snapshot.NewRuns(0, dir)
	pk := newPresenceKeys()
	for _, f := range files.AheadParts(workers, definitionParts) {
		es := DefinitionEntries(f, langs, project)
		pk.addFile(es)
		runs.Add(withMemberValues(es)...)
	}
	kv, err := runs.KV()
	if err != nil {
		return nil, fmt.Errorf("definition index: %w", err)
	}
	return mappedIndex(langs, project, kv, pk), nil
}

// definitionRuns is buildIndexOnDisk of a packed set on workers
// goroutines (snapshot.RunsOnWorkersToMerge): each decodes its records in their
// facts and adds their definition entries to runs of its own, and the
// presence hashes to a list of its own.
func definitionRuns(ctx context.Context, files *snapshot.FileSet, langs *lang.Registry, project *lang.Project, dir string, workers int) (*Index, error) {
	seed := maphash.MakeSeed()
	var mu sync.Mutex
	keys := map[*snapshot.Runs]*presenceKeys{} // a worker's, by its runs
	keysOf := func(r *snapshot.Runs) *presenceKeys {
		mu.Lock()
		defer mu.Unlock()
		pk := keys[r]
		if pk == nil {
			pk = &presenceKeys{seed: seed, seen: map[uint64]bool{}}
			keys[r] = pk
		}
		return pk
	}
	runs, err := snapshot.RunsOnWorkersToMerge(ctx, files.Paths(), workers, dir, func(r *snapshot.Runs, p string) {
		f := files.GetParts(p, definitionParts)
		if f == nil {
			return
		}
		es := DefinitionEntries(f, langs, project)
		keysOf(r).addFile(es)
		r.Add(withMemberValues(es)...)
	})
	if err != nil {
		return nil, fmt.Errorf("definition index: %w", err)
	}
	kv, err := snapshot.MergedOne(runs...)
	if err != nil {
		return nil, fmt.Errorf("definition index: %w", err)
	}
	all := &presenceKeys{seed: seed}
	for _, r := range runs { // in the workers' order, so the filter is built the same way each run
		if pk := keys[r]; pk != nil {
			all.join(pk)
		}
	}
	return mappedIndex(langs, project, kv, all), nil
}

// mappedIndex is the Index reading kv through a mapping of its file
// (snapshot.RunsKV.Mapped), with the presence filter of pk's lookups.
func mappedIndex(langs *lang.Registry, project *lang.Project, kv *snapshot.RunsKV, pk *presenceKeys) *Index {
	mapped, release := kv.Mapped()
	idx := newIndex(langs, project, mapped)
	idx.present, idx.release, idx.table = pk.build(), release, kv
	return idx
}

// withMemberValues gives each listing of a definition under its parent
// (snapshot.KsMember, valueless as published) the value of the
// definition's name-index entry, which snapshot.DefEntries puts just
// before it: memberDefs then decodes the definitions from the listing's
// scan, where it looked each up in the index again (a seek from the
// table's root per member, 1.5 s CPU of a 100,000-file init). Only the
// index a full run builds for itself holds them; a published one's
// listings stay empty, and memberDefs reads those as before.
func withMemberValues(es []snapshot.Entry) []snapshot.Entry {
	for i := 1; i < len(es); i++ {
		if isKeyspace(es[i], snapshot.KsMember) && len(es[i].Value) == 0 && isKeyspace(es[i-1], snapshot.KsName) {
			es[i].Value = es[i-1].Value
		}
	}
	return es
}

func isKeyspace(e snapshot.Entry, ks byte) bool { return len(e.Key) > 0 && e.Key[0] == ks }

// Close releases what the index holds outside memory: its table's file,
// unless handOver took it.
func (idx *Index) Close() error {
	var err error
	if idx.release != nil {
		err = idx.release()
	}
	if idx.table != nil {
		if cerr := idx.table.Close(); err == nil {
			err = cerr
		}
		idx.table = nil
	}
	return err
}

func newIndex(langs *lang.Registry, project *lang.Project, kv snapshot.KV) *Index {
	return &Index{langs: langs, project: project, kv: kv, names: map[lookup][]def{}, modules: map[lookup][]string{},
		pkgs: map[string]string{}, stars: map[lookup][]string{}, cacheLimit: maxCachedKeys}
}

// definitionParts are the parts of a record DefinitionEntries reads.
const definitionParts = snapshot.PartFacts

// DefinitionEntries are the name, module and star entries of a file, and
// what it tells its family's project reader (Traits.ProjectFacts).
func DefinitionEntries(f *snapshot.File, langs *lang.Registry, project *lang.Project) []snapshot.Entry {
	var out []snapshot.Entry
	l := langs.Get(f.Lang)
	if l == nil {
		return out
	}
	t := l.Traits()
	if t.ProjectFacts != nil {
		out = append(out, snapshot.Entry{Key: snapshot.PyHeadsKey(f.Path), Value: []byte(t.ProjectFacts(f.Facts))})
	}
	if f.Facts == nil {
		return out
	}
	fam := lang.FamilyOf(f.Lang)
	for _, k := range l.ModuleKeys(f.Path, f.Facts, project) {
		out = append(out, snapshot.Entry{Key: snapshot.ModuleKey(fam, k, f.Path), Value: []byte(f.Facts.Package)})
	}
	ids := snapshot.SymbolIDs(f.Path, f.Facts.Symbols)
	for i, s := range f.Facts.Symbols {
		out = append(out, snapshot.DefEntries(fam, snapshot.Def{Path: f.Path, ID: ids[i], Name: s.Name, Qualified: s.Qualified,
			Parent: s.Parent, Kind: s.Kind, Type: s.Type, Bases: basesOf(s), Order: i, Line: s.Line, Params: s.Params, Union: s.Union})...)
	}
	order, stars := len(f.Facts.Symbols), 0
	reexports(f, t, func(local, chain string) {
		out = append(out, snapshot.DefEntry(fam, snapshot.Def{Path: f.Path, Name: local, Qualified: local, Kind: kindAlias, Type: chain, Order: order}))
		order++
	}, func(module string) {
		out = append(out, snapshot.Entry{Key: snapshot.StarKey(fam, f.Path, stars), Value: []byte(module)})
		stars++
	})
	injected(f, t, func(name string, s facts.Symbol) {
		out = append(out, snapshot.DefEntry(fam, snapshot.Def{Path: f.Path, Name: name, Qualified: s.Qualified, Kind: kindInjected,
			Type: s.Type, Order: order, Line: s.Line}))
		order++
	})
	plugins(f, t, func(module string) {
		out = append(out, snapshot.DefEntry(fam, snapshot.Def{Path: f.Path, Name: pluginsName, Qualified: pluginsName, Kind: kindPlugin,
			Type: module, Order: order}))
		order++
	})
	siteEntries(f, func(c facts.Ref) {
		out = append(out, snapshot.DefEntry(fam, snapshot.Def{Path: f.Path, Name: siteName(c.Name), Qualified: c.From, Parent: c.From,
			Kind: kindSite, Type: c.Qualifier, Params: c.Args, Order: order, Line: c.Line}))
		order++
	})
	return out
}

// reexports calls alias for each name a file re-exports (with the chain
// of what it names: an imported name, or a declaration of the file's own
// it exports under another name) and star for each module it re-exports
// whole. Where every module-level import is re-exported
// (Traits.ModuleImportsExported), the names it binds are attributes of
// the module.
func reexports(f *snapshot.File, t *lang.Traits, alias func(local, chain string), star func(module string)) {
	for _, imp := range f.Facts.Imports {
		if !imp.Reexport && (!t.ModuleImportsExported || !moduleLevel(f.Facts, imp.Line)) {
			continue
		}
		if t.ModuleImportsExported && len(imp.Names) == 0 && imp.Kind != "wildcard" {
			continue // import a.b binds a module, not a name to follow
		}
		if imp.Kind == "wildcard" {
			star(imp.Path)
			continue
		}
		for i, name := range imp.Names {
			if imp.Kind == facts.ImportSelf {
				alias(imp.LocalName(i), name) // a name in the file's own scope
				continue
			}
			alias(imp.LocalName(i), facts.Imported(imp.Path, name))
		}
	}
}

// moduleLevel reports whether a line lies outside every top-level
// function and class of a file.
func moduleLevel(f *facts.File, line int) bool {
	for _, s := range f.Symbols {
		if s.Parent == "" && s.Line <= line && line <= s.EndLine && s.Kind != facts.KindVar && s.Kind != facts.KindConst {
			return false
		}
	}
	return true
}

// nameDefs answers a name key: its definitions by (path, source order).
func (idx *Index) nameDefs(key lookup) []def {
	if ds, ok := idx.names[key]; ok {
		return ds
	}
	ds := idx.readDefs(key, func() []def { return idx.scanDefs(snapshot.Prefix(snapshot.KsName, key.name, key.family), nil) })
	idx.names[key] = ds
	return ds
}

// readDefs is read's answer to k, unless a view of the same index read
// it already (shared).
func (idx *Index) readDefs(k lookup, read func() []def) []def {
	if ds, ok := idx.shared.getNames(k); ok {
		return ds
	}
	return idx.shared.putNames(k, read())
}

// maxCachedKeys bounds the answers an Index keeps. A full run asks about
// every name of the repository, and keeping every answer made the cache
// as large as the definitions themselves; the files resolved one after
// the other (in path order) share most of their answers, so a cache
// emptied now and then still answers most lookups. A run sets it from its
// memory budget (membudget.IndexAnswers, this at the default budget).
const maxCachedKeys = 1 << 16

// trimCache empties the cache of answers once it holds maxCachedKeys.
// Answers are functions of the KV, so a dropped one is read again the
// same. All maps go together: pkgOf answers for the paths modulePaths
// found.
func (idx *Index) trimCache() {
	if len(idx.names)+len(idx.modules)+len(idx.stars) < idx.cacheLimit {
		return
	}
	clear(idx.names)
	clear(idx.modules)
	clear(idx.pkgs)
	clear(idx.stars)
}

// modulePaths answers a module key: the files under it, sorted.
func (idx *Index) modulePaths(key lookup) []string {
	if ps, ok := idx.modules[key]; ok {
		return ps
	}
	if !idx.present.mayHold('m', key.family, key.name) {
		idx.modules[key] = nil
		return nil
	}
	m, ok := idx.shared.getModule(key)
	if !ok {
		_ = idx.kv.Scan(snapshot.Prefix(snapshot.KsModule, key.family, key.name), func(k, v []byte) error {
			m.paths = append(m.paths, snapshot.KeyPart(k, 2))
			m.pkgs = append(m.pkgs, string(v))
			return nil
		})
		idx.shared.putModule(key, m)
	}
	for i, p := range m.paths {
		idx.pkgs[p] = m.pkgs[i]
	}
	idx.modules[key] = m.paths
	return m.paths
}

// pkgOf is the declared package of a file found through modulePaths.
func (idx *Index) pkgOf(path string) string { return idx.pkgs[path] }

// starModules answers a star key: the modules a file re-exports whole.
func (idx *Index) starModules(key lookup) []string {
	if ms, ok := idx.stars[key]; ok {
		return ms
	}
	if !idx.present.mayHold('s', key.family, key.name) {
		idx.stars[key] = nil
		return nil
	}
	ms, ok := idx.shared.getStars(key)
	if !ok {
		_ = idx.kv.Scan(snapshot.Prefix(snapshot.KsStar, key.family, key.name), func(_, v []byte) error {
			ms = append(ms, string(v))
			return nil
		})
		ms = idx.shared.putStars(key, ms)
	}
	idx.stars[key] = ms
	return ms
}

// splitLookup splits "n|family|rest" into family and rest.
func splitLookup(key string) (family, rest string) {
	_, tail, _ := strings.Cut(key, "|")
	family, rest, _ = strings.Cut(tail, "|")
	return family, rest
}

// keysDefinedBy lists the index keys a file contributes to; of the keys
// of names (n, np, nf, nd), those of the names want keeps (nil: all).
func keysDefinedBy(f *snapshot.File, langs *lang.Registry, project *lang.Project, want func(family, name string) bool) []string {
	l := langs.Get(f.Lang)
	if l == nil || f.Facts == nil {
		return nil
	}
	fam := lang.FamilyOf(f.Lang)
	var out []string
	for _, k := range l.ModuleKeys(f.Path, f.Facts, project) {
		out = append(out, moduleKey(fam, k).String())
	}
	name := func(name, parent string) {
		if want == nil || want(fam, name) {
			out = append(out, nameKey(fam, name).String())
			out = append(out, narrowKeys(fam, name, parent, f.Path)...)
		}
	}
	for _, s := range f.Facts.Symbols {
		name(s.Name, s.Parent)
	}
	reexports(f, l.Traits(), func(local, _ string) { name(local, "") },
		func(string) { out = append(out, starKey(fam, f.Path).String()) })
	injected(f, l.Traits(), func(n string, _ facts.Symbol) { name(n, "") })
	plugins(f, l.Traits(), func(string) { name(pluginsName, "") })
	siteEntries(f, func(c facts.Ref) { name(siteName(c.Name), c.From) })
	return out
}

// A key's digest summarizes everything about it that the given files
// contribute and resolution can observe, in order (order encodes line
// order without the line numbers themselves). An update compares a key's
// digest before and after over the touched files only: every other file's
// entries are the same in both. A digest is the contributions themselves,
// not a hash of them, so equal digests mean equal definitions.
//
// A digester computes digests from a KV's entries owned by given paths
// (sorted); it decodes the definitions under a name once however many
// keys (by parent, file, directory) read them.
type digester struct {
	kv   snapshot.KV
	defs map[string][]snapshot.Def // by KV prefix
}

func newDigester(kv snapshot.KV) *digester {
	return &digester{kv: kv, defs: map[string][]snapshot.Def{}}
}

func (g *digester) digest(key string, paths []string) string {
	var h strings.Builder
	kind, _, _ := strings.Cut(key, "|")
	for _, p := range paths {
		if kind == "m" { // a module entry's key ends at the path: one Get
			fam, rest := splitLookup(key)
			k := snapshot.ModuleKey(fam, rest, p)
			if v, ok, _ := g.kv.Get(k); ok {
				writeEntry(&h, k, v)
			}
			continue
		}
		prefix, keep := keyPrefix(kind, key, p)
		switch {
		case prefix == nil:
		case kind[0] == 'n':
			for _, d := range g.defsUnder(prefix) {
				if keep(d) {
					for _, part := range append([]string{d.Path, d.ID, d.Kind, d.Parent, d.Bases, d.Type, d.Params}, d.Union...) {
						h.WriteString(part)
						h.WriteByte(0)
					}
					h.WriteByte(1)
				}
			}
		default:
			_ = g.kv.Scan(prefix, func(k, v []byte) error { writeEntry(&h, k, v); return nil })
		}
	}
	return h.String()
}

func (g *digester) defsUnder(prefix []byte) []snapshot.Def {
	if ds, ok := g.defs[string(prefix)]; ok {
		return ds
	}
	var ds []snapshot.Def
	_ = g.kv.Scan(prefix, func(k, v []byte) error {
		if d, err := snapshot.DecodeDef(k, v); err == nil {
			ds = append(ds, d)
		}
		return nil
	})
	g.defs[string(prefix)] = ds
	return ds
}

func writeEntry(h *strings.Builder, k, v []byte) {
	h.Write(k)
	h.WriteByte(0)
	h.Write(v)
	h.WriteByte(1)
}

// keyPrefix is the KV prefix of the entries file p contributes to a lookup
// key, and a filter for the definitions under it; a nil prefix means p
// cannot contribute.
func keyPrefix(kind, key, p string) ([]byte, func(snapshot.Def) bool) {
	fam, rest := splitLookup(key)
	all := func(snapshot.Def) bool { return true }
	switch kind {
	case "s":
		if rest != p {
			return nil, all
		}
		return snapshot.Prefix(snapshot.KsStar, fam, rest), all
	case "n":
		return snapshot.Prefix(snapshot.KsName, rest, fam, p), all
	}
	name, arg, _ := strings.Cut(rest, "|")
	prefix := snapshot.Prefix(snapshot.KsName, name, fam, p)
	switch kind {
	case "np":
		return prefix, func(d snapshot.Def) bool { return d.Parent == arg }
	case "nf":
		if arg != p {
			return nil, all
		}
	case "nd":
		if dirOf(p) != arg {
			return nil, all
		}
	}
	return prefix, all
}

func dirOf(p string) string { return path.Dir(p) }

// views returns n indexes answering from idx's definitions, each with an
// answer cache of its own (an Index is not safe for concurrent use; its
// KV is) of an nth of idx's bound, so that n of them hold what one did.
// With n 1 it is idx itself.
func (idx *Index) views(n int) []*Index {
	if n == 1 {
		return []*Index{idx}
	}
	out := make([]*Index, n)
	sh := newShared(idx.cacheLimit)
	for i := range out {
		v := newIndex(idx.langs, idx.project, idx.kv)
		v.present, v.shared = idx.present, sh
		v.cacheLimit = max(1, idx.cacheLimit/n)
		out[i] = v
	}
	return out
}
