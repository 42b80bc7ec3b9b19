package python

import (
	"slices"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// definition records a def or class and enters its scope. It reports
// whether the def is a method whose first parameter is its instance or
// class. A property is a field whose type is its getter's result.
func (e *extractor) definition(n *sitter.Node) bool {
	nameNode := n.ChildByFieldId(e.g.fName)
	if nameNode == nil {
		return false
	}
	name := syntax.Text(nameNode, e.src)
	parent, inClass := "", false
	if len(e.stack) > 0 {
		top := e.stack[len(e.stack)-1]
		parent, inClass = top.qual, top.class
	}
	qual := name
	if parent != "" {
		qual = parent + "." + name
	}
	isClass := e.g.Kind(n) == "class_definition"
	decos := e.decorators(n)
	kind := facts.KindFunction
	switch {
	case isClass:
		kind = facts.KindClass
	case inClass && isProperty(decos):
		kind = facts.KindField
	case inClass:
		kind = facts.KindMethod
	}
	method := inClass && !isClass && !slices.Contains(decos, "staticmethod")
	body := n.ChildByFieldId(e.g.fBody)
	sym := facts.Symbol{Name: name, Qualified: qual, Kind: kind, Parent: parent,
		Line: syntax.Line(n), EndLine: syntax.EndLine(n), Signature: syntax.Header(n, body, e.src)}
	if body != nil {
		sym.Doc = e.docstring(body)
	}
	if !isClass {
		sym.Params = e.paramTypes(n, method)
		if deco := e.fixtureDecorator(n); deco != nil && !inClass {
			sym.Signature = e.fixtureSignature(deco, sym.Signature)
		}
	}
	if sym.Doc == "" {
		outer := n
		if p := n.Parent(); p != nil && e.g.Kind(p) == "decorated_definition" {
			outer = p
		}
		sym.Doc = syntax.PrecedingComments(outer, e.src, isComment)
	}
	var tparams []string
	if isClass {
		tparams = e.classTypeParams(n)
		if sup := n.ChildByFieldId(e.g.fSuper); sup != nil {
			e.superID = sup.Id()
			e.inBases, e.baseParams = true, tparams
			sym.Extends = e.bases(sup)
			e.inBases, e.baseParams = false, nil
		}
	}
	if tp := n.ChildByFieldId(e.g.fTypeParams); tp != nil {
		e.skipID = tp.Id()
	}
	if !isClass && e.isOverload(n) {
		e.overloads = append(e.overloads, len(e.f.Symbols))
	}
	e.f.Symbols = append(e.f.Symbols, sym)
	sc := scope{end: n.EndByte(), qual: qual, class: isClass, method: method, tparams: tparams}
	if method {
		sc.owner = parent
	}
	e.stack = append(e.stack, sc)
	return method
}

// isOverload reports whether a def is decorated with typing's @overload.
func (e *extractor) isOverload(def *sitter.Node) bool {
	p := def.Parent()
	if p == nil || e.g.Kind(p) != "decorated_definition" {
		return false
	}
	for i := uint(0); i < p.NamedChildCount(); i++ {
		d := p.NamedChild(i)
		if e.g.Kind(d) != "decorator" || d.NamedChildCount() == 0 {
			continue
		}
		if name, _, _ := strings.Cut(lastDotted(noSpace(syntax.Text(d.NamedChild(0), e.src))), "("); name == "overload" {
			return true
		}
	}
	return false
}

// overloadStubs returns the indexes of the @overload declarations of a
// function that the same scope goes on to implement: at run time the name
// is the implementation, which keeps the plain id. Stubs with no
// implementation after them (.pyi files, protocols) stay.
func (e *extractor) overloadStubs() map[int]bool {
	stub := map[int]bool{}
	for _, i := range e.overloads {
		stub[i] = true
	}
	drop := map[int]bool{}
	for _, i := range e.overloads {
		for j := i + 1; j < len(e.f.Symbols); j++ {
			if e.f.Symbols[j].Qualified == e.f.Symbols[i].Qualified && !stub[j] {
				drop[i] = true
				break
			}
		}
	}
	return drop
}

// dropSymbols removes the symbols at the given indexes.
func (e *extractor) dropSymbols(drop map[int]bool) {
	if len(drop) == 0 {
		return
	}
	out := e.f.Symbols[:0]
	for i, s := range e.f.Symbols {
		if !drop[i] {
			out = append(out, s)
		}
	}
	e.f.Symbols = out
}

// bases returns the base class names of a superclasses list, keyword
// arguments (metaclass=) skipped. A base given type arguments of which
// one may be a repository type (Repository[User], or the class's own
// parameters passed on) is that base applied to them (appliedBase);
// others' arguments are stripped.
func (e *extractor) bases(list *sitter.Node) []string {
	var out []string
	for i := uint(0); i < list.NamedChildCount(); i++ {
		c := list.NamedChild(i)
		args := ""
		if e.g.Kind(c) == "subscript" {
			_, args = generic(noSpace(syntax.Text(c, e.src)))
			c = c.ChildByFieldId(e.g.fValue)
		}
		if c == nil {
			continue
		}
		if k := e.g.Kind(c); k == "identifier" || k == "attribute" {
			if s := noSpace(syntax.Text(c, e.src)); isDotted(s) {
				chains := e.aliasedBases(s, maxAliasHops)
				if args != "" && len(chains) == 1 {
					chains[0] = e.appliedBase(s, chains[0], args)
				}
				out = append(out, chains...)
			}
		}
	}
	return out
}

// maxAliasHops bounds how many module-level aliases of aliases bases
// follows (and ends a cycle of them).
const maxAliasHops = 4

// aliasedBases is how a base written as dotted goes into Extends: the
// classes a module-level alias of that name is assigned, each as written
// there (followed through hops more aliases), or else the name itself
// (baseChain). A name bound in a function is never a module's alias.
func (e *extractor) aliasedBases(dotted string, hops int) []string {
	values := e.mod.classAliases[dotted]
	if hops == 0 || len(values) == 0 || e.localFlags(dotted) != 0 {
		return []string{e.baseChain(dotted)}
	}
	var out []string
	for _, v := range values {
		for _, b := range e.aliasedBases(v, hops-1) {
			if !slices.Contains(out, b) {
				out = append(out, b)
			}
		}
	}
	return out
}

// baseChain is how a base class is written into Extends: a name the module
// imports as its chain (@module|Name), since the resolver reads a class's
// bases from other files too, where this file's imports are not in
// scope; any other name as written.
func (e *extractor) baseChain(dotted string) string {
	parts := strings.Split(dotted, ".")
	if e.localFlags(parts[0]) != 0 {
		return dotted
	}
	if c := e.moduleDotted(parts, pyType); strings.HasPrefix(c, "@") {
		return c
	}
	return dotted
}

// docstring returns the cleaned docstring of a def/class body, or "".
func (e *extractor) docstring(body *sitter.Node) string {
	for i := uint(0); i < body.NamedChildCount(); i++ {
		c := body.NamedChild(i)
		switch e.g.Kind(c) {
		case "comment":
			continue
		case "expression_statement":
			if c.NamedChildCount() == 1 {
				if s := c.NamedChild(0); e.g.Kind(s) == "string" {
					return syntax.WithoutHeadings(cleandoc(e.stringValue(s)))
				}
			}
		}
		return ""
	}
	return ""
}

// stringValue returns the raw text between a string's quotes ("" for
// f-strings).
func (e *extractor) stringValue(s *sitter.Node) string {
	cnt := s.ChildCount()
	if cnt < 2 {
		return ""
	}
	open, closing := s.Child(0), s.Child(cnt-1)
	if strings.ContainsAny(syntax.Text(open, e.src), "fF") {
		return ""
	}
	if closing.StartByte() < open.EndByte() {
		return ""
	}
	return string(e.src[open.EndByte():closing.StartByte()])
}

// stringAnnotation reports a forward-reference annotation ("Foo", "m.Foo").
func (e *extractor) stringAnnotation(s *sitter.Node) {
	if name, qual, ok := dotted(strings.TrimSpace(e.stringValue(s))); ok {
		e.ref(s, name, qual, facts.RefReference)
	}
}

func (e *extractor) typeAlias(n *sitter.Node) {
	left := n.ChildByFieldId(e.g.fLeft)
	if left == nil {
		return
	}
	name := noSpace(syntax.Text(left, e.src))
	if !isIdent(name) {
		return
	}
	e.skipID = left.Id()
	parent := e.from()
	qual := name
	if parent != "" {
		qual = parent + "." + name
	}
	e.f.Symbols = append(e.f.Symbols, facts.Symbol{Name: name, Qualified: qual, Kind: facts.KindType,
		Parent: parent, Line: syntax.Line(n), EndLine: syntax.EndLine(n), Signature: syntax.OneLine(syntax.Text(n, e.src)),
		Doc: syntax.PrecedingComments(n, e.src, isComment), Params: e.aliasParams(n.ChildByFieldId(e.g.fRight))})
	e.stack = append(e.stack, scope{end: n.EndByte(), qual: qual})
}

// assignment records the simple names a module-level assignment binds.
func (e *extractor) assignment(n *sitter.Node) {
	var doc string
	if p := n.Parent(); p != nil && e.g.Kind(p) == "expression_statement" {
		doc = syntax.PrecedingComments(p, e.src, isComment)
	}
	sig := syntax.Header(n, n.ChildByFieldId(e.g.fRight), e.src)
	first := ""
	typ, _, _ := e.valueType(n)
	union := e.assignedUnion(n)
	// Handler = Callable[[Request], None] is a type alias of a callback.
	params := e.aliasParams(n.ChildByFieldId(e.g.fRight))
	add := func(id *sitter.Node, typ string, union []string) {
		name := syntax.Text(id, e.src)
		if first == "" {
			first = name
		}
		if i, seen := e.vars[name]; seen {
			if e.f.Symbols[i].Type == "" {
				e.f.Symbols[i].Type = typ // x = None first, a value later
			}
			return
		}
		if e.vars == nil {
			e.vars = map[string]int{}
		}
		e.vars[name] = len(e.f.Symbols)
		kind := facts.KindVar
		switch {
		case params != "":
			kind = facts.KindType
		case allCaps(name):
			kind = facts.KindConst
		}
		e.f.Symbols = append(e.f.Symbols, facts.Symbol{Name: name, Qualified: name, Kind: kind,
			Line: syntax.Line(n), EndLine: syntax.EndLine(n), Signature: sig, Doc: doc, Type: typ, Params: params, Union: union})
	}
	for cur := n; cur != nil && e.g.Kind(cur) == "assignment"; cur = cur.ChildByFieldId(e.g.fRight) {
		left := cur.ChildByFieldId(e.g.fLeft)
		if left == nil {
			break
		}
		switch e.g.Kind(left) {
		case "identifier":
			add(left, typ, union)
		case "pattern_list", "tuple_pattern", "list_pattern":
			for i := uint(0); i < left.NamedChildCount(); i++ {
				if c := left.NamedChild(i); e.g.Kind(c) == "identifier" {
					add(c, "", nil)
				}
			}
		}
	}
	if first != "" {
		e.stack = append(e.stack, scope{end: n.EndByte(), qual: first})
	}
}

// assignedUnion is the Union of the names a module-level assignment
// binds: its annotation's union (x: A | B = ...), or the union a type
// alias names (Node = Union[Leaf, Branch], Node = Leaf | Branch).
func (e *extractor) assignedUnion(n *sitter.Node) []string {
	if t := n.ChildByFieldId(e.g.fType); t != nil {
		return e.annotationUnion(noSpace(syntax.Text(t, e.src)))
	}
	value := e.rightmostValue(n)
	switch {
	case value == nil:
		return nil
	case e.g.Kind(value) == "subscript",
		e.g.Kind(value) == "binary_operator" && syntax.Text(value.ChildByFieldId(e.g.fOperator), e.src) == "|":
		return e.annotationUnion(noSpace(syntax.Text(value, e.src)))
	}
	return nil
}

// allCaps reports whether a name is a constant by convention: it has a
// letter and no lower-case letter.
func allCaps(s string) bool {
	letter := false
	for _, r := range s {
		if r >= 'a' && r <= 'z' {
			return false
		}
		if r >= 'A' && r <= 'Z' {
			letter = true
		}
	}
	return letter
}

// cleandoc dedents a docstring like inspect.cleandoc: the first line is
// trimmed, the common indentation of the others removed, and blank lines
// at either end dropped.
func cleandoc(s string) string {
	lines := strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n")
	lines[0] = strings.TrimSpace(lines[0])
	margin := -1
	for _, l := range lines[1:] {
		t := strings.TrimLeft(l, " \t")
		if t == "" {
			continue
		}
		if ind := len(l) - len(t); margin < 0 || ind < margin {
			margin = ind
		}
	}
	for i := 1; i < len(lines); i++ {
		l := lines[i]
		if margin > 0 && len(l) >= margin {
			l = l[margin:]
		} else if margin > 0 {
			l = strings.TrimLeft(l, " \t")
		}
		lines[i] = strings.TrimRight(l, " \t")
	}
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}
