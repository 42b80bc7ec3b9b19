package repogen

import (
	"fmt"
	"strings"
)

var rubySyntax = &syntax{
	indent:  "  ",
	comment: "#",
	decl: func(mult int, extra string) string {
		if extra == "" {
			return fmt.Sprintf("total = n * %d", mult)
		}
		return fmt.Sprintf("total = n * %d + %s", mult, extra)
	},
	add:   "total += %s",
	guard: "if total > 100",
	sub:   "total -= %s",
	close: "end",
	ret:   "total",
}

// rubyRender holds per-file state for rendering a Ruby module.
type rubyRender struct {
	u        *unit
	inMethod bool
}

// rubyConst returns the fully qualified module name of a .rb file.
func rubyConst(p string) string {
	parts := relDirs(LangRuby, p)
	parts = append(parts, stemOf(p))
	for i, s := range parts {
		parts[i] = pascal(s)
	}
	return strings.Join(parts, "::")
}

// renderRuby renders a Ruby file defining nested modules and classes.
func renderRuby(u *unit, _ string) []fileOut {
	r := &rubyRender{u: u}
	var w writer
	w.line("# frozen_string_literal: true")
	w.line()
	w.line("# ", sentence(u.Doc))
	if targets := u.targets(); len(targets) > 0 {
		w.line()
		for _, t := range targets {
			rel := strings.TrimPrefix(relPath(u.dir(), strings.TrimSuffix(t, ".rb")), "./")
			w.line(fmt.Sprintf("require_relative %q", rel))
		}
	}
	w.line()
	mods := strings.Split(rubyConst(u.Path), "::")
	for i, m := range mods {
		w.line(strings.Repeat("  ", i), "module ", m)
	}
	r.writeMembers(&w, strings.Repeat("  ", len(mods)))
	for i := len(mods) - 1; i >= 0; i-- {
		w.line(strings.Repeat("  ", i), "end")
	}
	return []fileOut{{Path: u.Path, Content: w.String()}}
}

func (r *rubyRender) writeMembers(w *writer, ind string) {
	first := true
	sep := func() {
		if !first {
			w.line()
		}
		first = false
	}
	for _, c := range r.u.Consts {
		sep()
		w.line(ind, fmt.Sprintf("%s = %d", upper(c.Name), c.Value))
	}
	for i := range r.u.Funcs {
		f := &r.u.Funcs[i]
		sep()
		w.line(ind, "# ", f.Name, " ", f.Doc)
		def := "def self."
		if f.Private {
			def = "private_class_method def self."
		}
		w.line(ind, def, f.Name, "(n)")
		w.lines(indentLines(bodyLines(f, rubySyntax, r.expr, upper(guardConst(r.u)), ""), ind+"  "))
		w.line(ind, "end")
	}
	for i := range r.u.Types {
		sep()
		r.writeClass(w, &r.u.Types[i], ind)
	}
}

func (r *rubyRender) writeClass(w *writer, t *typeDef, ind string) {
	r.inMethod = true
	defer func() { r.inMethod = false }()
	w.line(ind, "# ", pascal(t.Name), " ", t.Doc)
	w.line(ind, "class ", pascal(t.Name))
	w.line(ind, "  def initialize")
	w.line(ind, "    @size = 0")
	w.line(ind, "  end")
	for i := range t.Methods {
		m := &t.Methods[i]
		w.line()
		w.line(ind, "  # ", m.Name, " ", m.Doc)
		w.line(ind, "  def ", m.Name, "(n)")
		w.lines(indentLines(bodyLines(m, rubySyntax, r.expr, upper(guardConst(r.u)), "@size"), ind+"    "))
		w.line(ind, "  end")
	}
	w.line(ind, "end")
}

// expr renders a call with argument total.
func (r *rubyRender) expr(c callRef) string {
	qual := ""
	switch {
	case c.Import != "":
		qual = rubyConst(c.Import)
	case r.inMethod && c.Type == "":
		qual = rubyConst(r.u.Path)
	}
	if c.Type != "" {
		if qual != "" {
			qual += "::"
		}
		return fmt.Sprintf("%s%s.new.%s(total)", qual, pascal(c.Type), c.Name)
	}
	if qual != "" {
		qual += "."
	}
	return fmt.Sprintf("%s%s(total)", qual, c.Name)
}
