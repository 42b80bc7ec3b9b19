package python

import (
	"slices"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Generic classes. A class that declares type parameters (Generic[T],
// Protocol[T], class Box[T]:, or the module's TypeVars in a subscripted
// base) writes a member it types by one of them as that parameter by its
// position (facts.TypeParam), and an annotation that applies a class to
// type arguments, one of which may be a repository type, as the class
// applied to them (facts.TypeApply): on a value declared Box[User],
// box.get().save() is User's save, as jedi reads it. The resolver does
// the rest, as for TypeScript's generics (docs/implementation.md,
// "Python generic classes").
//
// Inside the class a parameter reads as it did before it was one: its
// bound where its TypeVar declares one (the parameter applied to its
// bound, which the resolver reads as the bound where no use gave an
// argument), a TypeVar another module declares as that module's name
// (which reads as its bound there), else as untold.

// classTypeParams are the type parameters a class declares, in order:
// those of a Generic[...] or Protocol[...] base (which fix the order when
// present), else those of its type_parameters list (class Box[T]:), else
// the module's TypeVars its subscripted bases name, in order of first
// use, as typing orders them.
func (e *extractor) classTypeParams(class *sitter.Node) []string {
	if tp := class.ChildByFieldId(e.g.fTypeParams); tp != nil {
		return e.declaredTypeParams(tp)
	}
	sup := class.ChildByFieldId(e.g.fSuper)
	if sup == nil {
		return nil
	}
	var used []string
	for _, b := range syntax.NamedChildren(sup) {
		if e.g.Kind(b) != "subscript" {
			continue
		}
		head, args := generic(noSpace(syntax.Text(b, e.src)))
		if args == "" {
			continue
		}
		if e.declaresParams(head) {
			return splitTop(args, ',')
		}
		e.typeVarsIn(args, &used)
	}
	return used
}

// declaredTypeParams are the names of a PEP 695 type_parameters list
// ([T, U: Base, *Ts, **P]).
func (e *extractor) declaredTypeParams(list *sitter.Node) []string {
	var out []string
	for _, p := range syntax.NamedChildren(list) {
		name, _, _ := strings.Cut(noSpace(syntax.Text(p, e.src)), ":")
		name, _, _ = strings.Cut(name, "=")
		out = append(out, strings.TrimLeft(name, "*"))
	}
	return out
}

// typeVarsIn appends to used the module's TypeVars that a subscript's
// arguments name, nested subscripts included, each once.
func (e *extractor) typeVarsIn(args string, used *[]string) {
	for _, a := range splitTop(args, ',') {
		a = unquote(a)
		if _, inner := generic(a); inner != "" {
			e.typeVarsIn(inner, used)
			continue
		}
		if e.mod.typeVars[a] && !slices.Contains(*used, a) {
			*used = append(*used, a)
		}
	}
}

// classParamChain is the chain of name where it is a type parameter of
// the class around the annotation being read (ok false otherwise): a
// method nested in a class nested in a generic class reads the inner
// class's parameters only, as the outer's are not its to bind.
func (e *extractor) classParamChain(name string, mode chainMode, depth int) (string, bool) {
	params := e.enclosingClassParams()
	i := slices.Index(params, name)
	if i < 0 {
		return "", false
	}
	param := facts.TypeParam(i)
	var inside string
	switch {
	case e.mod.typeVars[name]:
		if b := e.mod.typeVarBounds[name]; b != "" && b != name {
			inside = e.annotationChain(b, mode, depth+1)
		}
	case isDotted(name):
		inside = e.moduleDotted(strings.Split(name, "."), mode)
	}
	if inside == "" || inside == facts.Unknown {
		return param, true
	}
	return facts.TypeApply(param, []string{inside}), true
}

// enclosingClassParams are the type parameters of the nearest class the
// walk is in (nil outside any).
func (e *extractor) enclosingClassParams() []string {
	if e.inBases {
		return e.baseParams
	}
	for i := len(e.stack) - 1; i >= 0; i-- {
		if e.stack[i].class {
			return e.stack[i].tparams
		}
	}
	return nil
}

// appliedChain is the chain of a generic g applied to the type arguments
// args (their text), when one of them may be a repository type; else g.
func (e *extractor) appliedChain(g, args string, mode chainMode, depth int) string {
	if !facts.MayBeRepo(g) || facts.IsTypeApply(g) {
		return g
	}
	var chains []string
	repo := false
	for _, a := range splitTop(args, ',') {
		c := e.annotationChain(a, mode, depth+1)
		chains = append(chains, c)
		repo = repo || facts.MayBeRepo(c)
	}
	if !repo {
		return g
	}
	return facts.TypeApply(g, chains)
}

// appliedBase is how a base written with type arguments goes into
// Extends: chain, the base as baseChain writes it, applied to them
// (appliedChain); typing's Generic and Protocol, which only declare the
// class's parameters, stay as written.
func (e *extractor) appliedBase(dotted, chain, args string) string {
	if e.declaresParams(dotted) {
		return chain
	}
	return e.appliedChain(chain, args, pyType, 0)
}

// declaresParams reports whether a base names typing's Generic or
// Protocol, whose subscript declares the class's type parameters.
func (e *extractor) declaresParams(base string) bool {
	last, typing := e.typingName(base)
	return typing && (last == "Generic" || last == "Protocol")
}

// isTypeApplication reports whether a subscript reads as a class applied
// to type arguments (JWTAuth[User], Box[list[User]]) rather than as an
// index (handlers[0], registry[key], CLASSES[Foo]): the subscripted name
// is a module-level CamelCase name, not a local, and every index is a
// type: a CamelCase or builtin type name, None, or such a type applied.
func (e *extractor) isTypeApplication(n *sitter.Node) bool {
	head, args := generic(noSpace(syntax.Text(n, e.src)))
	if args == "" || !isDotted(head) || !camelCase(lastDotted(head)) {
		return false
	}
	if root, _, _ := strings.Cut(head, "."); e.localFlags(root) != 0 {
		return false
	}
	return typeArgsText(args)
}

// typeArgsText reports whether each of a subscript's arguments (text,
// spaces removed) is a type as isTypeApplication reads one.
func typeArgsText(args string) bool {
	for _, a := range splitTop(args, ',') {
		if h, inner := generic(a); inner != "" {
			if !isDotted(h) || !typeArgsText(inner) {
				return false
			}
			continue
		}
		last := lastDotted(a)
		if !isDotted(a) || !(camelCase(last) || builtinTypes[last] || last == "Any") {
			return false
		}
	}
	return true
}

// camelCase reports whether a name starts with an upper-case letter and
// holds a lower-case one: a class's name, not a constant's (CLASSES).
func camelCase(name string) bool {
	if name == "" || name[0] < 'A' || name[0] > 'Z' {
		return false
	}
	return strings.ContainsAny(name, "abcdefghijklmnopqrstuvwxyz")
}
