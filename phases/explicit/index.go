package explicit

import (
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"path"
	"slices"
	"sort"
	"strings"

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
	// bases are the Extends and Implements names: member lookup follows
	// them, so they are part of the key's digest.
	bases string
	order int // source order within Path
}

// Index answers "who defines this name" and "which files are this module",
// per language family. Every answer the resolver uses goes through lookup
// keys so that a file's dependence on other files' definitions is recorded.
type Index struct {
	langs   *lang.Registry
	project *lang.Project
	modules map[string][]string // "m|family|key" -> sorted paths
	names   map[string][]def    // "n|family|name" -> defs by (path, order)
	files   map[string]*snapshot.File
}

func moduleKey(family, key string) string { return "m|" + family + "|" + key }
func nameKey(family, name string) string  { return "n|" + family + "|" + name }

// BuildIndex indexes every file's definitions and module keys.
func BuildIndex(files map[string]*snapshot.File, langs *lang.Registry, project *lang.Project) *Index {
	idx := newIndex(langs, project, files)
	for _, p := range sortedPaths(files) {
		idx.add(files[p])
	}
	return idx
}

func newIndex(langs *lang.Registry, project *lang.Project, files map[string]*snapshot.File) *Index {
	return &Index{langs: langs, project: project, modules: map[string][]string{}, names: map[string][]def{}, files: files}
}

func (idx *Index) add(f *snapshot.File) {
	spec := idx.langs.Get(f.Lang)
	if spec == nil || f.Facts == nil {
		return
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
			bases: strings.Join(s.Extends, ",") + ";" + strings.Join(s.Implements, ","), order: i})
	}
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
	return out
}

// digest summarizes everything about a key that resolution can observe, in
// order (order encodes line order without the line numbers themselves).
func (idx *Index) digest(key string) string {
	return digestOf(idx.modules[key], idx.names[key])
}

// baseDigest is the digest key had when the touched files held what
// `before` indexes instead of what idx holds for them.
func (idx *Index) baseDigest(key string, touched map[string]bool, before *Index) string {
	var mods []string
	for _, p := range idx.modules[key] {
		if !touched[p] {
			mods = append(mods, p)
		}
	}
	mods = append(mods, before.modules[key]...)
	sort.Strings(mods)
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
	return digestOf(mods, defs)
}

func digestOf(mods []string, defs []def) string {
	h := sha256.New()
	for _, p := range mods {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	for _, d := range defs {
		h.Write([]byte(d.Path + "\x00" + d.ID + "\x00" + d.Kind + "\x00" + d.Parent + "\x00" + d.bases + "\x01"))
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

func sortedPaths(files map[string]*snapshot.File) []string {
	return slices.Sorted(maps.Keys(files))
}

func dirOf(p string) string { return path.Dir(p) }
