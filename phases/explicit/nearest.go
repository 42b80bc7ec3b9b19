package explicit

// Choosing among candidates by how near they are to the file that names
// them.

// nearest picks from candidates by scope around the file at path: the
// same file, files this file imports (when path is this file), the same
// directory, anywhere; ties break on path then source order.
func (r *resolver) nearest(path string, cands []*def) (def, bool) {
	dir := dirOf(path)
	scopes := []func(*def) bool{
		func(d *def) bool { return d.Path == path },
		func(d *def) bool { return path == r.f.Path && r.imported(d.Path) },
		func(d *def) bool { return dirOf(d.Path) == dir },
		func(*def) bool { return true },
	}
	for _, in := range scopes {
		for _, d := range cands {
			if in(d) {
				return *d, true
			}
		}
	}
	return def{}, false
}

// imported reports whether a file is the target of one of this file's
// imports; the set is built once, after all imports are bound.
func (r *resolver) imported(p string) bool {
	if r.importedSet == nil {
		r.importedSet = map[string]bool{}
		for _, b := range r.bindings {
			for _, x := range b.targets {
				r.importedSet[x] = true
			}
		}
	}
	return r.importedSet[p]
}

// nearestOwner is nearest for the definitions of a type or its members:
// the same file, the same directory, then (unless a package is a
// directory: Traits.DirectoryPackages) anywhere.
func (r *resolver) nearestOwner(path string, cands []*def) (*def, bool) {
	dir := dirOf(path)
	for _, in := range []func(*def) bool{
		func(d *def) bool { return d.Path == path },
		func(d *def) bool { return dirOf(d.Path) == dir },
		func(*def) bool { return !r.traits.DirectoryPackages },
	} {
		for _, d := range cands {
			if in(d) {
				return d, true
			}
		}
	}
	return nil, false
}

// nearestGroup keeps the candidates in nearestOwner's first tier that has
// any: the members of a type are those in its file (two files may declare
// types of the same qualified name), else in its directory.
func (r *resolver) nearestGroup(path string, cands []*def) []*def {
	dir := dirOf(path)
	for _, in := range []func(*def) bool{
		func(d *def) bool { return d.Path == path },
		func(d *def) bool { return dirOf(d.Path) == dir },
		func(*def) bool { return !r.traits.DirectoryPackages },
	} {
		var out []*def
		for _, d := range cands {
			if in(d) {
				out = append(out, d)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}
