package python

import (
	"slices"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Type chains for Python (facts.Chain). A chain written into a Symbol.Type
// is read from other files, so a name the file imports is written as
// @module|Name there (pyType); a receiver chain (Ref.Recv) is read in the
// file itself, where the resolver sees its imports, so imported names stay
// as written (pyRecv).
type chainMode uint8

const (
	pyRecv chainMode = iota
	pyType
)

// maxChain bounds how many local bindings one chain may go through
// (x = y.f(); y = x.g() would otherwise never end).
const maxChain = 12

// dottedChain is the chain of a dotted name used as a value at byte at: a
// local's chain, a module's member, or a module-level name, with the
// remaining parts as steps.
func (e *extractor) dottedChain(dotted string, at uint, mode chainMode, depth int) string {
	parts := strings.Split(dotted, ".")
	if e.localFlags(parts[0]) != 0 {
		c := e.nameChain(parts[0], at, mode, depth)
		if module, name, st := facts.SplitChain(c); module != "" && len(st) == 0 && len(parts) > 1 && isCapitalized(parts[1]) {
			// from rest_framework import authentication in a function:
			// authentication.BasicAuthentication names a submodule's class.
			if m, ok := submodule(module, name, parts[1]); ok {
				return steps(facts.Imported(m, parts[1]), parts[2:])
			}
		}
		return steps(c, parts[1:])
	}
	return e.moduleDotted(parts, mode)
}

// moduleDotted is the chain of a dotted name whose head the module scope
// binds (or nothing does).
func (e *extractor) moduleDotted(parts []string, mode chainMode) string {
	if m, ok := e.fromModule(parts, mode); ok {
		return steps(facts.Imported(m, parts[1]), parts[2:])
	}
	if e.mod.first[parts[0]] != 'i' {
		return steps(e.moduleName(parts[0], mode), parts[1:])
	}
	// import a.b.c binds a: a.b.c.X is X of the longest imported path;
	// import a.b as m binds m to a.b.
	module, k := "", 0
	for _, b := range e.mod.plain[parts[0]] {
		if b.alias {
			module, k = b.path, 1
			break
		}
		for j := len(parts) - 1; j > k; j-- {
			if strings.Join(parts[:j], ".") == b.path {
				module, k = b.path, j
				break
			}
		}
	}
	if k == 0 {
		module, k = parts[0], 1
	}
	if k >= len(parts) {
		return facts.Unknown // the module itself
	}
	return steps(facts.Imported(module, parts[k]), parts[k+1:])
}

// fromModule returns the module path of a from-imported name that names a
// submodule (from . import models; models.User) in a type chain: one
// imported from a package written only in dots, or a lower-case name
// followed by a capitalized one.
func (e *extractor) fromModule(parts []string, mode chainMode) (string, bool) {
	if mode != pyType || len(parts) < 2 || e.mod.first[parts[0]] != 'f' {
		return "", false
	}
	f := e.mod.from[parts[0]]
	return submodule(f.path, f.name, parts[1])
}

func isCapitalized(s string) bool { return s != "" && s[0] >= 'A' && s[0] <= 'Z' }

// submodule returns the module path of a name imported from path when it
// names a submodule whose member next is: one imported from a package
// written only in dots, or a lower-case name followed by a capitalized one.
func submodule(path, name, next string) (string, bool) {
	if name == "" || next == "" {
		return "", false
	}
	dots := strings.Trim(path, ".") == ""
	lower := name[0] >= 'a' && name[0] <= 'z' && next[0] >= 'A' && next[0] <= 'Z'
	switch {
	case dots:
		return path + name, true
	case lower:
		return path + "." + name, true
	}
	return "", false
}

// steps appends member steps to a chain; unknown and outside chains
// stay what they are.
func steps(chain string, steps []string) string {
	if chain == facts.Unknown || chain == facts.NotRepo || len(steps) == 0 {
		return chain
	}
	if strings.HasPrefix(chain, facts.NotRepo) {
		return facts.NotRepo // a member of a wrapping value (a list's append) is an outside one
	}
	return chain + "." + strings.Join(steps, ".")
}

// nameChain is the chain of a bare name's value at byte at.
func (e *extractor) nameChain(name string, at uint, mode chainMode, depth int) string {
	if l, ok := e.localScope(name); ok {
		return e.localChain(l, name, at, mode, depth)
	}
	return e.moduleName(name, mode)
}

// exprChain is the chain of an expression's value, as far as the file tells.
func (e *extractor) exprChain(n *sitter.Node, mode chainMode, depth int) string {
	if n == nil || depth > maxChain {
		return facts.Unknown
	}
	switch e.g.Kind(n) {
	case "identifier":
		return e.nameChain(syntax.Text(n, e.src), n.StartByte(), mode, depth)
	case "attribute":
		if dotted := noSpace(syntax.Text(n, e.src)); isDotted(dotted) {
			return e.dottedChain(dotted, n.StartByte(), mode, depth)
		}
		attr := n.ChildByFieldId(e.g.fAttr)
		if attr == nil {
			return facts.Unknown
		}
		return steps(e.exprChain(n.ChildByFieldId(e.g.fObject), mode, depth+1), []string{syntax.Text(attr, e.src)})
	case "call":
		return e.callChain(n, mode, depth)
	case "parenthesized_expression", "await":
		if n.NamedChildCount() == 1 {
			return e.exprChain(n.NamedChild(0), mode, depth+1)
		}
	case "conditional_expression", "boolean_operator":
		return e.eitherChain(n, mode, depth)
	case "binary_operator":
		if op := n.ChildByFieldId(e.g.fOperator); op != nil && (op.Kind() == "|" || op.Kind() == "&") {
			return e.eitherChain(n, mode, depth)
		}
	case "unary_operator":
		// ~IsAuthenticated: a class (or flag) whose metaclass (or class)
		// defines __invert__ to give one of its own, as jedi reads it too.
		if op := n.ChildByFieldId(e.g.fOperator); op != nil && op.Kind() == "~" {
			return e.exprChain(n.ChildByFieldId(e.g.fArgument), mode, depth+1)
		}
	case "subscript":
		if e.isTypeApplication(n) {
			// dto_type = DataclassDTO[Model]: the class itself, whose
			// classmethods dto_type.m() calls.
			return e.exprChain(n.ChildByFieldId(e.g.fValue), mode, depth+1)
		}
		return e.elementChain(n.ChildByFieldId(e.g.fValue), pyItem, mode, depth+1)
	case "list_comprehension", "set_comprehension", "generator_expression":
		return e.comprehensionChain(n, mode, depth)
	case "string", "concatenated_string", "integer", "float", "true", "false", "none", "list", "dictionary",
		"set", "tuple", "dictionary_comprehension", "lambda", "comparison_operator", "not_operator":
		return facts.NotRepo
	}
	return facts.Unknown
}

// eitherChain is the chain of a or b, of a if c else b and of A | B (a
// class whose metaclass defines __or__, as DRF's permissions do, or sets
// and flags of one type): the first side whose type is known, None aside
// (either may be the value; an edge to one of them is one the program can
// take), or another one while a call is written for each (pickSide).
func (e *extractor) eitherChain(n *sitter.Node, mode chainMode, depth int) string {
	var sides []*sitter.Node
	if k := e.g.Kind(n); k == "boolean_operator" || k == "binary_operator" {
		sides = []*sitter.Node{n.ChildByFieldId(e.g.fLeft), n.ChildByFieldId(e.g.fRight)}
	} else if n.NamedChildCount() == 3 {
		sides = []*sitter.Node{n.NamedChild(0), n.NamedChild(2)}
	}
	out := facts.Unknown
	var known []string
	for i, s := range sides {
		if s == nil || e.g.Kind(s) == "none" {
			continue
		}
		c := e.exprChain(s, mode, depth+1)
		if i == 0 && e.g.Kind(n) == "conditional_expression" {
			c = e.narrowedSide(s, n.NamedChild(1), c, mode, depth)
		}
		switch {
		case c == facts.NotRepo && out == facts.Unknown:
			out = c
		case c != facts.Unknown && c != facts.NotRepo && !slices.Contains(known, c):
			known = append(known, c)
		}
	}
	if len(known) == 0 {
		return out
	}
	return e.pickSide(known)
}

// narrowedSide is the chain of the first side of x if isinstance(x, C)
// else y, which is a C there (falcon's stream if isinstance(stream,
// BufferedReader) else BufferedReader(stream)); c, the side's own chain,
// for other conditions and sides.
func (e *extractor) narrowedSide(side, cond *sitter.Node, c string, mode chainMode, depth int) string {
	if e.g.Kind(side) != "identifier" {
		return c
	}
	name := syntax.Text(side, e.src)
	e.isinstanceTests(cond, func(x string, class *sitter.Node) {
		if x == name {
			c = e.annotationChain(noSpace(syntax.Text(class, e.src)), mode, depth+1)
		}
	})
	return c
}

// maxSides bounds how many values a call on one receiver is written for.
const maxSides = 4

// pickSide is the one of several distinct known chains a value's chain
// takes: the first, or the side-th while call writes a call on the value
// for each of them; it records how many there were.
func (e *extractor) pickSide(known []string) string {
	e.sides = max(e.sides, len(known))
	return known[min(e.side, len(known)-1)]
}

// copiesElements are builtins whose result holds the elements of the
// iterable they are given.
var copiesElements = map[string]bool{"tuple": true, "list": true, "set": true, "frozenset": true, "sorted": true}

// anyResult are builtins whose result may be of any type.
var anyResult = map[string]bool{"getattr": true, "min": true, "max": true, "type": true,
	"__import__": true, "eval": true, "iter": true, "super": true, "vars": true, "object": true}

// callChain is the chain of a call's result.
func (e *extractor) callChain(n *sitter.Node, mode chainMode, depth int) string {
	fn := n.ChildByFieldId(e.g.fFunc)
	if fn == nil {
		return facts.Unknown
	}
	if c, ok := e.sameTypeCall(n, fn, mode, depth); ok {
		return c
	}
	switch e.g.Kind(fn) {
	case "identifier":
		name := syntax.Text(fn, e.src)
		flags := e.localFlags(name)
		switch {
		case flags == 0 && name == "super":
			return "super"
		case flags == 0 && name == "cast" && (e.mod.first[name] == 'f' || e.mod.first[name] == 0):
			if args := n.ChildByFieldId(e.g.fArguments); args != nil && args.NamedChildCount() == 2 {
				return e.annotationChain(noSpace(syntax.Text(args.NamedChild(0), e.src)), mode, depth+1)
			}
			return facts.Unknown
		case isPyVariable(flags) && e.isClsParam(name):
			return "self" // cls() in a classmethod makes an instance of the class
		case isPyVariable(flags):
			// Calling a class a variable holds (cls: Type[X]) makes an X;
			// so does calling one it was assigned (factory = Generator).
			if x := e.typeArg(e.localAnnot(name, fn.StartByte(), depth+1)); x != "" {
				return e.annotationChain(x, mode, depth+1)
			}
			return calledName(e.nameChain(name, fn.StartByte(), mode, depth+1))
		case flags == 0 && e.mod.first[name] == 0 && name == "next":
			// next((p for p in plugins if isinstance(p, DIPlugin)), None):
			// what the comprehension yields (the default, None, aside).
			if gen := e.soleGenerator(n); gen != nil {
				if c, ok := e.generatorElement(gen, mode, depth); ok {
					return c
				}
			}
			return facts.Unknown
		case flags == 0 && e.mod.first[name] == 0 && copiesElements[name]:
			// tuple(p for p in plugins if isinstance(p, DIPlugin)): a
			// container of what the comprehension yields.
			if gen := e.soleGenerator(n); gen != nil {
				return e.comprehensionChain(gen, mode, depth)
			}
			return facts.NotRepo
		case flags == 0 && e.mod.first[name] == 0 && builtins()[name]:
			if anyResult[name] {
				return facts.Unknown
			}
			return facts.NotRepo
		}
	case "attribute":
		if obj := fn.ChildByFieldId(e.g.fObject); obj != nil && e.isLiteral(obj) {
			return facts.NotRepo
		}
		if dotted := noSpace(syntax.Text(fn, e.src)); isDotted(dotted) {
			if name, ok := e.typingName(dotted); ok && name == "cast" {
				if args := n.ChildByFieldId(e.g.fArguments); args != nil && args.NamedChildCount() == 2 {
					return e.annotationChain(noSpace(syntax.Text(args.NamedChild(0), e.src)), mode, depth+1)
				}
			}
		}
		if c := e.attributeCall(fn, mode, depth); c != "" {
			return c
		}
	case "parenthesized_expression":
		// (IsAuthenticated | AllowAny)(): calling the class the value is.
		return calledName(e.exprChain(fn, mode, depth+1))
	case "subscript":
		// JWTAuth[User](...): a generic class applied to type arguments
		// makes an instance of it, as its annotation names one; any other
		// subscript is an element, as below.
		if e.isTypeApplication(fn) {
			return e.annotationChain(noSpace(syntax.Text(fn, e.src)), mode, depth+1)
		}
		fallthrough
	default:
		// registry[key](...): calling a Type[X] element makes an X.
		if x := e.typeArg(e.annotText(fn, depth+1)); x != "" {
			return e.annotationChain(x, mode, depth+1)
		}
		return facts.Unknown
	}
	return called(e.exprChain(fn, mode, depth+1))
}

// sameTypeCall is the chain of a call that makes a value of its
// argument's own type: copy(x) and deepcopy(x) of the standard copy
// module, and type(x)() or x.__class__() of an instance x. ok is false for
// other calls.
func (e *extractor) sameTypeCall(n, fn *sitter.Node, mode chainMode, depth int) (string, bool) {
	var arg *sitter.Node
	switch e.g.Kind(fn) {
	case "identifier", "attribute":
		if !e.copyModuleFunc(noSpace(syntax.Text(fn, e.src))) {
			if e.g.Kind(fn) == "attribute" && syntax.Text(fn.ChildByFieldId(e.g.fAttr), e.src) == "__class__" {
				return instanceChain(e.exprChain(fn.ChildByFieldId(e.g.fObject), mode, depth+1)), true
			}
			return "", false
		}
		arg = firstArg(e, n)
	case "call":
		// type(x)(): the class of x, called.
		if inner := fn.ChildByFieldId(e.g.fFunc); inner != nil && e.g.Kind(inner) == "identifier" &&
			syntax.Text(inner, e.src) == "type" && e.localFlags("type") == 0 && e.mod.first["type"] == 0 {
			if a := fn.ChildByFieldId(e.g.fArguments); a != nil && a.NamedChildCount() == 1 {
				return instanceChain(e.exprChain(a.NamedChild(0), mode, depth+1)), true
			}
		}
		return "", false
	default:
		return "", false
	}
	if arg == nil {
		return facts.Unknown, true
	}
	return e.exprChain(arg, mode, depth+1), true
}

// copyModuleFunc reports whether a callee's text names copy or deepcopy
// of the standard copy module, imported from it or through it.
func (e *extractor) copyModuleFunc(callee string) bool {
	mod, name, dotted := strings.Cut(callee, ".")
	if !dotted {
		f, ok := e.mod.from[callee]
		return ok && e.mod.first[callee] == 'f' && f.path == "copy" && (f.name == "copy" || f.name == "deepcopy")
	}
	if name != "copy" && name != "deepcopy" || e.mod.first[mod] != 'i' {
		return false
	}
	for _, b := range e.mod.plain[mod] {
		if b.path == "copy" {
			return true
		}
	}
	return false
}

// firstArg is a call's first argument when it is a plain positional one
// (not name=value, *args or **kwargs), nil otherwise; a call whose one
// argument is a generator expression (sorted(x for x in xs)) has none.
func firstArg(e *extractor, call *sitter.Node) *sitter.Node {
	args := call.ChildByFieldId(e.g.fArguments)
	if args == nil || e.g.Kind(args) != "argument_list" || args.NamedChildCount() == 0 {
		return nil
	}
	switch a := args.NamedChild(0); e.g.Kind(a) {
	case "keyword_argument", "list_splat", "dictionary_splat":
		return nil
	default:
		return a
	}
}

// instanceChain keeps a chain that names an instance (self, or a call's
// result) for a new instance of its class; unknown otherwise (x may hold
// a class, whose type is its metaclass).
func instanceChain(c string) string {
	if c == "self" || strings.HasSuffix(c, ")") {
		return c
	}
	return facts.Unknown
}

// called is the chain of calling what chain names.
func called(chain string) string {
	if chain == facts.Unknown || chain == facts.NotRepo || chain == "super" {
		return chain
	}
	if strings.HasPrefix(chain, facts.NotRepo) {
		return facts.NotRepo
	}
	return chain + "()"
}

// calledName is the chain of calling a variable whose value has chain c,
// when c names a definition (a class, a function, a module's member, a
// method or an attribute: the resolver tells a class from a function, and
// an attribute holding an instance that declares __call__ from one holding
// a class); unknown when c is already a call's value (calling an
// instance), a fixture's, a callback parameter's, a wrapped value or the
// class itself (self: the chain has no way to say "an instance of it").
func calledName(c string) string {
	if c == facts.Unknown || c == facts.NotRepo || strings.HasSuffix(c, ")") ||
		strings.HasPrefix(c, facts.NotRepo) || strings.HasPrefix(c, facts.Injected) || strings.Contains(c, "^") {
		return facts.Unknown
	}
	if c == "self" || c == "super" {
		return facts.Unknown // what cls held: the chain cannot say "called"
	}
	return called(c)
}

// attributeCall is the chain of calling obj.m when the file's annotations
// say more than the chain would: a class attribute declared Type[X] makes
// an X; get, pop and setdefault of an annotated mapping or sequence give
// an element. "" when they say nothing.
func (e *extractor) attributeCall(fn *sitter.Node, mode chainMode, depth int) string {
	if x := e.typeArg(e.annotText(fn, depth+1)); x != "" {
		return e.annotationChain(x, mode, depth+1)
	}
	attr := fn.ChildByFieldId(e.g.fAttr)
	if attr == nil {
		return ""
	}
	switch syntax.Text(attr, e.src) {
	case "get", "pop", "setdefault":
		if t := e.annotText(fn.ChildByFieldId(e.g.fObject), depth+1); t != "" {
			if elem := e.element(t, pyItem); elem != "" {
				return e.annotationChain(elem, mode, depth+1)
			}
		}
	}
	return ""
}
