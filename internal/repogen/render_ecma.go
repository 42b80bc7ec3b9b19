package repogen

import (
	"fmt"
	"path"
	"strings"
)

var jsSyntax = &syntax{
	indent:  "  ",
	comment: "//",
	decl: func(mult int, extra string) string {
		if extra == "" {
			return fmt.Sprintf("let total = n * %d;", mult)
		}
		return fmt.Sprintf("let total = n * %d + %s;", mult, extra)
	},
	add:   "total += %s;",
	guard: "if (total > 100) {",
	sub:   "total -= %s;",
	close: "}",
	ret:   "return total;",
}

// jsRender renders TypeScript (typed) or JavaScript ES modules.
type jsRender struct {
	u     *unit
	typed bool
	binds map[string]binding
	lines []string
}

// renderTS renders a TypeScript module.
func renderTS(u *unit, _ string) []fileOut { return renderJSFamily(u, true) }

// renderJS renders a JavaScript ES module.
func renderJS(u *unit, _ string) []fileOut { return renderJSFamily(u, false) }

func renderJSFamily(u *unit, typed bool) []fileOut {
	j := &jsRender{u: u, typed: typed, binds: map[string]binding{}}
	j.resolveImports()
	var w writer
	w.line("// ", sentence(u.Doc))
	if len(j.lines) > 0 {
		w.line()
		w.lines(j.lines)
	}
	for _, c := range u.Consts {
		w.line()
		w.line("/** ", upper(c.Name), " is the default ", strings.ReplaceAll(c.Name, "_", " "), ". */")
		w.line(fmt.Sprintf("export const %s = %d;", upper(c.Name), c.Value))
	}
	for i := range u.Funcs {
		j.writeFunc(&w, &u.Funcs[i])
	}
	for i := range u.Types {
		j.writeClass(&w, &u.Types[i])
	}
	return []fileOut{{Path: u.Path, Content: w.String()}}
}

func (j *jsRender) sig(name string) string {
	if j.typed {
		return name + "(n: number): number {"
	}
	return name + "(n) {"
}

func (j *jsRender) writeFunc(w *writer, f *funcDef) {
	w.line()
	w.line("/**")
	w.line(" * ", camel(f.Name), " ", f.Doc)
	w.line(" */")
	export := "export "
	if f.Private {
		export = ""
	}
	w.line(export, "function ", j.sig(camel(f.Name)))
	w.lines(indentLines(bodyLines(f, jsSyntax, j.expr, upper(guardConst(j.u)), ""), "  "))
	w.line("}")
}

func (j *jsRender) writeClass(w *writer, t *typeDef) {
	name := pascal(t.Name)
	w.line()
	w.line("/** ", name, " ", t.Doc, " */")
	w.line("export class ", name, " {")
	if j.typed {
		w.line("  private size = 0;")
	} else {
		w.line("  constructor() {")
		w.line("    this.size = 0;")
		w.line("  }")
	}
	for i := range t.Methods {
		m := &t.Methods[i]
		w.line()
		w.line("  /** ", camel(m.Name), " ", m.Doc, " */")
		w.line("  ", j.sig(camel(m.Name)))
		body := bodyLines(m, jsSyntax, j.expr, upper(guardConst(j.u)), "this.size")
		w.lines(indentLines(body, "    "))
		w.line("  }")
	}
	w.line("}")
}

func (j *jsRender) resolveImports() {
	al := newAliaser(reserved(j.u, camel, pascal, upper))
	for _, t := range j.u.targets() {
		spec := relPath(j.u.dir(), strings.TrimSuffix(t, path.Ext(t)))
		if !j.typed {
			spec += ".js"
		}
		if styleBit(j.u.Salt, t, 0) {
			names := symbolNames(j.u, t, camel, pascal)
			if al.free(names) {
				j.binds[t] = binding{names: names}
				j.lines = append(j.lines, fmt.Sprintf("import { %s } from %q;", strings.Join(names, ", "), spec))
				continue
			}
		}
		alias := al.take(camel(stemOf(t)), "")
		j.binds[t] = binding{alias: alias}
		j.lines = append(j.lines, fmt.Sprintf("import * as %s from %q;", alias, spec))
	}
}

// expr renders a call with argument total.
func (j *jsRender) expr(c callRef) string {
	qual := ""
	if c.Import != "" && j.binds[c.Import].alias != "" {
		qual = j.binds[c.Import].alias + "."
	}
	if c.Type != "" {
		return fmt.Sprintf("new %s%s().%s(total)", qual, pascal(c.Type), camel(c.Name))
	}
	return fmt.Sprintf("%s%s(total)", qual, camel(c.Name))
}
