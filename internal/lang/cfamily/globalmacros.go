package cfamily

import (
	"slices"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
	"github.com/lgraph/lgraph/internal/lang/syntax"
)

// Global-call macros: a library may wrap its calls of system functions in
// a macro that qualifies them with the global namespace (fmt's os.h:
// #define FMT_POSIX_CALL(call) ::call), and call them from methods of
// the same name (file::close calls FMT_POSIX_CALL(close(fd_))). Read
// without the macro, close(fd_) is a bare name, which the class's own
// close answers; expanded, it is ::close, a function of the global
// namespace. The header records such a macro among its NamespaceMacros
// with the op "::" (one file defines, another uses: the project gathers
// them), the using file the calls it writes as a macro's one argument
// (File.MacroCalls), and scopeFacts qualifies those with facts.GlobalScope.

// globalOp is what the ops of a global-call macro say.
const globalOp = "::"

// macroDef is one #define of a function-like macro, classified for the
// calls written in its argument (see callOp).
type macroDef struct {
	name string
	line int
	op   string
}

// callOp classifies a function-like macro's definition by what it does
// with a call written as its argument: globalOp when it writes its one
// parameter after "::", alone or with a pasted prefix (::call, ::_##call:
// a global function either way); "=M" when it passes the parameter on
// to macro M (M(call)), which another definition in the file may say is
// global; "" for anything else.
func callOp(params []string, body string) string {
	if len(params) != 1 {
		return ""
	}
	p := params[0]
	b := strings.Join(strings.Fields(body), "")
	if rest, ok := strings.CutPrefix(b, "::"); ok {
		if rest == p {
			return globalOp
		}
		if pre, ok := strings.CutSuffix(rest, "##"+p); ok && isIdent(pre) {
			return globalOp
		}
		return ""
	}
	if m, ok := strings.CutSuffix(b, "("+p+")"); ok && isMacroWord([]byte(m), false) {
		return "=" + m
	}
	return ""
}

// macroParams are the parameter names of a preproc_function_def.
func (x *extractor) macroParams(n *sitter.Node) []string {
	ps := x.g.Child(n, "parameters")
	if ps == nil {
		return nil
	}
	var out []string
	for i := uint(0); i < ps.NamedChildCount(); i++ {
		out = append(out, syntax.Text(ps.NamedChild(i), x.src))
	}
	return out
}

// globalMacros are the file's global-call macros: those every
// definition of which (one per #if branch) writes its argument after
// "::", or passes it to such a macro of the file. A macro with one
// definition that does neither is not one: some build expands it
// otherwise.
func globalMacros(defs []macroDef) []facts.Macro {
	ops := map[string][]string{}
	first := map[string]int{}
	var names []string
	for _, d := range defs {
		if _, seen := ops[d.name]; !seen {
			names = append(names, d.name)
			first[d.name] = d.line
		}
		ops[d.name] = append(ops[d.name], d.op)
	}
	var global func(name string, depth int) bool
	global = func(name string, depth int) bool {
		list, ok := ops[name]
		if !ok || depth > len(ops) {
			return false
		}
		for _, op := range list {
			switch {
			case op == globalOp:
			case strings.HasPrefix(op, "=") && op[1:] != name && global(op[1:], depth+1):
			default:
				return false
			}
		}
		return true
	}
	var out []facts.Macro
	for _, name := range names {
		if global(name, 0) {
			out = append(out, facts.Macro{Name: name, Line: first[name], Ops: globalOp})
		}
	}
	return out
}

// macroCall records a call written as the one argument of a macro word
// (FMT_POSIX_CALL(close(fd_))): the macro may be a global-call macro of
// another file.
func (x *extractor) macroCall(fn, args *sitter.Node) {
	if fn == nil || args == nil || x.g.Kind(fn) != "identifier" || args.NamedChildCount() != 1 {
		return
	}
	name := syntax.Text(fn, x.src)
	inner := args.NamedChild(0)
	if !isMacroWord([]byte(name), false) || x.g.Kind(inner) != "call_expression" {
		return
	}
	callee := x.g.Child(inner, "function")
	if callee == nil || x.g.Kind(callee) != "identifier" {
		return
	}
	x.f.MacroCalls = append(x.f.MacroCalls, facts.Macro{Name: name, Line: syntax.Line(inner), Call: syntax.Text(callee, x.src)})
}

// globalCalls qualifies with facts.GlobalScope the bare calls f writes
// as the argument of a global-call macro of the project. It returns f
// itself when nothing changes, else a copy.
func globalCalls(f *facts.File, p *lang.Project) *facts.File {
	var marked []int
	for _, mc := range f.MacroCalls {
		if p.NamespaceMacros[mc.Name] != globalOp {
			continue
		}
		for i, r := range f.Refs {
			if r.Line == mc.Line && r.Name == mc.Call && r.Qualifier == "" && r.Recv == "" && r.Kind == facts.RefCall {
				marked = append(marked, i)
			}
		}
	}
	if len(marked) == 0 {
		return f
	}
	out := *f
	out.Refs = slices.Clone(f.Refs)
	for _, i := range marked {
		out.Refs[i].Qualifier = facts.GlobalScope
	}
	return &out
}
