package explicit

import (
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/lgraph/lgraph/facts"
	"github.com/lgraph/lgraph/lang"
	"github.com/lgraph/lgraph/snapshot"
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
	// bases are the Extends and Implements names: member lookup follows
	// them, so they are part of the key's digest.
	bases string
	order int // source order within Path
}

// basesOf is a symbol's bases as def.bases holds them.
func basesOf(s facts.Symbol) string {
	return strings.Join(s.Extends, ",") + ";" + strings.Join(s.Implements, ",")
}

// baseList splits bases back into names.
func (d *def) baseList() []string {
	var out []string
	for _, part := range strings.FieldsFunc(d.bases, func(r rune) bool { return r == ',' || r == ';' }) {
		out = append(out, part)
	}
	return out
}

// Index answers "who defines this name" and "which files are this module",
// per language family. Every answer the resolver uses goes through lookup
// keys so that a file's dependence on other files' definitions is recorded.
type Index struct {
	langs   *lang.Registry
	project *lang.Project
	modules map[string][]string // "m|family|key" -> sorted paths
	names   map[string][]def    // "n|family|name" -> defs by (path, order)
	// pkgs holds each file's declared package (Go binds an import by it),
	// part of the digest of the module keys the file is under.
	pkgs map[string]string
	// stars maps "s|family|path" to the import paths a file re-exports
	// whole (export * from, from m import *), in source order.
	stars map[string][]string
	files map[string]*snapshot.File
}

// kindAlias marks an index entry for a name a file re-exports: its Type
// is the imported name's chain. It is no symbol and has no node.
const kindAlias = "alias"

func moduleKey(family, key string) string { return "m|" + family + "|" + key }
func nameKey(family, name string) string  { return "n|" + family + "|" + name }
func starKey(family, path string) string  { return "s|" + family + "|" + path }

// BuildIndex indexes every file's definitions and module keys.
func BuildIndex(files map[string]*snapshot.File, langs *lang.Registry, project *lang.Project) *Index {
	idx := newIndex(langs, project, files)
	for _, p := range sortedPaths(files) {
		idx.add(files[p])
	}
	return idx
}

func newIndex(langs *lang.Registry, project *lang.Project, files map[string]*snapshot.File) *Index {
	return &Index{langs: langs, project: project, modules: map[string][]string{}, names: map[string][]def{}, pkgs: map[string]string{}, stars: map[string][]string{}, files: files}
}

func (idx *Index) add(f *snapshot.File) {
	spec := idx.langs.Get(f.Lang)
	if spec == nil || f.Facts == nil {
		return
	}
	if f.Facts.Package != "" {
		idx.pkgs[f.Path] = f.Facts.Package
	}
	for _, k := range spec.ModuleKeys(f.Path, f.Facts, idx.project) {
		mk := moduleKey(spec.Family, k)
		if l := idx.modules[mk]; len(l) == 0 || l[len(l)-1] != f.Path {
			idx.modules[mk] = append(l, f.Path)
		}
	}
	ids := snapshot.SymbolIDs(f.Path, f.Facts.Symbols)
	for i, s := range f.Facts.Symbols {
		nk := nameKey(spec.Family, s.Name)
		idx.names[nk] = append(idx.names[nk], def{Path: f.Path, ID: ids[i], Name: s.Name, Qualified: s.Qualified, Parent: s.Parent, Kind: s.Kind,
			Type: s.Type, Params: s.Params, bases: basesOf(s), order: i})
	}
	order := len(f.Facts.Symbols)
	reexports(f, spec.Family, func(local, chain string) {
		nk := nameKey(spec.Family, local)
		idx.names[nk] = append(idx.names[nk], def{Path: f.Path, Name: local, Qualified: local, Kind: kindAlias, Type: chain, order: order})
		order++
	}, func(module string) {
		sk := starKey(spec.Family, f.Path)
		idx.stars[sk] = append(idx.stars[sk], module)
	})
}

// reexports calls alias for each name a file re-exports (with the chain
// of what it names) and star for each module it re-exports whole. In
// Python every module-level import is re-exported: the names it binds are
// attributes of the module, and packages rely on that in __init__.py.
func reexports(f *snapshot.File, family string, alias func(local, chain string), star func(module string)) {
	for _, imp := range f.Facts.Imports {
		if !imp.Reexport && (family != "python" || !moduleLevel(f.Facts, imp.Line)) {
			continue
		}
		if family == "python" && len(imp.Names) == 0 && imp.Kind != "wildcard" {
			continue // import a.b binds a module, not a name to follow
		}
		if imp.Kind == "wildcard" {
			star(imp.Path)
			continue
		}
		for i, name := range imp.Names {
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

// keysDefinedBy lists the index keys a file contributes to.
func (idx *Index) keysDefinedBy(f *snapshot.File) []string {
	spec := idx.langs.Get(f.Lang)
	if spec == nil || f.Facts == nil {
		return nil
	}
	var out []string
	for _, k := range spec.ModuleKeys(f.Path, f.Facts, idx.project) {
		out = append(out, moduleKey(spec.Family, k))
	}
	for _, s := range f.Facts.Symbols {
		out = append(out, nameKey(spec.Family, s.Name))
	}
	reexports(f, spec.Family, func(local, _ string) { out = append(out, nameKey(spec.Family, local)) },
		func(string) { out = append(out, starKey(spec.Family, f.Path)) })
	return out
}

// digest summarizes everything about a key that resolution can observe, in
// order (order encodes line order without the line numbers themselves).
func (idx *Index) digest(key string) string {
	if strings.HasPrefix(key, "s|") {
		return digestOf(idx.stars[key], nil, nil)
	}
	return digestOf(idx.modules[key], idx.pkgs, idx.names[key])
}

// baseDigest is the digest key had when the touched files held what
// `before` indexes instead of what idx holds for them.
func (idx *Index) baseDigest(key string, touched map[string]bool, before *Index) string {
	if strings.HasPrefix(key, "s|") {
		// A star key belongs to one file: touched, so before holds it.
		return digestOf(before.stars[key], nil, nil)
	}
	var mods []string
	for _, p := range idx.modules[key] {
		if !touched[p] {
			mods = append(mods, p)
		}
	}
	mods = append(mods, before.modules[key]...)
	sort.Strings(mods)
	pkgs := func(p string) string {
		if touched[p] {
			return before.pkgs[p]
		}
		return idx.pkgs[p]
	}
	var defs []def
	for _, d := range idx.names[key] {
		if !touched[d.Path] {
			defs = append(defs, d)
		}
	}
	defs = append(defs, before.names[key]...)
	sort.SliceStable(defs, func(i, j int) bool {
		if defs[i].Path != defs[j].Path {
			return defs[i].Path < defs[j].Path
		}
		return defs[i].order < defs[j].order
	})
	return digestWith(mods, pkgs, defs)
}

func digestOf(mods []string, pkgs map[string]string, defs []def) string {
	return digestWith(mods, func(p string) string { return pkgs[p] }, defs)
}

func digestWith(mods []string, pkg func(string) string, defs []def) string {
	h := sha256.New()
	for _, p := range mods {
		h.Write([]byte(p + "\x00" + pkg(p) + "\x00"))
	}
	for _, d := range defs {
		h.Write([]byte(d.Path + "\x00" + d.ID + "\x00" + d.Kind + "\x00" + d.Parent + "\x00" + d.bases + "\x00" + d.Type + "\x00" + d.Params + "\x01"))
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

func sortedPaths(files map[string]*snapshot.File) []string {
	return slices.Sorted(maps.Keys(files))
}

func dirOf(p string) string { return path.Dir(p) }
