package cfamily

import (
	"slices"
	"sort"
	"strings"

	"github.com/lgraph/lgraph/internal/facts"
	"github.com/lgraph/lgraph/internal/lang"
)

// Namespace macros: a library may open its namespaces with a macro
// defined in one header (fmt's FMT_BEGIN_NAMESPACE in core.h, written
// alone on a line in every other header). Extraction cannot expand another
// file's macro, so each file records the namespace macros it defines
// (facts.File.NamespaceMacros) and the lines holding a lone macro word
// (MacroLines); the project reader gathers the definitions of every file
// (lang.Project.NamespaceMacros), and scopeFacts puts the definitions a
// file's macro lines open in front of its symbols' qualified names. The
// explicit phase redoes that for every file when the gathered definitions
// change, so an update still equals a rebuild.

// namespaceOps is what a macro's expansion does to namespaces (see
// facts.Macro.Ops), and whether it does nothing else.
func namespaceOps(body string) (string, bool) {
	body = strings.NewReplacer("\\\n", " ", "\\\r\n", " ", "{", " { ", "}", " } ").Replace(body)
	var ops []string
	toks := strings.Fields(body)
	for i := 0; i < len(toks); i++ {
		switch toks[i] {
		case "}":
			ops = append(ops, "-")
			continue
		case "inline":
			if i+1 >= len(toks) || toks[i+1] != "namespace" {
				return "", false
			}
			i++
			if i+2 < len(toks) && toks[i+2] == "{" {
				i++ // the inline namespace's name: its names are found without it
			}
			if i+1 >= len(toks) || toks[i+1] != "{" {
				return "", false
			}
			ops = append(ops, "+")
			i++
			continue
		case "namespace":
		default:
			return "", false
		}
		switch {
		case i+1 < len(toks) && toks[i+1] == "{":
			ops = append(ops, "+") // anonymous
			i++
		case i+2 < len(toks) && toks[i+2] == "{" && isQualifiedName(toks[i+1]):
			ops = append(ops, "+"+strings.ReplaceAll(toks[i+1], "::", "."))
			i += 2
		default:
			return "", false
		}
	}
	return strings.Join(ops, ","), len(ops) > 0
}

func isQualifiedName(s string) bool {
	for _, seg := range strings.Split(s, "::") {
		if seg == "" || !isIdent(seg) {
			return false
		}
	}
	return true
}

func isIdent(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isIdentByte(s[i]) || i == 0 && s[i] >= '0' && s[i] <= '9' {
			return false
		}
	}
	return s != ""
}

// macroLines lists the lines of src holding only a macro word, outside
// preprocessor directives.
func macroLines(src []byte) []facts.Macro {
	var out []facts.Macro
	continued := false
	for i, line := range strings.Split(string(src), "\n") {
		trimmed := strings.TrimSpace(line)
		directive := continued || strings.HasPrefix(trimmed, "#")
		continued = directive && strings.HasSuffix(strings.TrimRight(line, " \t\r"), `\`)
		if directive {
			continue
		}
		w := wordEnd([]byte(trimmed), 0)
		if w > 0 && isMacroWord([]byte(trimmed[:w]), false) && restIsEmpty([]byte(trimmed[w:])) {
			out = append(out, facts.Macro{Name: trimmed[:w], Line: i + 1})
		}
	}
	return out
}

// projectFacts is what a file tells the project reader: its namespace
// macros, one "NAME OPS" a line.
func projectFacts(f *facts.File) string {
	if f == nil {
		return ""
	}
	var b strings.Builder
	for _, m := range f.NamespaceMacros {
		b.WriteString(m.Name + " " + m.Ops + "\n")
	}
	return b.String()
}

// namespaceMacros gathers the files' namespace macros; of two definitions
// of one name, the first file's in path order holds.
func namespaceMacros(code map[string]string) map[string]string {
	paths := make([]string, 0, len(code))
	for p, text := range code {
		if text != "" {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	var out map[string]string
	for _, p := range paths {
		for _, line := range strings.Split(code[p], "\n") {
			name, ops, ok := strings.Cut(line, " ")
			if !ok {
				continue
			}
			if out == nil {
				out = map[string]string{}
			}
			if _, seen := out[name]; !seen {
				out[name] = ops
			}
		}
	}
	return out
}

// scopeFacts puts the namespaces the file's macro lines open in front of
// the qualified names of its symbols (not of macros, which ignore
// namespaces) and of the scopes its references come from, and qualifies
// the calls written in global-call macros (globalCalls). It returns f
// itself when nothing changes, else a copy.
func scopeFacts(f *facts.File, p *lang.Project) *facts.File {
	if f == nil || len(p.NamespaceMacros) == 0 {
		return f
	}
	return globalCalls(namespaceScoped(f, p), p)
}

// namespaceScoped is scopeFacts for the namespace macros.
func namespaceScoped(f *facts.File, p *lang.Project) *facts.File {
	if len(f.MacroLines) == 0 {
		return f
	}
	type span struct {
		line   int
		prefix string
	}
	var spans []span
	var stack []string
	for _, m := range f.MacroLines {
		ops, ok := p.NamespaceMacros[m.Name]
		if !ok || ops == globalOp {
			continue
		}
		for _, op := range strings.Split(ops, ",") {
			switch {
			case op == "-" && len(stack) > 0:
				stack = stack[:len(stack)-1]
			case strings.HasPrefix(op, "+"):
				stack = append(stack, op[1:])
			}
		}
		named := slices.DeleteFunc(slices.Clone(stack), func(s string) bool { return s == "" })
		spans = append(spans, span{m.Line, strings.Join(named, ".")})
	}
	prefixAt := func(line int) string {
		i := sort.Search(len(spans), func(i int) bool { return spans[i].line >= line })
		if i == 0 {
			return ""
		}
		return spans[i-1].prefix
	}
	out := *f
	out.Symbols = slices.Clone(f.Symbols)
	changed := false
	for i := range out.Symbols {
		s := &out.Symbols[i]
		pre := prefixAt(s.Line)
		if pre == "" || strings.HasPrefix(s.Signature, "#") {
			continue
		}
		s.Qualified, s.Parent, changed = join(pre, s.Qualified), join(pre, s.Parent), true
	}
	if !changed {
		return f
	}
	out.Refs = renamedRefs(f.Refs, f.Symbols, out.Symbols)
	out.Sites = renamedRefs(f.Sites, f.Symbols, out.Symbols)
	return &out
}

// renamedRefs are refs with their From renamed as the symbols were.
func renamedRefs(refs []facts.Ref, before, after []facts.Symbol) []facts.Ref {
	out := slices.Clone(refs)
	for i := range out {
		r := &out[i]
		if r.From != "" {
			r.From = renamedFrom(before, after, r.From, r.Line)
		}
	}
	return out
}

// renamedFrom is the new name of the innermost symbol named from (before)
// whose lines hold line: two symbols of one name may sit in different
// namespaces now (detail::width and width).
func renamedFrom(before, after []facts.Symbol, from string, line int) string {
	best := -1
	for i, s := range before {
		if s.Qualified == from && (best < 0 || s.Line <= line && line <= s.EndLine) {
			best = i
		}
	}
	if best < 0 {
		return from
	}
	return after[best].Qualified
}
