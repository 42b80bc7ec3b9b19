package repogen

import (
	"fmt"
	"path"
	"strings"
)

var rustSyntax = &syntax{
	indent:  "    ",
	comment: "//",
	decl: func(mult int, extra string) string {
		if extra == "" {
			return fmt.Sprintf("let mut total = n * %d;", mult)
		}
		return fmt.Sprintf("let mut total = n * %d + %s;", mult, extra)
	},
	add:   "total += %s;",
	guard: "if total > 100 {",
	sub:   "total -= %s;",
	close: "}",
	ret:   "total",
}

// rustRender holds per-file state for rendering a Rust module.
type rustRender struct {
	u     *unit
	binds map[string]binding
	uses  []string
}

// rustModPath returns the crate-absolute module path of a .rs file.
func rustModPath(p string) string {
	parts := append([]string{"crate"}, relDirs(LangRust, p)...)
	return strings.Join(append(parts, stemOf(p)), "::")
}

// renderRust renders a Rust module file.
func renderRust(u *unit, _ string) []fileOut {
	r := &rustRender{u: u, binds: map[string]binding{}}
	r.resolveUses()
	var w writer
	w.line("//! ", sentence(u.Doc))
	if len(r.uses) > 0 {
		w.line()
		w.lines(r.uses)
	}
	for _, c := range u.Consts {
		w.line()
		w.line("/// ", upper(c.Name), " is the default ", strings.ReplaceAll(c.Name, "_", " "), ".")
		w.line(fmt.Sprintf("pub const %s: i64 = %d;", upper(c.Name), c.Value))
	}
	for i := range u.Funcs {
		f := &u.Funcs[i]
		vis := "pub "
		if f.Private {
			vis = ""
		}
		w.line()
		w.line("/// ", f.Name, " ", f.Doc)
		w.line(vis, "fn ", f.Name, "(n: i64) -> i64 {")
		w.lines(indentLines(bodyLines(f, rustSyntax, r.expr, upper(guardConst(u)), ""), "    "))
		w.line("}")
	}
	for i := range u.Types {
		r.writeType(&w, &u.Types[i])
	}
	return []fileOut{{Path: u.Path, Content: w.String()}}
}

func (r *rustRender) writeType(w *writer, t *typeDef) {
	name := pascal(t.Name)
	w.line()
	w.line("/// ", name, " ", t.Doc)
	w.line("#[derive(Debug, Default)]")
	w.line("pub struct ", name, " {")
	w.line("    size: i64,")
	w.line("}")
	w.line()
	w.line("impl ", name, " {")
	w.line("    /// Creates an empty ", name, ".")
	w.line("    pub fn new() -> Self {")
	w.line("        Self { size: 0 }")
	w.line("    }")
	for i := range t.Methods {
		m := &t.Methods[i]
		w.line()
		w.line("    /// ", m.Name, " ", m.Doc)
		w.line("    pub fn ", m.Name, "(&self, n: i64) -> i64 {")
		body := bodyLines(m, rustSyntax, r.expr, upper(guardConst(r.u)), "self.size")
		w.lines(indentLines(body, "        "))
		w.line("    }")
	}
	w.line("}")
}

func (r *rustRender) resolveUses() {
	id := func(s string) string { return s }
	al := newAliaser(reserved(r.u, id, pascal, upper))
	for _, t := range r.u.targets() {
		mod := rustModPath(t)
		if styleBit(r.u.Salt, t, 1) && path.Dir(t) == r.u.dir() {
			mod = "super::" + stemOf(t)
		}
		if styleBit(r.u.Salt, t, 0) {
			names := symbolNames(r.u, t, id, pascal)
			if al.free(names) {
				r.binds[t] = binding{names: names}
				r.uses = append(r.uses, rustUse(mod, names))
				continue
			}
		}
		stem := stemOf(t)
		alias := al.take(stem, path.Base(path.Dir(t))+"_")
		line := "use " + mod
		if alias != stem {
			line += " as " + alias
		}
		r.binds[t] = binding{alias: alias}
		r.uses = append(r.uses, line+";")
	}
}

func rustUse(mod string, names []string) string {
	if len(names) == 1 {
		return fmt.Sprintf("use %s::%s;", mod, names[0])
	}
	return fmt.Sprintf("use %s::{%s};", mod, strings.Join(names, ", "))
}

// expr renders a call with argument total.
func (r *rustRender) expr(c callRef) string {
	qual := ""
	if c.Import != "" && r.binds[c.Import].alias != "" {
		qual = r.binds[c.Import].alias + "::"
	}
	if c.Type != "" {
		return fmt.Sprintf("%s%s::new().%s(total)", qual, pascal(c.Type), c.Name)
	}
	return fmt.Sprintf("%s%s(total)", qual, c.Name)
}
