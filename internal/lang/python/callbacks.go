package python

import (
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Contextual types of callbacks, as for TypeScript (facts.Callback): a
// function passed as an argument (a lambda, a def passed by name in the
// scope that defines it, a def under a decorator) takes its unannotated
// parameters' types from the parameter it is passed to, as a checker does
// (app.add_handler(lambda req: req.json()): req is the Request that
// add_handler's Callable[[Request], None] declares), by position or by
// keyword (register(handler=on_x)). The callee's side is its
// Symbol.Params: one element per positional parameter (self and cls left
// out), written "name:chain" so that a keyword finds it, a Callable's own
// parameters inline ("=>A;B").

// paramTypes is the Symbol.Params of a def: "" when no positional
// parameter's type is declared.
func (e *extractor) paramTypes(def *sitter.Node, method bool) string {
	ps := def.ChildByFieldId(e.g.fParams)
	if ps == nil {
		return ""
	}
	var out []string
	known := false
	for i := uint(0); i < ps.NamedChildCount(); i++ {
		p := ps.NamedChild(i)
		kind := e.g.Kind(p)
		if kind == "comment" || kind == "positional_separator" {
			continue
		}
		if method {
			method = false // self or cls
			continue
		}
		el, more := e.paramElement(p)
		if !more {
			break
		}
		known = known || strings.TrimSuffix(el, "...") != facts.Unknown
		if name := e.paramName(p); name != "" {
			el = name + ":" + el
		}
		out = append(out, el)
	}
	if !known {
		return ""
	}
	return "(" + strings.Join(out, ",") + ")"
}

// paramElement is one parameter's element of Params; more is false from
// the first parameter that cannot be passed by position (after *, **kw).
func (e *extractor) paramElement(p *sitter.Node) (el string, more bool) {
	inner := p
	switch e.g.Kind(p) {
	case "keyword_separator", "dictionary_splat_pattern":
		return "", false
	case "typed_parameter":
		inner = p.NamedChild(0)
	case "typed_default_parameter", "default_parameter":
		inner = p.ChildByFieldId(e.g.fName)
	}
	el = facts.Unknown
	if t := p.ChildByFieldId(e.g.fType); t != nil {
		el = e.typeElement(noSpace(syntax.Text(t, e.src)))
	}
	switch e.g.Kind(inner) {
	case "dictionary_splat_pattern":
		return "", false
	case "list_splat_pattern":
		return el + "...", true
	}
	return el, true
}

// typeElement is an annotation's element of Params: a chain, or a
// Callable's parameters' chains after "=>", joined by ";".
func (e *extractor) typeElement(text string) string {
	text = unquote(text)
	head, args := generic(text)
	if last, ok := e.typingName(head); ok && args != "" {
		switch {
		case last == "Optional":
			return e.typeElement(args)
		case last == "Callable":
			return e.callableElement(args)
		}
	}
	if c := e.annotationChain(text, pyType, 0); !strings.ContainsAny(c, ",;()") {
		return c
	}
	return facts.Unknown
}

// callableElement is the element of Callable[[A, B], R] (args is
// "[A,B],R"): "=>A;B", or unknown when the parameters are not listed.
func (e *extractor) callableElement(args string) string {
	parts := splitTop(args, ',')
	list, ok := strings.CutPrefix(parts[0], "[")
	if !ok || !strings.HasSuffix(list, "]") {
		return facts.Unknown
	}
	list = strings.TrimSuffix(list, "]")
	if list == "" {
		return facts.Unknown
	}
	var chains []string
	known := false
	for _, a := range splitTop(list, ',') {
		c := e.annotationChain(a, pyType, 0)
		if strings.ContainsAny(c, ",;()") || strings.HasPrefix(a, "Callable") {
			c = facts.Unknown // a callback's own callbacks are not followed
		}
		known = known || c != facts.Unknown
		chains = append(chains, c)
	}
	if !known {
		return facts.Unknown
	}
	return "=>" + strings.Join(chains, ";")
}

// aliasParams is the Params of a type alias whose value is a Callable
// (Handler = Callable[[Request], None], type Handler = ...): its
// parameters, so that a parameter declared Handler gives a callback
// passed there Request; "" for any other value.
func (e *extractor) aliasParams(value *sitter.Node) string {
	if value == nil {
		return ""
	}
	head, args := generic(noSpace(syntax.Text(value, e.src)))
	if last, ok := e.typingName(head); !ok || last != "Callable" {
		return ""
	}
	el, ok := strings.CutPrefix(e.callableElement(args), "=>")
	if !ok {
		return ""
	}
	return "(" + strings.ReplaceAll(el, ";", ",") + ")"
}

// passedAt is where a function is passed: the callee expression of the
// call and the argument's position, or its keyword when kw is set.
type passedAt struct {
	callee *sitter.Node
	arg    int
	kw     string
}

// callbackSite is, for a lambda or def, the call it is passed to: a
// lambda's own call, a def's innermost decorator, or the first call in
// the def's scope that passes its name by position or keyword.
func (e *extractor) callbackSite(fn *sitter.Node) (passedAt, bool) {
	if e.g.Kind(fn) == "lambda" {
		return e.argumentSite(fn)
	}
	if p := fn.Parent(); p != nil && e.g.Kind(p) == "decorated_definition" {
		var last *sitter.Node
		for i := uint(0); i < p.NamedChildCount(); i++ {
			if d := p.NamedChild(i); e.g.Kind(d) == "decorator" && d.NamedChildCount() > 0 {
				last = d.NamedChild(0)
			}
		}
		if k := e.g.Kind(last); k == "identifier" || k == "attribute" {
			return passedAt{callee: last}, true
		}
		return passedAt{}, false
	}
	name := fn.ChildByFieldId(e.g.fName)
	if name == nil {
		return passedAt{}, false
	}
	e.passedNames()
	site, ok := e.passed[passKey{scope: e.enclosingScope(fn), name: syntax.Text(name, e.src)}]
	return site, ok
}

// argumentSite is the call an expression is a positional or keyword
// argument of.
func (e *extractor) argumentSite(x *sitter.Node) (passedAt, bool) {
	args := x.Parent()
	if args != nil && e.g.Kind(args) == "keyword_argument" {
		return e.keywordSite(args, x)
	}
	if args == nil || e.g.Kind(args) != "argument_list" {
		return passedAt{}, false
	}
	call := args.Parent()
	if call == nil || e.g.Kind(call) != "call" {
		return passedAt{}, false
	}
	k := 0
	for i := uint(0); i < args.NamedChildCount(); i++ {
		a := args.NamedChild(i)
		switch {
		case a.Id() == x.Id():
			return passedAt{callee: call.ChildByFieldId(e.g.fFunc), arg: k}, true
		case e.g.Kind(a) == "comment":
		case e.g.Kind(a) == "list_splat" || e.g.Kind(a) == "dictionary_splat" || e.g.Kind(a) == "keyword_argument":
			return passedAt{}, false // positions are not known past *xs
		default:
			k++
		}
	}
	return passedAt{}, false
}

// keywordSite is the call a keyword argument's value x is passed to.
func (e *extractor) keywordSite(kw, x *sitter.Node) (passedAt, bool) {
	name, value := kw.ChildByFieldId(e.g.fName), kw.ChildByFieldId(e.g.fValue)
	args := kw.Parent()
	if name == nil || value == nil || value.Id() != x.Id() || args == nil || e.g.Kind(args) != "argument_list" {
		return passedAt{}, false
	}
	call := args.Parent()
	if call == nil || e.g.Kind(call) != "call" {
		return passedAt{}, false
	}
	return passedAt{callee: call.ChildByFieldId(e.g.fFunc), kw: syntax.Text(name, e.src)}, true
}

// passKey is a name passed as an argument in a scope (the id of the
// enclosing def, lambda or class; 0 for the module).
type passKey struct {
	scope uintptr
	name  string
}

// passedNames finds, once per file, the first call in each scope that
// passes each name by position or keyword.
func (e *extractor) passedNames() {
	if e.passed != nil {
		return
	}
	e.passed = map[passKey]passedAt{}
	syntax.Walk(e.root, func(n *sitter.Node) bool {
		if e.g.Kind(n) != "call" {
			return true
		}
		args := n.ChildByFieldId(e.g.fArguments)
		if args == nil || e.g.Kind(args) != "argument_list" {
			return true
		}
		k := 0
		for i := uint(0); i < args.NamedChildCount(); i++ {
			a := args.NamedChild(i)
			switch e.g.Kind(a) {
			case "comment":
				continue
			case "list_splat", "dictionary_splat":
				k = -1 // positions are not known past *xs
			case "keyword_argument":
				if v := a.ChildByFieldId(e.g.fValue); v != nil && e.g.Kind(v) == "identifier" {
					if site, ok := e.keywordSite(a, v); ok {
						e.pass(n, syntax.Text(v, e.src), site)
					}
				}
			case "identifier":
				if k >= 0 {
					e.pass(n, syntax.Text(a, e.src), passedAt{callee: n.ChildByFieldId(e.g.fFunc), arg: k})
				}
			}
			if k >= 0 {
				k++
			}
		}
		return true
	})
}

// pass records where a name is passed in the scope of the call n, unless
// an earlier call of the scope passes it.
func (e *extractor) pass(n *sitter.Node, name string, site passedAt) {
	key := passKey{scope: e.enclosingScope(n), name: name}
	if _, seen := e.passed[key]; !seen {
		e.passed[key] = site
	}
}

// enclosingScope is the id of the def, lambda or class around n, 0 for
// the module.
func (e *extractor) enclosingScope(n *sitter.Node) uintptr {
	for p := n.Parent(); p != nil; p = p.Parent() {
		switch e.g.Kind(p) {
		case "function_definition", "lambda", "class_definition":
			return p.Id()
		}
	}
	return 0
}

// callbackChain is the chain of the i-th parameter of a function passed
// at site, the callee read where it is called.
func (e *extractor) callbackChain(site passedAt, i int, mode chainMode, depth int) string {
	callee := e.exprChain(site.callee, mode, depth+1)
	if site.kw != "" {
		return facts.KeywordCallback(callee, site.kw, i)
	}
	return facts.Callback(callee, site.arg, i)
}
