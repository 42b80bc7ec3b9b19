package repogen

import (
	"fmt"
	"path"
	"strings"
)

var cSyntax = &syntax{
	indent:  "    ",
	comment: "//",
	decl: func(mult int, extra string) string {
		if extra == "" {
			return fmt.Sprintf("int total = n * %d;", mult)
		}
		return fmt.Sprintf("int total = n * %d + %s;", mult, extra)
	},
	add:   "total += %s;",
	guard: "if (total > 100) {",
	sub:   "total -= %s;",
	close: "}",
	ret:   "return total;",
}

// cRender holds per-unit state for rendering a .c/.h pair.
type cRender struct{ u *unit }

// renderC renders the .c file and its header.
func renderC(u *unit, _ string) []fileOut {
	r := &cRender{u: u}
	return []fileOut{{Path: u.Path, Content: r.source()}, {Path: headerOf(u.Path), Content: r.header()}}
}

// cGuard returns the include guard macro of a header.
func cGuard(h string) string {
	parts := append(relDirs(LangC, h), stemOf(h), "h")
	return strings.ToUpper(strings.Join(parts, "_"))
}

func (r *cRender) macro(name string) string { return upper(r.u.stem() + "_" + name) }

func (r *cRender) funcIdent(f *funcDef) string {
	if f.Private {
		return r.u.stem() + "_" + f.Name
	}
	return f.Name
}

func (r *cRender) header() string {
	h := headerOf(r.u.Path)
	var w writer
	w.line("/* ", path.Base(h), ": ", r.u.Doc, " */")
	w.line("#ifndef ", cGuard(h))
	w.line("#define ", cGuard(h))
	for _, c := range r.u.Consts {
		w.line()
		w.line("/* ", r.macro(c.Name), " is the default ", strings.ReplaceAll(c.Name, "_", " "), ". */")
		w.line(fmt.Sprintf("#define %s %d", r.macro(c.Name), c.Value))
	}
	for _, t := range r.u.Types {
		w.line()
		w.line("/* ", t.Name, "_t ", t.Doc, " */")
		w.line("typedef struct ", t.Name, " {")
		w.line("    int size;")
		w.line("} ", t.Name, "_t;")
	}
	for _, f := range r.u.Funcs {
		if !f.Private {
			w.line()
			w.line("/* ", f.Name, " ", f.Doc, " */")
			w.line("int ", f.Name, "(int n);")
		}
	}
	for _, t := range r.u.Types {
		for _, m := range t.Methods {
			w.line()
			w.line("/* ", t.Name, "_", m.Name, " ", m.Doc, " */")
			w.line(fmt.Sprintf("int %s_%s(%s_t *self, int n);", t.Name, m.Name, t.Name))
		}
	}
	w.line()
	w.line("#endif /* ", cGuard(h), " */")
	return w.String()
}

func (r *cRender) source() string {
	var w writer
	w.line("/* ", path.Base(r.u.Path), ": ", r.u.Doc, " */")
	w.line(fmt.Sprintf("#include %q", path.Base(headerOf(r.u.Path))))
	if targets := r.u.targets(); len(targets) > 0 {
		w.line()
		for _, t := range targets {
			w.line(fmt.Sprintf("#include %q", strings.TrimPrefix(relPath(r.u.dir(), headerOf(t)), "./")))
		}
	}
	r.writeForwards(&w)
	konst := ""
	if k := guardConst(r.u); k != "" {
		konst = r.macro(k)
	}
	for i := range r.u.Funcs {
		f := &r.u.Funcs[i]
		static := ""
		if f.Private {
			static = "static "
		}
		w.line()
		w.line("/* ", r.funcIdent(f), " ", f.Doc, " */")
		w.line(static, "int ", r.funcIdent(f), "(int n)")
		w.line("{")
		w.lines(indentLines(bodyLines(f, cSyntax, r.expr, konst, ""), "    "))
		w.line("}")
	}
	for _, t := range r.u.Types {
		for i := range t.Methods {
			m := &t.Methods[i]
			w.line()
			w.line("/* ", t.Name, "_", m.Name, " ", m.Doc, " */")
			w.line(fmt.Sprintf("int %s_%s(%s_t *self, int n)", t.Name, m.Name, t.Name))
			w.line("{")
			w.lines(indentLines(bodyLines(m, cSyntax, r.expr, konst, "self->size"), "    "))
			w.line("}")
		}
	}
	return w.String()
}

// writeForwards declares static functions so any order of calls compiles.
func (r *cRender) writeForwards(w *writer) {
	first := true
	for i := range r.u.Funcs {
		if f := &r.u.Funcs[i]; f.Private {
			if first {
				w.line()
				first = false
			}
			w.line("static int ", r.funcIdent(f), "(int n);")
		}
	}
}

// expr renders a call with argument total.
func (r *cRender) expr(c callRef) string {
	if c.Type != "" {
		return fmt.Sprintf("%s_%s(&(%s_t){0}, total)", c.Type, c.Name, c.Type)
	}
	name := c.Name
	if c.Import == "" {
		for i := range r.u.Funcs {
			if r.u.Funcs[i].Name == c.Name {
				name = r.funcIdent(&r.u.Funcs[i])
			}
		}
	}
	return fmt.Sprintf("%s(total)", name)
}
