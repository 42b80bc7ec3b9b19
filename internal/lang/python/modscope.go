package python

import (
	"slices"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// The module scope: what a file binds at top level, read before the walk.

// plain is a module bound by "import path [as alias]".
type plain struct {
	path  string
	alias bool
}

// fromName is a name bound by "from path import name [as local]".
type fromName struct{ path, name string }

// modNames is what the file's module scope binds, known before the walk:
// a function body may use a class or import written below it.
type modNames struct {
	// first maps each name to how its first binding binds it: 'd' a def,
	// class or assignment, 'f' a from-import, 'i' a plain import.
	first map[string]byte
	from  map[string]fromName
	// plain maps the name "import a.b [as m]" binds (a, or m) to the
	// import paths bound to it.
	plain map[string][]plain
	// stars are the modules imported with "from m import *".
	stars []string
	// typeVars are TypeVar, ParamSpec and TypeVarTuple names; typeVarBounds
	// the bound= annotation of those that declare one.
	typeVars      map[string]bool
	typeVarBounds map[string]string
	// returns are the return annotations of the module's functions and
	// its classes' methods, by qualified name; anns those of its
	// variables.
	returns, anns map[string]string
	// classAliases are the class expressions a module-level name is
	// assigned (_Base = Handler[Response] under TYPE_CHECKING, _Base =
	// Handler otherwise), each once, in source order: a class whose base
	// is that name inherits from them (bases).
	classAliases map[string][]string
}

// scanModule records the module scope's bindings, also under if, try and
// with blocks (TYPE_CHECKING imports, fallbacks).
func (e *extractor) scanModule(n *sitter.Node) {
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		switch e.g.Kind(c) {
		case "decorated_definition":
			if d := c.ChildByFieldId(e.g.fDefinition); d != nil {
				e.modBind(d.ChildByFieldId(e.g.fName), 'd')
			}
			e.scanReturns(c, "")
		case "function_definition", "class_definition":
			e.modBind(c.ChildByFieldId(e.g.fName), 'd')
			e.scanReturns(c, "")
		case "expression_statement":
			if a := c.NamedChild(0); a != nil && e.g.Kind(a) == "assignment" {
				e.scanAssignment(a)
			}
		case "import_statement":
			e.scanImport(c)
		case "import_from_statement":
			e.scanFrom(c)
		case "if_statement", "elif_clause", "else_clause", "try_statement", "except_clause", "finally_clause",
			"with_statement", "block":
			e.scanModule(c)
		}
	}
}

func (e *extractor) modBind(id *sitter.Node, how byte) {
	if id == nil || e.g.Kind(id) != "identifier" {
		return
	}
	if name := syntax.Text(id, e.src); e.mod.first[name] == 0 {
		e.mod.first[name] = how
	}
}

func (e *extractor) scanAssignment(a *sitter.Node) {
	for cur := a; cur != nil && e.g.Kind(cur) == "assignment"; cur = cur.ChildByFieldId(e.g.fRight) {
		left := cur.ChildByFieldId(e.g.fLeft)
		if left == nil {
			return
		}
		if e.g.Kind(left) == "identifier" {
			e.modBind(left, 'd')
			e.scanClassAlias(syntax.Text(left, e.src), a)
			if v := cur.ChildByFieldId(e.g.fRight); v != nil && e.isTypeVarCall(v) {
				name := syntax.Text(left, e.src)
				e.mod.typeVars[name] = true
				if b := e.typeVarBound(v); b != "" && e.mod.typeVarBounds[name] == "" {
					if e.mod.typeVarBounds == nil {
						e.mod.typeVarBounds = map[string]string{}
					}
					e.mod.typeVarBounds[name] = b
				}
			}
			if t := cur.ChildByFieldId(e.g.fType); t != nil {
				if name := syntax.Text(left, e.src); e.mod.anns[name] == "" {
					e.mod.anns[name] = noSpace(syntax.Text(t, e.src))
				}
			}
			continue
		}
		for j := uint(0); j < left.NamedChildCount(); j++ {
			e.modBind(left.NamedChild(j), 'd')
		}
	}
}

// scanClassAlias records what a module-level assignment to name is when
// its value reads as a class (Name, mod.Name, Name[...]), not a call or
// any other value.
func (e *extractor) scanClassAlias(name string, a *sitter.Node) {
	value := e.rightmostValue(a)
	if value != nil && e.g.Kind(value) == "subscript" {
		value = value.ChildByFieldId(e.g.fValue)
	}
	if value == nil {
		return
	}
	if k := e.g.Kind(value); k != "identifier" && k != "attribute" {
		return
	}
	dotted := noSpace(syntax.Text(value, e.src))
	if !isDotted(dotted) || dotted == name || slices.Contains(e.mod.classAliases[name], dotted) {
		return
	}
	if e.mod.classAliases == nil {
		e.mod.classAliases = map[string][]string{}
	}
	e.mod.classAliases[name] = append(e.mod.classAliases[name], dotted)
}

func (e *extractor) isTypeVarCall(v *sitter.Node) bool {
	if e.g.Kind(v) != "call" {
		return false
	}
	fn := v.ChildByFieldId(e.g.fFunc)
	if fn == nil {
		return false
	}
	switch lastDotted(noSpace(syntax.Text(fn, e.src))) {
	case "TypeVar", "ParamSpec", "TypeVarTuple":
		return true
	}
	return false
}

// typeVarBound is the bound= annotation of a TypeVar(...) call, without
// its quotes ("" for none, and for ParamSpec and TypeVarTuple).
func (e *extractor) typeVarBound(call *sitter.Node) string {
	fn := call.ChildByFieldId(e.g.fFunc)
	args := call.ChildByFieldId(e.g.fArguments)
	if fn == nil || args == nil || lastDotted(noSpace(syntax.Text(fn, e.src))) != "TypeVar" {
		return ""
	}
	for _, a := range syntax.NamedChildren(args) {
		if e.g.Kind(a) != "keyword_argument" || syntax.Text(a.ChildByFieldId(e.g.fName), e.src) != "bound" {
			continue
		}
		if v := a.ChildByFieldId(e.g.fValue); v != nil {
			return unquote(noSpace(syntax.Text(v, e.src)))
		}
	}
	return ""
}

func (e *extractor) scanImport(n *sitter.Node) {
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		switch e.g.Kind(c) {
		case "dotted_name":
			p := noSpace(syntax.Text(c, e.src))
			head, _, _ := cutDot(p)
			e.mod.plain[head] = append(e.mod.plain[head], plain{path: p})
			if e.mod.first[head] == 0 {
				e.mod.first[head] = 'i'
			}
		case "aliased_import":
			p := noSpace(syntax.Text(c.ChildByFieldId(e.g.fName), e.src))
			alias := syntax.Text(c.ChildByFieldId(e.g.fAlias), e.src)
			e.mod.plain[alias] = append(e.mod.plain[alias], plain{path: p, alias: true})
			if e.mod.first[alias] == 0 {
				e.mod.first[alias] = 'i'
			}
		}
	}
}

func (e *extractor) scanFrom(n *sitter.Node) {
	mod := n.ChildByFieldId(e.g.fModule)
	if mod == nil {
		return
	}
	path := noSpace(syntax.Text(mod, e.src))
	for i := uint(0); i < n.NamedChildCount(); i++ {
		c := n.NamedChild(i)
		if c.Id() == mod.Id() {
			continue
		}
		name, local := "", ""
		switch e.g.Kind(c) {
		case "dotted_name":
			name = noSpace(syntax.Text(c, e.src))
			local = name
		case "aliased_import":
			name = noSpace(syntax.Text(c.ChildByFieldId(e.g.fName), e.src))
			local = syntax.Text(c.ChildByFieldId(e.g.fAlias), e.src)
		case "wildcard_import":
			e.mod.stars = append(e.mod.stars, path)
		}
		if local == "" || strings.Contains(name, ".") {
			continue
		}
		if _, seen := e.mod.from[local]; !seen {
			e.mod.from[local] = fromName{path, name}
		}
		if e.mod.first[local] == 0 {
			e.mod.first[local] = 'f'
		}
	}
}

// moduleName is the chain of a name bound (or not) at module scope.
func (e *extractor) moduleName(name string, mode chainMode) string {
	switch e.mod.first[name] {
	case 'd':
		return name
	case 'f':
		if mode == pyRecv {
			return name // the resolver binds the file's imports itself
		}
		f := e.mod.from[name]
		return facts.Imported(f.path, f.name)
	case 'i':
		return facts.Unknown // a module, not a value
	}
	switch {
	case builtins()[name]:
		return facts.NotRepo
	case mode == pyRecv && len(e.mod.stars) > 0:
		return name // the resolver looks into star-imported modules
	case len(e.mod.stars) == 1:
		return facts.Imported(e.mod.stars[0], name)
	}
	return facts.Unknown
}
