package explicit

import (
	"strings"

	"github.com/lgraph/lgraph/snapshot"

	"github.com/lgraph/lgraph/facts"
)

// implicitThis lists the families where a bare name inside a class body
// may call a method of that class (elsewhere a method needs its receiver).
var implicitThis = map[string]bool{"java": true, "csharp": true, "c": true, "ruby": true}

var selfWords = map[string]bool{"self": true, "this": true, "Self": true, "$this": true, "cls": true, "@": true}

// callable and typeLike are the definition kinds a call or a type
// reference may land on.
var (
	callable = map[string]bool{facts.KindFunction: true, facts.KindMethod: true, facts.KindClass: true, facts.KindStruct: true, facts.KindType: true, facts.KindEnum: true}
	typeLike = map[string]bool{facts.KindClass: true, facts.KindStruct: true, facts.KindInterface: true, facts.KindTrait: true, facts.KindEnum: true, facts.KindType: true, facts.KindModule: true}
)

func wanted(kind string) map[string]bool {
	if kind == facts.RefCall {
		return callable
	}
	return typeLike
}

func (r *resolver) reference(ref facts.Ref) {
	target, ok := r.resolve(ref.Name, ref.Qualifier, ref.From, wanted(ref.Kind))
	if !ok {
		r.unresolved++
		return
	}
	kind := EdgeReferences
	if ref.Kind == facts.RefCall {
		kind = EdgeCalls
	}
	via := ref.Name
	if ref.Qualifier != "" && ref.Qualifier != "?" {
		via = ref.Qualifier + "." + ref.Name
	}
	r.add(r.sourceOf(ref), target.ID, kind, via)
}

// sourceOf is the node a reference comes from: the enclosing symbol, and
// among same-named symbols (two init functions) the one whose span holds it.
func (r *resolver) sourceOf(ref facts.Ref) string {
	first, ok := r.byQual[ref.From]
	if !ok || ref.From == "" {
		return snapshot.FileID(r.f.Path)
	}
	for i := first; i < len(r.f.Facts.Symbols); i++ {
		s := r.f.Facts.Symbols[i]
		if s.Qualified == ref.From && s.Line <= ref.Line && ref.Line <= s.EndLine {
			return r.ids[i]
		}
	}
	return r.ids[first]
}

// inheritance resolves each symbol's extends and implements names.
func (r *resolver) inheritance() {
	for i, s := range r.f.Facts.Symbols {
		for _, kind := range []string{EdgeExtends, EdgeImplements} {
			names := s.Extends
			if kind == EdgeImplements {
				names = s.Implements
			}
			for _, full := range names {
				q, name := splitQualified(full)
				if t, ok := r.resolve(name, q, s.Parent, typeLike); ok && t.ID != r.ids[i] {
					r.add(r.ids[i], t.ID, kind, full)
				} else if !ok {
					r.unresolved++
				}
			}
		}
	}
}

// splitQualified splits "pkg.Base" or "a::B" into qualifier and name.
func splitQualified(s string) (string, string) {
	i := strings.LastIndexAny(s, ".:\\")
	if i < 0 {
		return "", s
	}
	q := strings.TrimRight(s[:i], ".:\\")
	return q, s[i+1:]
}

// resolve finds the definition a name refers to, in scope order: the same
// file, what the file imports, the same directory, then the project.
func (r *resolver) resolve(name, qualifier, from string, kinds map[string]bool) (def, bool) {
	switch {
	case qualifier == "":
		return r.bare(name, from, kinds)
	case selfWords[qualifier] || qualifier == "super":
		return r.member(name, from, kinds)
	}
	if targets, ok := r.modBind[qualifier]; ok {
		return r.first(r.filter(name, kinds, func(d def) bool { return contains(targets, d.Path) }))
	}
	if head, _, _ := strings.Cut(qualifier, "."); head != qualifier {
		if targets, ok := r.modBind[head]; ok {
			return r.first(r.filter(name, kinds, func(d def) bool { return contains(targets, d.Path) }))
		}
	}
	first, _, _ := strings.Cut(qualifier, ".")
	if r.external[qualifier] || r.external[first] {
		// A call into a package outside the repository is not guessed at.
		return def{}, false
	}
	if qualifier == "?" || strings.HasPrefix(qualifier, "self.") {
		return r.uniqueMethod(name, from, qualifier != "?")
	}
	return r.qualified(name, qualifier, from, kinds)
}

// bare resolves an unqualified name.
func (r *resolver) bare(name, from string, kinds map[string]bool) (def, bool) {
	if d, ok := r.sameFile(name, from, kinds); ok {
		return d, true
	}
	if targets, ok := r.nameBind[name]; ok {
		if d, ok := r.first(r.filter(name, kinds, func(d def) bool { return contains(targets, d.Path) })); ok {
			return d, true
		}
	}
	for _, scope := range r.openScopes {
		if d, ok := r.first(r.filter(name, kinds, func(d def) bool { return contains(scope, d.Path) })); ok {
			return d, true
		}
	}
	dir := dirOf(r.f.Path)
	notMember := func(d def) bool { return d.Kind != facts.KindMethod }
	if d, ok := r.first(r.filter(name, kinds, func(d def) bool { return dirOf(d.Path) == dir && notMember(d) })); ok {
		return d, true
	}
	if r.spec.Family == "go" {
		// Go has no project-wide scope: a bare name outside the package is a builtin.
		return def{}, false
	}
	return r.first(r.filter(name, kinds, notMember))
}

// sameFile prefers members of the enclosing class, then top-level
// definitions, then any definition in the file.
func (r *resolver) sameFile(name, from string, kinds map[string]bool) (def, bool) {
	class := r.enclosingClass(from)
	best, bestRank := -1, 3
	for i, s := range r.f.Facts.Symbols {
		if s.Name != name || !kinds[s.Kind] {
			continue
		}
		if s.Kind == facts.KindMethod && !implicitThis[r.spec.Family] {
			continue
		}
		rank := 2
		switch {
		case class != "" && s.Parent == class:
			rank = 0
		case s.Parent == "":
			rank = 1
		}
		if rank < bestRank {
			best, bestRank = i, rank
		}
	}
	if best < 0 {
		return def{}, false
	}
	s := r.f.Facts.Symbols[best]
	return def{Path: r.f.Path, ID: r.ids[best], Name: s.Name, Qualified: s.Qualified, Parent: s.Parent, Kind: s.Kind}, true
}

// enclosingClass walks up from a symbol to the nearest type-like definition.
func (r *resolver) enclosingClass(from string) string {
	for q := from; q != ""; {
		i, ok := r.byQual[q]
		if !ok {
			// A method of a type defined in another file (Go, C++ A::m).
			return q
		}
		s := r.f.Facts.Symbols[i]
		if typeLike[s.Kind] {
			return s.Qualified
		}
		if s.Kind == facts.KindMethod && s.Parent != "" {
			if _, defined := r.byQual[s.Parent]; !defined {
				return s.Parent
			}
		}
		q = s.Parent
	}
	return ""
}

// member resolves self.name / this.name / super.name: the enclosing class
// (in this file, then in its directory, then anywhere), then its bases.
func (r *resolver) member(name, from string, kinds map[string]bool) (def, bool) {
	class := r.enclosingClass(from)
	if class == "" {
		return r.sameFile(name, from, kinds)
	}
	for i, s := range r.f.Facts.Symbols {
		if s.Name == name && s.Parent == class && kinds[s.Kind] {
			return def{Path: r.f.Path, ID: r.ids[i], Name: s.Name, Qualified: s.Qualified, Parent: s.Parent, Kind: s.Kind}, true
		}
	}
	if d, ok := r.nearest(r.filter(name, kinds, func(d def) bool { return d.Parent == class })); ok {
		return d, true
	}
	for _, base := range r.basesOf(class) {
		_, baseName := splitQualified(base)
		if d, ok := r.nearest(r.filter(name, kinds, func(d def) bool { return lastSegment(d.Parent) == baseName })); ok {
			return d, true
		}
	}
	return def{}, false
}

// basesOf lists what a class extends or implements (Go: embeds), from its
// definition in this file or, failing that, the nearest one by name.
func (r *resolver) basesOf(class string) []string {
	var cs *facts.Symbol
	if i, ok := r.byQual[class]; ok {
		cs = &r.f.Facts.Symbols[i]
	} else if d, ok := r.nearest(r.filter(lastSegment(class), typeLike, func(d def) bool { return d.Qualified == class })); ok {
		if f := r.idx.files[d.Path]; f != nil && f.Facts != nil && d.order < len(f.Facts.Symbols) {
			cs = &f.Facts.Symbols[d.order]
		}
	}
	if cs == nil {
		return nil
	}
	return append(append([]string{}, cs.Extends...), cs.Implements...)
}

// qualified resolves Type.name / ns::name: members whose parent's last
// segment is the qualifier's last segment, nearest scope first.
func (r *resolver) qualified(name, qualifier, from string, kinds map[string]bool) (def, bool) {
	_, last := splitQualified(qualifier)
	cands := r.filter(name, kinds, func(d def) bool { return d.Parent != "" && lastSegment(d.Parent) == last })
	if len(cands) == 0 {
		return r.uniqueMethod(name, from, false)
	}
	return r.nearest(cands)
}

// uniqueMethod resolves a call on a receiver of unknown type only when one
// method of that name exists: in this file, else this directory, else the
// project. A call through a field of the receiver (self.f.M) goes to
// another type, so it never lands on the caller and skips the nearby tiers
// (where the caller's own type would win).
func (r *resolver) uniqueMethod(name, from string, field bool) (def, bool) {
	caller := r.sourceOf(facts.Ref{From: from})
	methods := r.filter(name, callable, func(d def) bool { return d.Kind == facts.KindMethod && d.ID != caller })
	dir := dirOf(r.f.Path)
	tiers := []func(*def) bool{
		func(d *def) bool { return d.Path == r.f.Path },
		func(d *def) bool { return dirOf(d.Path) == dir },
		func(*def) bool { return true },
	}
	if field {
		tiers = tiers[2:]
	}
	for _, keep := range tiers {
		var in []*def
		for _, d := range methods {
			if keep(d) {
				in = append(in, d)
			}
		}
		if len(in) == 1 {
			return *in[0], true
		}
		if len(in) > 1 {
			return def{}, false
		}
	}
	return def{}, false
}

// nearest picks from candidates by scope: same file, imported files, same
// directory, anywhere; ties break on path then source order.
func (r *resolver) nearest(cands []*def) (def, bool) {
	dir := dirOf(r.f.Path)
	scopes := []func(*def) bool{
		func(d *def) bool { return d.Path == r.f.Path },
		func(d *def) bool { return r.imported(d.Path) },
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
		for _, t := range r.modBind {
			for _, x := range t {
				r.importedSet[x] = true
			}
		}
		for _, t := range r.nameBind {
			for _, x := range t {
				r.importedSet[x] = true
			}
		}
	}
	return r.importedSet[p]
}

// filter returns the definitions of name with a wanted kind that keep accepts,
// in (path, source order) order.
// The results point into the index, which resolution never changes: names
// with thousands of definitions would otherwise be copied for every reference.
func (r *resolver) filter(name string, kinds map[string]bool, keep func(def) bool) []*def {
	var out []*def
	defs := r.lookupName(name)
	for i := range defs {
		if d := &defs[i]; kinds[d.Kind] && keep(*d) {
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
