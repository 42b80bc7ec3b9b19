package golang

import (
	"path"
	"strings"
	"sync"

	sitter "github.com/tree-sitter/go-tree-sitter"
	tsgo "github.com/tree-sitter/tree-sitter-go/bindings/go"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// ids holds the Go grammar's named kind names by id and the field ids
// the extractor uses, computed once so the walk does no string conversion.
type ids struct {
	*syntax.Table
	fName, fType, fReceiver, fBody, fPath, fPackage, fFunc    uint16
	fOperand, fField, fValue, fTypeParams, fTypeArgs, fResult uint16
	fLeft, fRight, fArguments, fParameters, fAlias            uint16
	fIndex, fElement                                          uint16
}

var grammarIDs = sync.OnceValue(func() *ids {
	l := syntax.NewTable(sitter.NewLanguage(tsgo.Language()))
	g := &ids{Table: l}
	g.fName = l.Field("name")
	g.fType = l.Field("type")
	g.fReceiver = l.Field("receiver")
	g.fBody = l.Field("body")
	g.fPath = l.Field("path")
	g.fPackage = l.Field("package")
	g.fFunc = l.Field("function")
	g.fOperand = l.Field("operand")
	g.fField = l.Field("field")
	g.fValue = l.Field("value")
	g.fTypeParams = l.Field("type_parameters")
	g.fTypeArgs = l.Field("type_arguments")
	g.fResult = l.Field("result")
	g.fLeft = l.Field("left")
	g.fRight = l.Field("right")
	g.fArguments = l.Field("arguments")
	g.fParameters = l.Field("parameters")
	g.fAlias = l.Field("alias")
	g.fIndex = l.Field("index")
	g.fElement = l.Field("element")
	return g
})

// builtins are predeclared Go names that no package redefines in practice;
// calls and type references to them are not emitted. (min, max and clear
// are kept: code older than Go 1.21 often defines its own; so are print and
// println, which packages do define.)
var builtins = map[string]bool{
	"bool": true, "byte": true, "complex64": true, "complex128": true, "error": true,
	"float32": true, "float64": true, "int": true, "int8": true, "int16": true,
	"int32": true, "int64": true, "rune": true, "string": true, "uint": true,
	"uint8": true, "uint16": true, "uint32": true, "uint64": true, "uintptr": true,
	"append": true, "cap": true, "len": true, "make": true, "new": true, "panic": true,
	"recover": true, "copy": true, "delete": true, "close": true, "complex": true,
	"real": true, "imag": true,
	"any": true, "comparable": true,
}

func isComment(kind string) bool { return kind == "comment" }

type extractor struct {
	g   *ids
	src []byte
	f   *facts.File
	// declEnd is the end byte of the current top-level declaration.
	declEnd uint
	// curEnd / from are the extent and Qualified name of the current symbol.
	curEnd uint
	from   string
	// tparams are the type parameter names of the current declaration.
	tparams []string
	// recv is the receiver variable of the current method ("" elsewhere):
	// calls on it are written with the qualifier "self", so the resolver
	// looks among the receiver type's methods first.
	recv string
	// skipID is a node (a type name being defined) the walk must not report.
	skipID uintptr
	// scopes are the open blocks of the current function, innermost last.
	scopes []scope
	// imports maps the names the file's imports bind to their paths.
	imports map[string]string
}

func extract(root *sitter.Node, src []byte) *facts.File {
	e := &extractor{g: grammarIDs(), src: src, f: &facts.File{}, imports: map[string]string{}}
	syntax.Walk(root, e.visit)
	return e.f
}

func (e *extractor) visit(n *sitter.Node) bool {
	start := n.StartByte()
	if start >= e.curEnd && (e.from != "" || len(e.tparams) > 0) {
		e.from, e.tparams = "", e.tparams[:0]
	}
	e.popScopes(start)
	kind := e.g.Kind(n)
	if scopeKinds[kind] && len(e.scopes) > 0 {
		e.pushScope(n.EndByte())
		if kind == "func_literal" {
			e.declareParams(n.ChildByFieldId(e.g.fParameters))
		}
	}
	switch kind {
	case "comment", "interpreted_string_literal", "raw_string_literal", "rune_literal",
		"int_literal", "float_literal", "imaginary_literal", "field_identifier":
		return false
	case "package_clause":
		if e.f.Package == "" {
			for i := uint(0); i < n.NamedChildCount(); i++ {
				if c := n.NamedChild(i); e.g.Kind(c) == "package_identifier" {
					e.f.Package = syntax.Text(c, e.src)
					break
				}
			}
		}
		return false
	case "import_spec":
		e.importSpec(n)
		return false
	case "function_declaration", "method_declaration":
		if start >= e.declEnd {
			e.declEnd = n.EndByte()
			e.funcDecl(n)
			e.scopes = e.scopes[:0]
			e.pushScope(n.EndByte())
			e.declareParams(n.ChildByFieldId(e.g.fParameters))
			if res := n.ChildByFieldId(e.g.fResult); res != nil && e.g.Kind(res) == "parameter_list" {
				e.declareParams(res)
			}
		}
	case "type_declaration", "const_declaration", "var_declaration":
		if start >= e.declEnd {
			e.declEnd = n.EndByte()
		}
	case "type_spec", "type_alias":
		if start < e.declEnd && start >= e.curEnd {
			e.typeSpec(n)
		} else if name := n.ChildByFieldId(e.g.fName); name != nil {
			e.skipID = name.Id() // a local type: not a symbol, not a ref
		}
	case "const_spec", "var_spec":
		if start < e.declEnd && start >= e.curEnd {
			e.valueSpec(n)
		} else if len(e.scopes) > 0 {
			e.localVarSpec(n)
		}
	case "short_var_declaration":
		e.shortVar(n)
	case "range_clause":
		e.rangeVars(n)
	case "type_switch_statement":
		e.declareUnknown(n.ChildByFieldId(e.g.fAlias))
	case "call_expression":
		e.call(n)
	case "type_conversion_expression":
		e.instanceCall(n)
	case "qualified_type":
		if n.Id() == e.skipID {
			return false
		}
		name := n.ChildByFieldId(e.g.fName)
		if name != nil {
			e.ref(name, syntax.Text(name, e.src), e.chainText(n.ChildByFieldId(e.g.fPackage)), "", facts.RefReference)
		}
		return false
	case "type_identifier":
		if n.Id() == e.skipID {
			return false
		}
		name := syntax.Text(n, e.src)
		if builtins[name] || e.isTypeParam(name) {
			return false
		}
		e.ref(n, name, "", "", facts.RefReference)
		return false
	}
	return true
}

func (e *extractor) ref(at *sitter.Node, name, qual, recv, kind string) {
	if name == "" {
		return
	}
	if recv == "" {
		recv = e.recvChain(qual)
	}
	if recv == "" && e.recv != "" && at.StartByte() < e.curEnd {
		// On the method's receiver: qualified as written (c.JSON reads as
		// the code does), its chain the enclosing type (see selfReceiver
		// in the resolver).
		if qual == e.recv {
			recv = "self"
		} else if rest, ok := strings.CutPrefix(qual, e.recv+"."); ok {
			recv = "self." + rest
		}
	}
	e.f.Refs = append(e.f.Refs, facts.Ref{Name: name, Qualifier: qual, Kind: kind, From: e.from, Line: syntax.Line(at), Recv: recv})
}

func (e *extractor) isTypeParam(name string) bool {
	for _, t := range e.tparams {
		if t == name {
			return true
		}
	}
	return false
}

func (e *extractor) importSpec(n *sitter.Node) {
	p := n.ChildByFieldId(e.g.fPath)
	if p == nil {
		return
	}
	imp := facts.Import{Path: unquote(syntax.Text(p, e.src)), Line: syntax.Line(n)}
	if a := n.ChildByFieldId(e.g.fName); a != nil {
		imp.Alias = syntax.Text(a, e.src)
	}
	switch imp.Alias {
	case "_", ".":
	case "":
		e.imports[packageName(imp.Path)] = imp.Path
	default:
		e.imports[imp.Alias] = imp.Path
	}
	e.f.Imports = append(e.f.Imports, imp)
}

// unquote strips the quotes or backquotes of an import path literal.
func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '`') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return strings.Trim(s, "\"`")
}

func (e *extractor) call(n *sitter.Node) {
	fn := e.callee(n)
	if fn == nil {
		return
	}
	switch e.g.Kind(fn) {
	case "identifier", "type_identifier":
		name := syntax.Text(fn, e.src)
		if _, isLocal := e.local(name); !builtins[name] && !e.isTypeParam(name) && !isLocal {
			e.ref(fn, name, "", "", facts.RefCall)
		}
	case "selector_expression":
		field := fn.ChildByFieldId(e.g.fField)
		if field == nil {
			return
		}
		operand := fn.ChildByFieldId(e.g.fOperand)
		qual, recv := e.chainText(operand), ""
		if qual == "" {
			qual, recv = facts.Unknown, e.exprChain(operand)
		}
		e.ref(field, syntax.Text(field, e.src), qual, recv, facts.RefCall)
	case "parenthesized_expression":
		// (*T)(x) converts to a pointer type: a reference to T.
		u := fn.NamedChild(0)
		if u == nil || e.g.Kind(u) != "unary_expression" || fn.NamedChildCount() != 1 {
			return
		}
		if op := u.Child(0); op == nil || syntax.Text(op, e.src) != "*" {
			return
		}
		switch t := u.ChildByFieldId(e.g.fOperand); {
		case t == nil:
		case e.g.Kind(t) == "identifier":
			e.ref(t, syntax.Text(t, e.src), "", "", facts.RefReference)
		case e.g.Kind(t) == "selector_expression":
			if f := t.ChildByFieldId(e.g.fField); f != nil {
				if q := e.chainText(t.ChildByFieldId(e.g.fOperand)); q != "" {
					e.ref(f, syntax.Text(f, e.src), q, "", facts.RefReference)
				}
			}
		}
	}
}

// instanceCall reports F[T](x) as a call of F (see instantiated); its
// name is then no reference of its own.
func (e *extractor) instanceCall(n *sitter.Node) {
	name := e.instantiated(n)
	if name == nil {
		return
	}
	e.skipID = name.Id()
	if e.g.Kind(name) == "type_identifier" {
		if text := syntax.Text(name, e.src); !builtins[text] && !e.isTypeParam(text) {
			e.ref(name, text, "", "", facts.RefCall)
		}
		return
	}
	if pkg, id := name.ChildByFieldId(e.g.fPackage), name.ChildByFieldId(e.g.fName); pkg != nil && id != nil {
		e.ref(id, syntax.Text(id, e.src), syntax.Text(pkg, e.src), "", facts.RefCall)
	}
}

// chainText returns the text of an identifier chain (a, a.b, a.b.c) with
// whitespace removed, or "" when n is not one.
func (e *extractor) chainText(n *sitter.Node) string {
	for c := n; c != nil; {
		switch e.g.Kind(c) {
		case "identifier", "package_identifier", "field_identifier", "type_identifier":
			return syntax.NoSpace(syntax.Text(n, e.src))
		case "selector_expression":
			if f := c.ChildByFieldId(e.g.fField); f == nil || e.g.Kind(f) != "field_identifier" {
				return ""
			}
			c = c.ChildByFieldId(e.g.fOperand)
		default:
			return ""
		}
	}
	return ""
}

// isGoTest reports a _test.go file: only other test files see it.
func isTest(p string) bool { return strings.HasSuffix(p, "_test.go") }

// goExternalNames are the names an import of no repository package binds
// besides its path: the package name by convention, and the path's last
// segment.
func externalNames(imp facts.Import) []string {
	last := imp.Path[strings.LastIndexAny(imp.Path, "/.:\\")+1:]
	return []string{packageName(imp.Path), last}
}

// packageName is the name a Go import binds by convention: the last path
// element without a major-version suffix, a ".v2"-style suffix, a "go-"
// prefix or a "-go" suffix. (The resolver prefers the package clause of
// the files it finds.)
func packageName(importPath string) string {
	parts := strings.Split(importPath, "/")
	last := parts[len(parts)-1]
	if len(parts) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		last = parts[len(parts)-2]
	}
	last, _, _ = strings.Cut(last, ".")
	return strings.TrimSuffix(strings.TrimPrefix(last, "go-"), "-go")
}

// moduleKeys keys a Go file by its package import path: the module path
// plus the directory relative to the module root. Files under a vendor/
// directory are also keyed by the vendored import path.
func moduleKeys(p string, f *facts.File, pr *lang.Project) []string {
	modPath, root, ok := pr.GoModuleFor(p)
	if !ok {
		return nil
	}
	dir := path.Dir(p)
	if dir == "." {
		dir = ""
	}
	rel := dir
	if root != "" {
		rel = strings.TrimPrefix(strings.TrimPrefix(dir, root), "/")
	}
	if rel == "" {
		return []string{modPath}
	}
	keys := []string{modPath + "/" + rel}
	if v := strings.TrimPrefix(rel, "vendor/"); v != rel && v != "" {
		keys = append(keys, v)
	}
	return keys
}
