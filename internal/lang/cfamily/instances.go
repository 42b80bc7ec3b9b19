package cfamily

import (
	"strconv"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Class template instantiations. Inside fmt's
//
//	template <typename Handler> class specs_checker : public Handler
//
// Handler::on_align(align) and this->on_error(...) call the methods of the
// classes the template is instantiated with, which the code naming
// specs_checker<X> chooses, mostly elsewhere (formatter::parse's
// specs_checker<handler_type>, vformat_to's specs_checker<specs_handler<Char>>).
// Each X<A, B> a function writes is kept as a site (facts.File.Sites)
// named instanceName(X) whose Args are the template arguments; a receiver
// typed by the enclosing class template's parameter has the Recv
// classParamRecv, which names the parameter's position.

// instanceName is the Sites name of an instantiation of the template
// named name: no call has it.
func instanceName(name string) string { return "<" + name }

// classParamMark separates a class template parameter's name from its
// position in a Recv ("$Handler^0"); a function template's parameter has
// none ("$Handler").
const classParamMark = "^"

// instance records a template_type or template_function written in a
// function with a template argument a deduction can read: a class or a
// template parameter of the function.
func (x *extractor) instance(n *sitter.Node) {
	if !x.cpp || x.fnDepth == 0 {
		return
	}
	name, args := x.g.Child(n, "name"), x.g.Child(n, "arguments")
	if name == nil || args == nil || x.stdScoped(n) {
		return
	}
	var as []string
	for i := uint(0); i < args.NamedChildCount(); i++ {
		as = append(as, x.templateArgType(args.NamedChild(i)))
	}
	list := "(" + strings.Join(as, ",") + ")"
	if !siteArgs(list) {
		return
	}
	from, _ := x.scope()
	site := facts.Ref{Name: instanceName(syntax.Text(name, x.src)), Kind: facts.RefCall, From: from, Line: syntax.Line(n), Args: list}
	for _, s := range x.instances {
		if s.From == site.From && s.Name == site.Name && s.Args == site.Args {
			return
		}
	}
	x.instances = append(x.instances, site)
}

// templateArgType is a template argument's type as argType writes a
// value's: a class's simple name (a local alias's target), "$T" for a
// template parameter, "?" for the rest (pointers, values, computed
// types).
func (x *extractor) templateArgType(a *sitter.Node) string {
	if x.g.Kind(a) != "type_descriptor" || x.g.Child(a, "declarator") != nil {
		return "?"
	}
	t := x.typeName(x.g.Child(a, "type"))
	if v, ok := x.vals.Lookup(aliasMark + t); ok {
		return v
	}
	return t
}

// classParam is the position of name among the parameters of the class
// template the code being walked is written in (the innermost class),
// false when name is none of them.
func (x *extractor) classParam(name string) (int, bool) {
	for i := len(x.scopes) - 1; i > 0; i-- {
		if x.scopes[i].kind != 'c' {
			continue
		}
		if x.scopes[i-1].kind != 't' {
			return 0, false
		}
		params := x.tparams[x.scopes[i-1].tpLen:x.scopes[i].tpLen]
		for j, p := range params {
			if p == name {
				return j, true
			}
		}
		return 0, false
	}
	return 0, false
}

// classParamRecv is the Recv of a call qualified by a parameter of the
// enclosing class template (Handler::on_align), "" for any other
// qualifier. A parameter with a default type
// (typename ErrorHandler = detail::error_handler) has that type's chain,
// which the instantiations that name no other take (templateParamChain).
func (x *extractor) classParamRecv(qual string) string {
	if i, ok := x.classParam(qual); ok {
		if d := x.templateParamChain(qual); d != facts.Unknown {
			return d
		}
		return dependentType + qual + classParamMark + strconv.Itoa(i)
	}
	return ""
}

// thisBaseRecv is the Recv of this->m() in a class template derived from
// one of its parameters (specs_checker : public Handler): the base's
// classParamRecv, which the resolver reads when the class itself declares
// no m; "" when the class has no such base.
func (x *extractor) thisBaseRecv() string {
	cls := ""
	for i := len(x.scopes) - 1; i >= 0; i-- {
		if x.scopes[i].kind == 'c' {
			cls = x.scopes[i].qual
			break
		}
	}
	if cls == "" {
		return ""
	}
	for i := len(x.f.Symbols) - 1; i >= 0; i-- {
		s := x.f.Symbols[i]
		if s.Qualified != cls || s.Kind != facts.KindClass && s.Kind != facts.KindStruct {
			continue
		}
		for _, b := range s.Extends {
			if strings.HasPrefix(b, dependentType) && strings.Contains(b, classParamMark) {
				return b // templateBases wrote it
			}
		}
		return ""
	}
	return ""
}

// templateBases are a class's bases with those that are a parameter of
// the class's own template written as its classParamRecv ("$Handler^0"):
// the resolver reaches their members through the instantiations.
func (x *extractor) templateBases(bases []string, parentKind string) []string {
	if parentKind != "template_declaration" || len(x.scopes) == 0 || x.scopes[len(x.scopes)-1].kind != 't' {
		return bases
	}
	params := x.tparams[x.scopes[len(x.scopes)-1].tpLen:]
	for i, b := range bases {
		for j, p := range params {
			if b == p {
				bases[i] = dependentType + p + classParamMark + strconv.Itoa(j)
			}
		}
	}
	return bases
}

// stdScoped reports a template named through namespace std
// (std::vector<T>), which no repository class instantiates.
func (x *extractor) stdScoped(n *sitter.Node) bool {
	p := n.Parent()
	if p == nil || x.g.Kind(p) != "qualified_identifier" {
		return false
	}
	s := x.g.Child(p, "scope")
	return s != nil && syntax.Text(s, x.src) == "std"
}
