package cfamily

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

func (x *extractor) typeRef(n *sitter.Node, name, q string) {
	if name == "" || name == "auto" {
		return
	}
	for _, p := range x.tparams {
		if p == name && q == "" {
			return
		}
	}
	x.ref(name, q, facts.RefReference, syntax.Line(n))
}

func (x *extractor) ref(name, qual, kind string, line int) {
	x.refRecv(name, qual, "", kind, line)
}

// refRecv records a reference with a receiver chain; a name in namespace
// std is outside the repository.
func (x *extractor) refRecv(name, qual, recv, kind string, line int) {
	if name == "" {
		return
	}
	if recv == "" && isStd(qual) {
		recv = facts.NotRepo
	}
	from, _ := x.scope()
	x.f.Refs = append(x.f.Refs, facts.Ref{Name: name, Qualifier: qual, Kind: kind, From: from, Line: line, Recv: recv})
}

func isStd(qual string) bool {
	qual = strings.TrimPrefix(qual, "::")
	return qual == "std" || strings.HasPrefix(qual, "std::")
}

// usingNamespace records using namespace a::b as a wildcard import of
// "a::b": the resolver looks bare names up in it.
func (x *extractor) usingNamespace(n *sitter.Node) {
	isNamespace := false
	var target *sitter.Node
	for i := uint(0); i < n.ChildCount(); i++ {
		ch := n.Child(i)
		switch {
		case !ch.IsNamed() && syntax.Text(ch, x.src) == "namespace":
			isNamespace = true
		case x.g.Kind(ch) == "identifier" || x.g.Kind(ch) == "qualified_identifier":
			target = ch
		}
	}
	if target == nil {
		return
	}
	path := strings.TrimPrefix(syntax.NoSpace(syntax.Text(target, x.src)), "::")
	if !isNamespace {
		// using leveldb::Status: the file names Status bare. Its namespace
		// is looked in, a wider reach than the one name, which a file
		// outside the namespace (a C API over the library) uses for many.
		i := strings.LastIndex(path, "::")
		if x.g.Kind(target) != "qualified_identifier" || i <= 0 || isStd(path) || x.fnDepth > 0 {
			return
		}
		path = path[:i]
		for _, im := range x.f.Imports {
			if im.Kind == "wildcard" && im.Path == path {
				return // using leveldb::Cache; using leveldb::DB; ...
			}
		}
	}
	x.f.Imports = append(x.f.Imports, facts.Import{Path: path, Kind: "wildcard", Line: syntax.Line(n)})
}

// symbol appends a definition (Line/EndLine from n, Doc from above n or
// above its template).
func (x *extractor) symbol(n *sitter.Node, name, qual, parent, kind, sig string, tmpl *sitter.Node) *facts.Symbol {
	if name == "" { // MISSING name in broken code
		return &facts.Symbol{}
	}
	docNode := n
	if tmpl != nil {
		docNode = tmpl
	}
	end := syntax.EndLine(n)
	if n.EndPosition().Column == 0 && end > syntax.Line(n) { // #define includes its newline
		end--
	}
	x.f.Symbols = append(x.f.Symbols, facts.Symbol{
		Name: name, Qualified: qual, Kind: kind, Parent: parent,
		Line: syntax.Line(n), EndLine: end,
		Signature: strings.TrimRight(sig, " ;"),
		Doc:       syntax.PrecedingComments(docNode, x.src, isComment),
	})
	return &x.f.Symbols[len(x.f.Symbols)-1]
}

func isComment(kind string) bool { return kind == "comment" }

// qualify turns a definition's name node (A, ns::A, a::b, Box<int>) into
// its Qualified name, simple name and parent under the current scope.
func (x *extractor) qualify(nameNode *sitter.Node) (qual, name, parent string) {
	written := syntax.NoSpace(syntax.Text(nameNode, x.src))
	inner := nameNode
	for inner != nil && x.g.Kind(inner) == "qualified_identifier" {
		inner = x.g.Child(inner, "name")
	}
	opCast := ""
	if inner != nil && x.g.Kind(inner) == "operator_cast" { // operator bool()
		written = syntax.NoSpace(string(x.src[nameNode.StartByte():inner.StartByte()])) + "operator"
		opCast = " " + syntax.OneLine(syntax.Text(x.g.Child(inner, "type"), x.src))
	}
	outer, _ := x.outer()
	segs := splitScope(written)
	segs[len(segs)-1] += opCast
	if len(segs) > 0 && segs[0] == "" { // ::A::f is absolute
		outer, segs = "", segs[1:]
	}
	if len(segs) == 0 {
		return outer, "", outer
	}
	name = segs[len(segs)-1]
	parent = join(outer, strings.Join(segs[:len(segs)-1], "."))
	return join(parent, name), name, parent
}

// function records a function or method definition (or an in-class method
// declaration when body is nil) and pushes its scope.
func (x *extractor) function(n, nameNode, body *sitter.Node, parentKind string) {
	qual, name, parent := x.qualify(nameNode)
	_, sk := x.outer()
	k := facts.KindFunction
	if sk == 'c' || (parent != "" && strings.Contains(syntax.NoSpace(syntax.Text(nameNode, x.src)), "::")) {
		k = facts.KindMethod
	}
	s := x.symbol(n, name, qual, parent, k, syntax.Header(n, body, x.src), x.template(parentKind))
	s.Type = x.resultChain(x.g.Child(n, "type"), x.g.Child(n, "declarator"))
	s.Params = x.paramTypes(x.g.Child(n, "declarator"))
	// A method defined outside its class (C<T>::f) has its class's template.
	if !strings.Contains(syntax.Text(nameNode, x.src), "::") && x.undeducible(x.template(parentKind), x.g.Child(n, "declarator")) {
		s.Params += explicitOnly
	}
	if x.cpp {
		if tmpl := x.template(parentKind); tmpl != nil {
			x.markComplementary(s, x.enableIfCondition(tmpl))
			if x.inConditional(n) {
				s.Params += inBranch
			}
		}
	}
	x.push(qual, 'f')
	x.locals.Push()
	x.vals.Push()
	x.declareParams(x.g.Child(x.g.funcDeclarator(x.g.Child(n, "declarator")), "parameters"))
}

// declaration handles a (field_)declaration outside function bodies:
// in-class method declarations are methods, top-level variables are vars,
// prototypes and extern declarations are skipped.
func (x *extractor) declaration(n *sitter.Node, kind, parentKind string) bool {
	_, sk := x.outer()
	inClass := sk == 'c'
	if kind == "field_declaration" && !inClass {
		return false
	}
	for i := uint(0); i < n.NamedChildCount(); i++ {
		ch := n.NamedChild(i)
		if x.g.Kind(ch) == "storage_class_specifier" && syntax.Text(ch, x.src) == "extern" {
			return false
		}
	}
	var first *sitter.Node
	var firstQual string
	for i := uint(0); i < n.ChildCount(); i++ {
		if n.FieldNameForChild(uint32(i)) != "declarator" {
			continue
		}
		d := n.Child(i)
		value := (*sitter.Node)(nil)
		if x.g.Kind(d) == "init_declarator" {
			value = x.g.Child(d, "value")
		}
		nameNode := x.g.declName(d)
		if nameNode == nil {
			continue
		}
		if x.g.isFunctionDecl(d) {
			if !inClass {
				continue // prototype: the definition is the symbol
			}
			qual, name, parent := x.qualify(nameNode)
			s := x.symbol(n, name, qual, parent, facts.KindMethod, syntax.Header(n, nil, x.src), x.template(parentKind))
			s.Type = x.resultChain(x.g.Child(n, "type"), d)
			s.Params = x.paramTypes(d)
		} else {
			qual, name, parent := x.qualify(nameNode)
			if inClass {
				s := x.symbol(n, name, qual, parent, facts.KindField, syntax.Header(n, x.g.Child(n, "default_value"), x.src), nil)
				s.Type = x.declChain(x.g.Child(n, "type"), d)
				continue
			}
			if first == nil {
				first, firstQual = nameNode, qual
			}
			s := x.symbol(n, name, qual, parent, facts.KindVar, syntax.Header(n, value, x.src), x.template(parentKind))
			s.Type = x.declChain(x.g.Child(n, "type"), d)
		}
	}
	if first == nil {
		return false
	}
	x.push(firstQual, 'v')
	return true
}

// typedef records every name a typedef declares.
func (x *extractor) typedef(n *sitter.Node, parentKind string) bool {
	sig := syntax.Header(n, nil, x.src)
	if t := x.g.Child(n, "type"); t != nil {
		if b := x.g.Child(t, "body"); b != nil {
			sig = syntax.OneLine(string(x.src[n.StartByte():b.StartByte()])) + " { ... } " + syntax.OneLine(string(x.src[b.EndByte():n.EndByte()]))
		}
	}
	firstQual := ""
	for i := uint(0); i < n.ChildCount(); i++ {
		if n.FieldNameForChild(uint32(i)) != "declarator" {
			continue
		}
		nameNode := x.g.declName(n.Child(i))
		if nameNode == nil {
			continue
		}
		qual, name, parent := x.qualify(nameNode)
		if firstQual == "" {
			firstQual = qual
		}
		s := x.symbol(n, name, qual, parent, facts.KindType, sig, x.template(parentKind))
		if c := x.declChain(x.g.Child(n, "type"), n.Child(i)); c != name && c != facts.Unknown {
			s.Type = c // typedef struct foo foo_t: a foo_t is a foo
		}
	}
	if firstQual == "" {
		return false
	}
	x.push(firstQual, 'v')
	return true
}

// call records the callee of a call_expression.
func (x *extractor) call(fn *sitter.Node, line int) {
	if fn == nil {
		return
	}
	switch x.g.Kind(fn) {
	case "identifier":
		if _, isLocal := x.locals.Lookup(syntax.Text(fn, x.src)); isLocal {
			return // a function pointer or callable object: not a named function
		}
		x.ref(syntax.Text(fn, x.src), "", facts.RefCall, line)
	case "template_function":
		switch name := syntax.Text(x.g.Child(fn, "name"), x.src); name {
		case "static_cast", "dynamic_cast", "reinterpret_cast", "const_cast":
		default:
			x.ref(name, "", facts.RefCall, line)
		}
	case "field_expression":
		arg := x.g.Child(fn, "argument")
		q, ok := x.g.chain(arg, x.src)
		if !ok {
			q = "?"
		}
		recv := x.recvChain(arg)
		if recv == "" && q == "this" {
			recv = x.thisBaseRecv()
		}
		x.refRecv(x.g.simpleName(x.g.Child(fn, "field"), x.src), q, recv, facts.RefCall, line)
	case "qualified_identifier":
		name, q := x.g.splitQualified(fn, x.src)
		if q == "" && strings.HasPrefix(syntax.Text(fn, x.src), "::") {
			q = facts.GlobalScope
		}
		x.refRecv(name, q, x.classParamRecv(q), facts.RefCall, line)
	}
}
