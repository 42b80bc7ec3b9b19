package explicit

// Lookups of a name among its definitions, broad or narrowed to a parent,
// files or a directory, each recorded under its lookup key.

// filter returns the visible definitions of name with a wanted kind that
// keep accepts, in (path, source order) order, depending on every
// definition of the name (its broad lookup key). The results point into
// the index, which resolution never changes: names with thousands of
// definitions would otherwise be copied for every reference.
func (r *resolver) filter(name string, kinds map[string]bool, keep func(def) bool) []*def {
	return r.selectDefs(r.lookupName(name), kinds, keep)
}

// filterParent is filter among the definitions of name whose parent is
// parent: the answer depends on those alone, so only a change to them
// re-resolves the file (a new method named get elsewhere does not).
func (r *resolver) filterParent(name, parent string, kinds map[string]bool, keep func(def) bool) []*def {
	r.lookups[parentKey(r.family, name, parent)] = true
	return r.selectDefs(r.idx.nameDefsOf(r.family, name, parent), kinds, keep)
}

// filterIn is filter among the definitions of name in the given files.
func (r *resolver) filterIn(name string, paths []string, kinds map[string]bool, keep func(def) bool) []*def {
	for _, p := range paths {
		r.lookups[fileKey(r.family, name, p)] = true
	}
	return r.selectDefs(r.idx.nameDefsIn(r.family, name, paths), kinds, keep)
}

// filterDir is filter among the definitions of name in one directory.
func (r *resolver) filterDir(name, dir string, kinds map[string]bool, keep func(def) bool) []*def {
	r.lookups[dirKey(r.family, name, dir)] = true
	return r.selectDefs(r.idx.nameDefsInDir(r.family, name, dir), kinds, keep)
}

func (r *resolver) selectDefs(defs []def, kinds map[string]bool, keep func(def) bool) []*def {
	var out []*def
	for i := range defs {
		if d := &defs[i]; accepts(kinds, d.Kind) && (!lookupOnly[d.Kind] || kinds[d.Kind]) && r.visible(d) && keep(*d) {
			out = append(out, d)
		}
	}
	return out
}

func (r *resolver) first(ds []*def) (def, bool) {
	if len(ds) == 0 {
		return def{}, false
	}
	return *ds[0], true
}

// accepts reports whether a kind is wanted; nil wants every kind.
func accepts(kinds map[string]bool, kind string) bool { return kinds == nil || kinds[kind] }
