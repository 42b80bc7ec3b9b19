package php

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

func (x *extractor) useDecl(n *sitter.Node) {
	k := x.k
	prefix := ""
	classes := true // use function / use const import no class
	for i := uint(0); i < n.ChildCount(); i++ {
		if ch := n.Child(i); !ch.IsNamed() && (syntax.Text(ch, x.src) == "function" || syntax.Text(ch, x.src) == "const") {
			classes = false
		}
	}
	before := len(x.f.Imports)
	defer func() {
		if !classes {
			for _, imp := range x.f.Imports[before:] {
				delete(x.uses, imp.LocalName(0))
			}
		}
	}()
	for i := uint(0); i < n.NamedChildCount(); i++ {
		ch := n.NamedChild(i)
		switch ch.KindId() {
		case k.namespaceName:
			prefix = name(syntax.Text(ch, x.src))
		case k.useClause:
			x.useClause(ch, "")
		case k.useGroup:
			for j := uint(0); j < ch.NamedChildCount(); j++ {
				if cl := ch.NamedChild(j); cl.KindId() == k.useClause {
					x.useClause(cl, prefix)
				}
			}
		}
	}
}

// useClause records use A\B\C (as D) as an import of the class C from
// the module A\B\C (the key its file declares), bound to C (or D).
func (x *extractor) useClause(n *sitter.Node, prefix string) {
	imp := facts.Import{Line: syntax.Line(n)}
	alias := n.ChildByFieldId(x.k.fAlias)
	as := ""
	for i := uint(0); i < n.NamedChildCount(); i++ {
		ch := n.NamedChild(i)
		if alias != nil && ch.Id() == alias.Id() {
			as = syntax.Text(ch, x.src)
			continue
		}
		if id := ch.KindId(); (id == x.k.name || id == x.k.qualifiedName) && imp.Path == "" {
			imp.Path = name(syntax.Text(ch, x.src))
		}
	}
	if imp.Path == "" {
		return
	}
	if prefix != "" {
		imp.Path = prefix + `\` + imp.Path
	}
	name := imp.Path[strings.LastIndexByte(imp.Path, '\\')+1:]
	imp.Names = []string{name}
	local := name
	if as != "" && as != name {
		imp.As, local = []string{as}, as
	}
	x.uses[local] = imp.Path
	x.f.Imports = append(x.f.Imports, imp)
}

// require records require/include of a literal path. __DIR__ . '/x.php'
// (and dirname(__FILE__)) becomes "./x.php", dirname(__DIR__) . '/x.php'
// becomes "../x.php"; any other computed path is skipped.
func (x *extractor) require(n *sitter.Node) {
	k := x.k
	e := n.NamedChild(0)
	for e != nil && e.KindId() == k.parenthesized {
		e = e.NamedChild(0)
	}
	if e == nil {
		return
	}
	p, ok := "", false
	if e.KindId() == k.binary {
		l, r := e.ChildByFieldId(k.fLeft), e.ChildByFieldId(k.fRight)
		dir := x.dirExpr(l)
		lit, litOK := x.literal(r)
		if dir == "" || !litOK {
			return
		}
		p, ok = dir+"/"+strings.TrimPrefix(lit, "/"), true
	} else {
		p, ok = x.literal(e)
	}
	if !ok || p == "" {
		return
	}
	x.f.Imports = append(x.f.Imports, facts.Import{Path: p, Kind: "require", Line: syntax.Line(n)})
}

// dirExpr maps __DIR__ / dirname(__FILE__) to "." and dirname(__DIR__) to
// "..": the directory of the file, relative to that file.
func (x *extractor) dirExpr(n *sitter.Node) string {
	if n == nil {
		return ""
	}
	switch t := syntax.NoSpace(syntax.Text(n, x.src)); t {
	case "__DIR__", "dirname(__FILE__)":
		return "."
	case "dirname(__DIR__)", "dirname(dirname(__FILE__))":
		return ".."
	}
	return ""
}

// literal returns the content of a string without interpolation.
func (x *extractor) literal(n *sitter.Node) (string, bool) {
	if n == nil || (n.KindId() != x.k.str && n.KindId() != x.k.encapsedStr) {
		return "", false
	}
	var b strings.Builder
	for i := uint(0); i < n.NamedChildCount(); i++ {
		ch := n.NamedChild(i)
		if ch.KindId() != x.k.strContent {
			return "", false
		}
		b.WriteString(syntax.Text(ch, x.src))
	}
	return b.String(), true
}

func (x *extractor) functionCall(n *sitter.Node) {
	k := x.k
	fn := n.ChildByFieldId(k.fFunction)
	if fn == nil {
		return
	}
	switch fn.KindId() {
	case k.name:
		name := syntax.Text(fn, x.src)
		x.ref(name, "", facts.RefCall, fn)
		if name == "define" && len(x.scopes) == 0 {
			x.define(n)
		}
	case k.qualifiedName:
		x.nameRef(fn, facts.RefCall)
	}
}

// define reports a top-level define('NAME', value) as a constant.
func (x *extractor) define(n *sitter.Node) {
	args := n.ChildByFieldId(x.k.fArguments)
	if args == nil {
		return
	}
	for i := uint(0); i < args.NamedChildCount(); i++ {
		a := args.NamedChild(i)
		if a.KindId() != x.k.argument {
			continue
		}
		if name, ok := x.literal(a.NamedChild(0)); ok && name != "" {
			x.sym(facts.Symbol{Name: name, Kind: facts.KindConst, Signature: syntax.OneLine(syntax.Text(n, x.src))}, n)
		}
		return
	}
}

// nameRef reports a name or qualified_name node (class or function name).
func (x *extractor) nameRef(n *sitter.Node, kind string) {
	if n == nil {
		return
	}
	id := n.KindId()
	if id != x.k.name && id != x.k.qualifiedName {
		return
	}
	full := name(syntax.Text(n, x.src))
	switch strings.ToLower(full) {
	case "self", "static", "parent":
		return
	}
	name, qual := syntax.SplitLast(full, `\`)
	at := n
	if id == x.k.qualifiedName {
		if nm := n.ChildByFieldId(x.k.fName); nm != nil {
			at = nm
		}
	}
	x.ref(name, qual, kind, at)
}

// classConst reports Foo::class as a reference to Foo and Foo::BAR as a
// reference to BAR qualified by Foo.
func (x *extractor) classConst(n *sitter.Node) {
	if n.NamedChildCount() < 2 {
		return
	}
	scope, nm := n.NamedChild(0), n.NamedChild(n.NamedChildCount()-1)
	if nm.KindId() != x.k.name {
		return
	}
	if syntax.Text(nm, x.src) == "class" {
		x.nameRef(scope, facts.RefReference)
		return
	}
	if id := scope.KindId(); id == x.k.name || id == x.k.qualifiedName || id == x.k.relativeScope {
		x.refRecv(syntax.Text(nm, x.src), x.qualifier(scope), x.staticRecv(scope), facts.RefReference, nm)
	}
}

// qualifier is the receiver as an identifier chain ("this", "obj",
// "this->repo", "App\Models\User", "self"), or "?".
func (x *extractor) qualifier(n *sitter.Node) string {
	if n == nil {
		return ""
	}
	if !x.isChain(n) {
		return "?"
	}
	t := syntax.NoSpace(syntax.Text(n, x.src))
	t = strings.ReplaceAll(t, "$", "")
	t = strings.ReplaceAll(t, "?->", "->")
	return strings.TrimPrefix(t, `\`)
}

func (x *extractor) isChain(n *sitter.Node) bool {
	k := x.k
	switch n.KindId() {
	case k.name, k.qualifiedName, k.relativeScope:
		return true
	case k.variableName:
		return n.NamedChildCount() == 1 && n.NamedChild(0).KindId() == k.name
	case k.memberAccess, k.nullsafeMemberAccess:
		o, nm := n.ChildByFieldId(k.fObject), n.ChildByFieldId(k.fName)
		return o != nil && nm != nil && nm.KindId() == k.name && x.isChain(o)
	case k.scopedPropertyAccess:
		s, nm := n.ChildByFieldId(k.fScope), n.ChildByFieldId(k.fName)
		return s != nil && nm != nil && x.isChain(s) && x.isChain(nm)
	}
	return false
}
