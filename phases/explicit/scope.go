package explicit

import (
	"strings"

	"github.com/lgraph/lgraph/facts"
	"github.com/lgraph/lgraph/snapshot"
)

// unimportedReach says where a bare name that is neither defined in the
// file nor imported may still be found, per language family: Go sees its
// package (the directory); Java, C# and PHP their package or namespace,
// then C, C++ and Ruby the whole program. Python, JavaScript and Rust see
// nothing without an import, so a match elsewhere would be a guess.
var unimportedReach = map[string]struct{ dir, project bool }{
	"go":     {dir: true},
	"java":   {dir: true, project: true},
	"csharp": {dir: true, project: true},
	"php":    {dir: true, project: true},
	"c":      {dir: true, project: true},
	"ruby":   {dir: true, project: true},
}

// noMethodGuess lists the families where a call on a receiver of unknown
// type is not guessed at: in Python most such receivers are untyped
// parameters holding dicts, strings or library objects. Against jedi on
// requests, flask, click, werkzeug, rich and a localstack sample, the one
// method of that name was the callee 360 times in 873 before receiver
// types, and 71 times in 267 once the extractor wrote them.
var noMethodGuess = map[string]bool{"python": true}

// bare resolves an unqualified name: the lexical scopes of this file, what
// the file imports, then (where the language allows) its directory or
// package and the whole project.
func (r *resolver) bare(name, from string, kinds map[string]bool) (found, bool) {
	if d, ok := r.sameFile(name, from, kinds); ok {
		return found{d, snapshot.ByScope}, true
	}
	if b, ok := r.nameBind[name]; ok {
		if f, ok := r.inBinding(b, name, kinds); ok {
			return f, true
		}
	}
	for _, b := range r.openScopes {
		if f, ok := r.inBinding(b, name, kinds); ok {
			return f, true
		}
	}
	reach := unimportedReach[r.spec.Family]
	notMember := func(d def) bool { return d.Kind != facts.KindMethod && d.Kind != facts.KindField && d.Parent == "" }
	if reach.dir {
		dir := dirOf(r.f.Path)
		if d, ok := r.first(r.filter(name, kinds, func(d def) bool { return dirOf(d.Path) == dir && notMember(d) })); ok {
			return found{d, snapshot.ByScope}, true
		}
	}
	if reach.project {
		if d, ok := r.first(r.filter(name, kinds, notMember)); ok {
			return found{d, snapshot.ByName}, true
		}
	}
	return found{}, false
}

// sameFile finds name in the lexical scopes around from, innermost first:
// a definition inside the calling function shadows one outside it. Methods
// are reachable bare only where the language has an implicit this.
func (r *resolver) sameFile(name, from string, kinds map[string]bool) (def, bool) {
	for _, scope := range r.scopesOf(from) {
		for i, s := range r.f.Facts.Symbols {
			if s.Name != name || s.Parent != scope || !accepts(kinds, s.Kind) {
				continue
			}
			if (s.Kind == facts.KindMethod || s.Kind == facts.KindField) && !implicitThis[r.spec.Family] {
				continue
			}
			return r.localDef(i), true
		}
	}
	return def{}, false
}

// scopesOf lists from and its enclosing definitions, innermost first,
// ending with the file scope "".
func (r *resolver) scopesOf(from string) []string {
	var out []string
	for q := from; q != ""; {
		out = append(out, q)
		i, ok := r.byQual[q]
		if !ok {
			break
		}
		q = r.f.Facts.Symbols[i].Parent
	}
	return append(out, "")
}

// localDef is symbol i of this file as the index holds it, with its bases
// (a base found in this file leads on to its own bases).
func (r *resolver) localDef(i int) def {
	s := r.f.Facts.Symbols[i]
	return def{Path: r.f.Path, ID: r.ids[i], Name: s.Name, Qualified: s.Qualified, Parent: s.Parent, Kind: s.Kind, Type: s.Type,
		bases: strings.Join(s.Extends, ",") + ";" + strings.Join(s.Implements, ","), order: i}
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

// member resolves self.name / this.name / super.name through the
// enclosing type and its bases.
func (r *resolver) member(name, from string, kinds map[string]bool) (def, bool) {
	c := chainCtx{path: r.f.Path, here: true, from: from}
	t, st := r.evalChain(c, "self", 0)
	if st != typeKnown {
		if r.enclosingClass(from) == "" {
			return r.sameFile(name, from, kinds)
		}
		return def{}, false
	}
	m, mst := r.memberOf(t, name, kinds, 0)
	if mst != typeKnown {
		return def{}, false
	}
	return *m, true
}

// qualified resolves Type.name / ns::name by name: members whose parent's
// last segment is the qualifier's last segment, nearest scope first.
func (r *resolver) qualified(name, qualifier, from string, kinds map[string]bool) (def, bool) {
	_, last := splitQualified(qualifier)
	cands := r.filter(name, kinds, func(d def) bool { return d.Parent != "" && lastSegment(d.Parent) == last })
	if len(cands) == 0 {
		return r.uniqueMethod(name, from, false)
	}
	return r.nearest(r.f.Path, cands)
}

// uniqueMethod resolves a call on a receiver of unknown type only when one
// method of that name exists: in this file, else this directory, else the
// project. A call through a field of the receiver (self.f.M) goes to
// another type, so it never lands on the caller and skips the nearby tiers
// (where the caller's own type would win).
func (r *resolver) uniqueMethod(name, from string, field bool) (def, bool) {
	if noMethodGuess[r.spec.Family] {
		return def{}, false
	}
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

// filter returns the visible definitions of name with a wanted kind that
// keep accepts, in (path, source order) order. The results point into the
// index, which resolution never changes: names with thousands of
// definitions would otherwise be copied for every reference.
func (r *resolver) filter(name string, kinds map[string]bool, keep func(def) bool) []*def {
	var out []*def
	defs := r.lookupName(name)
	for i := range defs {
		if d := &defs[i]; accepts(kinds, d.Kind) && r.visible(d) && keep(*d) {
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
