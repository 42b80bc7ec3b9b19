package repogen

import (
	"fmt"
	"strings"
)

// syntax holds the statement templates of one language for function bodies.
type syntax struct {
	indent  string                              // one indentation level
	comment string                              // line comment marker
	decl    func(mult int, extra string) string // declares total from n
	add     string                              // adds the call expression %s to total
	guard   string                              // opens the "total > 100" block
	sub     string                              // subtracts the constant %s from total
	close   string                              // closes the block; "" for indentation-based languages
	ret     string                              // returns total
}

// bodyLines renders the statements of f at zero indentation. expr renders a
// call, konst names the guard constant (or ""), extra is the method's field
// term added to the declaration (or "").
func bodyLines(f *funcDef, syn *syntax, expr func(callRef) string, konst, extra string) []string {
	lines := []string{syn.decl(f.Mult, extra)}
	for _, n := range f.Notes {
		lines = append(lines, syn.comment+" "+n)
	}
	for _, c := range f.Calls {
		lines = append(lines, fmt.Sprintf(syn.add, expr(c)))
	}
	if konst != "" {
		lines = append(lines, syn.guard, syn.indent+fmt.Sprintf(syn.sub, konst))
		if syn.close != "" {
			lines = append(lines, syn.close)
		}
	}
	if f.Spaced {
		lines = append(lines, "")
	}
	return append(lines, syn.ret)
}

// indentLines prefixes every non-empty line with prefix.
func indentLines(lines []string, prefix string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		if l != "" {
			out[i] = prefix + l
		}
	}
	return out
}

// writer accumulates lines of a file.
type writer struct{ b strings.Builder }

func (w *writer) line(parts ...string) {
	for _, p := range parts {
		w.b.WriteString(p)
	}
	w.b.WriteByte('\n')
}

func (w *writer) lines(ls []string) {
	for _, l := range ls {
		w.line(l)
	}
}

func (w *writer) String() string { return w.b.String() }

// guardConst returns the name of the unit's first constant, or "".
func guardConst(u *unit) string {
	if len(u.Consts) == 0 {
		return ""
	}
	return u.Consts[0].Name
}

// aliaser hands out unique identifiers, avoiding reserved names.
type aliaser struct{ used map[string]bool }

func newAliaser(reserved map[string]bool) *aliaser {
	used := map[string]bool{}
	for k := range reserved {
		used[k] = true
	}
	return &aliaser{used: used}
}

// take returns want, or a prefixed or numbered variant if want is taken.
func (a *aliaser) take(want, prefix string) string {
	cands := []string{want}
	if prefix != "" {
		cands = append(cands, prefix+want)
	}
	for _, c := range cands {
		if !a.used[c] {
			a.used[c] = true
			return c
		}
	}
	for i := 2; ; i++ {
		c := fmt.Sprintf("%s%d", want, i)
		if !a.used[c] {
			a.used[c] = true
			return c
		}
	}
}

// free reports whether all names are unused, and marks them used if so.
func (a *aliaser) free(names []string) bool {
	for _, n := range names {
		if a.used[n] {
			return false
		}
	}
	for _, n := range names {
		a.used[n] = true
	}
	return true
}

// symbolNames returns the distinct identifiers u needs from target when
// importing by name: function names and type names, rendered by fn and ty.
func symbolNames(u *unit, target string, fn, ty func(string) string) []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range u.callsTo(target) {
		id := fn(c.Name)
		if c.Type != "" {
			id = ty(c.Type)
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// reserved returns the rendered top-level identifiers of u.
func reserved(u *unit, fn, ty, kn func(string) string) map[string]bool {
	m := map[string]bool{}
	for _, f := range u.Funcs {
		m[fn(f.Name)] = true
	}
	for _, t := range u.Types {
		m[ty(t.Name)] = true
	}
	for _, c := range u.Consts {
		m[kn(c.Name)] = true
	}
	return m
}

// binding records how one imported unit is referenced from a file.
type binding struct {
	alias string // qualifier for module-style references; "" for names style
	names []string
}
