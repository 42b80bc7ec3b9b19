package csharp

import (
	"strconv"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Parameter and argument types, for the resolver's choice among
// overloads (facts.Symbol.Params, facts.Ref.Args). Types are simple names
// as C# spells its predefined ones ("int", "string", "object"), without
// type arguments; "?" is a type the file does not tell (a type parameter,
// var, a tuple). A parameter is written "ref T", "out T" or "in T" with
// its modifier, "T=" when it has a default value, "T..." when it is a
// params array (T its element type). An argument is written with the
// modifier the call gives it. T? is kept for any T but string and object:
// Nullable<T> for a struct, T itself for a class. "#int" is a non-negative integer constant
// small enough to convert to every integral type, "null" the null
// literal.

// predefinedNames maps the System names of the predefined types to C#'s
// keywords: String and string are one type.
var predefinedNames = map[string]string{
	"String": "string", "Object": "object", "Boolean": "bool", "Char": "char", "Byte": "byte", "SByte": "sbyte",
	"Int16": "short", "UInt16": "ushort", "Int32": "int", "UInt32": "uint", "Int64": "long", "UInt64": "ulong",
	"Single": "float", "Double": "double", "Decimal": "decimal",
}

// simpleType is the simple name of a type node, "?" when unknown.
func (x *extractor) simpleType(t *sitter.Node) string {
	if t == nil {
		return "?"
	}
	k := x.k
	switch t.KindId() {
	case k.predefinedType:
		return syntax.Text(t, x.src)
	case k.identifier:
		return x.namedType(syntax.Text(t, x.src))
	case k.genericName:
		name := syntax.Text(t.NamedChild(0), x.src)
		if args := t.NamedChild(1); name == "Nullable" && args != nil && args.NamedChildCount() == 1 {
			return nullable(x.simpleType(args.NamedChild(0)))
		}
		return x.namedType(name)
	case k.qualifiedName, k.aliasQualifiedName:
		if nm := t.ChildByFieldId(k.fName); nm != nil {
			s := x.simpleType(nm)
			if p, ok := predefinedNames[s]; ok {
				return p // System.String
			}
			return s
		}
	case k.nullableType:
		return nullable(x.simpleType(t.ChildByFieldId(k.fType)))
	case k.refType, k.scopedType:
		return x.simpleType(t.ChildByFieldId(k.fType))
	case k.arrayType:
		elem := x.simpleType(t.ChildByFieldId(k.fType))
		if elem == "?" {
			return "?"
		}
		return elem + x.rank(t)
	}
	return "?"
}

// namedType is the simple type of a name: a type parameter and var are
// unknown, an alias is the type it names, String is string.
func (x *extractor) namedType(name string) string {
	switch {
	case name == "" || name == "var" || name == "dynamic" || x.IsTypeParam(name):
		return "?"
	case x.aliasTypes[name] != "":
		name = x.aliasTypes[name]
	}
	if p, ok := predefinedNames[name]; ok {
		return p
	}
	return name
}

// nullable is T?: Nullable<T> for a value type, T itself for string and
// object; a named type keeps the mark (it may be a struct).
func nullable(t string) string {
	if t == "?" || t == "string" || t == "object" || strings.HasSuffix(t, "]") {
		return t
	}
	return t + "?"
}

// rank is the rank specifiers of an array type or creation, without the
// sizes: "[]", "[,]", "[][]".
func (x *extractor) rank(n *sitter.Node) string {
	var b strings.Builder
	for i := uint(0); i < n.NamedChildCount(); i++ {
		if r := n.NamedChild(i); r.Kind() == "array_rank_specifier" {
			b.WriteByte('[')
			b.WriteString(strings.Repeat(",", strings.Count(syntax.Text(r, x.src), ",")))
			b.WriteByte(']')
		}
	}
	if b.Len() == 0 {
		return "[]"
	}
	return b.String()
}

// paramList is a method's or constructor's Params.
func (x *extractor) paramList(list *sitter.Node) string {
	if list == nil {
		return ""
	}
	var out []string
	it := syntax.KidsOf(list)
	defer it.Close()
	params := false
	for p := it.Next(); p != nil; p = it.Next() {
		switch {
		case !p.IsNamed():
			params = params || p.Kind() == "params"
		case p.KindId() == x.t.parameter:
			out = append(out, x.param(p))
		case params && isTypeNode(x.k, p.KindId()) || p.KindId() == x.k.arrayType:
			// params T[] xs: the list holds the type and the name itself.
			out = append(out, strings.TrimSuffix(x.simpleType(p), "[]")+"...")
			params = false
		}
	}
	return "(" + strings.Join(out, ",") + ")"
}

// param is one parameter's entry: its modifier, its type and whether it
// has a default value.
func (x *extractor) param(p *sitter.Node) string {
	mod, def := "", false
	name := p.ChildByFieldId(x.k.fName)
	for i := uint(0); i < p.NamedChildCount(); i++ {
		ch := p.NamedChild(i)
		switch {
		case ch.KindId() == x.k.modifier:
			switch m := syntax.Text(ch, x.src); m {
			case "ref", "out", "in":
				mod = m + " "
			case "params": // params with a non-array collection type (C# 13)
				return x.simpleType(p.ChildByFieldId(x.k.fType)) + "..."
			}
		case name != nil && ch.StartByte() > name.StartByte():
			def = true // = value after the name
		}
	}
	s := mod + x.simpleType(p.ChildByFieldId(x.k.fType))
	if def {
		s += "="
	}
	return s
}

// argsOf is a call's Args, "" when the list did not parse; a named
// argument may go to any parameter, so its type is not told ("?").
func (x *extractor) argsOf(list *sitter.Node) string {
	if list == nil || list.Kind() != "argument_list" {
		return ""
	}
	var out []string
	it := syntax.KidsOf(list)
	defer it.Close()
	for a := it.Next(); a != nil; a = it.Next() {
		if a.Kind() != "argument" {
			continue
		}
		if a.ChildByFieldId(x.k.fName) != nil {
			out = append(out, "?")
			continue
		}
		out = append(out, x.argument(a))
	}
	return "(" + strings.Join(out, ",") + ")"
}

// argument is one argument's entry: its modifier and its type.
func (x *extractor) argument(a *sitter.Node) string {
	mod := ""
	var e *sitter.Node
	for i := uint(0); i < a.ChildCount(); i++ {
		ch := a.Child(i)
		switch {
		case ch.IsNamed():
			e = ch
		case ch.Kind() == "ref" || ch.Kind() == "out" || ch.Kind() == "in":
			mod = ch.Kind() + " "
		case ch.KindId() == x.k.this:
			return mod + x.thisType()
		}
	}
	if e == nil {
		return "?"
	}
	if e.KindId() == x.t.declarationExpr {
		return mod + x.simpleType(e.ChildByFieldId(x.k.fType)) // out var x, out int x
	}
	return mod + x.argType(e)
}

// varType is the type var x = e gives x: e's, a small constant being an
// int variable.
func (x *extractor) varType(e *sitter.Node) string {
	if t := x.argType(e); t != "#int" {
		return t
	}
	return "int"
}

// argType is the simple type of an expression, "?" when the file does
// not tell.
func (x *extractor) argType(e *sitter.Node) string {
	if e == nil {
		return "?"
	}
	k, t := x.k, x.t
	switch id := e.KindId(); id {
	case t.intLit:
		return intLiteral(syntax.Text(e, x.src))
	case t.realLit:
		return realLiteral(syntax.Text(e, x.src))
	case t.stringLit, t.verbatimLit, t.rawLit, t.interpolated:
		return "string"
	case t.charLit:
		return "char"
	case t.boolLit, t.isPatternExpr, t.isExpr:
		return "bool"
	case t.nullLiteral:
		return "null"
	case k.identifier:
		return x.nameType(syntax.Text(e, x.src))
	case k.this:
		return x.thisType()
	case k.objectCreation, t.castExpr:
		return x.simpleType(e.ChildByFieldId(k.fType))
	case t.defaultExpr:
		return x.simpleType(e.ChildByFieldId(k.fType))
	case t.asExpr:
		return x.simpleType(e.ChildByFieldId(t.fRight))
	case t.arrayCreation:
		return x.simpleType(e.ChildByFieldId(k.fType))
	case t.typeofExpr:
		return "Type"
	case t.parenExpr:
		return x.argType(e.NamedChild(0))
	case k.memberAccess:
		return x.memberType(e)
	case k.invocation:
		return x.callType(e.ChildByFieldId(k.fFunction))
	case t.binaryExpr:
		return x.binaryType(e)
	case t.conditionalExpr:
		if c := x.argType(e.ChildByFieldId(t.fConsequence)); c == x.argType(e.ChildByFieldId(t.fAlternative)) {
			return c
		}
	}
	switch e.Kind() {
	case "prefix_unary_expression":
		return x.unaryType(e)
	case "postfix_unary_expression":
		return x.varType(e.NamedChild(0))
	case "assignment_expression":
		return x.varType(e.ChildByFieldId(t.fLeft))
	}
	return "?"
}

// objectResults are the result types of the methods every value has.
var objectResults = map[string]string{"ToString": "string", "GetType": "Type", "Equals": "bool", "GetHashCode": "int"}

// callType is the type of a call's result where every C# value tells it:
// nameof, and object's methods on a receiver.
func (x *extractor) callType(fn *sitter.Node) string {
	switch {
	case fn == nil:
		return "?"
	case fn.KindId() == x.k.identifier && syntax.Text(fn, x.src) == "nameof":
		return "string"
	case fn.KindId() == x.k.memberAccess:
		if t, ok := objectResults[x.memberName(fn.ChildByFieldId(x.k.fName))]; ok {
			return t
		}
	}
	return "?"
}

// nameType is the type of a simple name: a local's, else a field's or
// property's of the enclosing types.
func (x *extractor) nameType(name string) string {
	if t, ok := x.argTypes.Lookup(name); ok {
		return t
	}
	return x.fieldType(name)
}

// fieldType is the type of a field or property of the enclosing types,
// innermost first.
func (x *extractor) fieldType(name string) string {
	for i := len(x.Scopes) - 1; i >= 0; i-- {
		if sc := x.Scopes[i]; sc.IsType {
			if t, ok := x.memberTypes[sc.Qual][name]; ok {
				return t
			}
		}
	}
	return "?"
}

// memberType is the type of this.f, and the Length of a string or array.
func (x *extractor) memberType(e *sitter.Node) string {
	obj, name := e.ChildByFieldId(x.k.fExpression), x.memberName(e.ChildByFieldId(x.k.fName))
	if obj == nil {
		return "?"
	}
	switch {
	case obj.KindId() == x.k.this:
		return x.fieldType(name)
	case name == "Empty" && (syntax.Text(obj, x.src) == "string" || syntax.Text(obj, x.src) == "String"):
		return "string"
	}
	if name == "Length" {
		if t := x.argType(obj); t == "string" || strings.HasSuffix(t, "]") {
			return "int"
		}
	}
	return "?"
}

// thisType is the simple name of the innermost enclosing type.
func (x *extractor) thisType() string {
	for i := len(x.Scopes) - 1; i >= 0; i-- {
		if x.Scopes[i].IsType {
			return x.Scopes[i].Name
		}
	}
	return "?"
}

// intLiteral is the type of an integer literal: its suffix's, else the
// first of int, uint, long, ulong that holds it.
func intLiteral(s string) string {
	s = strings.ReplaceAll(strings.ToLower(s), "_", "")
	switch {
	case strings.HasSuffix(s, "ul") || strings.HasSuffix(s, "lu"):
		return "ulong"
	case strings.HasSuffix(s, "u"):
		return "uint"
	case strings.HasSuffix(s, "l"):
		return "long"
	}
	v, err := strconv.ParseUint(s, 0, 64)
	switch {
	case err != nil:
		return "?"
	case v <= 127:
		return "#int"
	case v <= 1<<31-1:
		return "int"
	case v <= 1<<32-1:
		return "uint"
	case v <= 1<<63-1:
		return "long"
	}
	return "ulong"
}

func realLiteral(s string) string {
	switch s[len(s)-1] {
	case 'f', 'F':
		return "float"
	case 'm', 'M':
		return "decimal"
	}
	return "double"
}

// unaryType: !e is a bool, -e and ~e promote, ++e keeps its operand's type.
func (x *extractor) unaryType(e *sitter.Node) string {
	if e.ChildCount() < 2 {
		return "?"
	}
	op, operand := e.Child(0).Kind(), x.varType(e.NamedChild(0))
	switch op {
	case "!":
		return "bool"
	case "-", "+", "~":
		return promote(operand, "int")
	case "++", "--":
		return operand
	}
	return "?"
}

// binaryType: comparisons are bool, + with a string is a string,
// arithmetic promotes.
func (x *extractor) binaryType(e *sitter.Node) string {
	op := e.ChildByFieldId(x.t.fOperator)
	if op == nil {
		return "?"
	}
	switch op.Kind() {
	case "==", "!=", "<", ">", "<=", ">=", "&&", "||":
		return "bool"
	case "??":
		return "?"
	}
	l, r := x.varType(e.ChildByFieldId(x.t.fLeft)), x.varType(e.ChildByFieldId(x.t.fRight))
	switch {
	case op.Kind() == "+" && (l == "string" || r == "string"):
		return "string"
	case op.Kind() == "<<" || op.Kind() == ">>":
		return promote(l, "int")
	case (op.Kind() == "&" || op.Kind() == "|" || op.Kind() == "^") && l == "bool" && r == "bool":
		return "bool"
	}
	return promote(l, r)
}

// numericRank orders the numeric types binary arithmetic promotes to.
var numericRank = map[string]int{"sbyte": 1, "byte": 1, "short": 1, "ushort": 1, "char": 1, "int": 2, "uint": 3, "long": 4, "ulong": 5, "float": 6, "double": 7, "decimal": 8}

// promote is the type of arithmetic on two numeric types (the wider,
// int at least), "?" when either is not numeric or they mix decimal and
// a floating type or long and ulong (no such operator).
func promote(a, b string) string {
	ra, rb := numericRank[a], numericRank[b]
	if ra == 0 || rb == 0 {
		return "?"
	}
	if ra == 8 && (rb == 6 || rb == 7) || rb == 8 && (ra == 6 || ra == 7) {
		return "?"
	}
	if ra == 3 && b == "int" || rb == 3 && a == "int" {
		return "long" // uint with a (non-constant) int
	}
	for t, rank := range numericRank {
		if rank == max(ra, rb, 2) && rank > 1 {
			return t
		}
	}
	return "?"
}

// collectMembers records the field and property types of a type body.
func (x *extractor) collectMembers(qual string, body *sitter.Node) {
	if body == nil {
		return
	}
	types := map[string]string{}
	for i := uint(0); i < body.NamedChildCount(); i++ {
		m := body.NamedChild(i)
		switch m.KindId() {
		case x.k.propertyDecl:
			types[syntax.Text(m.ChildByFieldId(x.k.fName), x.src)] = x.simpleType(m.ChildByFieldId(x.k.fType))
		case x.k.fieldDecl:
			for j := uint(0); j < m.NamedChildCount(); j++ {
				if d := m.NamedChild(j); d.KindId() == x.k.variableDeclaration {
					t := x.simpleType(d.ChildByFieldId(x.k.fType))
					for l := uint(0); l < d.NamedChildCount(); l++ {
						if v := d.NamedChild(l); v.KindId() == x.k.variableDeclarator {
							types[syntax.Text(v.ChildByFieldId(x.k.fName), x.src)] = t
						}
					}
				}
			}
		}
	}
	x.memberTypes[qual] = types
}
