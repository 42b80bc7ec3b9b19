package python

import (
	"iter"
	"slices"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Class attributes, properties and result types: what the resolver needs
// to follow self.client.get() and make().run() through types.

// field is a class attribute found so far: its symbol, and whether its
// type was declared (an annotation wins) or is None (any other value wins).
type field struct {
	idx             int
	annotated, weak bool
	// ann is the annotation's text, when there is one.
	ann string
	// assigned are the distinct types of the values assigned to it (None
	// and unknown ones aside), for its Union.
	assigned []string
}

// decorators returns the last name of each decorator of a def or class,
// call arguments dropped: @app.route("/") is "route", @x.setter "setter".
func (e *extractor) decorators(def *sitter.Node) []string {
	var out []string
	for _, x := range e.decoratorsOf(def) {
		out = append(out, lastDotted(noSpace(syntax.Text(x, e.src))))
	}
	return out
}

// decoratorsOf yields each decorator of a def or class with the expression
// it names: its call's function for @x(...), else the expression itself.
func (e *extractor) decoratorsOf(def *sitter.Node) iter.Seq2[*sitter.Node, *sitter.Node] {
	return func(yield func(*sitter.Node, *sitter.Node) bool) {
		p := def.Parent()
		if p == nil || e.g.Kind(p) != "decorated_definition" {
			return
		}
		for i := uint(0); i < p.NamedChildCount(); i++ {
			d := p.NamedChild(i)
			if e.g.Kind(d) != "decorator" || d.NamedChildCount() == 0 {
				continue
			}
			x := d.NamedChild(0)
			if e.g.Kind(x) == "call" {
				x = x.ChildByFieldId(e.g.fFunc)
			}
			if x != nil && !yield(d, x) {
				return
			}
		}
	}
}

// isProperty reports a property's getter, setter or deleter, including
// cached and library variants (cached_property, locked_cached_property).
func isProperty(decos []string) bool {
	for _, d := range decos {
		if strings.HasSuffix(d, "property") || d == "setter" || d == "deleter" || d == "getter" {
			return true
		}
	}
	return false
}

// typeField is a chain as a Symbol.Type: unknown is empty.
func typeField(chain string) string {
	if chain == facts.Unknown {
		return ""
	}
	return chain
}

// resultType sets a def's Type: its return annotation, else the one chain
// all its return statements agree on. A context manager's result is what
// it yields, which no chain says; a generator's is a generator.
func (e *extractor) resultType(idx int, n *sitter.Node) {
	if e.fixtureDecorator(n) != nil {
		e.f.Symbols[idx].Type = typeField(e.fixtureValue(n))
		return
	}
	for _, d := range e.decorators(n) {
		switch d {
		case "contextmanager", "asynccontextmanager", "setter", "deleter":
			return
		}
	}
	if rt := n.ChildByFieldId(e.g.fReturnType); rt != nil {
		text := noSpace(syntax.Text(rt, e.src))
		e.f.Symbols[idx].Type = typeField(e.annotationChain(text, pyType, 0))
		e.f.Symbols[idx].Union = e.annotationUnion(text)
		return
	}
	if body := n.ChildByFieldId(e.g.fBody); body != nil {
		e.f.Symbols[idx].Type = typeField(e.inferResult(body))
	}
}

// inferResult is the chain every value-returning return statement of a
// function body agrees on; unknown for a generator or when they differ.
func (e *extractor) inferResult(body *sitter.Node) string {
	returns, yields := e.resultNodes(body)
	if len(yields) > 0 {
		return facts.Unknown
	}
	return e.agreedChain(returns)
}

// resultNodes lists the return statements and yield expressions of a
// function body, nested functions and classes left out.
func (e *extractor) resultNodes(body *sitter.Node) (returns, yields []*sitter.Node) {
	var walk func(n *sitter.Node)
	walk = func(n *sitter.Node) {
		for i := uint(0); i < n.NamedChildCount(); i++ {
			c := n.NamedChild(i)
			switch e.g.Kind(c) {
			case "function_definition", "class_definition", "lambda", "decorated_definition":
				continue
			case "yield":
				yields = append(yields, c)
			case "return_statement":
				returns = append(returns, c)
			}
			walk(c)
		}
	}
	walk(body)
	return returns, yields
}

// agreedChain is the chain the values of return statements or yield
// expressions agree on (those without a value or of None aside); unknown
// when they differ or none has a value.
func (e *extractor) agreedChain(results []*sitter.Node) string {
	out := ""
	for _, r := range results {
		if r.NamedChildCount() == 0 || e.g.Kind(r.NamedChild(0)) == "none" {
			continue
		}
		if e.g.Kind(r) == "yield" && strings.HasPrefix(syntax.Text(r, e.src), "yield from") {
			return facts.Unknown // what another generator yields
		}
		c := e.exprChain(r.NamedChild(0), pyType, 0)
		switch {
		case c == facts.Unknown:
			return facts.Unknown
		case out == "":
			out = c
		case out != c:
			return facts.Unknown
		}
	}
	if out == "" {
		return facts.Unknown
	}
	return out
}

// valueType is the Type of the names an assignment binds: the annotation,
// a type alias's type, or its value's chain. weak is set for None.
func (e *extractor) valueType(n *sitter.Node) (typ string, annotated, weak bool) {
	if t := n.ChildByFieldId(e.g.fType); t != nil {
		return typeField(e.annotationChain(noSpace(syntax.Text(t, e.src)), pyType, 0)), true, false
	}
	value := e.rightmostValue(n)
	switch {
	case value == nil:
		return "", false, true
	case e.g.Kind(value) == "none":
		return "", false, true
	case e.g.Kind(value) == "subscript" && len(e.stack) == 0:
		// Alias = Optional[Foo]: a type alias names its type.
		return typeField(e.annotationChain(noSpace(syntax.Text(value, e.src)), pyType, 0)), false, false
	case len(e.stack) == 0 && e.isTypeVarCall(value):
		// T = TypeVar('T', bound='Foo') is read as an alias of its bound,
		// so that a parameter another module annotates T is a Foo.
		if b := e.typeVarBound(value); b != "" {
			return typeField(e.annotationChain(b, pyType, 0)), false, false
		}
	}
	return typeField(e.exprChain(value, pyType, 0)), false, false
}

// classAttribute records the attributes a class body assigns. A method
// alias (__call__ = run) and a lambda are methods, not attributes; an
// enum's members are instances of the enum.
func (e *extractor) classAttribute(n *sitter.Node) {
	owner := e.stack[len(e.stack)-1].qual
	value := e.rightmostValue(n)
	if value != nil && (e.g.Kind(value) == "lambda" || e.g.Kind(value) == "identifier" && e.classDefines(n, syntax.Text(value, e.src))) {
		return
	}
	typ, annotated, weak := e.valueType(n)
	if !annotated && e.isEnum(owner) {
		typ, weak = "self", false
	}
	if t := n.ChildByFieldId(e.g.fType); t != nil {
		if x := e.descriptorValue(noSpace(syntax.Text(t, e.src))); x != "" {
			typ = typeField(e.annotationChain(x, pyType, 0))
		}
	}
	for cur := n; cur != nil && e.g.Kind(cur) == "assignment"; cur = cur.ChildByFieldId(e.g.fRight) {
		if left := cur.ChildByFieldId(e.g.fLeft); left != nil && e.g.Kind(left) == "identifier" {
			e.addField(owner, syntax.Text(left, e.src), typ, annotated, weak, n)
		}
	}
}

// descriptorValue is X when a class attribute is annotated D[X] and D, a
// class of this module, is a descriptor whose __get__ returns its type
// variable (scrapy's engine: _LateAttribute[ExecutionEngine]): the
// attribute read on an instance is an X. "" otherwise.
func (e *extractor) descriptorValue(ann string) string {
	head, args := generic(unquote(ann))
	if args == "" || !isIdent(head) || e.mod.first[head] != 'd' {
		return ""
	}
	for _, alt := range splitTop(unquote(e.mod.returns[head+".__get__"]), '|') {
		if e.mod.typeVars[unquote(strings.TrimSpace(alt))] {
			return splitTop(args, ',')[0]
		}
	}
	return ""
}

// classDefines reports whether the class body an assignment is in
// defines a function of that name.
func (e *extractor) classDefines(assign *sitter.Node, name string) bool {
	body := assign.Parent()
	for body != nil && e.g.Kind(body) != "block" {
		body = body.Parent()
	}
	if body == nil {
		return false
	}
	for i := uint(0); i < body.NamedChildCount(); i++ {
		d := body.NamedChild(i)
		if e.g.Kind(d) == "decorated_definition" {
			d = d.ChildByFieldId(e.g.fDefinition)
		}
		if d != nil && e.g.Kind(d) == "function_definition" {
			if id := d.ChildByFieldId(e.g.fName); id != nil && syntax.Text(id, e.src) == name {
				return true
			}
		}
	}
	return false
}

// isEnum reports whether a class of the file derives from an enum base.
func (e *extractor) isEnum(qual string) bool {
	for i := len(e.f.Symbols) - 1; i >= 0; i-- {
		if s := e.f.Symbols[i]; s.Qualified == qual && s.Kind == facts.KindClass {
			for _, b := range s.Extends {
				if l := lastDotted(baseName(b)); strings.HasSuffix(l, "Enum") || strings.HasSuffix(l, "Flag") {
					return true
				}
			}
			return false
		}
	}
	return false
}

// selfAttribute records self.x = v (and self.x: T = v) in a method as an
// attribute of the method's class.
func (e *extractor) selfAttribute(n *sitter.Node) {
	owner := e.methodOwner()
	if owner == "" {
		return
	}
	left, right := n.ChildByFieldId(e.g.fLeft), n.ChildByFieldId(e.g.fRight)
	if left == nil {
		return
	}
	if k := e.g.Kind(left); k == "pattern_list" || k == "tuple_pattern" {
		// self.a, self.b = x, y: pairwise when the counts agree.
		var values []*sitter.Node
		if right != nil && (e.g.Kind(right) == "expression_list" || e.g.Kind(right) == "tuple") {
			values = syntax.NamedChildren(right)
		}
		targets := syntax.NamedChildren(left)
		for i, t := range targets {
			typ := ""
			if len(values) == len(targets) {
				typ = typeField(e.exprChain(values[i], pyType, 0))
			}
			if name, ok := e.selfTarget(t); ok {
				e.addField(owner, name, typ, false, typ == "", n)
			}
		}
		return
	}
	if name, ok := e.selfTarget(left); ok {
		typ, annotated, weak := e.valueType(n)
		e.addField(owner, name, typ, annotated, weak, n)
	}
}

// methodOwner is the class of the method the walk is in (also from a
// function nested in it), "" outside methods.
func (e *extractor) methodOwner() string {
	for i := len(e.stack) - 1; i >= 0; i-- {
		switch s := e.stack[i]; {
		case s.method:
			return s.owner
		case s.class:
			return ""
		}
	}
	return ""
}

// selfTarget returns x for a target self.x, where self is the method's
// first parameter.
func (e *extractor) selfTarget(t *sitter.Node) (string, bool) {
	if e.g.Kind(t) != "attribute" {
		return "", false
	}
	obj, attr := t.ChildByFieldId(e.g.fObject), t.ChildByFieldId(e.g.fAttr)
	if obj == nil || attr == nil || e.g.Kind(obj) != "identifier" {
		return "", false
	}
	name := syntax.Text(obj, e.src)
	i, ok := e.localScope(name)
	if !ok {
		return "", false
	}
	if b := e.locals[i].binds[name]; len(b) == 0 || b[0].chain != "self" {
		return "", false
	}
	return syntax.Text(attr, e.src), true
}

// addField adds a class attribute, or improves the type of one found
// before: the first assignment wins, unless a later one is annotated or
// the first was None.
func (e *extractor) addField(owner, name, typ string, annotated, weak bool, n *sitter.Node) {
	key := owner + "." + name
	ann := ""
	if t := n.ChildByFieldId(e.g.fType); t != nil && annotated {
		ann = noSpace(syntax.Text(t, e.src))
	}
	if f, ok := e.fields[key]; ok {
		if !f.annotated && (annotated || f.weak && !weak) {
			e.f.Symbols[f.idx].Type = typ
			f.annotated, f.weak, f.ann = annotated, weak, ann
		}
		e.fieldUnion(f, n, typ, annotated)
		return
	}
	sig := syntax.OneLine(syntax.Text(n, e.src))
	if len(sig) > 120 {
		sig = sig[:120]
	}
	f := &field{idx: len(e.f.Symbols), annotated: annotated, weak: weak, ann: ann}
	e.fields[key] = f
	e.f.Symbols = append(e.f.Symbols, facts.Symbol{Name: name, Qualified: key, Kind: facts.KindField, Parent: owner,
		Line: syntax.Line(n), EndLine: syntax.EndLine(n), Signature: sig, Type: typ})
	e.fieldUnion(f, n, typ, annotated)
}

// fieldUnion sets a class attribute's Union after an assignment n of a
// value of type typ: an annotated attribute's is its annotation's union
// (self.u: A | B); an attribute assigned values of two or more types
// (self.loop = loop in one branch, AddThreadSelectorEventLoop(loop) in the
// other, or self.h = A() if c else B()) is any of them that may be a
// repository type, as jedi answers.
func (e *extractor) fieldUnion(f *field, n *sitter.Node, typ string, annotated bool) {
	s := &e.f.Symbols[f.idx]
	if f.annotated {
		s.Union = e.annotationUnion(f.ann)
		return
	}
	if annotated || typ == "" {
		return
	}
	chains := []string{typ}
	if value := e.assignedValue(n); value != nil {
		chains = append(chains, e.sideChains(func() string { return e.exprChain(value, pyType, 0) })...)
	}
	grew := false
	for _, c := range chains {
		if !slices.Contains(f.assigned, c) {
			f.assigned, grew = append(f.assigned, c), true
		}
	}
	if !grew || len(f.assigned) < 2 {
		return
	}
	s.Union = nil
	for _, c := range f.assigned {
		if facts.MayBeRepo(c) {
			s.Union = append(s.Union, c)
		}
	}
}

// rightmostValue is the value a chained assignment (a = b = value)
// assigns, n itself when n is no assignment, nil when it has no value.
func (e *extractor) rightmostValue(n *sitter.Node) *sitter.Node {
	for n != nil && e.g.Kind(n) == "assignment" {
		n = n.ChildByFieldId(e.g.fRight)
	}
	return n
}

// assignedValue is the value an assignment (a = b = value) assigns,
// nil for a pattern's (self.a, self.b = x, y), whose values are paired.
func (e *extractor) assignedValue(n *sitter.Node) *sitter.Node {
	value := e.rightmostValue(n)
	if value == nil || value == n || e.g.Kind(value) == "expression_list" || e.g.Kind(value) == "tuple" {
		return nil
	}
	if left := n.ChildByFieldId(e.g.fLeft); left != nil && (e.g.Kind(left) == "pattern_list" || e.g.Kind(left) == "tuple_pattern") {
		return nil
	}
	return value
}

// shadowedFields returns the indexes of assigned attributes that a def or
// class of the same name in the class replaces (a property's setter
// assigns through self.x too).
func (e *extractor) shadowedFields() map[int]bool {
	assigned := map[int]bool{}
	for _, f := range e.fields {
		assigned[f.idx] = true
	}
	defined := map[string]bool{}
	for i, s := range e.f.Symbols {
		if !assigned[i] && s.Parent != "" {
			defined[s.Qualified] = true
		}
	}
	drop := map[int]bool{}
	for i := range assigned {
		if defined[e.f.Symbols[i].Qualified] {
			drop[i] = true
		}
	}
	return drop
}

// baseName is a base as written in the class statement: the name of an
// imported chain (@module|Name -> Name).
func baseName(base string) string {
	if module, root, steps := facts.SplitChain(base); module != "" {
		return strings.Join(append([]string{root}, steps...), ".")
	}
	return base
}
