package python

import (
	"slices"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Element types: for x in xs, xs[i], d.items(). A chain cannot say "an
// element of", so the extractor reads them from annotations the file
// itself writes: a parameter's or local's, a self attribute's, or the
// return annotation of a function or method of the file.

// Element kinds: what iterating or indexing a container gives.
const (
	pyIter  byte = 'e' // for x in c: a sequence's element, a mapping's key
	pyItem  byte = 'i' // c[i]: a sequence's element, a mapping's value
	pyKey   byte = 'k' // for k, _ in m.items()
	pyValue byte = 'v' // for _, v in m.items(), for v in m.values()
	pyTuple byte = 't' // a, b = t: part of a tuple
)

// pySequences and pyMappings are the containers whose element types an
// annotation gives.
var (
	pySequences = map[string]bool{"List": true, "list": true, "Sequence": true, "MutableSequence": true,
		"Iterable": true, "Iterator": true, "Set": true, "set": true, "FrozenSet": true, "frozenset": true,
		"Collection": true, "AbstractSet": true, "MutableSet": true, "Deque": true, "deque": true,
		"Generator": true, "AsyncIterator": true, "AsyncIterable": true, "AsyncGenerator": true,
		"KeysView": true, "ValuesView": true, "Reversible": true}
	pyMappings = map[string]bool{"Dict": true, "dict": true, "Mapping": true, "MutableMapping": true,
		"DefaultDict": true, "defaultdict": true, "OrderedDict": true, "ChainMap": true}
)

// scanReturns records the return annotations of the module's functions
// and of its top-level classes' methods, by qualified name: a loop may
// iterate a method defined further down.
func (e *extractor) scanReturns(def *sitter.Node, owner string) {
	if e.g.Kind(def) == "decorated_definition" {
		def = def.ChildByFieldId(e.g.fDefinition)
	}
	if def == nil {
		return
	}
	name := def.ChildByFieldId(e.g.fName)
	if name == nil {
		return
	}
	qual := syntax.Text(name, e.src)
	if owner != "" {
		qual = owner + "." + qual
	}
	switch e.g.Kind(def) {
	case "function_definition":
		if rt := def.ChildByFieldId(e.g.fReturnType); rt != nil {
			e.mod.returns[qual] = noSpace(syntax.Text(rt, e.src))
		}
	case "class_definition":
		if body := def.ChildByFieldId(e.g.fBody); body != nil && owner == "" {
			for i := uint(0); i < body.NamedChildCount(); i++ {
				e.scanReturns(body.NamedChild(i), qual)
			}
		}
	}
}

// elementChain is the chain of what a container expression gives (kind
// pyIter, pyItem, pyKey or pyValue), as its annotation says, else one of
// the elements of the list, tuple or set literal it is (literalElement).
func (e *extractor) elementChain(container *sitter.Node, kind byte, mode chainMode, depth int) string {
	text := e.annotText(container, depth)
	if text == "" {
		if kind != pyIter && kind != pyItem {
			return facts.Unknown
		}
		if c := e.literalElement(container, mode, depth); c != facts.Unknown {
			return c
		}
		// An annotation this module cannot read (another module's result
		// or field): the element its chain wraps, if it is a container.
		return facts.Step(e.exprChain(container, mode, depth+1), facts.Unwrap)
	}
	elem := e.element(text, kind)
	if elem == "" {
		return facts.Unknown
	}
	return e.annotationChain(elem, mode, depth+1)
}

// literalElement is the chain of an element of a list, tuple or set
// literal, written there or last assigned to the local the container
// names (classes = [SearchFilter, OrderingFilter]; for c in classes): one
// of its elements' known chains (pickSide), so that a call on the element
// is written for each.
func (e *extractor) literalElement(container *sitter.Node, mode chainMode, depth int) string {
	if container != nil && e.g.Kind(container) == "identifier" {
		name := syntax.Text(container, e.src)
		i, ok := e.localScope(name)
		if !ok || !isPyVariable(e.locals[i].names[name]) {
			return facts.Unknown
		}
		b := e.lastBinding(e.locals[i].binds[name], container.StartByte())
		if b == nil || b.kind != 0 || b.value == nil {
			return facts.Unknown
		}
		container = b.value
	}
	if container == nil || depth > maxChain {
		return facts.Unknown
	}
	switch e.g.Kind(container) {
	case "list", "tuple", "set":
	default:
		return facts.Unknown
	}
	var known []string
	for _, el := range syntax.NamedChildren(container) {
		if c := e.exprChain(el, mode, depth+1); c != facts.Unknown && c != facts.NotRepo && !slices.Contains(known, c) {
			known = append(known, c)
		}
	}
	if len(known) == 0 {
		return facts.Unknown
	}
	return e.pickSide(known)
}

// element is the annotation of an element of a container annotation.
func (e *extractor) element(text string, kind byte) string {
	head, args := generic(unquote(text))
	if args == "" {
		return ""
	}
	name, _ := e.typingName(head)
	parts := splitTop(args, ',')
	switch {
	case name == "Optional" || name == "Union" && len(parts) == 2 && unquote(parts[1]) == "None" || e.ormMapped(head):
		return e.element(parts[0], kind)
	case pySequences[name] && kind != pyKey && kind != pyValue:
		return parts[0]
	case (name == "Tuple" || name == "tuple") && len(parts) == 2 && parts[1] == "...":
		return parts[0]
	case pyMappings[name] && len(parts) == 2:
		if kind == pyItem || kind == pyValue {
			return parts[1]
		}
		return parts[0]
	}
	return ""
}

// annotText is the annotation the file writes for an expression's value:
// a local's or parameter's (or that of the value it was last given), a
// self attribute's, a file function's or method's return annotation, or
// an element of one of those.
func (e *extractor) annotText(n *sitter.Node, depth int) string {
	if n == nil || depth > maxChain {
		return ""
	}
	switch e.g.Kind(n) {
	case "parenthesized_expression":
		if n.NamedChildCount() == 1 {
			return e.annotText(n.NamedChild(0), depth+1)
		}
	case "identifier":
		name := syntax.Text(n, e.src)
		if e.localFlags(name) == 0 {
			return e.mod.anns[name]
		}
		return e.localAnnot(name, n.StartByte(), depth)
	case "attribute":
		if name, ok := e.selfTarget(n); ok {
			if f, ok := e.fields[e.methodOwner()+"."+name]; ok {
				return f.ann
			}
		}
	case "call":
		return e.callAnnot(n)
	case "subscript":
		if t := e.annotText(n.ChildByFieldId(e.g.fValue), depth+1); t != "" {
			return e.element(t, pyItem)
		}
	}
	return ""
}

// callAnnot is the return annotation of a call of a function of the file
// or of a method of the caller's class (self.m()).
func (e *extractor) callAnnot(call *sitter.Node) string {
	fn := call.ChildByFieldId(e.g.fFunc)
	if fn == nil {
		return ""
	}
	switch e.g.Kind(fn) {
	case "identifier":
		if name := syntax.Text(fn, e.src); e.localFlags(name) == 0 && e.mod.first[name] == 'd' {
			return e.mod.returns[name]
		}
	case "attribute":
		obj, attr := fn.ChildByFieldId(e.g.fObject), fn.ChildByFieldId(e.g.fAttr)
		if obj == nil || attr == nil || e.g.Kind(obj) != "identifier" {
			return ""
		}
		name := syntax.Text(obj, e.src)
		if i, ok := e.localScope(name); ok {
			if b := e.locals[i].binds[name]; len(b) > 0 && b[0].chain == "self" {
				return e.mod.returns[e.methodOwner()+"."+syntax.Text(attr, e.src)]
			}
		}
	}
	return ""
}

// localAnnot is the annotation of a local at byte at: its declared one,
// else that of the value it was last given.
func (e *extractor) localAnnot(name string, at uint, depth int) string {
	i, ok := e.localScope(name)
	if !ok || !isPyVariable(e.locals[i].names[name]) {
		return ""
	}
	binds := e.locals[i].binds[name]
	for _, b := range binds {
		if b.ann != "" && b.kind == 0 {
			return b.ann
		}
	}
	var pick *bind
	for j := range binds {
		if b := &binds[j]; b.at <= at && b.value != nil && b.kind != 'w' && b.kind != 'a' && b.kind != 'x' {
			pick = b
		}
	}
	if pick == nil {
		return ""
	}
	saved := e.locals
	e.locals = e.locals[:i+1]
	defer func() { e.locals = saved }()
	t := e.annotText(pick.value, depth+1)
	switch {
	case t == "" || pick.kind == 0:
		return t
	case pick.kind == pyTuple:
		return e.tuplePart(t, pick.index)
	}
	return e.element(t, pick.kind)
}

// tuplePart is the annotation of part i of a Tuple[A, B, ...] annotation.
func (e *extractor) tuplePart(text string, i int) string {
	head, args := generic(unquote(text))
	if name, _ := e.typingName(head); name != "Tuple" && name != "tuple" || args == "" {
		return ""
	}
	parts := splitTop(args, ',')
	if i >= len(parts) || len(parts) == 2 && parts[1] == "..." {
		return ""
	}
	return parts[i]
}

// generic splits Head[args] into Head and args ("" without brackets).
func generic(text string) (head, args string) {
	if i := strings.IndexByte(text, '['); i > 0 && strings.HasSuffix(text, "]") {
		return text[:i], text[i+1 : len(text)-1]
	}
	return text, ""
}

// typeArg is X of an annotation Type[X] (or Optional[Type[X]]): calling a
// value so declared makes an X.
func (e *extractor) typeArg(text string) string {
	head, args := generic(unquote(text))
	name, _ := e.typingName(head)
	switch {
	case args == "":
		return ""
	case name == "Type" || name == "type" && e.mod.first["type"] == 0:
		return splitTop(args, ',')[0]
	case name == "Optional":
		return e.typeArg(args)
	}
	return ""
}

// loopTargets binds the targets of for t in it (also in comprehensions):
// t is an element of it; for i, x in enumerate(xs) x is one of xs; for k,
// v in m.items() k and v are m's key and value.
func (e *extractor) loopTargets(left, right *sitter.Node, l *locals, at uint) {
	unknown := bind{at: at, chain: facts.Unknown}
	if left == nil || right == nil {
		e.targets(left, l, pyVar|pyNotBuiltin, unknown)
		return
	}
	right = e.sameElements(right)
	if e.g.Kind(left) == "identifier" {
		b := bind{at: at, value: right, kind: pyIter}
		if c, m := e.containerCall(right); c != nil && (m == "values" || m == "keys") {
			b.value, b.kind = c, map[string]byte{"values": pyValue, "keys": pyKey}[m]
		}
		e.targets(left, l, pyVar|pyNotBuiltin, b)
		return
	}
	parts := syntax.NamedChildren(left)
	if k := e.g.Kind(left); len(parts) != 2 || k != "pattern_list" && k != "tuple_pattern" {
		e.targets(left, l, pyVar|pyNotBuiltin, unknown)
		return
	}
	first, second := unknown, unknown
	switch c, m := e.containerCall(right); m {
	case "enumerate":
		second = bind{at: at, value: e.sameElements(c), kind: pyIter}
	case "items":
		first = bind{at: at, value: c, kind: pyKey}
		second = bind{at: at, value: c, kind: pyValue}
	}
	e.targets(parts[0], l, pyVar|pyNotBuiltin, first)
	e.targets(parts[1], l, pyVar|pyNotBuiltin, second)
}

// elementKeepers are the builtins whose result holds the elements of
// their first argument, in some order: for x in sorted(xs) or
// reversed(xs) takes an element of xs, as for x in xs does.
var elementKeepers = map[string]bool{"sorted": true, "reversed": true, "list": true, "tuple": true,
	"set": true, "frozenset": true, "iter": true}

// sameElements is n with the calls of elementKeepers around it taken off
// (sorted(d.items()) is d.items() to a loop), unless the file binds one
// of their names itself.
func (e *extractor) sameElements(n *sitter.Node) *sitter.Node {
	for n != nil && e.g.Kind(n) == "call" {
		fn, arg := n.ChildByFieldId(e.g.fFunc), firstArg(e, n)
		if fn == nil || arg == nil || e.g.Kind(fn) != "identifier" {
			return n
		}
		if name := syntax.Text(fn, e.src); !elementKeepers[name] || e.localFlags(name) != 0 || e.mod.first[name] != 0 {
			return n
		}
		n = arg
	}
	return n
}

// containerCall recognizes enumerate(c) and c.items(), c.values(),
// c.keys(): it returns c and the function's or method's name.
func (e *extractor) containerCall(n *sitter.Node) (*sitter.Node, string) {
	if e.g.Kind(n) != "call" {
		return nil, ""
	}
	fn, args := n.ChildByFieldId(e.g.fFunc), n.ChildByFieldId(e.g.fArguments)
	if fn == nil || args == nil {
		return nil, ""
	}
	switch e.g.Kind(fn) {
	case "identifier":
		if syntax.Text(fn, e.src) == "enumerate" && args.NamedChildCount() >= 1 && e.localFlags("enumerate") == 0 {
			return args.NamedChild(0), "enumerate"
		}
	case "attribute":
		if attr := fn.ChildByFieldId(e.g.fAttr); attr != nil && args.NamedChildCount() == 0 {
			switch m := syntax.Text(attr, e.src); m {
			case "items", "values", "keys":
				return fn.ChildByFieldId(e.g.fObject), m
			}
		}
	}
	return nil, ""
}
