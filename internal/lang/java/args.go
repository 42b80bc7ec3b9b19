package java

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Argument types: the simple type name of each call argument, for the
// resolver's overload choice (facts.Ref.Args).

// argType is the simple type name of an argument, "?" when unknown.
func (x *extractor) argType(e *sitter.Node) string {
	k, tk := x.k, x.tk
	switch e.KindId() {
	case tk.stringLit:
		return "String"
	case tk.decInt, tk.hexInt, tk.octInt, tk.binInt:
		if t := syntax.Text(e, x.src); strings.HasSuffix(t, "L") || strings.HasSuffix(t, "l") {
			return "long"
		}
		return "int"
	case tk.decFloat, tk.hexFloat:
		if t := syntax.Text(e, x.src); strings.HasSuffix(t, "f") || strings.HasSuffix(t, "F") {
			return "float"
		}
		return "double"
	case tk.charLit:
		return "char"
	case tk.trueLit, tk.falseLit, tk.instanceOf:
		return "boolean"
	case tk.nullLit:
		return "null"
	case tk.classLit:
		return "Class"
	case k.identifier:
		if v, ok := x.lookup(syntax.Text(e, x.src)); ok {
			return v.typ
		}
	case k.this:
		if t := x.innermost(); t != nil && t.named {
			return t.simple
		}
	case tk.objectCreation, tk.castExpr:
		return x.typeInfo(x.createdType(e)).typ
	case tk.parenExpr:
		if e.NamedChildCount() > 0 {
			return x.argType(e.NamedChild(0))
		}
	case tk.arrayCreation:
		return x.arrayCreationType(e)
	case tk.binaryExpr:
		return x.binaryType(e)
	case tk.unaryExpr:
		if op := e.ChildByFieldId(tk.fOperator); op != nil && syntax.Text(op, x.src) == "!" {
			return "boolean"
		}
		if o := e.ChildByFieldId(tk.fOperand); o != nil {
			return promote(x.argType(o), "int")
		}
	case tk.ternary:
		c, a := e.ChildByFieldId(tk.fConsequence), e.ChildByFieldId(tk.fAlternative)
		if c != nil && a != nil {
			if ct := x.argType(c); ct == x.argType(a) {
				return ct
			}
		}
	case tk.assignment:
		if l := e.ChildByFieldId(tk.fLeft); l != nil {
			return x.argType(l)
		}
	case k.methodInvocation:
		return x.resultType(e)
	case k.fieldAccess:
		return x.fieldType(e)
	case tk.arrayAccess:
		if a := e.ChildByFieldId(tk.fArray); a != nil {
			if t := x.argType(a); strings.HasSuffix(t, "[]") {
				return strings.TrimSuffix(t, "[]")
			}
		}
	}
	return "?"
}

// resultType is the simple type of a call's result where the file tells:
// Object's methods, common library methods on a library receiver, and
// methods the enclosing types declare.
func (x *extractor) resultType(e *sitter.Node) string {
	name := syntax.Text(e.ChildByFieldId(x.k.fName), x.src)
	obj := e.ChildByFieldId(x.k.fObject)
	switch {
	case name == "toString" || name == "hashCode" || name == "equals" || name == "getClass":
		return vocab().libResults[name]
	case obj == nil || obj.KindId() == x.k.this:
		for i := len(x.in.types) - 1; i >= 0; i-- {
			if sigs, ok := x.in.types[i].results[name]; ok {
				return x.overloadResult(sigs, e)
			}
		}
	case name == "requireNonNull" && syntax.Text(obj, x.src) == "Objects":
		if a := x.firstArg(e); a != nil {
			return x.argType(a) // Objects.requireNonNull(x, ...) is x
		}
	case x.exprChain(obj) == facts.NotRepo:
		recv := plainType(x.argType(obj))
		if obj.KindId() == x.k.identifier && syntax.IsUpper(syntax.Text(obj, x.src)[0]) {
			recv = syntax.Text(obj, x.src) // a static call
		}
		if t, ok := vocab().libResults[recv+"."+name]; ok {
			return t
		}
		if t, ok := vocab().libResults[name]; ok {
			return t
		}
	}
	return "?"
}

// overloadResult is the result type of the file's overloads a call may
// mean: those whose parameters take the arguments (by arity, and by type
// where both are known), when they agree.
func (x *extractor) overloadResult(sigs []overload, call *sitter.Node) string {
	args := strings.Split(strings.Trim(x.argsOf(call.ChildByFieldId(x.tk.fArguments)), "()"), ",")
	result := ""
	for _, s := range sigs {
		params := strings.Split(strings.Trim(s.params, "()"), ",")
		if len(params) != len(args) || strings.HasSuffix(s.params, "...)") {
			continue
		}
		fits := true
		for i, a := range args {
			a = plainType(a)
			fits = fits && (a == "?" || params[i] == "?" || a == params[i] || params[i] == "Object")
		}
		switch {
		case !fits:
		case result == "":
			result = s.result
		case result != s.result:
			return "?"
		}
	}
	if result == "" {
		return "?"
	}
	return result
}

func (x *extractor) firstArg(call *sitter.Node) *sitter.Node {
	if args := call.ChildByFieldId(x.tk.fArguments); args != nil && args.NamedChildCount() > 0 {
		return args.NamedChild(0)
	}
	return nil
}

// fieldType is the simple type of a.b: an array's length, a field of this.
func (x *extractor) fieldType(e *sitter.Node) string {
	obj, f := e.ChildByFieldId(x.k.fObject), e.ChildByFieldId(x.k.fField)
	if obj == nil || f == nil {
		return "?"
	}
	name := syntax.Text(f, x.src)
	if name == "length" && strings.HasSuffix(x.argType(obj), "[]") {
		return "int"
	}
	if obj.KindId() == x.k.identifier {
		if _, local := x.lookup(syntax.Text(obj, x.src)); !local && x.typeRoot(syntax.Text(obj, x.src)) == facts.NotRepo {
			if t, ok := vocab().unboxedJava[syntax.Text(obj, x.src)]; ok && (name == "MAX_VALUE" || name == "MIN_VALUE") {
				return t // Integer.MAX_VALUE
			}
			if t, ok := vocab().libFields[syntax.Text(obj, x.src)+"."+name]; ok {
				return t
			}
		}
	}
	if obj.KindId() == x.k.this {
		for i := len(x.in.types) - 1; i >= 0; i-- {
			if v, ok := x.in.types[i].fields[name]; ok {
				return v.typ
			}
		}
	}
	return "?"
}

func (x *extractor) arrayCreationType(e *sitter.Node) string {
	t := x.typeInfo(e.ChildByFieldId(x.k.fType)).typ
	dims := 0
	for i := uint(0); i < e.NamedChildCount(); i++ {
		switch c := e.NamedChild(i); c.KindId() {
		case x.tk.dimensionsExpr:
			dims++
		case x.tk.dimensions:
			dims += strings.Count(syntax.Text(c, x.src), "[")
		}
	}
	return t + strings.Repeat("[]", dims)
}

// binaryType is the type of a binary expression: comparisons and logic
// are boolean, + with a String is a String, arithmetic promotes.
func (x *extractor) binaryType(e *sitter.Node) string {
	op := syntax.Text(e.ChildByFieldId(x.tk.fOperator), x.src)
	switch op {
	case "==", "!=", "<", ">", "<=", ">=", "&&", "||":
		return "boolean"
	}
	l, r := e.ChildByFieldId(x.tk.fLeft), e.ChildByFieldId(x.tk.fRight)
	if l == nil || r == nil {
		return "?"
	}
	lt, rt := x.argType(l), x.argType(r)
	switch {
	case op == "+" && (lt == "String" || rt == "String"):
		return "String"
	case op == "<<" || op == ">>" || op == ">>>":
		return promote(lt, "int")
	case (op == "&" || op == "|" || op == "^") && lt == "boolean" && rt == "boolean":
		return "boolean"
	}
	return promote(lt, rt)
}

// promote is the type of arithmetic on two primitives, "?" otherwise.
func promote(a, b string) string {
	ra, rb := vocab().numericRank[a], vocab().numericRank[b]
	if ra == 0 || rb == 0 {
		return "?"
	}
	for _, t := range []string{"double", "float", "long"} {
		if vocab().numericRank[t] == max(ra, rb) {
			return t
		}
	}
	return "int"
}
