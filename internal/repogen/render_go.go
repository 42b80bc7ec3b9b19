package repogen

import (
	"fmt"
	"path"
	"sort"
	"strings"
)

var goSyntax = &syntax{
	indent:  "\t",
	comment: "//",
	decl: func(mult int, extra string) string {
		if extra == "" {
			return fmt.Sprintf("total := n * %d", mult)
		}
		return fmt.Sprintf("total := n*%d + %s", mult, extra)
	},
	add:   "total += %s",
	guard: "if total > 100 {",
	sub:   "total -= %s",
	close: "}",
	ret:   "return total",
}

// goRender holds per-file state for rendering a Go unit.
type goRender struct {
	u       *unit
	module  string
	aliases map[string]string // import dir -> package alias
	imports []string          // rendered import specs
}

// renderGo renders a Go unit; module is the Go module path.
func renderGo(u *unit, module string) []fileOut {
	g := &goRender{u: u, module: module, aliases: map[string]string{}}
	g.resolveImports()
	var w writer
	w.line("// ", sentence(u.Doc))
	w.line()
	w.line("package ", goPkg(u.dir()))
	g.writeImports(&w)
	for _, c := range u.Consts {
		w.line()
		w.line("// ", pascal(c.Name), " is the default ", strings.ReplaceAll(c.Name, "_", " "), ".")
		w.line(fmt.Sprintf("const %s = %d", pascal(c.Name), c.Value))
	}
	for i := range u.Types {
		g.writeType(&w, &u.Types[i])
	}
	for i := range u.Funcs {
		f := &u.Funcs[i]
		w.line()
		w.line("// ", g.funcIdent(f), " ", f.Doc)
		w.line("func ", g.funcIdent(f), "(n int) int {")
		g.writeBody(&w, f, "")
		w.line("}")
	}
	return []fileOut{{Path: u.Path, Content: w.String()}}
}

// goPkg returns the package name for a directory.
func goPkg(dir string) string { return strings.ReplaceAll(path.Base(dir), "_", "") }

func (g *goRender) funcIdent(f *funcDef) string {
	if f.Private {
		return camel(f.Name)
	}
	return pascal(f.Name)
}

func (g *goRender) resolveImports() {
	dirs := map[string]bool{}
	for _, t := range g.u.targets() {
		if d := path.Dir(t); d != g.u.dir() {
			dirs[d] = true
		}
	}
	sorted := make([]string, 0, len(dirs))
	for d := range dirs {
		sorted = append(sorted, d)
	}
	sort.Strings(sorted)
	al := newAliaser(nil)
	for _, d := range sorted {
		pkg := goPkg(d)
		alias := al.take(pkg, goPkg(path.Dir(d)))
		g.aliases[d] = alias
		spec := fmt.Sprintf("%q", g.module+"/"+d)
		if alias != pkg {
			spec = alias + " " + spec
		}
		g.imports = append(g.imports, spec)
	}
}

func (g *goRender) writeImports(w *writer) {
	switch len(g.imports) {
	case 0:
	case 1:
		w.line()
		w.line("import ", g.imports[0])
	default:
		w.line()
		w.line("import (")
		for _, s := range g.imports {
			w.line("\t", s)
		}
		w.line(")")
	}
}

func (g *goRender) writeType(w *writer, t *typeDef) {
	name := pascal(t.Name)
	recv := strings.ToLower(name[:1])
	w.line()
	w.line("// ", name, " ", t.Doc)
	w.line("type ", name, " struct {")
	w.line("\tsize int")
	w.line("}")
	w.line()
	w.line("// New", name, " returns an empty ", name, ".")
	w.line("func New", name, "() *", name, " {")
	w.line("\treturn &", name, "{}")
	w.line("}")
	for i := range t.Methods {
		m := &t.Methods[i]
		w.line()
		w.line("// ", pascal(m.Name), " ", m.Doc)
		w.line(fmt.Sprintf("func (%s *%s) %s(n int) int {", recv, name, pascal(m.Name)))
		g.writeBody(w, m, recv+".size")
		w.line("}")
	}
}

func (g *goRender) writeBody(w *writer, f *funcDef, extra string) {
	konst := ""
	if k := guardConst(g.u); k != "" {
		konst = pascal(k)
	}
	w.lines(indentLines(bodyLines(f, goSyntax, g.expr, konst, extra), "\t"))
}

// expr renders a call with argument total.
func (g *goRender) expr(c callRef) string {
	qual := ""
	if c.Import != "" && path.Dir(c.Import) != g.u.dir() {
		qual = g.aliases[path.Dir(c.Import)] + "."
	}
	if c.Type != "" {
		return fmt.Sprintf("%sNew%s().%s(total)", qual, pascal(c.Type), pascal(c.Name))
	}
	name := pascal(c.Name)
	if c.Import == "" {
		for i := range g.u.Funcs {
			if g.u.Funcs[i].Name == c.Name {
				name = g.funcIdent(&g.u.Funcs[i])
			}
		}
	}
	return fmt.Sprintf("%s%s(total)", qual, name)
}
