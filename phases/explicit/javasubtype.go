package explicit

import (
	"strings"
)

// Java subtyping for overload choice: an argument of a repository class
// fits a parameter only when the parameter's type is the class, one of
// its bases as the index holds them, or a supertype of a library base (a
// change of bases in another file changes the index entries this reads,
// so the calling file is resolved again). codec.toJson(new Custom())
// calls toJson(Object), not toJson(JsonNode), when Custom does not extend
// JsonNode.

// subtyping is the resolver's subtyping for the file's language, nil
// where none is known.
// Answers are kept for the one call being resolved: overload choice asks
// about the same pairs of types many times.
func (r *resolver) subtyping() subtyping {
	if r.f.Lang != "java" {
		return nil
	}
	var ctx *chainCtx
	memo := map[[2]string]int{}
	return func(a, p string) int {
		if v, ok := memo[[2]string{a, p}]; ok {
			return v
		}
		if ctx == nil {
			c := r.callerCtx()
			ctx = &c
		}
		v := r.javaSubtype(*ctx, a, p)
		memo[[2]string{a, p}] = v
		return v
	}
}

// refVariables reports a language whose parameters of unknown type
// ("?": a type variable) take only references, so that a primitive
// argument reaches one by boxing (Java's generics; C#'s take values).
func (r *resolver) refVariables() bool { return r.f.Lang == "java" }

// javaSubtype says whether an argument of type a (a leading "-" marks a
// library type) may be passed as a parameter of type p.
func (r *resolver) javaSubtype(ctx chainCtx, a, p string) int {
	if strings.HasPrefix(a, "-") {
		// A library type extends no repository type.
		return fitIf(!r.repoType(ctx, p))
	}
	if implicitSupers[p] {
		return mayFit
	}
	t, st := r.rootName(ctx, a)
	switch st {
	case typeExternal:
		// A parameter type written bare (moreSpecific compares two
		// overloads' parameters) that names a library type.
		return fitIf(!r.repoType(ctx, p))
	case typeKnown:
	default:
		return mayFit
	}
	found, libraryBase := r.extends(t, p)
	switch {
	case found:
		return mayFit
	case !libraryBase:
		return noFit // every supertype is indexed, and p is none of them
	}
	// A library base has supertypes of its own, none of them a
	// repository type.
	return fitIf(!r.repoType(ctx, p))
}

// implicitSupers are the supertypes a class has without naming them: an
// enum's and a record's.
var implicitSupers = map[string]bool{"Object": true, "Enum": true, "Record": true, "Comparable": true, "Serializable": true, "Constable": true}

// extends reports whether t or one of its bases is named p (or a base the
// index cannot find might be), and whether some base is a library type.
func (r *resolver) extends(t *def, p string) (found, libraryBase bool) {
	end := r.walkBases([]*def{t}, p, func(_ string, st typeState) bool {
		libraryBase = libraryBase || st == typeExternal
		return st == typeExternal // a base not found may be p: stop
	})
	return end != walkDone, libraryBase
}

// walkEnd is how walkBases ended.
type walkEnd int

const (
	walkDone    walkEnd = iota // every reachable base visited, none named p
	walkNamed                  // a type or base named p reached
	walkDeep                   // the chain ran past maxChainDepth
	walkStopped                // other asked to stop
)

// walkBases visits the types of level and their bases breadth first, each
// once, until one is named p. A base the index does not resolve to a
// repository type is handed to other with its state, and the walk goes on
// while other returns true.
func (r *resolver) walkBases(level []*def, p string, other func(base string, st typeState) bool) walkEnd {
	seen := map[string]bool{}
	for _, t := range level {
		seen[t.ID] = true
	}
	for depth := 0; len(level) > 0; depth++ {
		if depth > maxChainDepth {
			return walkDeep
		}
		var next []*def
		for _, lt := range level {
			if lt.Name == p {
				return walkNamed
			}
			for _, base := range lt.baseList() {
				if lastSegment(base) == p {
					return walkNamed
				}
				bt, st := r.baseOf(lt, base, depth)
				switch {
				case st != typeKnown:
					if !other(base, st) {
						return walkStopped
					}
				case !seen[bt.ID]:
					seen[bt.ID] = true
					next = append(next, bt)
				}
			}
		}
		level = next
	}
	return walkDone
}

// repoType reports whether a parameter's simple type name denotes a
// repository type in the calling scope (the parameter was written in the
// callee's file, whose scope is not at hand; where the caller's scope
// does not tell, the name is not taken for a repository type).
func (r *resolver) repoType(ctx chainCtx, p string) bool {
	if r.external[p] {
		return false // an import names a library type (it shadows the package's)
	}
	_, st := r.rootName(ctx, p)
	return st == typeKnown
}

// callerCtx is the scope of the calling symbol, where the argument types
// were written (rootName resolves the argument's simple type name there).
func (r *resolver) callerCtx() chainCtx {
	from := ""
	for i, id := range r.ids {
		if id == r.caller {
			from = r.f.Facts.Symbols[i].Qualified
			break
		}
	}
	return chainCtx{path: r.f.Path, here: true, from: from, typeOnly: true}
}
