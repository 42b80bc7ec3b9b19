package explicit

import (
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
)

// Java subtyping for overload choice: an argument of a repository type
// fits a parameter of a repository type only when the parameter's type is
// the argument's type or one of its bases, as the index holds them (a
// change of bases in another file changes the index entries this reads,
// so the calling file is resolved again). codec.toJson(new Custom())
// calls toJson(Object), not toJson(JsonNode), when Custom does not extend
// JsonNode.

// subtyping is the resolver's subtyping for the file's language, nil
// where none is known.
func (r *resolver) subtyping() subtyping {
	if r.f.Lang != "java" {
		return nil
	}
	return r.javaSubtype
}

// javaSubtype says whether an argument of type a (a leading "-" marks a
// library type) may be passed as a parameter of type p. Only a repository
// type for p is ruled out: a library type's supertypes are not indexed,
// and a repository type may have library bases.
func (r *resolver) javaSubtype(a, p string) int {
	if !r.repoType(p) {
		return mayFit
	}
	if strings.HasPrefix(a, "-") {
		return noFit // a library type extends no repository type
	}
	t, st := r.argType(a)
	if st != typeKnown || r.mayExtend(t, p) {
		return mayFit
	}
	return noFit
}

// mayExtend reports whether t or one of its bases is named p, or a base
// the index cannot find might be (a library base extends no repository
// type, so it ends the search).
func (r *resolver) mayExtend(t *def, p string) bool {
	seen := map[string]bool{t.ID: true}
	level := []*def{t}
	for depth := 0; len(level) > 0; depth++ {
		if depth > maxChainDepth {
			return true
		}
		var next []*def
		for _, lt := range level {
			if lt.Name == p {
				return true
			}
			for _, base := range lt.baseList() {
				if lastSegment(base) == p {
					return true
				}
				bt, st := r.baseOf(lt, base, depth)
				switch {
				case st == typeKnown && !seen[bt.ID]:
					seen[bt.ID] = true
					next = append(next, bt)
				case st != typeKnown && st != typeExternal:
					return true
				}
			}
		}
		level = next
	}
	return false
}

// argType finds the type an argument's simple name denotes in the calling
// scope.
func (r *resolver) argType(name string) (*def, typeState) {
	return r.rootName(chainCtx{path: r.f.Path, here: true, from: r.callerScope(), typeOnly: true}, name)
}

// repoType reports whether a parameter's simple type name is a type the
// repository declares (any type of that name: the parameter was written
// in the callee's file, whose scope is not at hand) and no common library
// type.
func (r *resolver) repoType(p string) bool {
	if _, lib := librarySupers[p]; lib || javaLangTypes[p] {
		return false
	}
	for _, d := range r.lookupName(p) {
		if typeLike[d.Kind] && d.Kind != facts.KindModule && r.visible(&d) {
			return true
		}
	}
	return false
}

// callerScope is the qualified name of the calling symbol, where the
// argument types were written.
func (r *resolver) callerScope() string {
	for i, id := range r.ids {
		if id == r.caller {
			return r.f.Facts.Symbols[i].Qualified
		}
	}
	return ""
}

// javaLangTypes are java.lang types a parameter may name besides those
// librarySupers lists: a repository type of the same simple name is
// rarely what a parameter means.
var javaLangTypes = map[string]bool{
	"Object": true, "Enum": true, "Record": true, "Comparable": true, "Cloneable": true, "Serializable": true,
	"CharSequence": true, "Number": true, "Iterable": true, "Appendable": true, "AutoCloseable": true,
}
