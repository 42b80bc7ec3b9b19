package repogen

import (
	"fmt"
	"path"
	"strings"
)

var pySyntax = &syntax{
	indent:  "    ",
	comment: "#",
	decl: func(mult int, extra string) string {
		if extra == "" {
			return fmt.Sprintf("total = n * %d", mult)
		}
		return fmt.Sprintf("total = n * %d + %s", mult, extra)
	},
	add:   "total += %s",
	guard: "if total > 100:",
	sub:   "total -= %s",
	ret:   "return total",
}

// pyRender holds per-file state for rendering a Python unit.
type pyRender struct {
	u     *unit
	binds map[string]binding
	lines []string
}

// renderPython renders a Python module.
func renderPython(u *unit, _ string) []fileOut {
	p := &pyRender{u: u, binds: map[string]binding{}}
	p.resolveImports()
	var w writer
	w.line(`"""`, sentence(u.Doc), `"""`)
	if len(p.lines) > 0 {
		w.line()
		w.lines(p.lines)
	}
	if len(u.Consts) > 0 {
		w.line()
		for _, c := range u.Consts {
			w.line(fmt.Sprintf("%s = %d", upper(c.Name), c.Value))
		}
	}
	for i := range u.Funcs {
		f := &u.Funcs[i]
		w.line()
		w.line()
		w.line("def ", pyFunc(f), "(n):")
		w.line(`    """`, pyFunc(f), " ", f.Doc, `"""`)
		w.lines(indentLines(bodyLines(f, pySyntax, p.expr, upper(guardConst(u)), ""), "    "))
	}
	for i := range u.Types {
		p.writeClass(&w, &u.Types[i])
	}
	return []fileOut{{Path: u.Path, Content: w.String()}}
}

func pyFunc(f *funcDef) string {
	if f.Private {
		return "_" + f.Name
	}
	return f.Name
}

func (p *pyRender) writeClass(w *writer, t *typeDef) {
	w.line()
	w.line()
	w.line("class ", pascal(t.Name), ":")
	w.line(`    """`, pascal(t.Name), " ", t.Doc, `"""`)
	w.line()
	w.line("    def __init__(self):")
	w.line("        self.size = 0")
	for i := range t.Methods {
		m := &t.Methods[i]
		w.line()
		w.line("    def ", m.Name, "(self, n):")
		w.line(`        """`, m.Name, " ", m.Doc, `"""`)
		body := bodyLines(m, pySyntax, p.expr, upper(guardConst(p.u)), "self.size")
		w.lines(indentLines(body, "        "))
	}
}

func (p *pyRender) resolveImports() {
	al := newAliaser(reserved(p.u, func(s string) string { return s }, pascal, upper))
	for _, t := range p.u.targets() {
		rel := styleBit(p.u.Salt, t, 1)
		mod, pkg := pyModule(p.u.Path, t, rel)
		if styleBit(p.u.Salt, t, 0) {
			names := symbolNames(p.u, t, func(s string) string { return s }, pascal)
			if al.free(names) {
				p.binds[t] = binding{names: names}
				p.lines = append(p.lines, fmt.Sprintf("from %s import %s", mod, strings.Join(names, ", ")))
				continue
			}
		}
		stem := stemOf(t)
		alias := al.take(stem, path.Base(path.Dir(t))+"_")
		line := fmt.Sprintf("from %s import %s", pkg, stem)
		if alias != stem {
			line += " as " + alias
		}
		p.binds[t] = binding{alias: alias}
		p.lines = append(p.lines, line)
	}
}

// pyModule returns the dotted module of target and its package, either
// absolute or relative to the importer.
func pyModule(importer, target string, rel bool) (mod, pkg string) {
	tdir := strings.Split(path.Dir(target), "/")
	stem := stemOf(target)
	if !rel {
		pkg = strings.Join(tdir, ".")
		return pkg + "." + stem, pkg
	}
	idir := strings.Split(path.Dir(importer), "/")
	k := 0
	for k < len(idir) && k < len(tdir) && idir[k] == tdir[k] {
		k++
	}
	dots := strings.Repeat(".", len(idir)-k+1)
	rest := strings.Join(tdir[k:], ".")
	if rest == "" {
		return dots + stem, dots
	}
	return dots + rest + "." + stem, dots + rest
}

// expr renders a call with argument total.
func (p *pyRender) expr(c callRef) string {
	qual := ""
	if c.Import != "" {
		qual = p.binds[c.Import].alias
		if qual != "" {
			qual += "."
		}
	}
	if c.Type != "" {
		return fmt.Sprintf("%s%s().%s(total)", qual, pascal(c.Type), c.Name)
	}
	name := c.Name
	if c.Import == "" {
		for i := range p.u.Funcs {
			if p.u.Funcs[i].Name == c.Name {
				name = pyFunc(&p.u.Funcs[i])
			}
		}
	}
	return fmt.Sprintf("%s%s(total)", qual, name)
}
