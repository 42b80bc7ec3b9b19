package python

import (
	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Reading a local's type at a use: its declared type, an isinstance() test
// around the use, or the value of its last binding before the use.

// narrow is a block, from start to end, under "if isinstance(x, C)".
type narrow struct {
	start, end uint
	class      *sitter.Node
}

// localChain is the chain of a local's value at byte at, read in the scope
// that binds it: its declared type, else the value of its last binding
// before at (None aside), else of its first.
func (e *extractor) localChain(i int, name string, at uint, mode chainMode, depth int) string {
	l := e.locals[i]
	flags := l.names[name]
	binds := l.binds[name]
	if !isPyVariable(flags) {
		if flags&pyVar != 0 {
			return facts.Unknown // both a variable and a def or import
		}
		for _, b := range binds {
			if b.chain != "" {
				return b.chain // an import inside the function
			}
		}
		if mode == pyRecv {
			return name // a def or class of the function: the resolver sees it
		}
		return l.defChain(name)
	}
	saved := e.locals
	e.locals = e.locals[:i+1]
	defer func() { e.locals = saved }()
	if c, ok := e.narrowed(l, name, at, mode, depth); ok {
		return c
	}
	for _, b := range binds {
		if b.ann == "" {
			continue
		}
		if c := e.annotationChain(b.ann, mode, depth+1); c != facts.Unknown {
			return c
		}
	}
	pick := e.lastBinding(binds, at)
	switch {
	case pick == nil && len(binds) > 0:
		return facts.NotRepo // only ever None
	case pick == nil:
		return facts.Unknown
	}
	return e.bindChain(pick, mode, depth)
}

// defChain is the chain of a def or class the function's body defines,
// read from another scope: its qualified name, whose root is a top-level
// name of the file (the resolver steps into function bodies,
// Traits.LocalDefSteps). Unknown for other names and outside functions.
func (l *locals) defChain(name string) string {
	if l.qual == "" || l.names[name]&pyDefStmt == 0 {
		return facts.Unknown
	}
	return l.qual + "." + name
}

// lastBinding is the last binding before byte at that is not None, else
// the first that is not.
func (e *extractor) lastBinding(binds []bind, at uint) *bind {
	var pick *bind
	for j := range binds {
		b := &binds[j]
		if b.value != nil && e.g.Kind(b.value) == "none" {
			continue
		}
		if pick == nil || b.at <= at {
			pick = b
		}
		if b.at > at {
			break
		}
	}
	return pick
}

// bindChain is the chain of the value a binding gives its name.
func (e *extractor) bindChain(pick *bind, mode chainMode, depth int) string {
	if pick.chain != "" {
		return pick.chain
	}
	switch pick.kind {
	case pyIter, pyItem, pyKey, pyValue:
		return e.elementChain(pick.value, pick.kind, mode, depth+1)
	case pyTuple:
		if part := e.tuplePart(e.annotText(pick.value, depth+1), pick.index); part != "" {
			return e.annotationChain(part, mode, depth+1)
		}
		return facts.Unknown
	case 'w':
		return steps(e.exprChain(pick.value, mode, depth+1), []string{"__enter__()"})
	case 'a':
		return steps(e.exprChain(pick.value, mode, depth+1), []string{"__aenter__()"})
	case 'x':
		return e.annotationChain(noSpace(syntax.Text(pick.value, e.src)), mode, depth+1)
	case 'c':
		return e.callbackChain(pick.site, pick.index, mode, depth)
	}
	return e.exprChain(pick.value, mode, depth+1)
}

// narrowed is the class isinstance() gives a name in the innermost block
// around at that tests it, unless the name is bound again in the block
// before at.
func (e *extractor) narrowed(l locals, name string, at uint, mode chainMode, depth int) (string, bool) {
	var in *narrow
	for i, n := range l.narrow[name] {
		if n.start <= at && at < n.end && (in == nil || n.start > in.start) {
			in = &l.narrow[name][i]
		}
	}
	if in == nil {
		return "", false
	}
	for _, b := range l.binds[name] {
		if in.start <= b.at && b.at <= at {
			return "", false
		}
	}
	return e.annotationChain(noSpace(syntax.Text(in.class, e.src)), mode, depth+1), true
}

// isinstanceTests calls found for each isinstance(name, Class) that a
// condition asserts (alone or as a term of an and).
func (e *extractor) isinstanceTests(cond *sitter.Node, found func(name string, class *sitter.Node)) {
	if cond == nil {
		return
	}
	switch e.g.Kind(cond) {
	case "boolean_operator":
		if op := cond.ChildByFieldId(e.g.fOperator); op != nil && syntax.Text(op, e.src) == "and" {
			e.isinstanceTests(cond.ChildByFieldId(e.g.fLeft), found)
			e.isinstanceTests(cond.ChildByFieldId(e.g.fRight), found)
		}
	case "parenthesized_expression":
		e.isinstanceTests(cond.NamedChild(0), found)
	case "call":
		fn, args := cond.ChildByFieldId(e.g.fFunc), cond.ChildByFieldId(e.g.fArguments)
		if fn == nil || args == nil || syntax.Text(fn, e.src) != "isinstance" || args.NamedChildCount() != 2 {
			return
		}
		x, class := args.NamedChild(0), args.NamedChild(1)
		if e.g.Kind(x) == "identifier" && isDotted(noSpace(syntax.Text(class, e.src))) {
			found(syntax.Text(x, e.src), class)
		}
	}
}

// narrowBlock records the isinstance() tests of an if or elif condition
// for the block they guard.
func (e *extractor) narrowBlock(c *sitter.Node, l *locals) {
	body := c.ChildByFieldId(e.g.fConsequence)
	if body == nil {
		return
	}
	e.isinstanceTests(c.ChildByFieldId(e.g.fCondition), func(name string, class *sitter.Node) {
		if l.narrow == nil {
			l.narrow = map[string][]narrow{}
		}
		l.narrow[name] = append(l.narrow[name], narrow{start: body.StartByte(), end: body.EndByte(), class: class})
	})
}

// soleGenerator is the comprehension a call is given first (f(x for x in
// xs), f([x for x in xs], ...)), or nil.
func (e *extractor) soleGenerator(call *sitter.Node) *sitter.Node {
	args := call.ChildByFieldId(e.g.fArguments)
	if args == nil {
		return nil
	}
	if e.isComprehension(args) {
		return args // f(x for x in xs): the generator is the arguments
	}
	if args.NamedChildCount() == 0 || !e.isComprehension(args.NamedChild(0)) {
		return nil
	}
	return args.NamedChild(0)
}

// isComprehension reports whether n is a generator expression or a list
// or set comprehension.
func (e *extractor) isComprehension(n *sitter.Node) bool {
	switch e.g.Kind(n) {
	case "generator_expression", "list_comprehension", "set_comprehension":
		return true
	}
	return false
}

// generatorElement is the chain of what a comprehension yields when it
// yields its loop variable: the class an isinstance() test of its if
// clause gives the variable, else an element of what it loops over (ok
// false when it yields anything else).
func (e *extractor) generatorElement(gen *sitter.Node, mode chainMode, depth int) (string, bool) {
	body := gen.ChildByFieldId(e.g.fBody)
	if body == nil || e.g.Kind(body) != "identifier" || depth > maxChain {
		return "", false
	}
	yielded := syntax.Text(body, e.src)
	var class *sitter.Node
	for _, c := range syntax.NamedChildren(gen) {
		if e.g.Kind(c) != "if_clause" || c.NamedChildCount() == 0 {
			continue
		}
		e.isinstanceTests(c.NamedChild(0), func(name string, cls *sitter.Node) {
			if name == yielded && class == nil {
				class = cls
			}
		})
	}
	if class != nil {
		return e.annotationChain(noSpace(syntax.Text(class, e.src)), mode, depth+1), true
	}
	for _, c := range syntax.NamedChildren(gen) {
		if e.g.Kind(c) != "for_in_clause" {
			continue
		}
		if left := c.ChildByFieldId(e.g.fLeft); left != nil && syntax.Text(left, e.src) == yielded {
			return e.elementChain(c.ChildByFieldId(e.g.fRight), pyIter, mode, depth+1), true
		}
	}
	return "", false
}

// comprehensionChain is the chain of a comprehension's value: an outside
// container of what it yields (facts.Wrapped), so that a loop over it,
// here or in another module, takes an element of it.
func (e *extractor) comprehensionChain(gen *sitter.Node, mode chainMode, depth int) string {
	elem, ok := e.generatorElement(gen, mode, depth)
	if !ok || !facts.MayBeRepo(elem) {
		return facts.NotRepo
	}
	return facts.Wrapped(elem)
}
