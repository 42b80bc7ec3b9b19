package explicit

import (
	"slices"

	"github.com/lgraph/lgraph/internal/snapshot"
)

// Narrow reads of the name index. A name the resolver asks about in one
// file or one directory is read from that file's or directory's entries,
// not from every definition of the name: in a large repository a common
// name has thousands, and an update that resolves a few files would
// otherwise decode them all (docs/design.md §1, invariant 4). The answers
// are the broad answer's definitions in those files, in the same order.

// nameDefsIn answers the definitions of a name in the given files, by
// (path, source order).
func (idx *Index) nameDefsIn(family, name string, paths []string) []def {
	if len(paths) == 1 {
		return idx.nameDefsInFile(family, name, paths[0])
	}
	sorted := slices.Compact(slices.Sorted(slices.Values(paths)))
	var out []def
	for _, p := range sorted {
		out = append(out, idx.nameDefsInFile(family, name, p)...)
	}
	return out
}

// nameDefsInFile answers the definitions of a name in one file: the
// broad answer's when it was read already, else one narrow scan.
func (idx *Index) nameDefsInFile(family, name, path string) []def {
	if !idx.present.mayHold('f', family, name, path) {
		// Not cached: the filter answers as fast, and an answer kept for
		// each file of a package that does not define the name filled the
		// cache, emptying it sooner.
		return nil
	}
	k := fileKey(family, name, path)
	if ds, ok := idx.names[k]; ok {
		return ds
	}
	var ds []def
	if all, ok := idx.names[nameKey(family, name)]; ok {
		ds = keepDefs(all, func(d *def) bool { return d.Path == path })
	} else {
		ds = idx.readDefs(k, func() []def { return idx.scanDefs(snapshot.Prefix(snapshot.KsName, name, family, path), nil) })
	}
	idx.names[k] = ds
	return ds
}

// nameDefsInDir answers the definitions of a name in one directory (not
// its subdirectories): one scan of the entries under the directory's
// paths. The top directory's files share no path prefix; they are taken
// from the broad answer.
func (idx *Index) nameDefsInDir(family, name, dir string) []def {
	if dir != "." && !idx.present.mayHold('d', family, name, dir) {
		return nil // not cached, as in nameDefsInFile
	}
	k := dirKey(family, name, dir)
	if ds, ok := idx.names[k]; ok {
		return ds
	}
	inDir := func(d *def) bool { return dirOf(d.Path) == dir }
	var ds []def
	if all, ok := idx.names[nameKey(family, name)]; ok || dir == "." {
		if !ok {
			all = idx.nameDefs(nameKey(family, name))
		}
		ds = keepDefs(all, inDir)
	} else {
		ds = idx.readDefs(k, func() []def {
			return idx.scanDefs(append(snapshot.Prefix(snapshot.KsName, name, family), dir+"/"...), inDir)
		})
	}
	idx.names[k] = ds
	return ds
}

// nameDefsOf answers the definitions of a name whose parent is parent:
// the broad answer's when it was read already, else one pass over the
// name's entries that decodes only the parent's.
func (idx *Index) nameDefsOf(family, name, parent string) []def {
	if !idx.present.mayHold('p', family, name, parent) {
		return nil // no definition of the name has that parent; not cached, as in nameDefsInFile
	}
	k := parentKey(family, name, parent)
	if ds, ok := idx.names[k]; ok {
		return ds
	}
	var ds []def
	switch all, ok := idx.names[nameKey(family, name)]; {
	case ok:
		ds = keepDefs(all, func(d *def) bool { return d.Parent == parent })
	case parent == "":
		// Definitions without a parent are not listed by it.
		ds = idx.readDefs(k, func() []def { return idx.topDefs(family, name) })
	default:
		ds = idx.readDefs(k, func() []def { return idx.memberDefs(family, name, parent) })
	}
	idx.names[k] = ds
	return ds
}

// topDefs reads the definitions of name without a parent.
func (idx *Index) topDefs(family, name string) []def {
	var ds []def
	_ = idx.kv.Scan(snapshot.Prefix(snapshot.KsName, name, family), func(k, v []byte) error {
		if p, ok := snapshot.DefParent(v); !ok || len(p) > 0 {
			return nil
		}
		if d, err := snapshot.DecodeDef(k, v); err == nil {
			ds = append(ds, fromDef(d))
		}
		return nil
	})
	return ds
}

// memberDefs reads the definitions of name under parent through their
// listing by parent (snapshot.KsMember), each decoded from its name-index
// entry: the listing's own value where it carries one (withMemberValues),
// else the entry read by its key. The listing sorts as the name index
// does under the name, by (path, source order), so the answer is in the
// broad answer's order.
func (idx *Index) memberDefs(family, name, parent string) []def {
	// A listing without a value is looked up after the scan, in its place.
	type member struct {
		nameKey []byte
		d       def
		read    bool
	}
	var ms []member
	_ = idx.kv.Scan(snapshot.MemberPrefix(family, parent, name), func(k, v []byte) error {
		nk, ok := snapshot.MemberDef(k)
		if !ok {
			return nil
		}
		m := member{nameKey: nk}
		if len(v) > 0 {
			d, err := snapshot.DecodeDef(nk, v)
			if err != nil {
				return nil
			}
			m.d, m.read = fromDef(d), true
		}
		ms = append(ms, m)
		return nil
	})
	var ds []def
	for _, m := range ms {
		if m.read {
			ds = append(ds, m.d)
			continue
		}
		v, ok, err := idx.kv.Get(m.nameKey)
		if err != nil || !ok {
			continue
		}
		if d, err := snapshot.DecodeDef(m.nameKey, v); err == nil {
			ds = append(ds, fromDef(d))
		}
	}
	return ds
}

// scanDefs decodes the name-index entries under prefix that keep accepts
// (nil: all).
func (idx *Index) scanDefs(prefix []byte, keep func(*def) bool) []def {
	var ds []def
	_ = idx.kv.Scan(prefix, func(k, v []byte) error {
		if d, err := snapshot.DecodeDef(k, v); err == nil {
			if x := fromDef(d); keep == nil || keep(&x) {
				ds = append(ds, x)
			}
		}
		return nil
	})
	return ds
}

func keepDefs(all []def, keep func(*def) bool) []def {
	var out []def
	for i := range all {
		if keep(&all[i]) {
			out = append(out, all[i])
		}
	}
	return out
}
